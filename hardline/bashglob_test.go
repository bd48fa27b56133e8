package hardline

import (
	"slices"
	"testing"
)

// TestGoGlobs checks the translation of bash patterns into Go's syntax.
func TestGoGlobs(t *testing.T) {
	for _, c := range []struct {
		pat    string
		fold   bool
		want   []string
		anyDot bool
	}{
		{pat: "sh[!x]dow", want: []string{"sh[^x]dow"}},
		{pat: "sh[^x]dow", want: []string{"sh[^x]dow"}},
		{pat: "[[:lower:]]hadow", want: []string{"[a-z]hadow"}},
		{pat: "[[:alpha:][:digit:]]", want: []string{"[a-zA-Z0-9]"}},
		{pat: "x[[:punct:]]", want: []string{"x?"}},
		{pat: "[]x]a", want: []string{`[\]x]a`}},
		{pat: "[!]x]a", want: []string{`[^\]x]a`}},
		{pat: "[a-c]", want: []string{"[a-c]"}},
		{pat: `[\c]`, want: []string{"[c]"}},
		{pat: `a\*b`, want: []string{`a\*b`}},
		{pat: "[!]", want: []string{`\[!\]`}},
		{pat: "[[=a=]]b", want: []string{"[a]b"}},
		{pat: ".@(ssh|gnupg)", want: []string{".ssh", ".gnupg"}},
		{pat: "?(a|b)c", want: []string{"ac", "bc", "c"}},
		{pat: "!(x)", want: []string{"*"}, anyDot: true},
		{pat: "+(x)y", want: []string{"*y"}, anyDot: true},
		{pat: "@(a|@(b))", want: []string{"*"}, anyDot: true},
		{pat: "@(a", want: []string{"*"}, anyDot: true},
		{pat: ".SS[H]", fold: true, want: []string{".[sS][sS][hH]"}},
		{pat: "[a-c]", fold: true, want: []string{"[a-cA-C]"}},
		{pat: "[!x]", fold: true, want: []string{"[^xX]"}},
		{pat: "[[:upper:]]", fold: true, want: []string{"[A-Za-zA-Z]"}},
	} {
		got, anyDot := goGlobs(c.pat, c.fold, nil)
		if !slices.Equal(got, c.want) || anyDot != c.anyDot {
			t.Errorf("goGlobs(%q, %v) = %q, %v; want %q, %v", c.pat, c.fold, got, anyDot, c.want, c.anyDot)
		}
	}
}
