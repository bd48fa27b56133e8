package hardline

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// symlinkTree builds folders and links under a canonical temp folder:
// "d a/b" makes a folder, "l a/x -> t" a link ("$T" in t is the folder).
func symlinkTree(t *testing.T, entries ...string) string {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need privileges on Windows")
	}
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		op, rest, _ := strings.Cut(e, " ")
		switch op {
		case "d":
			err = os.MkdirAll(filepath.Join(dir, rest), 0o755)
		case "l":
			name, target, _ := strings.Cut(rest, " -> ")
			err = os.Symlink(strings.ReplaceAll(target, "$T", dir), filepath.Join(dir, name))
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestSensitivePathThroughSymlinkedFolders(t *testing.T) {
	// var/home holds the real homes; home is a link to it, as on Fedora
	// Atomic and FreeBSD. alice's .aws is a link to a folder elsewhere,
	// and etc-link (named in an extra pattern) links to private/etc, as
	// macOS links /etc.
	dir := symlinkTree(t,
		"d var/home/alice/.ssh", "d var/home/bob/.ssh", "d secure/aws", "d private/etc/secret", "d var/home/alice/work", "d secure/netrc",
		"l home -> var/home", "l var/home/alice/.netrc -> $T/secure/netrc", "l var/home/alice/.aws -> $T/secure/aws", "l etc-link -> private/etc",
	)
	for _, goos := range []string{runtime.GOOS, "darwin"} {
		a, err := New(Config{
			Home:           filepath.Join(dir, "home/alice"),
			OS:             goos,
			SensitivePaths: []string{filepath.Join(dir, "etc-link/secret/**")},
		})
		if err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			name, path string
			want       bool
		}{
			{"a file under the canonical home folder is sensitive", "var/home/alice/.ssh/id_rsa", true},
			{"a file under the home folder as configured is sensitive", "home/alice/.ssh/id_rsa", true},
			{"the canonical form of a linked pattern folder is sensitive", "secure/aws/credentials", true},
			{"the linked pattern folder as written is sensitive", "var/home/alice/.aws/credentials", true},
			{"the canonical form of an extra pattern's folder is sensitive", "private/etc/secret/key", true},
			{"an extra pattern as written is sensitive", "etc-link/secret/key", true},
			{"the canonical form of a linked sensitive file is sensitive", "secure/netrc", true},
			{"ordinary work under the canonical home is not sensitive", "var/home/alice/work/main.go", false},
			{"a sibling of the canonical pattern folder is not sensitive", "secure/other", false},
		} {
			t.Run(goos+"/"+tc.name, func(t *testing.T) {
				p := filepath.Join(dir, tc.path)
				if _, ok := a.SensitivePath(p); ok != tc.want {
					t.Errorf("SensitivePath(%q) = %v, want %v", p, ok, tc.want)
				}
			})
		}
	}
}

func TestSensitivePathInOtherHomesThroughSymlinkedParents(t *testing.T) {
	dir := symlinkTree(t, "d var/home/bob/.ssh", "d var/home/alice", "l home -> var/home")
	saved := userHomes["linux"]
	t.Cleanup(func() { userHomes["linux"] = saved })
	userHomes["linux"] = homeFolders{parents: []string{filepath.Join(dir, "home")}}
	a, err := New(Config{Home: filepath.Join(dir, "home/alice"), OS: "linux"})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, path string
		want       bool
	}{
		{"another user's key below the canonical parent of homes is sensitive", "var/home/bob/.ssh/id_rsa", true},
		{"another user's key below the parent as written is sensitive", "home/bob/.ssh/id_rsa", true},
		{"another user's ordinary file is not sensitive", "var/home/bob/notes.txt", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(dir, tc.path)
			if _, ok := a.SensitivePath(p); ok != tc.want {
				t.Errorf("SensitivePath(%q) = %v, want %v", p, ok, tc.want)
			}
		})
	}
}

func TestSensitivePathCaseFolding(t *testing.T) {
	for _, tc := range []struct {
		name, goos, home, path string
		want                   bool
	}{
		{"darwin folds the case of the home folder", "darwin", "/Users/alice", "/users/ALICE/.ssh/id_rsa", true},
		{"darwin folds the case of a pattern", "darwin", "/Users/alice", "/Users/alice/.SSH/id_rsa", true},
		{"darwin folds the case of a system secret", "darwin", "/Users/alice", "/ETC/Sudoers", true},
		{"darwin folds the case of another user's home", "darwin", "/Users/alice", "/USERS/bob/.Aws/credentials", true},
		{"darwin folds the Kelvin sign to k", "darwin", "/Users/alice", "/Users/alice/.\u212Aube/config", true},
		{"darwin folds the long s to s", "darwin", "/Users/alice", "/Users/alice/.\u017Fsh/id_rsa", true},
		{"darwin keeps other names apart", "darwin", "/Users/alice", "/Users/alice/.sshx/id_rsa", false},
		{"windows folds the case of another user's home", "windows", `C:\Users\me`, `c:\USERS\Bob\.SSH\id_rsa`, true},
		{"windows folds the dotless i to i", "windows", `C:\Users\me`, "C:\\Users\\me\\.conf\u0131g\\gh\\hosts.yml", true},
		{"linux keeps case apart", "linux", "/home/alice", "/home/alice/.SSH/id_rsa", false},
		{"linux keeps the Kelvin sign apart", "linux", "/home/alice", "/home/alice/.\u212Aube/config", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, err := New(Config{Home: tc.home, OS: tc.goos})
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := a.SensitivePath(tc.path); ok != tc.want {
				t.Errorf("SensitivePath(%q) on %s = %v, want %v", tc.path, tc.goos, ok, tc.want)
			}
		})
	}
}

func TestSensitivePathOtherUsersOnWindows(t *testing.T) {
	a, err := New(Config{Home: `C:\Users\me`, OS: "windows"})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, path string
		want       bool
	}{
		{"another user's SSH key is sensitive", `C:\Users\bob\.ssh\id_rsa`, true},
		{"another user's credentials on another drive are sensitive", `D:\Users\bob\.aws\credentials`, true},
		{"another user's Windows credential store is sensitive", `C:\Users\bob\AppData\Roaming\Microsoft\Credentials\X`, true},
		{"another user's browser profile is sensitive", `C:/Users/bob/AppData/Local/Google/Chrome/User Data/Default/Cookies`, true},
		{"another user's history in Git Bash spelling is sensitive", `/c/Users/bob/.bash_history`, true},
		{"another user's document is not sensitive", `C:\Users\bob\Documents\report.docx`, false},
		{"the Users folder itself is not sensitive", `C:\Users`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, ok := a.SensitivePath(tc.path); ok != tc.want {
				t.Errorf("SensitivePath(%q) = %v, want %v", tc.path, ok, tc.want)
			}
		})
	}
}

func TestSensitivePathProcTasks(t *testing.T) {
	a, err := New(Config{Home: "/home/alice", OS: "linux"})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, path string
		want       bool
	}{
		{"a process's environment is sensitive", "/proc/1/environ", true},
		{"a thread's environment is sensitive", "/proc/1/task/1/environ", true},
		{"the own thread's environment is sensitive", "/proc/self/task/42/environ", true},
		{"thread-self's environment is sensitive", "/proc/thread-self/environ", true},
		{"a thread's memory is sensitive", "/proc/1/task/7/mem", true},
		{"a thread's status is not sensitive", "/proc/1/task/7/status", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, ok := a.SensitivePath(tc.path); ok != tc.want {
				t.Errorf("SensitivePath(%q) = %v, want %v", tc.path, ok, tc.want)
			}
		})
	}
}

func TestSensitiveTarget(t *testing.T) {
	a, err := New(Config{Home: "/home/alice", OS: "linux"})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, given, canonical string
		want                   bool
	}{
		{"the path as given is sensitive though its canonical form is not", "/home/alice/.ssh/id_rsa", "/data/keys/id_rsa", true},
		{"the canonical form is sensitive though the path as given is not", "/ws/link", "/home/alice/.ssh/id_rsa", true},
		{"neither form is sensitive", "/ws/a", "/ws/a", false},
		{"a relative path as given is judged by its canonical form", "notes.txt", "/ws/notes.txt", false},
		{"an empty canonical form leaves the path as given", "/etc/shadow", "", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, ok := a.SensitiveTarget(tc.given, tc.canonical); ok != tc.want {
				t.Errorf("SensitiveTarget(%q, %q) = %v, want %v", tc.given, tc.canonical, ok, tc.want)
			}
		})
	}
}

func TestResolvePathWords(t *testing.T) {
	a, err := New(Config{Home: "/home/dev", OS: "linux"})
	if err != nil {
		t.Fatal(err)
	}
	canon := func(p string) (string, error) {
		if p == "/ws/keys" {
			return "/home/dev/.ssh", nil
		}
		return p, nil
	}
	long := "/" + strings.Repeat("a", 4095)
	for _, tc := range []struct {
		name, cwd, word string
		glob            bool
		ok              bool
		paths           []string
		pattern         string
	}{
		{name: "a NUL byte at the start of a word is invalid", cwd: "/ws", word: "\x00/etc"},
		{name: "a NUL byte inside a word is invalid", cwd: "/ws", word: "a\x00b"},
		{name: "an empty word is invalid", cwd: "/ws", word: ""},
		{name: "a word over 4096 bytes is invalid", cwd: "/ws", word: long + "a"},
		{name: "a word of 4096 bytes is resolved", cwd: "/ws", word: long, ok: true, paths: []string{long}},
		{name: "a relative word joins the current folder", cwd: "/ws", word: "a/../b", ok: true, paths: []string{"/ws/b"}},
		{name: "a relative word in an unknown folder is unresolvable", word: "a"},
		{name: "an absolute word needs no folder", word: "/etc/x/..", ok: true, paths: []string{"/etc"}},
		{name: "the canonical form follows the lexical one when it differs", cwd: "/ws", word: "keys", ok: true, paths: []string{"/ws/keys", "/home/dev/.ssh"}},
		{name: "a /proc/PID/root path is also judged from the root", word: "/proc/1/root/etc/shadow", ok: true, paths: []string{"/proc/1/root/etc/shadow", "/etc/shadow"}},
		{name: "a pattern is made absolute", cwd: "/ws", word: "src/*.go", glob: true, ok: true, paths: []string{"/ws/src"}, pattern: "/ws/src/*.go"},
		{name: "a pattern from the file-system root keeps it", word: "/*", glob: true, ok: true, paths: []string{"/"}, pattern: "/*"},
		{name: "a bare relative pattern stands for the current folder", cwd: "/ws", word: "*", glob: true, ok: true, paths: []string{"/ws"}, pattern: "/ws/*"},
		{name: "a pattern with names after the glob keeps them", cwd: "/ws", word: "src/*/main.go", glob: true, ok: true, paths: []string{"/ws/src"}, pattern: "/ws/src/*/main.go"},
		{name: "a pattern followed by .. is unresolvable", cwd: "/ws", word: "*/../x", glob: true},
		{name: "a relative pattern in an unknown folder is unresolvable", word: "*.go", glob: true},
		{name: "a word marked as a pattern without one is a path", cwd: "/ws", word: "a/b", glob: true, ok: true, paths: []string{"/ws/a/b"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := &run{a: a, cwd: tc.cwd, env: Env{Canonical: canon}}
			res := r.resolve(field{val: tc.word, glob: tc.glob})
			if res.ok != tc.ok {
				t.Fatalf("resolve(%.40q).ok = %v (%s), want %v", tc.word, res.ok, res.why, tc.ok)
			}
			if !tc.ok {
				if res.why == "" {
					t.Errorf("resolve(%.40q) gives no reason", tc.word)
				}
				return
			}
			if !slices.Equal(res.paths, tc.paths) || res.glob != tc.pattern {
				t.Errorf("resolve(%.40q) = %q, pattern %q; want %q, pattern %q", tc.word, res.paths, res.glob, tc.paths, tc.pattern)
			}
		})
	}
	t.Run("past maxCanonical paths the command is too complex, and Canonical is not called again", func(t *testing.T) {
		calls := 0
		env := Env{WorkDir: "/ws", Roots: []Root{{Path: "/ws", Writable: true}},
			Canonical: func(p string) (string, error) { calls++; return p, nil }}
		var cmd strings.Builder
		cmd.WriteString("cat")
		for i := range maxCanonical + 5 {
			fmt.Fprintf(&cmd, " f%d", i)
		}
		res := a.Command(cmd.String(), env)
		if calls != maxCanonical {
			t.Errorf("Canonical called %d times, want %d", calls, maxCanonical)
		}
		if w, ok := res.Worst(); !ok || w.Rule != ruleTooComplex {
			t.Errorf("worst finding %+v, want %s", w, ruleTooComplex)
		}
		// A path named again is answered from the call's cache and does
		// not count.
		calls = 0
		res = a.Command(strings.Repeat("cat f1; ", maxCanonical+5), env)
		if calls != 1 || len(res.Findings) != 0 {
			t.Errorf("the same path %d times: Canonical called %d times, findings %+v; want 1 call, none", maxCanonical+5, calls, res.Findings)
		}
	})
	t.Run("a path that cannot be resolved asks", func(t *testing.T) {
		env := Env{WorkDir: "/ws", Roots: []Root{{Path: "/ws", Writable: true}},
			Canonical: func(p string) (string, error) { return "", errors.New("too many levels of symbolic links") }}
		res := a.Command("cat notes.txt", env)
		if w, ok := res.Worst(); !ok || w.Rule != ruleUnresolvable || w.Severity != Ask || w.Path != "/ws/notes.txt" {
			t.Errorf("worst finding %+v, want %s asking for /ws/notes.txt", w, ruleUnresolvable)
		}
	})
	t.Run("a word resolved again is answered from the call's cache, at no cost", func(t *testing.T) {
		calls := 0
		r := &run{a: a, cwd: "/ws", env: Env{Canonical: func(p string) (string, error) {
			calls++
			if p == "/ws/keys" {
				return "/home/dev/.ssh", nil
			}
			return p, nil
		}}}
		for range maxCanonical {
			if res := r.resolve(field{val: "keys"}); !slices.Equal(res.paths, []string{"/ws/keys", "/home/dev/.ssh"}) {
				t.Fatalf("resolve(keys) = %q", res.paths)
			}
		}
		if calls != 1 {
			t.Errorf("Canonical called %d times for one word, want 1", calls)
		}
		if res := r.resolve(field{val: "other"}); len(res.paths) != 1 || calls != 2 {
			t.Errorf("after %d resolutions of one word resolve(other) = %q with %d calls, want it looked up (2 calls)", maxCanonical, res.paths, calls)
		}
		r.cwd = "/elsewhere"
		if res := r.resolve(field{val: "keys"}); !slices.Equal(res.paths, []string{"/elsewhere/keys"}) {
			t.Errorf("resolve(keys) in another folder = %q, want it resolved there", res.paths)
		}
	})
}

func TestPathHelpers(t *testing.T) {
	lin, _ := New(Config{Home: "/home/dev", OS: "linux"})
	win, _ := New(Config{Home: `C:\Users\dev`, OS: "windows"})
	for _, tc := range []struct {
		name string
		got  bool
		want bool
	}{
		{"/ is the file-system root", lin.isFSRoot("/"), true},
		{"a drive root is the file-system root on Windows", win.isFSRoot("C:/"), true},
		{"a drive root is no file-system root elsewhere", lin.isFSRoot("C:/"), false},
		{"a drive-relative name is no root", win.isFSRoot("C:x"), false},
		{"a folder is no root", win.isFSRoot("C:/x"), false},
		{"a path is within itself", lin.within("/ws", "/ws"), true},
		{"a path is within its parent", lin.within("/ws/a", "/ws"), true},
		{"a sibling sharing a prefix is not within", lin.within("/ws2", "/ws"), false},
		{"everything is within /", lin.within("/ws", "/"), true},
		{"a parent is not within its child", lin.within("/ws", "/ws/a"), false},
		{"Windows compares folders case-insensitively", win.within("C:/WS/a", "c:/ws"), true},
		{"/dev names a device", lin.isDevice("/dev/sda"), true},
		{"a Windows device path names a device", win.isDevice(`//./PhysicalDrive0`), true},
		{"a verbatim device path names a device", win.isDevice(`//?/C:`), true},
		{"/devices is not /dev", lin.isDevice("/devices/x"), false},
		{"the home folder is home", lin.isHome("/home/dev"), true},
		{"a folder in home is not home", lin.isHome("/home/dev/x"), false},
		{"a folder in home is under home", lin.underHome("/home/dev/x"), true},
		{"a sibling of home is not under home", lin.underHome("/home/dev2"), false},
		{"the parent of home is above home", lin.aboveHome("/home"), true},
		{"a folder in home is not above home", lin.aboveHome("/home/dev/x"), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.got != tc.want {
				t.Errorf("got %v, want %v", tc.got, tc.want)
			}
		})
	}
}

func TestSensitivePatternFolders(t *testing.T) {
	a, err := New(Config{Home: "/home/dev", OS: "linux", SensitivePaths: []string{"/srv/vault/**", "/srv/keys/*.pem", "/srv/one"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, path string
		want       bool
	}{
		{"the folder named by dir/** is sensitive", "/srv/vault", true},
		{"a file in it is sensitive", "/srv/vault/a/b", true},
		{"a sibling with the folder's name as prefix is not", "/srv/vaults", false},
		{"the parent of the folder is not", "/srv", false},
		{"a glob in the last name matches", "/srv/keys/a.pem", true},
		{"a glob does not cross folders", "/srv/keys/a/b.pem", false},
		{"a literal pattern matches itself", "/srv/one", true},
		{"a literal pattern does not match what it prefixes", "/srv/one1", false},
		{"the home folder's own key folder is sensitive", "/home/dev/.ssh", true},
		{"a relative path is never sensitive", "home/dev/.ssh/id_rsa", false},
		{"an unclean path is cleaned first", "/home/dev/x/../.ssh/id_rsa", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, ok := a.SensitivePath(tc.path); ok != tc.want {
				t.Errorf("SensitivePath(%q) = %v, want %v", tc.path, ok, tc.want)
			}
		})
	}
}

func TestBuiltinSensitivePathsBySystem(t *testing.T) {
	has := func(goos, p string) bool { return slices.Contains(BuiltinSensitivePaths(goos), p) }
	for _, tc := range []struct {
		name, goos, pattern string
		want                bool
	}{
		{"a pattern for every system applies to linux", "linux", "~/.ssh/**", true},
		{"a unix pattern applies to darwin", "darwin", "/etc/shadow", true},
		{"a unix pattern does not apply to windows", "windows", "/etc/shadow", false},
		{"a darwin pattern does not apply to linux", "linux", "~/Library/Keychains/**", false},
		{"a pattern listing several systems applies to each", "freebsd", "/etc/master.passwd", true},
		{"a windows pattern applies to windows", "windows", "?:/Windows/System32/config/**", true},
		{"thread environments are sensitive on linux", "linux", "/proc/*/task/*/environ", true},
		{"every system's patterns are listed for \"\"", "", "?:/Windows/System32/config/**", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := has(tc.goos, tc.pattern); got != tc.want {
				t.Errorf("BuiltinSensitivePaths(%q) has %q = %v, want %v", tc.goos, tc.pattern, got, tc.want)
			}
		})
	}
}

// FuzzSensitivePath checks the matcher's invariants on any path: it never
// panics; on systems that fold case, a path and its upper- and lower-case
// spellings get the same answer; an unclean spelling gets the answer of its
// clean form; and SensitiveTarget is the stricter of its two forms.
func FuzzSensitivePath(f *testing.F) {
	for _, p := range []string{
		"/home/dev/.ssh/id_rsa", "/Users/dev/.\u212Aube/config", "/users/DEV/Library/Keychains/login.keychain-db",
		`C:\Users\bob\AppData\Roaming\Microsoft\Credentials\x`, "/proc/self/task/1/environ", "/etc/ssh/ssh_host_rsa_key",
		"/home/dev/work/../.aws/credentials", "/ws/notes.txt", "relative/.ssh/id_rsa", "/c/Users/x/.bash_history",
	} {
		f.Add(p, "/ws/x")
	}
	analyzers := eachOSAnalyzer(f)
	f.Fuzz(func(t *testing.T, p, q string) {
		if len(p) > 512 || len(q) > 512 {
			return
		}
		for _, a := range analyzers {
			_, ok := a.SensitivePath(p)
			if a.fold {
				for _, v := range []string{strings.ToUpper(p), strings.ToLower(p)} {
					if _, vok := a.SensitivePath(v); vok != ok {
						t.Errorf("%s: SensitivePath(%q) = %v but SensitivePath(%q) = %v", a.goos, p, ok, v, vok)
					}
				}
			}
			if a.isAbs(a.slash(p)) {
				unclean := a.slash(p) + "/x/.."
				if _, uok := a.SensitivePath(unclean); uok != ok {
					t.Errorf("%s: SensitivePath(%q) = %v but SensitivePath(%q) = %v", a.goos, p, ok, unclean, uok)
				}
			}
			_, qok := a.SensitivePath(q)
			if _, both := a.SensitiveTarget(p, q); both != (ok || qok) {
				t.Errorf("%s: SensitiveTarget(%q, %q) = %v, want %v", a.goos, p, q, both, ok || qok)
			}
		}
	})
}

func TestCommandsNameOtherHomesOnFoldingSystems(t *testing.T) {
	for _, tc := range []struct {
		name, goos, home, cmd string
	}{
		{"a pattern into other users' keys on darwin", "darwin", "/Users/dev", "cat /Users/*/.ssh/id_*"},
		{"another user's key in other case on darwin", "darwin", "/Users/dev", "cat /USERS/bob/.ssh/id_rsa"},
		{"root's key on darwin", "darwin", "/Users/dev", "cat /var/root/.ssh/id_rsa"},
		{"a pattern into root's keys on darwin", "darwin", "/Users/dev", "cat /var/root/.ssh/id_*"},
		{"a pattern in the folder names of other users' keys on darwin", "darwin", "/Users/dev", "cat /Users/*/.s?h/id_rsa"},
		{"a pattern in the folder names of root's keys on darwin", "darwin", "/Users/dev", "cat /var/root/.s?h/id_rsa"},
		{"a pattern in the folder names of other users' keys on linux", "linux", "/home/dev", "cat /home/*/.s?h/id_rsa"},
		{"a pattern into other users' keys in other case on darwin", "darwin", "/Users/dev", "cat /users/*/.SSH/id_*"},
		{"a pattern into other users' keys on windows", "windows", `C:\Users\dev`, "cat C:/Users/*/.ssh/id_*"},
		{"a pattern into other users' keys on linux", "linux", "/home/dev", "cat /home/*/.ssh/id_*"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, err := New(Config{Home: tc.home, OS: tc.goos})
			if err != nil {
				t.Fatal(err)
			}
			res := a.Command(tc.cmd, Env{WorkDir: tc.home})
			if !hasRule(res, ruleSensitivePath) {
				t.Errorf("Command(%q) on %s = %+v, want a %s finding", tc.cmd, tc.goos, res.Findings, ruleSensitivePath)
			}
		})
	}
}

func TestRecursiveDeletionClasses(t *testing.T) {
	a, err := New(Config{Home: "/home/dev", OS: "linux"})
	if err != nil {
		t.Fatal(err)
	}
	rootB := Env{WorkDir: "/srv/a/b", Roots: []Root{{Path: "/srv/a/b", Writable: true}}}
	for _, tc := range []struct {
		name, cmd string
		env       Env
		rule      string // the worst finding's rule; "" for none
	}{
		{"a dot pattern next to a root reaches its parent through ..", "rm -rf /srv/a/.?*", rootB, "rm-root-ancestor"},
		{"a pattern beside a root that cannot name it is outside", "rm -rf /srv/a/x*", rootB, "rm-recursive-outside-roots"},
		{"a pattern matching a root's ancestor", "rm -rf /data/*", Env{WorkDir: "/data/a/b", Roots: []Root{{Path: "/data/a/b", Writable: true}}}, "rm-root-ancestor"},
		{"a pattern matching the working folder's ancestor", "rm -rf /data/*", Env{WorkDir: "/data/proj/sub"}, "rm-root-ancestor"},
		{"the working folder itself inside a root", "rm -rf /ws/sub", Env{WorkDir: "/ws/sub", Roots: []Root{{Path: "/ws", Writable: true}}}, "rm-root-ancestor"},
		{"a folder in the working folder inside a root", "rm -rf /ws/sub/x", Env{WorkDir: "/ws/sub", Roots: []Root{{Path: "/ws", Writable: true}}}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := ""
			if f, ok := a.Command(tc.cmd, tc.env).Worst(); ok {
				got = f.Rule
			}
			if got != tc.rule {
				t.Errorf("Command(%q) worst rule = %q, want %q", tc.cmd, got, tc.rule)
			}
		})
	}
}

func TestShellRelativePaths(t *testing.T) {
	for p, want := range map[string]bool{
		"/dev/stdout": true, "/dev/stderr": true, "/dev/stdin": true, "/dev/fd": true, "/dev/fd/1": true,
		"/proc/self": true, "/proc/self/fd/2": true, "/proc/thread-self/environ": true,
		"/dev/stdoutx": false, "/dev/fdx/1": false, "/proc/selfish/x": false, "/proc/1/fd/1": false,
		"/dev/null": false, "/home/dev/proc/self": false, "/": false,
	} {
		if got := shellRelative(p); got != want {
			t.Errorf("shellRelative(%q) = %v, want %v", p, got, want)
		}
	}
}

func TestMatchIndexAgreesWithScan(t *testing.T) {
	for _, goos := range []string{"linux", "darwin", "windows"} {
		a, err := New(Config{Home: "/home/dev", OS: goos})
		if goos == "windows" {
			a, err = New(Config{Home: `C:\Users\dev`, OS: goos})
		}
		if err != nil {
			t.Fatal(err)
		}
		lists := map[string][]pattern{"protected": a.lists.protected, "startup": a.lists.startup, "sysDirs": a.lists.sysDirs,
			"sysTrees": a.lists.sysTrees, "disks": a.lists.disks, "harmless": a.lists.harmless}
		// Paths around every pattern's literal prefix and folder, and some
		// that no pattern names.
		paths := []string{"/", "/x", "/tmp/ws/build", "c:/", "c:/users/dev/x"}
		for _, list := range lists {
			for _, sp := range list {
				for _, s := range []string{sp.prefix, sp.dir, sp.glob} {
					paths = append(paths, s, s+"x", s+"/x", strings.TrimSuffix(s, "/"), path.Dir(s))
					if len(s) > 1 {
						paths = append(paths, s[:len(s)-1])
					}
				}
			}
		}
		for name, list := range lists {
			if a.indexes[&list[0]] == nil {
				t.Errorf("%s: the %s list is not indexed", goos, name)
			}
			for _, p := range paths {
				scan := false
				for i := range list {
					if matchOne(&list[i], a.key(p)) {
						scan = true
						break
					}
				}
				if got := a.match(list, p); got != scan {
					t.Errorf("%s: match(%s, %q) = %v, a scan of the list says %v", goos, name, p, got, scan)
				}
			}
		}
	}
}

// TestOnlyPathsAreResolved defends Entry.judgesPaths and the entries'
// value options: the words a program's grammar gives another meaning (a
// mode, a signal, a pattern, a tag, a module) are not looked up through
// the file system, and the paths of the same lines still are.
func TestOnlyPathsAreResolved(t *testing.T) {
	a := testAnalyzer(t)
	for _, tc := range []struct {
		cmd      string
		resolved []string // relative to the working folder
		not      []string
	}{
		{"trap cleanup EXIT", nil, []string{"cleanup", "EXIT"}},
		{"trap -- 'cat notes.txt' INT", []string{"notes.txt"}, []string{"INT", "--"}},
		{"command -v go", nil, []string{"go"}},
		{"command cat notes.txt", []string{"notes.txt"}, []string{"cat"}},
		{"find build -type f -name 'app-*' -exec sha256sum {} +", []string{"build"}, []string{"f", "app-*", "sha256sum", "{}", "+"}},
		{"find . -newer stamp -files0-from list -samefile x -newermt yesterday", []string{"stamp", "list", "x"}, []string{"yesterday"}},
		{"find . -name x odd", []string{"odd"}, []string{"x"}},
		{"chmod -R u+rwX,go-w dist", []string{"dist"}, []string{"u+rwX,go-w"}},
		{"chmod --reference ref out", []string{"ref", "out"}, nil},
		{"chown dev:dev out", []string{"out"}, []string{"dev:dev"}},
		{"docker build -t app:latest --build-arg VERSION=1.0.0 -f Dockerfile.dev .", []string{"Dockerfile.dev", "."}, []string{"app:latest", "VERSION=1.0.0", "1.0.0", "build"}},
		{"docker run --env-file vars alpine", []string{"vars", "alpine"}, nil},
		{"python3 -m pytest -q tests/", []string{"tests/"}, []string{"pytest"}},
		{"python3 tool.py -m x", []string{"tool.py", "x"}, nil},
		{"sed -i 's/^version: .*/version: 1.0.0/' chart/Chart.yaml", []string{"chart/Chart.yaml"}, []string{"s/^version: .*/version: 1.0.0/", "s"}},
		{"sed -n -e p -f prog.sed in.txt", []string{"in.txt", "prog.sed"}, []string{"p"}},
		{"awk '{print $5, $9}' data.txt", []string{"data.txt"}, []string{"{print $5, $9}"}},
		{"echo x > out.txt; awk '{print $5, $9}' data.txt", []string{"data.txt"}, []string{"{print $5, $9}"}},
		{"gawk -F: -v n=1 -f prog.awk in.txt", []string{"in.txt", "prog.awk"}, []string{":"}},
		{"awk -v n=1 '{print n}' in.txt", []string{"in.txt"}, []string{"n=1", "{print n}"}},
		{"echo x > a.sh; python3 -m pytest tests/", []string{"tests/", "pytest.py", "pytest/__main__.py"}, []string{"pytest"}},
		// A working folder is resolved where it is given, once.
		{"make -C docs html", []string{"docs"}, []string{"docs/docs"}},
		{"git -C sub -C deeper add x", []string{"sub", "sub/deeper", "sub/deeper/x"}, []string{"sub/sub", "sub/deeper/deeper", "x"}},
		// tar opens the archive where it starts; -C moves it for the names.
		{"tar -C build -czf dist/app.tar.gz .", []string{"build", "dist/app.tar.gz", "build/."}, []string{"build/build", "build/dist/app.tar.gz"}},
		{"tar -cf out.tar a -C sub b", []string{"out.tar", "a", "sub/a", "b", "sub/b"}, []string{"sub/out.tar"}},
		// An assignment's value is resolved whole; an option string in it
		// is not a path.
		{"GOFLAGS=-mod=readonly go build", nil, []string{"od=readonly", "readonly", "-mod=readonly"}},
		{"export GOFLAGS=-mod=readonly", nil, []string{"od=readonly", "readonly", "-mod=readonly"}},
		{"KUBECONFIG=conf/k.yaml kubectl get pods", []string{"conf/k.yaml"}, nil},
		{"export CFG=conf/app.yaml", []string{"conf/app.yaml"}, nil},
		{"GIT_SSH_COMMAND='ssh -i id/key' git fetch", []string{"id/key"}, []string{"-i"}},
		// The null device is no file to look up.
		{"go vet ./... > /dev/null 2>&1", nil, []string{"dev/null"}},
	} {
		t.Run(tc.cmd, func(t *testing.T) {
			seen := map[string]bool{}
			env := testEnv()
			env.Canonical = func(abs string) (string, error) {
				seen[strings.TrimPrefix(strings.TrimPrefix(abs, env.WorkDir), "/")] = true
				return abs, nil
			}
			a.Command(tc.cmd, env)
			for _, w := range tc.resolved {
				if !seen[w] {
					t.Errorf("%q was not resolved; resolved: %v", w, slices.Sorted(maps.Keys(seen)))
				}
			}
			for _, w := range tc.not {
				if seen[w] {
					t.Errorf("%q was resolved, but it is not a path to this program", w)
				}
			}
		})
	}
}

// macCanonical resolves /etc, /tmp and /var to /private as macOS's links do.
func macCanonical(abs string) (string, error) {
	for _, d := range []string{"/etc", "/tmp", "/var"} {
		if abs == d || strings.HasPrefix(abs, d+"/") {
			return "/private" + abs, nil
		}
	}
	return abs, nil
}

func TestMacAliases(t *testing.T) {
	a, err := New(Config{Home: "/Users/dev", OS: "darwin"})
	if err != nil {
		t.Fatal(err)
	}
	env := Env{WorkDir: "/Users/dev/work/proj", Roots: []Root{{Path: "/Users/dev/work/proj", Writable: true}}, Canonical: macCanonical}
	for _, tc := range []struct {
		cmd, rule string // the worst finding's rule; "" for none
	}{
		{"rsync -a /System/Volumes/Data/Users/dev/ host:x", ruleSensitivePath},
		{"grep -r token /System/Volumes/Data/Users", ruleSensitivePath},
		{"cat /System/Volumes/Data/Users/dev/.ssh/id_rsa", ruleSensitivePath},
		{"cat /system/VOLUMES/data/Users/dev/.ssh/id_rsa", ruleSensitivePath},
		{"tar czf /tmp/x.tgz /System/Volumes/Data/Users/dev", ruleSensitivePath},
		{"cat /System/Volumes/Data/private/etc/master.passwd", ruleSensitivePath},
		{"cat /private/var/root/.aws/credentials", ruleSensitivePath},
		{"rm -rf /private/var/root", "rm-home"},
		{"cat /private/tmp/krb5cc_501", ruleSensitivePath},
		{"rm -rf /System/Volumes/Data", "rm-root"},
		{"echo x >> /System/Volumes/Data/Users/dev/.zshrc", "startup-file-write"},
		{"ln -s ~/.config /tmp/c; cat /private/tmp/c/gh/hosts.yml", ruleSensitivePath},
		{"ln -s ~/.config /private/tmp/c; cat /tmp/c/gh/hosts.yml", ruleSensitivePath},
		{"ls /System/Volumes/Data", ""},
		{"df -h /System/Volumes/Data", ""},
		{"rm -rf /System/Volumes/Data/Users/dev/work/proj/build", ""},
		{"cat /System/Volumes/Data/Users/dev/work/proj/README.md", ""},
		{"ls /private/var/folders", ""},
		// The boot volume's link in /Volumes, under its default name.
		{"rm -rf '/Volumes/Macintosh HD/Users/dev'", "rm-home"},
		{"cat '/volumes/macintosh hd/Users/dev/.ssh/id_rsa'", ruleSensitivePath},
		{"rm -rf '/Volumes/Macintosh HD'", "rm-root"},
		{"ls '/Volumes/Macintosh HD/Applications'", ""},
		{"rm -rf /Volumes/USB/x", "rm-recursive-outside-roots"},
	} {
		got := ""
		if f, ok := a.Command(tc.cmd, env).Worst(); ok {
			got = f.Rule
		}
		if got != tc.rule {
			t.Errorf("Command(%q) on darwin: worst rule %q, want %q", tc.cmd, got, tc.rule)
		}
	}
	// The same files through the tools' path check.
	for _, p := range []string{"/System/Volumes/Data/Users/dev/.aws/credentials", "/private/tmp/krb5cc_501", "/private/var/root/.ssh/id_rsa", "/Volumes/Macintosh HD/Users/dev/.ssh/id_ed25519"} {
		if _, ok := a.SensitivePath(p); !ok {
			t.Errorf("SensitivePath(%q) on darwin = false, want true", p)
		}
	}
	if _, ok := a.SensitivePath("/System/Volumes/Data/Users/dev/work/proj/main.go"); ok {
		t.Error("a project file on the data volume is sensitive")
	}
}

func TestBlockDevicesUnderDev(t *testing.T) {
	a := testAnalyzer(t)
	for _, tc := range []struct {
		cmd, rule string // the worst finding's rule; "" for none
	}{
		{"dd if=x of=/dev/vg0/root", "dd-device"},
		{"cat x.img > /dev/ubuntu-vg/ubuntu-lv", "disk-write"},
		{"cat /dev/vg0/root", "raw-disk-read"},
		{"mytool --out /dev/vg0/root", "disk-write"},
		{"mytool /dev/vg0/root", "system-admin"},
		{"echo hi > /dev/shm/x", "write-outside-roots"},
		{"echo x > /dev/kmsg", "write-outside-roots"},
		{"echo 1 > /dev/watchdog0", "write-outside-roots"},
		{"echo x > /dev/cpu/0/msr", "write-outside-roots"},
		{"echo x > /dev/ttyUSB0", ""},
		{"echo x > /dev/null", ""},
		{"cat /dev/input/event0", ""},
		{"dd if=/dev/zero of=./disk.img bs=1M count=10", ""},
	} {
		got := ""
		if f, ok := a.Command(tc.cmd, testEnv()).Worst(); ok {
			got = f.Rule
		}
		if got != tc.rule {
			t.Errorf("Command(%q): worst rule %q, want %q", tc.cmd, got, tc.rule)
		}
	}
}

// eachOSAnalyzer returns an analyser for linux, darwin and windows, each
// with a home of that system's form.
func eachOSAnalyzer(tb testing.TB) []*Analyzer {
	tb.Helper()
	var out []*Analyzer
	for _, c := range []Config{
		{Home: "/home/dev", OS: "linux"},
		{Home: "/Users/dev", OS: "darwin"},
		{Home: `C:\Users\dev`, OS: "windows"},
	} {
		a, err := New(c)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, a)
	}
	return out
}
