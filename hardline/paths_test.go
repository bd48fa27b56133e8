package hardline

import (
	"os"
	"path/filepath"
	"runtime"
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
