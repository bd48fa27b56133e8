package hardline

import (
	"fmt"
	"strings"
	"testing"
)

// TestCredentialNamed checks the net under the sensitive-path lists on
// each system's layout of homes and configuration folders.
func TestCredentialNamed(t *testing.T) {
	for _, c := range []struct {
		goos, home, path string
		want             bool
	}{
		{"linux", "/home/dev", "/home/dev/.config/acme/credentials.json", true},
		{"linux", "/home/dev", "/home/dev/.acme/client.key", true},
		{"linux", "/home/dev", "/home/dev/.acme/keystore.jks", true},
		{"linux", "/home/dev", "/home/dev/.config/acme/auth", true},
		{"linux", "/home/dev", "/home/dev/.config/acme/private_key", true},
		{"linux", "/home/dev", "/home/dev/.config/acme/service-account.json", true},
		{"linux", "/home/dev", "/home/dev/gcp-credentials.json", true}, // the top of the home
		{"linux", "/home/dev", "/home/bob/.config/acme/token", true},   // another user's home
		{"linux", "/home/dev", "/root/.config/acme/token", true},       // root's home
		{"linux", "/home/dev", "/home/dev/.foo/session.cookie", true},
		{"linux", "/home/dev", "/home/dev/.config/acme/oauth2.json", true},
		{"linux", "/home/dev", "/home/dev/.config/acme/oauth_state.json", true},
		{"linux", "/home/dev", "/home/dev/.config/acme/jwt.txt", true},
		{"linux", "/home/dev", "/home/dev/.config/acme/.env", true},
		{"linux", "/home/dev", "/home/dev/.config/acme/.env.production", true},
		{"linux", "/home/dev", "/home/dev/.config/acme/environment.json", false},
		{"linux", "/home/dev", "/home/dev/.config/fish/fish_history", true},
		{"linux", "/home/dev", "/home/dev/.cqlsh_history", true},
		{"linux", "/home/dev", "/home/dev/.config/chromium/Default/History", true},
		{"linux", "/home/dev", "/home/dev/.config/acme/historyview.json", false},
		// Chromium's and Electron applications' profiles, whatever the app.
		{"linux", "/home/dev", "/home/dev/.config/yandex-browser/Default/Login Data", true},
		{"linux", "/home/dev", "/home/dev/.config/yandex-browser/Default/Web Data", true},
		{"linux", "/home/dev", "/home/dev/.config/yandex-browser/Local State", true},
		{"linux", "/home/dev", "/home/dev/.config/Element/Local Storage/leveldb/000003.log", true},
		{"windows", `C:\Users\dev`, "c:/users/dev/appdata/roaming/microsoft/teams/session storage/000001.log", true},
		{"linux", "/home/dev", "/home/dev/projects/site/Local Storage/readme.txt", false}, // not a configuration folder
		{"linux", "/home/dev", "/home/dev/.config/acme/storage/local.json", false},
		{"linux", "/home/dev", "/home/dev/.config/acme/data/login.txt", false},
		{"linux", "/home/dev", "/home/dev/src/app/credentials.json", false}, // not a configuration folder
		// Elsewhere in the home only a key, a key store or an environment
		// file says so by its name.
		{"linux", "/home/dev", "/home/dev/certs/server.key", true},
		{"linux", "/home/dev", "/home/dev/backup/id_ed25519", true},
		{"linux", "/home/dev", "/home/dev/work/other/.env.local", true},
		{"linux", "/home/dev", "/home/dev/work/other/.env.example", false},
		{"linux", "/home/dev", "/home/dev/work/other/token.txt", false},
		{"darwin", "/Users/dev", "/users/dev/downloads/prod.pem", true},
		{"linux", "/home/dev", "/home/dev/.config/acme/config.json", false},
		{"linux", "/home/dev", "/home/dev/.config/acme/tokenizer.json", false},
		{"linux", "/home/dev", "/home/dev/.local/lib/python3/site-packages/x/token.json", false},
		{"linux", "/home/dev", "/home/dev/.npm-global/lib/node_modules/x/auth.json", false},
		{"linux", "/home/dev", "/home/dev/.local/lib/python3/x/credentials.py", false},
		{"linux", "/home/dev", "/home/dev/.config/acme/README-secrets.md", false},
		{"linux", "/home/dev", "/etc/acme/credentials.json", false}, // not in a home
		{"linux", "/home/dev", "/home/dev", false},
		{"darwin", "/Users/dev", "/users/dev/library/application support/acme/credentials.json", true},
		{"darwin", "/Users/dev", "/users/dev/documents/credentials/notes.txt", false},
		{"windows", `C:\Users\dev`, "c:/users/dev/appdata/roaming/acme/api_key", true},
		{"windows", `C:\Users\dev`, "c:/users/dev/documents/acme/api_key", false},
	} {
		a, err := New(Config{Home: c.home, OS: c.goos})
		if err != nil {
			t.Fatal(err)
		}
		if why, got := a.credentialNamed(c.path); got != c.want {
			t.Errorf("%s: credentialNamed(%q) = %v (%q), want %v", c.goos, c.path, got, why, c.want)
		}
	}
}

// TestCredentialNameOutsideRoots checks that the tool's own files are not
// judged by their names: a root or working folder inside a dot folder of
// the home (a dotfiles repository) holds files named like credentials.
func TestCredentialNameOutsideRoots(t *testing.T) {
	a := testAnalyzer(t)
	const cmd = "cat /home/dev/.dotfiles/git/credentials.yml"
	for _, c := range []struct {
		name string
		env  Env
		want bool
	}{
		{"outside", testEnv(), true},
		{"a root", Env{WorkDir: "/home/dev/work/proj", Roots: []Root{{Path: "/home/dev/.dotfiles", Writable: true}}}, false},
		{"a read-only root", Env{WorkDir: "/home/dev/work/proj", Roots: []Root{{Path: "/home/dev/.dotfiles"}}}, false},
		{"a working folder in no root", Env{WorkDir: "/home/dev/.config"}, true},
	} {
		got := hasRule(a.Command(cmd, c.env), ruleCredentialName)
		if got != c.want {
			t.Errorf("%s: credential-name found %v, want %v", c.name, got, c.want)
		}
	}
}

// TestGlobCredentialTail checks that a pattern whose literal end names a
// credential file as it lies in a home asks when the file system cannot
// expand it: a folder the pattern matches may be a home or a link to one.
func TestGlobCredentialTail(t *testing.T) {
	a := testAnalyzer(t)
	env := testEnv()
	env.GlobLinks = nil
	for cmd, want := range map[string]bool{
		"cat */.ssh/id_rsa":        true,
		"cat d/*/.aws/credentials": true,
		"cat src/*.go":             false,
		"cat */README.md":          false,
	} {
		got := hasRule(a.Command(cmd, env), ruleDynamicSecret)
		if got != want {
			t.Errorf("%s: %s found %v, want %v", cmd, ruleDynamicSecret, got, want)
		}
	}
}

// TestGlobLinksBounds checks that each pattern is expanded once per call
// and that a command with more patterns than the bound asks.
func TestGlobLinksBounds(t *testing.T) {
	a := testAnalyzer(t)
	env := testEnv()
	calls := 0
	env.GlobLinks = func(string, bool) ([]string, error) { calls++; return nil, nil }
	a.Command(`for f in d/*.x; do cat "$f" d/*.x; done; ls d/*.x`, env)
	if calls != 1 {
		t.Errorf("one pattern three times: %d expansions, want 1", calls)
	}
	calls = 0
	var b strings.Builder
	b.WriteString("ls")
	for i := range maxGlobs + 1 {
		fmt.Fprintf(&b, " d%d/*", i)
	}
	res := a.Command(b.String(), env)
	if calls != maxGlobs || !hasRule(res, ruleTooComplex) {
		t.Errorf("%d patterns: %d expansions, findings %+v; want %d and %s", maxGlobs+1, calls, res.Findings, maxGlobs, ruleTooComplex)
	}
}

// TestSafeWorkDirPerFolder checks that the remembered answer of whether a
// working folder can hold a sensitive path is the answer for that folder:
// calls with other working folders, one after the other, each get theirs.
func TestSafeWorkDirPerFolder(t *testing.T) {
	a := testAnalyzer(t)
	for range 2 {
		for wd, want := range map[string]bool{"/home/dev/work/proj": false, "/home/dev": true} {
			env := testEnv()
			env.WorkDir = wd
			got := hasRule(a.Command("cat .ssh/id_rsa", env), ruleSensitivePath)
			if got != want {
				t.Errorf("cat .ssh/id_rsa in %s: sensitive-path %v, want %v", wd, got, want)
			}
		}
	}
}

// TestCollapsedPattern checks the reading of a pattern followed by "..":
// each pattern component cancels with a ".." after it, a pattern left
// over stays a pattern, and neither a word with no pattern nor an
// expansion not known is read so.
func TestCollapsedPattern(t *testing.T) {
	r := &run{a: testAnalyzer(t)}
	for _, c := range []struct {
		f      field
		want   string
		ok     bool
		glob   bool
		reason string
	}{
		{field{val: "/home/dev/*/../..", glob: true}, "/home", true, false, "a folder the pattern matches, then its parent"},
		{field{val: "/home/dev/*/../*", glob: true}, "/home/dev/*", true, true, "a pattern after the .. stays one"},
		{field{val: "../*/x/../..", glob: true}, "..", true, false, "relative, with a name between"},
		{field{val: "/home/dev/../*", glob: true}, "", false, false, "a .. before the pattern is the path's own"},
		{field{val: "/home/dev/*/../..", glob: false}, "", false, false, "a quoted * is a name"},
		{field{val: "/*/..", glob: true, dyn: true}, "", false, false, "an expansion not known"},
	} {
		got, ok := r.collapsedPattern(c.f)
		if got != c.want || ok != c.ok {
			t.Errorf("%s: collapsedPattern(%q) = %q, %v; want %q, %v", c.reason, c.f.val, got, ok, c.want, c.ok)
		}
		if ok {
			out := r.globLinks(c.f, nil)
			if len(out) == 0 || out[0].val != c.want || out[0].glob != c.glob {
				t.Errorf("%s: globLinks(%q) = %+v; want %q with glob %v", c.reason, c.f.val, out, c.want, c.glob)
			}
		}
	}
}
