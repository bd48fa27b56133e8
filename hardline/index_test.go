package hardline

import (
	"fmt"
	"testing"
)

// linearFirst is what patternIndex.first must return: the first pattern
// of the list, tried in order, that matches p.
func linearFirst(list []pattern, p string) (int, bool) {
	for i := range list {
		if matchOne(&list[i], p) {
			return i, true
		}
	}
	return 0, false
}

// indexPatterns mixes patterns with a whole first component, patterns
// without one, and patterns whose folder is a top-level name.
var indexPatterns = []string{
	"**/.env", "/ho*/secret", "/etc/**", "/e", "/[e]tc/x", "~/x/**", "/etc", "/proc/*/environ",
	"/home/dev/.ssh/**", "/var/home/dev/.aws/**", "/home", "/h?me/dev/y", "/{etc,var}/z",
}

var indexPaths = []string{
	"/", "/e", "/etc", "/etc/", "/etc/shadow", "/etc/x", "/ho", "/home", "/home/secret", "/hoo/secret",
	"/home/dev", "/home/dev/.ssh", "/home/dev/.ssh/id_rsa", "/home/dev/x/y", "/home/dev/.env",
	"/var/home/dev/.aws/credentials", "/var/z", "/tmp/ws/src/main.go", "/proc/1/environ", "/hme/dev/y",
	"/home/dev/y", "c:/users/dev/.ssh/id_rsa", "", "//etc/shadow", "/etc//x", "/etc/ssh/ssh_host_rsa_key",
	"/etc/ssh/ssh_host_rsa_keyx", "/home/dev/.sshx/y", "/etc/shadowx", "/proc/self/task/1/environ",
}

func TestPatternIndexAgreesWithAScanInOrder(t *testing.T) {
	for _, c := range []Config{
		{Home: "/home/dev", OS: "linux", SensitivePaths: indexPatterns},
		{Home: "/Users/dev", OS: "darwin", SensitivePaths: indexPatterns},
		{Home: `C:\Users\dev`, OS: "windows"},
	} {
		a, err := New(c)
		if err != nil {
			t.Fatal(err)
		}
		for _, list := range []struct {
			name string
			ps   []pattern
			x    *patternIndex
		}{{"sensitive", a.sensitive, &a.sensIndex}, {"home-relative", a.homeRel, &a.homeRelIndex}} {
			paths := append([]string{}, indexPaths...)
			for _, sp := range list.ps {
				paths = append(paths, sp.dir, sp.glob, sp.prefix, sp.dir+"/x")
			}
			for _, p := range paths {
				p = a.key(p)
				t.Run(fmt.Sprintf("%s %s %q", c.OS, list.name, p), func(t *testing.T) {
					wi, wok := linearFirst(list.ps, p)
					gi, gok := list.x.first(list.ps, p)
					if gi != wi || gok != wok {
						t.Errorf("first(%q) = %d, %v; a scan in order finds %d, %v", p, gi, gok, wi, wok)
					}
				})
			}
		}
	}
}

func FuzzPatternIndex(f *testing.F) {
	for _, p := range indexPaths {
		f.Add("/etc/**", p)
		f.Add("/h*/dev/**", p)
	}
	f.Fuzz(func(t *testing.T, extra, p string) {
		if len(extra) > 256 || len(p) > 512 {
			return
		}
		a, err := New(Config{Home: "/home/dev", OS: "linux", SensitivePaths: append([]string{extra}, indexPatterns...)})
		if err != nil {
			return // the extra pattern is invalid
		}
		p = a.key(p)
		wi, wok := linearFirst(a.sensitive, p)
		if gi, gok := a.sensIndex.first(a.sensitive, p); gi != wi || gok != wok {
			t.Errorf("first(%q) with %q = %d, %v; a scan in order finds %d, %v", p, extra, gi, gok, wi, wok)
		}
	})
}
