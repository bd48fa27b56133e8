package hardline

import (
	"slices"
	"testing"
)

// TestGitUsesARepositoryNotNamedAsOne shows git judged by the repository
// it would use: a folder named otherwise than .git, NAME.git or .bare,
// which a write does not take for a repository, may hold configuration
// and hooks another call wrote (core.fsmonitor runs on git status).
func TestGitUsesARepositoryNotNamedAsOne(t *testing.T) {
	there := map[string]bool{}
	a, err := New(Config{Home: testHome, OS: "linux", ReadScript: testReadScript, ReadDir: testReadDir, Exists: func(p string) bool { return there[p] }})
	if err != nil {
		t.Fatal(err)
	}
	// What lies on disk: the workspace's own .git, a folder holding HEAD
	// (a bare repository planted in the workspace), one in /tmp, and
	// repositories named as git's own folders are.
	for _, p := range []string{
		"/home/dev/work/proj/.git",
		"/home/dev/work/proj/planted",
		"/home/dev/work/proj/planted/HEAD",
		"/home/dev/work/proj/planted/refs",
		"/home/dev/work/proj/planted/refs/heads",
		"/home/dev/work/proj/src",
		"/home/dev/work/proj/r.git/HEAD",
		"/home/dev/work/proj/wt/.bare/HEAD",
		"/home/dev/work/proj/wt/.git",
		"/tmp/evil/HEAD",
		"/home/dev/work/proj/vendor/lib/.git",
		"/home/dev/work/proj/vendor/lib/HEAD", // and .git, which git finds first
		"/opt/x/HEAD",
		"/tmp/HEAD", // a temporary folder's top is not searched (see gitRepository)
	} {
		there[p] = true
	}
	env := testEnv()
	for _, c := range []struct {
		cmd  string
		want string // the rule, or "" for none
	}{
		{"git status", ""},
		{"git -C src log --oneline", ""},
		{"cd src && git diff", ""},
		{"git -C vendor/lib status", ""},
		{"git -C r.git log", ""},
		{"git -C wt/.bare log", ""},
		{"git --git-dir=.git status", ""},
		{"git --git-dir=r.git log", ""},
		{"GIT_DIR=wt/.bare git log", ""},
		{"git --git-dir=/srv/repos/x status", ""}, // a write there would ask
		{"cd /opt/x && git log", ""},
		{"cd /tmp/clean && git status", ""},
		{"git status && git -C src log && git status", ""},
		// Each folder is searched once a call, and each git judged.
		{"git status && git -C planted log", ruleInlineInterp},
		{"git -C src log; git -C planted log; git -C src log", ruleInlineInterp},
		// A HEAD the command writes, or one in a folder it fills, counts
		// as there; a folder it clones into holds the clone's .git.
		{"mkdir -p sub && echo 'ref: refs/heads/main' > sub/HEAD && git -C sub status", ruleInlineInterp},
		{"tar xf repo.tar -C sub && git -C sub status", ruleInlineInterp},
		{"echo 'ref: refs/heads/main' > src/HEAD.txt && git -C src status", ""},
		{"git clone https://example.com/r r && cd r && git log", ""},
		{"git clone https://example.com/r r && cd r/vendored && git status", ruleInlineInterp},
		{"cd planted && git status", ruleInlineInterp},
		{"git -C planted log", ruleInlineInterp},
		{"git -C planted/refs/heads status", ruleInlineInterp},
		{"cd /tmp/evil && git status", ruleInlineInterp},
		{"git --git-dir=planted status", ruleInlineInterp},
		{"git --git-dir /tmp/evil log", ruleInlineInterp},
		{"GIT_DIR=/tmp/evil git status", ruleEnvCode},
		{"export GIT_DIR=/tmp/evil; git status", ruleEnvCode},
		{"GIT_DIR=$X git status", ruleEnvCode},
	} {
		res := a.Command(c.cmd, env)
		got := ""
		if f, ok := res.Worst(); ok {
			got = f.Rule
		}
		if got != c.want {
			t.Errorf("%s: worst rule %q, want %q (%v)", c.cmd, got, c.want, res.Findings)
		}
	}
	// Without Env.Canonical the call does not look at the file system:
	// only a repository named to git is judged, by its name.
	env.Canonical = nil
	for cmd, want := range map[string]string{"cd planted && git status": "", "git --git-dir=/tmp/evil log": ruleInlineInterp} {
		got := ""
		if f, ok := a.Command(cmd, env).Worst(); ok {
			got = f.Rule
		}
		if got != want {
			t.Errorf("without Canonical, %s: worst rule %q, want %q", cmd, got, want)
		}
	}
}

// TestProcessSubstitutionNet: the text a process substitution gives is
// tried as a command for the program whose argument it is, through a
// wrapper too, and not for the commands xargs builds from that text.
func TestProcessSubstitutionNet(t *testing.T) {
	a := testAnalyzer(t)
	env := testEnv()
	rules := func(cmd string) []string {
		var out []string
		for _, f := range a.Command(cmd, env).Findings {
			out = append(out, f.Rule)
		}
		return out
	}
	for cmd, want := range map[string][]string{
		"mytool --script <(echo 'rm -rf ~')":      {ruleArgumentCommand},
		"sudo mytool --script=<(echo 'rm -rf ~')": {ruleArgumentCommand},
		"mytool <(cat notes.txt)":                 nil,
		"xargs -a <(echo rm -rf /home/dev) env":   {ruleRmHome},
	} {
		if got := rules(cmd); !slices.Equal(got, want) {
			t.Errorf("%s: rules %v, want %v", cmd, got, want)
		}
	}
}

// TestGitFolderName pins the names git's own folders have, in any case of
// ASCII letters (a case-insensitive file system finds .GIT as .git).
func TestGitFolderName(t *testing.T) {
	for p, want := range map[string]bool{
		"/w/.git": true, "/w/.GIT": true, "/w/app.git": true, "/w/App.Git/": true,
		"/w/.bare": true, "/w/.BARE": true, ".bare": true, "/w/.bare//": true,
		"/w/git": false, "/w/.gitx": false, "/w/x.bare": false, "/w/bare": false,
		"/w/.bare/x": false, "/w/.git/hooks": false, "/": false, "": false,
	} {
		if got := gitFolderName(p); got != want {
			t.Errorf("gitFolderName(%q) = %v, want %v", p, got, want)
		}
	}
}
