package hardline

import (
	"slices"
	"strings"
	"testing"
)

// TestGitPathOperands reads the files git's checkout, restore and
// checkout-index name to write: a pathspec, not a revision, a branch or an
// option's value.
func TestGitPathOperands(t *testing.T) {
	for _, c := range []struct {
		sub, args string
		want      []string
	}{
		{"checkout", "main", []string{"main"}}, // a path when no branch has the name
		{"checkout", "evil -- .husky/pre-commit", []string{".husky/pre-commit"}},
		{"checkout", "-- a b", []string{"a", "b"}},
		{"checkout", "evil a b", []string{"a", "b"}},
		{"checkout", "-f evil -- -x", []string{"-x"}},
		{"checkout", "-b feat origin/feat", nil},
		{"checkout", "-B feat", nil},
		{"checkout", "-qb feat origin/feat", nil},
		{"checkout", "--orphan gh-pages", nil},
		{"checkout", "--conflict merge a", []string{"a"}},
		{"checkout", "--pathspec-from-file f", nil},
		{"checkout", "-t origin/feat", nil},
		{"checkout", "--track=direct origin/feat", nil},
		{"checkout", "-ft origin/feat", nil},
		{"checkout", "-f main", []string{"main"}},
		{"restore", "a b", []string{"a", "b"}},
		{"restore", "-s evil a", []string{"a"}},
		{"restore", "-sevil a", []string{"a"}},
		{"restore", "-sStable a", []string{"a"}},
		{"restore", "--source evil a", []string{"a"}},
		{"restore", "--source=evil a", []string{"a"}},
		{"restore", "--staged a", nil},
		{"restore", "-S a", nil},
		{"restore", "--staged --worktree a", []string{"a"}},
		{"restore", "-SW a", []string{"a"}},
		{"restore", "-S -W -- a", []string{"a"}},
		{"checkout-index", "-f -- a", []string{"a"}},
		{"checkout-index", "--prefix=out/ a b", []string{"out/a", "out/b"}},
		{"checkout-index", "--stage 2 a", []string{"a"}},
		{"switch", "main", nil},
		{"pull", "origin main", nil},
	} {
		var args []field
		for _, w := range strings.Fields(c.args) {
			args = append(args, field{val: w})
		}
		var got []string
		for _, f := range gitPathOperands(c.sub, args) {
			got = append(got, f.val)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("git %s %s: %q, want %q", c.sub, c.args, got, c.want)
		}
	}
	// A value not known alone is a branch, most likely; as a pathspec, it
	// is one.
	dyn := field{val: "", dyn: true}
	if got := gitPathOperands("checkout", []field{dyn}); got != nil {
		t.Errorf(`git checkout "$B": %v, want no path`, got)
	}
	if got := gitPathOperands("checkout", []field{{val: "--"}, dyn}); len(got) != 1 {
		t.Errorf(`git checkout -- "$F": %v, want it`, got)
	}
	if got := gitPathOperands("restore", []field{dyn}); len(got) != 1 {
		t.Errorf(`git restore "$F": %v, want it`, got)
	}
}
