//go:build unix

package roots

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCanonicalMemo(t *testing.T) {
	dir := makeTree(t, resolveTree...)
	sys := &countingSys{}
	s := resolveSet(t, dir, withPlatform(platform{}, sys))
	// Each step resolves path with the memo shared by the steps before it,
	// as the lookups of one call share it.
	memo := &Memo{}
	for _, tc := range []struct {
		name, path, want string
		lookups, budget  int
	}{
		{name: "a first path looks up each name", path: "a/b/c", want: "$T/ws/a/b/c", lookups: 3, budget: 3},
		{name: "a path through folders already seen needs no lookup", path: "./a/b/", want: "$T/ws/a/b", lookups: 0, budget: 2},
		{name: "only the new names are looked up", path: "a/b/c/new", want: "$T/ws/a/b/c/new", lookups: 1, budget: 4},
		{name: "below a name seen missing nothing is looked up", path: "a/b/c/new/deeper/file", want: "$T/ws/a/b/c/new/deeper/file", lookups: 0, budget: 4},
		{name: "a link read once is followed from the memo", path: "to-ro/doc", want: "$T/ws/ro/doc", lookups: 4, budget: 4},
		{name: "the same link again costs no lookup", path: "to-ro", want: "$T/ws/ro", lookups: 0, budget: 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sys.n = 0
			b := &Budget{}
			got, err := s.CanonicalMemo(tc.path, b, memo)
			if err != nil {
				t.Fatal(err)
			}
			if want := strings.ReplaceAll(tc.want, "$T", dir); got != want {
				t.Errorf("CanonicalMemo(%q) = %q, want %q", tc.path, got, want)
			}
			if sys.n != tc.lookups {
				t.Errorf("CanonicalMemo(%q) made %d lookups, want %d", tc.path, sys.n, tc.lookups)
			}
			if b.Used() != tc.budget {
				t.Errorf("CanonicalMemo(%q) took %d of the budget, want %d (as without a memo)", tc.path, b.Used(), tc.budget)
			}
		})
	}
	t.Run("a remembered answer still takes the budget and fails when it is used up", func(t *testing.T) {
		m := &Memo{}
		if _, err := s.CanonicalMemo("a/b/c", nil, m); err != nil {
			t.Fatal(err)
		}
		if _, err := s.CanonicalMemo("a/b/c", &Budget{Max: 2}, m); !errors.Is(err, ErrBudget) {
			t.Errorf("error = %v, want ErrBudget", err)
		}
	})
	t.Run("a new memo sees a change a previous memo did not", func(t *testing.T) {
		m := &Memo{}
		if got, err := s.CanonicalMemo("later", nil, m); err != nil || got != dir+"/ws/later" {
			t.Fatalf("CanonicalMemo(later) = %q, %v", got, err)
		}
		if err := os.Symlink(filepath.Join(dir, "outside"), filepath.Join(dir, "ws", "later")); err != nil {
			t.Fatal(err)
		}
		if got, _ := s.CanonicalMemo("later", nil, m); got != dir+"/ws/later" {
			t.Errorf("the same memo answered %q, want its first answer", got)
		}
		if got, _ := s.CanonicalMemo("later", nil, &Memo{}); got != dir+"/outside" {
			t.Errorf("a new memo answered %q, want the link followed to %q", got, dir+"/outside")
		}
	})
	t.Run("a nil memo resolves as CanonicalBudget", func(t *testing.T) {
		got, err := s.CanonicalMemo("to-docs/readme", nil, nil)
		want, werr := s.CanonicalBudget("to-docs/readme", nil)
		if got != want || (err == nil) != (werr == nil) {
			t.Errorf("CanonicalMemo = %q, %v; CanonicalBudget = %q, %v", got, err, want, werr)
		}
	})
	t.Run("a memo used with another set forgets the first set's answers", func(t *testing.T) {
		m := &Memo{}
		if _, err := s.CanonicalMemo("a", nil, m); err != nil {
			t.Fatal(err)
		}
		other := &countingSys{}
		s2 := resolveSet(t, dir, withPlatform(platform{}, other))
		other.n = 0 // NewSet's own lookups of the roots
		if _, err := s2.CanonicalMemo("a", nil, m); err != nil {
			t.Fatal(err)
		}
		if other.n != 1 {
			t.Errorf("the second set made %d lookups, want 1", other.n)
		}
	})
}
