package policy

import (
	"path"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestToolGlobs(t *testing.T) {
	for _, tc := range []struct {
		pattern, name string
		want          bool
	}{
		{"*", "", true},
		{"*", "github/repos/delete", true},
		{"github/*", "github/repos/delete", true},
		{"github/*", "gitlab/x", false},
		{"*_delete", "gitlab/repo_delete", true},
		{"*_delete", "gitlab/repo_delete2", false},
		{"web_?etch", "web_fetch", true},
		{"web_?etch", "web_etch", false},
		{"?", "é", true},
		{"[a-c]x", "bx", true},
		{"[a-c]x", "dx", false},
		{"[a-a]x", "ax", true},
		{"[!a-c]x", "dx", true},
		{"[^a-c]x", "ax", false},
		{"[]]x", "]x", true},
		{"a?", "a", false},
		{"a[b]", "a", false},
		{"a[!b]", "a", false},
		{"a\\*", "a", false},
		{"ab", "ac", false},
		{"xbc", "abc", false},
		{"a*", "a", true},
		{"a[!]]b", "axb", true},
		{"a[!]]b", "a]b", false},
		{"a[^]x]b", "ayb", true},
		{"a[^]x]b", "axb", false},
		{"\\*x", "*x", true},
		{"\\*x", "ax", false},
		{"{github,gitlab}/*", "gitlab/a", true},
		{"{github,gitlab}/*", "bitbucket/a", false},
		{"a{b,c{d,e}}f", "acef", true},
		{"a{b,c{d,e}}f", "acf", false},
		{"[{]x", "{x", true},
		{"*a*b*c*", "xxaxxbxxcxx", true},
		{"*a*b*c*", "xxaxxcxxbxx", false},
	} {
		g, err := compileGlob(tc.pattern)
		if err != nil {
			t.Fatalf("compileGlob(%q): %v", tc.pattern, err)
		}
		if got := g.match(tc.name); got != tc.want {
			t.Errorf("%q matching %q = %v, want %v", tc.pattern, tc.name, got, tc.want)
		}
	}
	// Exactly maxGlobAlternatives alternatives are fine; one more is not.
	if _, err := compileGlob("{" + strings.Repeat("a,", maxGlobAlternatives-1) + "b}"); err != nil {
		t.Errorf("%d alternatives: %v", maxGlobAlternatives, err)
	}
	for _, bad := range []string{"[", "[a", "a\\", "{a,b", "a}", "[b-a]", "{" + strings.Repeat("a,", maxGlobAlternatives) + "b}", "{a,b}{c,d}{e,f}{g,h}{i,j}{k,l}{m,n}"} {
		if _, err := compileGlob(bad); err == nil {
			t.Errorf("compileGlob(%q) accepted a bad pattern", bad)
		}
	}
}

// TestToolGlobsReadCharacters pins the one reading in which tool globs
// and path.Match differ: '?' and '*' take whole characters, never part of
// one.
func TestToolGlobsReadCharacters(t *testing.T) {
	for _, c := range []struct {
		pattern, name string
		want          bool
	}{
		{"0?*??0", "00\u0d700", false}, // five characters wanted, four given
		{"0?*?0", "00\u0d700", true},
		{"web_?", "web_\u00fc", true},
		{"web_??", "web_\u00fc", false},
		{"*\u00fc", "web_\u00fc", true},
	} {
		g, err := compileGlob(c.pattern)
		if err != nil {
			t.Fatal(err)
		}
		if got := g.match(c.name); got != c.want {
			t.Errorf("%q matching %q = %v, want %v", c.pattern, c.name, got, c.want)
		}
	}
}

// FuzzToolGlob checks the matcher against path.Match on names without '/',
// where the two agree by definition.
func FuzzToolGlob(f *testing.F) {
	for _, s := range [][2]string{{"*", "a"}, {"a*b", "axxb"}, {"[a-c]?", "bz"}, {"\\*", "*"}, {"[^x]", "y"}, {"*?*", "ab"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, pattern, name string) {
		if len(pattern) > 64 || len(name) > 64 {
			return
		}
		g, err := compileGlob(pattern)
		if strings.ContainsAny(pattern, "{}!/") || strings.Contains(name, "/") {
			if err == nil {
				g.match(name) // must not panic
			}
			return
		}
		if strings.Contains(pattern, "*") && strings.ContainsFunc(name, func(r rune) bool { return r >= utf8.RuneSelf }) {
			// path.Match's star advances a byte at a time and can start
			// the rest of the pattern inside a multi-byte character
			// ("0?*??0" matches "00\u0d700" with '?' taking its second
			// and third bytes); tool globs read a name as characters
			// (TestToolGlobsReadCharacters).
			if err == nil {
				g.match(name)
			}
			return
		}
		want, perr := path.Match(pattern, name)
		if err != nil || perr != nil {
			return
		}
		if got := g.match(name); got != want {
			t.Fatalf("%q matching %q = %v, path.Match says %v", pattern, name, got, want)
		}
		// A star covers '/' too: the same name with a '/' in it still
		// matches a pattern that is a lone star.
		if pattern == "*" && !g.match(name+"/"+name) {
			t.Fatalf("a lone star does not match %q", name+"/"+name)
		}
	})
}
