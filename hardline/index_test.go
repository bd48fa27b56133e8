package hardline

import (
	"fmt"
	"path"
	"slices"
	"strings"
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

// TestHoldsPatternAgreesWithAScan checks the folder index that
// judgeWriteTree uses against a scan of the whole list, for every
// operating system's comparison form and for the folders of the patterns,
// their parents and the paths above.
func TestHoldsPatternAgreesWithAScan(t *testing.T) {
	for _, a := range eachOSAnalyzer(t) {
		found := 0
		for _, list := range [][]pattern{a.lists.protected, a.lists.startup, a.lists.sysDirs} {
			paths := append([]string{"/", "/private", "/private/etc", "/System/Volumes/Data/etc", "C:/", "c:/windows", "/Users/Dev", "C:/USERS/DEV"}, indexPaths...)
			for _, sp := range list {
				for d := sp.dir; d != "" && d != "."; d = path.Dir(d) {
					paths = append(paths, d, d+"/", strings.ToUpper(d))
					if d == "/" || path.Dir(d) == d {
						break
					}
				}
			}
			for _, p := range paths {
				want, wok := a.holdsPatternScan(list, p)
				got, gok := a.holdsPattern(list, p)
				if gok != wok || gok && got != want {
					t.Errorf("%s: holdsPattern(%q) = %v, %v; a scan finds %v, %v", a.goos, p, got, gok, want, wok)
				}
				if gok {
					found++
				}
			}
		}
		if found == 0 {
			t.Errorf("%s: no folder held a pattern: the test proves nothing", a.goos)
		}
	}
}

// TestFirstInsideNeighbours puts beside a folder the names that sort
// just before and after its slash ("/a.b", "/a-b", "/a0") so that a search
// starting or stopping in the wrong place misses or over-reaches.
func TestFirstInsideNeighbours(t *testing.T) {
	keys := []string{"/a/c", "/a.b", "/a-b", "/a0", "/a", "/a/", "/a/c/d", "/b", "/", "/a.b/c", "/a/-", "/a/.x"}
	var x patternIndex
	for i, k := range keys {
		x.dirs = append(x.dirs, keyedDir{k, i})
	}
	slices.SortFunc(x.dirs, func(p, q keyedDir) int { return strings.Compare(p.key, q.key) })
	for _, kp := range []string{"/", "/a", "/a/", "/a.b", "/a/c", "/b", "/a-", "/c", "/a/c/d"} {
		want := -1
		for i, k := range keys {
			if prefixSlash(k, strings.TrimSuffix(kp, "/")) && k != kp {
				want = i
				break
			}
		}
		got, ok := x.firstInside(kp)
		if !ok {
			got = -1
		}
		if got != want {
			t.Errorf("firstInside(%q) = %d, want %d", kp, got, want)
		}
	}
}

// TestHoldsSensitiveAgreesWithAScan checks holdsSensitive's sorted search
// against a scan of the sensitive lists in order, for every folder above a
// pattern's prefix, in each operating system's form, and for the folders
// beside them that sort just before and after a slash.
func TestHoldsSensitiveAgreesWithAScan(t *testing.T) {
	scan := func(pats []pattern, dir string) (string, bool) {
		dir = strings.TrimSuffix(dir, "/")
		for i := range pats {
			if pre := pats[i].prefix; pre != "" && prefixSlash(pre, dir) {
				return pats[i].source, true
			}
		}
		return "", false
	}
	for _, a := range eachOSAnalyzer(t) {
		r := &run{a: a}
		paths := []string{"/", "/home", "/home/dev", "/home/other", "/root", "/Users/Dev", "C:/", "C:/Users/dev", "/etc", "/home/dev/work/proj", "/private/etc"}
		for _, list := range [][]pattern{a.sensitive, a.homeRel} {
			for _, sp := range list {
				for d := sp.prefix; d != "" && d != "."; d = path.Dir(d) {
					paths = append(paths, d, d+"/", d+".", d+"-", d+"0", strings.ToUpper(d))
					if d == "/" || path.Dir(d) == d {
						break
					}
				}
			}
		}
		found := 0
		for _, p := range paths {
			k := a.key(p)
			want, wok := scan(a.sensitive, k)
			if !wok {
				if rest, ok := a.otherHomeRest(k); ok {
					want, wok = scan(a.homeRel, rest)
				}
			}
			got, gok := r.holdsSensitive(p)
			if gok != wok || got != want {
				t.Errorf("%s: holdsSensitive(%q) = %q, %v; a scan finds %q, %v", a.goos, p, got, gok, want, wok)
			}
			if gok {
				found++
			}
		}
		if found < 10 {
			t.Errorf("%s: %d folders held a pattern: the test proves little", a.goos, found)
		}
	}
}
