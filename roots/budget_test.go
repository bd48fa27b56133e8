//go:build unix

package roots

import (
	"errors"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// countingSys counts the lookups of the real file system.
type countingSys struct {
	mu sync.Mutex
	n  int
}

func (c *countingSys) count() {
	c.mu.Lock()
	c.n++
	c.mu.Unlock()
}

func (c *countingSys) lstat(name string) (kind, error) {
	c.count()
	return osSys{}.lstat(name)
}

func (c *countingSys) readlink(name string) (string, error) {
	c.count()
	return osSys{}.readlink(name)
}

func (c *countingSys) longName(name string) (string, error) { return name, nil }

func TestResolveStartsAtTheCanonicalRoot(t *testing.T) {
	dir := makeTree(t, resolveTree...)
	sys := &countingSys{}
	s := resolveSet(t, dir, withPlatform(platform{}, sys))
	depth := strings.Count(dir, "/")
	for _, tc := range []struct {
		name, path, want, root string
		lookups                int
		err                    error
	}{
		{name: "a path under a root looks up only the names below the root", path: "$T/ws/a/b/c", want: "$T/ws/a/b/c", root: "ws", lookups: 3},
		{name: "a relative path looks up only the names below the primary root", path: "a/b", want: "$T/ws/a/b", root: "ws", lookups: 2},
		{name: "the most specific root is the starting point", path: "$T/ws/ro/doc", want: "$T/ws/ro/doc", root: "ro", lookups: 1},
		{name: "the root itself needs no lookup", path: "$T/ws", want: "$T/ws", root: "ws", lookups: 0},
		{name: "a sibling sharing the root's prefix is walked from the top", path: "$T/ws2/secret", want: "$T/ws2/secret", lookups: depth + 2, err: ErrOutsideRoots},
		{name: "a path spelled through the root's link is walked from the top", path: "$T/wslink/file", want: "$T/ws/file", root: "ws", lookups: depth + 4},
		{name: "a dot-dot after the root climbs out of it", path: "$T/ws/../outside/secret", want: "$T/outside/secret", lookups: 2, err: ErrOutsideRoots},
		{name: "a dot-dot from a nested root lands in its parent root", path: "$T/ws/ro/../file", want: "$T/ws/file", root: "ws", lookups: 1},
		{name: "a link below the root that points out leaves it", path: "$T/ws/rel-out/secret", want: "$T/outside/secret", lookups: 4, err: ErrOutsideRoots},
		{name: "a link below the root to an absolute path leaves it", path: "$T/ws/out/secret", want: "$T/outside/secret", lookups: depth + 4, err: ErrOutsideRoots},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sys.n = 0
			p := strings.ReplaceAll(tc.path, "$T", dir)
			got, err := s.Resolve(p)
			if !errors.Is(err, tc.err) || (tc.err == nil) != (err == nil) {
				t.Fatalf("Resolve(%q) error = %v, want %v", p, err, tc.err)
			}
			if want := strings.ReplaceAll(tc.want, "$T", dir); got.Resolved != want || got.Root.ID != tc.root {
				t.Errorf("Resolve(%q) = %q in %q, want %q in %q", p, got.Resolved, got.Root.ID, want, tc.root)
			}
			if sys.n != tc.lookups {
				t.Errorf("Resolve(%q) made %d lookups, want %d", p, sys.n, tc.lookups)
			}
		})
	}
}

func TestBudget(t *testing.T) {
	dir := makeTree(t, resolveTree...)
	s := resolveSet(t, dir)
	t.Run("a zero budget allows DefaultLookups", func(t *testing.T) {
		var b Budget
		if _, err := s.ResolveBudget("a/b/c", &b); err != nil {
			t.Fatal(err)
		}
		if b.Used() != 3 {
			t.Errorf("Used() = %d, want 3", b.Used())
		}
		b.used.Store(DefaultLookups - 1)
		if _, err := s.ResolveBudget("a", &b); err != nil {
			t.Errorf("the last lookup of a zero budget failed: %v", err)
		}
		if _, err := s.ResolveBudget("a", &b); !errors.Is(err, ErrBudget) {
			t.Errorf("lookup %d of a zero budget: error = %v, want ErrBudget", DefaultLookups+1, err)
		}
	})
	t.Run("one budget is shared by every path of a call", func(t *testing.T) {
		b := &Budget{Max: 5}
		if _, err := s.ResolveBudget("a/b/c", b); err != nil {
			t.Fatal(err)
		}
		if _, err := s.ResolveBudget("a/b", b); err != nil {
			t.Fatal(err)
		}
		_, err := s.ResolveBudget("a", b)
		var pe *PathError
		if !errors.Is(err, ErrBudget) || !errors.Is(err, ErrUnresolvable) || !errors.As(err, &pe) || pe.Path != "a" {
			t.Fatalf("sixth lookup: error = %v, want a *PathError for \"a\" matching ErrBudget and ErrUnresolvable", err)
		}
		if !strings.Contains(err.Error(), "more than 5 lookups") {
			t.Errorf("error %q does not name the budget", err)
		}
	})
	t.Run("following a link counts a lookup", func(t *testing.T) {
		b := &Budget{Max: 2}
		if _, err := s.CanonicalBudget("chain1", b); !errors.Is(err, ErrBudget) {
			t.Errorf("CanonicalBudget(chain1) with 2 lookups: error = %v, want ErrBudget", err)
		}
		b = &Budget{Max: 1}
		if _, err := s.CanonicalBudget("loop1", b); !errors.Is(err, ErrBudget) {
			t.Errorf("CanonicalBudget(loop1) with 1 lookup: error = %v, want ErrBudget", err)
		}
	})
	t.Run("a link loop stops at the budget, not at the link limit", func(t *testing.T) {
		b := &Budget{Max: 100}
		_, err := s.ResolveBudget("loop1", b)
		if !errors.Is(err, ErrBudget) || errors.Is(err, ErrLinkLoop) {
			t.Errorf("ResolveBudget(loop1) = %v, want ErrBudget first", err)
		}
	})
	t.Run("a nil budget is unbounded", func(t *testing.T) {
		for range 3 {
			if _, err := s.ResolveBudget("a/b/c", nil); err != nil {
				t.Fatal(err)
			}
		}
	})
	t.Run("a path multiplied through links costs its budget, not minutes", func(t *testing.T) {
		// Every name x is a link to ".", so each name costs a lookup
		// and a readlink until the budget stops it.
		d := makeTree(t, "d ws", "l ws/x -> .")
		s, err := NewSet([]Root{{ID: "ws", Path: filepath.Join(d, "ws"), Access: Read, Primary: true, Source: Workspace}}, WithMaxLinks(1<<20))
		if err != nil {
			t.Fatal(err)
		}
		b := &Budget{}
		p := strings.Repeat("x/", 8000)
		if _, err := s.ResolveBudget(p, b); !errors.Is(err, ErrBudget) {
			t.Fatalf("error = %v, want ErrBudget", err)
		}
		if b.Used() != DefaultLookups+1 {
			t.Errorf("Used() = %d, want %d", b.Used(), DefaultLookups+1)
		}
	})
}

// A clean path whose names the memo knows resolves without building a
// string per name: each is a slice of the path given.
func TestCanonicalMemoAllocations(t *testing.T) {
	dir := makeTree(t, resolveTree...)
	s := resolveSet(t, dir)
	var m Memo
	for _, p := range []string{"$T/ws/a/b/c", "$T/ws/a/b/c/missing/deeper/deepest", "$T/ws/file"} {
		p = strings.ReplaceAll(p, "$T", dir)
		if _, err := s.CanonicalMemo(p, nil, &m); err != nil {
			t.Fatal(err)
		}
		if n := testing.AllocsPerRun(10, func() { s.CanonicalMemo(p, nil, &m) }); n != 0 {
			t.Errorf("CanonicalMemo(%q) makes %v allocations, want 0", p, n)
		}
	}
}
