package roots

import (
	"errors"
	"os"
	"path"
	"path/filepath"
	"slices"
	"testing"
)

func TestGlobLinks(t *testing.T) {
	dir, outside := t.TempDir(), t.TempDir()
	mustOK(t, os.MkdirAll(filepath.Join(dir, "a"), 0o755))
	mustOK(t, os.WriteFile(filepath.Join(dir, "a", "x"), nil, 0o644))
	mustOK(t, os.WriteFile(filepath.Join(dir, "f"), nil, 0o644))
	mustOK(t, os.WriteFile(filepath.Join(outside, "x"), nil, 0o644))
	if err := os.Symlink(outside, filepath.Join(dir, "b")); err != nil {
		t.Skipf("symbolic links cannot be made here: %v", err)
	}
	mustOK(t, os.Symlink(outside, filepath.Join(dir, ".hidden")))
	mustOK(t, os.Symlink(filepath.Join(outside, "x"), filepath.Join(dir, "lf")))
	d := filepath.ToSlash(dir)
	for _, c := range []struct {
		pattern string
		want    []string
	}{
		{d + "/*", []string{d + "/b", d + "/lf"}}, // links only; no dot names
		{d + "/.*", []string{d + "/.hidden"}},     // a dot pattern matches dot names, not . or ..
		{d + "/*/x", []string{d + "/b/x"}},        // below a matched link; a/x is no link's
		{d + "/*/missing", nil},                   // names that do not exist are not matches
		{d + "/[b]", []string{d + "/b"}},          // brackets
		{d + "/?f", []string{d + "/lf"}},          // ?
		{d + "/b/*", nil},                         // a link named literally is the pattern's own reading
		{d + "/nothere/*", nil},                   // a folder that cannot be listed matches nothing
		{d + "/a", nil},                           // no pattern
		// ".." after a matched link climbs from the link's target: it
		// stays as written, for the file system (and Canonical) to apply.
		// (lf/.. is no folder: a link to a file has no parent through it).
		{d + "/*/..", []string{d + "/b/.."}},
		{d + "/*/../" + path.Base(d), []string{d + "/b/../" + path.Base(d)}}, // outside's parent holds d, not d itself
		{d + "/*/../x", nil},                                                 // outside's parent holds no x
		{d + "/./*//x", []string{d + "/b/x"}},                                // empty and "." components go
		{d + "/a/../*", []string{d + "/a/../b", d + "/a/../lf"}},
	} {
		got, err := GlobLinks(c.pattern, GlobOptions{MaxDirs: 8, MaxEntries: 8, MaxMatches: 8})
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("GlobLinks(%q) = %q, %v; want %q", c.pattern, got, err, c.want)
		}
	}
	// A pattern that lexical cleaning would remove whole (*/../..).
	if got, err := GlobLinks(d+"/*/../..", GlobOptions{MaxDirs: 8, MaxEntries: 8, MaxMatches: 8}); err != nil || !slices.Equal(got, []string{d + "/b/../.."}) {
		t.Errorf("GlobLinks(*/../..) = %q, %v; want [b/../..]", got, err)
	}
	// d, a, b and lf are listed for */*; the file f is not (it holds no names).
	if got, err := GlobLinks(d+"/*/*", GlobOptions{MaxDirs: 4, MaxEntries: 8, MaxMatches: 8}); err != nil || !slices.Equal(got, []string{d + "/b/x"}) {
		t.Errorf("GlobLinks(*/*) with a bound of four folders = %q, %v; want [b/x]", got, err)
	}
	if _, err := GlobLinks(d+"/*/*", GlobOptions{MaxDirs: 1, MaxEntries: 8, MaxMatches: 8}); !errors.Is(err, ErrGlobBound) {
		t.Errorf("listing two folders with a bound of one: err = %v, want ErrGlobBound", err)
	}
	if _, err := GlobLinks(d+"/*", GlobOptions{MaxDirs: 8, MaxEntries: 8, MaxMatches: 1}); !errors.Is(err, ErrGlobBound) {
		t.Errorf("two links with a bound of one: err = %v, want ErrGlobBound", err)
	}
	if _, err := GlobLinks("rel/*", GlobOptions{MaxDirs: 8, MaxEntries: 8, MaxMatches: 8}); err == nil {
		t.Error("a relative pattern: want an error")
	}
	// dotglob: * matches .hidden too, never . or ..
	if got, err := GlobLinks(d+"/*", GlobOptions{DotGlob: true, MaxDirs: 8, MaxEntries: 8, MaxMatches: 8}); err != nil || !slices.Equal(got, []string{d + "/.hidden", d + "/b", d + "/lf"}) {
		t.Errorf("GlobLinks(*) with dotglob = %q, %v; want .hidden, b and lf", got, err)
	}
	// d holds five entries (a, b, f, lf, .hidden): a bound of four is passed.
	if _, err := GlobLinks(d+"/*", GlobOptions{MaxDirs: 8, MaxEntries: 4, MaxMatches: 8}); !errors.Is(err, ErrGlobBound) {
		t.Errorf("five entries with a bound of four: err = %v, want ErrGlobBound", err)
	}
	if _, err := GlobLinks(d+"/*", GlobOptions{MaxDirs: 8, MaxEntries: 5, MaxMatches: 8}); err != nil {
		t.Errorf("five entries with a bound of five: err = %v", err)
	}
	// A bracket class is not read: the caller must not take "no links".
	for _, p := range []string{d + "/[[:alpha:]]", d + "/[[=b=]]", d + "/[[.b.]]"} {
		if _, err := GlobLinks(p, GlobOptions{MaxDirs: 8, MaxEntries: 8, MaxMatches: 8}); err == nil {
			t.Errorf("GlobLinks(%q): want an error", p)
		}
	}
}

// TestGlobLinksMemo checks that a folder the evaluation's memo has seen
// missing is not listed again.
func TestGlobLinksMemo(t *testing.T) {
	dir, outside := t.TempDir(), t.TempDir()
	dir, _ = filepath.EvalSymlinks(dir)
	s, err := NewSet([]Root{{ID: "ws", Path: dir, Access: ReadWrite, Primary: true, Source: Workspace}})
	if err != nil {
		t.Fatal(err)
	}
	var m Memo
	if _, err := s.CanonicalMemo(filepath.Join(dir, "later", "x"), nil, &m); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "later"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(dir, "later", "l")); err != nil {
		t.Skipf("symbolic links cannot be made here: %v", err)
	}
	pat := filepath.ToSlash(dir) + "/later/*"
	if got, err := GlobLinks(pat, GlobOptions{MaxDirs: 8, MaxEntries: 8, MaxMatches: 8, Memo: &m}); err != nil || len(got) != 0 {
		t.Errorf("a folder the memo saw missing: %q, %v; want nothing", got, err)
	}
	if got, err := GlobLinks(pat, GlobOptions{MaxDirs: 8, MaxEntries: 8, MaxMatches: 8}); err != nil || len(got) != 1 {
		t.Errorf("without the memo: %q, %v; want the link", got, err)
	}
}

func TestTreeLinks(t *testing.T) {
	dir, outside := t.TempDir(), t.TempDir()
	mustOK(t, os.MkdirAll(filepath.Join(dir, "a", "b", "c"), 0o755))
	mustOK(t, os.MkdirAll(filepath.Join(dir, ".git", "x"), 0o755))
	mustOK(t, os.MkdirAll(filepath.Join(outside, "deep"), 0o755))
	mustOK(t, os.WriteFile(filepath.Join(dir, "a", "f"), nil, 0o644))
	if err := os.Symlink(outside, filepath.Join(dir, "a", "b", "c", "home")); err != nil {
		t.Skipf("symbolic links cannot be made here: %v", err)
	}
	mustOK(t, os.Symlink(filepath.Join(outside, "key"), filepath.Join(dir, ".git", "x", "k"))) // dangling, in a dot folder
	mustOK(t, os.Symlink(filepath.Join(outside, "deep"), filepath.Join(outside, "deep", "loop")))
	d := filepath.ToSlash(dir)
	got, err := TreeLinks(d, GlobOptions{MaxDirs: 16, MaxEntries: 16, MaxMatches: 16})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(got)
	if want := []string{d + "/.git/x/k", d + "/a/b/c/home"}; !slices.Equal(got, want) {
		t.Errorf("TreeLinks = %q, want %q (links below, dot folders included, not followed)", got, want)
	}
	if got, err := TreeLinks(d+"/a/b/c/home", GlobOptions{MaxDirs: 16, MaxEntries: 16, MaxMatches: 16}); err != nil || len(got) != 1 {
		t.Errorf("a tree named through a link is walked where it leads: %q, %v", got, err)
	}
	for name, o := range map[string]GlobOptions{
		"folders": {MaxDirs: 3, MaxEntries: 16, MaxMatches: 16},
		"entries": {MaxDirs: 16, MaxEntries: 1, MaxMatches: 16},
		"links":   {MaxDirs: 16, MaxEntries: 16, MaxMatches: 1},
	} {
		if _, err := TreeLinks(d, o); !errors.Is(err, ErrGlobBound) {
			t.Errorf("past the bound on %s: err %v, want ErrGlobBound", name, err)
		}
	}
	if _, err := TreeLinks("rel/dir", GlobOptions{MaxDirs: 1, MaxEntries: 1, MaxMatches: 1}); err == nil {
		t.Error("a relative folder is refused")
	}
	if got, err := TreeLinks(d+"/missing", GlobOptions{MaxDirs: 4, MaxEntries: 4, MaxMatches: 4}); err != nil || len(got) != 0 {
		t.Errorf("a missing folder holds nothing: %q, %v", got, err)
	}
}

// mustOK stops the test at an error of its set-up.
func mustOK(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
