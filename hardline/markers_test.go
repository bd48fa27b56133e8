package hardline

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// list returns the substrings of m, in no particular order.
func (m *markers) list() []string {
	var out []string
	for _, l := range m.byFirst {
		out = append(out, l...)
	}
	return out
}

// naiveHoldsAny is the reading holdsAny must agree with.
func naiveHoldsAny(s string, m *markers) bool {
	for _, x := range m.list() {
		if strings.Contains(s, x) {
			return true
		}
	}
	return false
}

func TestMarkersAgreeWithContains(t *testing.T) {
	sets := []*markers{metadataMarkers, metadataSecretPaths, credentialMarks, shellCallMarkers, socketMarkers,
		shellMarkers, fileWriteMarkers, treeDeleteMarkers, tildeDeletes, encodedMarkers}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, m := range sets {
		// Every marker found alone, at the start, the end and inside a
		// text, and not found once its last byte is changed.
		for _, x := range m.list() {
			for _, s := range []string{x, x + "zz", "zz" + x, "a" + x + "b"} {
				if !holdsAny(s, m) {
					t.Errorf("holdsAny(%q) = false, holds %q", s, x)
				}
			}
			cut := x[:len(x)-1]
			if holdsAny(cut, m) != naiveHoldsAny(cut, m) {
				t.Errorf("holdsAny(%q) = %v, strings.Contains says otherwise", cut, holdsAny(cut, m))
			}
		}
		// Random texts built from the markers' own bytes.
		var alphabet []byte
		for _, x := range m.list() {
			alphabet = append(alphabet, x...)
		}
		for range 3000 {
			b := make([]byte, rng.IntN(24))
			for i := range b {
				b[i] = alphabet[rng.IntN(len(alphabet))]
			}
			if rng.IntN(4) == 0 {
				l := m.list()
				x := l[rng.IntN(len(l))]
				at := rng.IntN(len(b) + 1)
				b = append(b[:at], append([]byte(x), b[at:]...)...)
			}
			if s := string(b); holdsAny(s, m) != naiveHoldsAny(s, m) {
				t.Fatalf("holdsAny(%q) = %v, strings.Contains says otherwise", s, holdsAny(s, m))
			}
		}
	}
}

func TestMarkersRefuseEmpty(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("newMarkers accepted an empty marker, which every text holds")
		}
	}()
	newMarkers("a", "")
}

// TestShellCallMarkersCoverThePatterns checks that every name the inline
// code patterns search for holds one of shellCallMarkers, the filter code
// must pass before the patterns run: a name the markers miss (VBScript's
// WshShell.Run "...", Groovy's sh("...")) would never be searched for.
func TestShellCallMarkersCoverThePatterns(t *testing.T) {
	for _, re := range []*regexp.Regexp{shellCallPattern, argvCallPattern, listCallPattern} {
		for _, name := range alternativeNames(t, re) {
			if !holdsAny(name+`("rm -rf /", "x")`, shellCallMarkers) {
				t.Errorf("%s(...), searched for by %.40s..., holds none of shellCallMarkers", name, re)
			}
		}
	}
}

// alternativeNames returns the names of the first group of alternatives
// in re's text, \b(?:system|popen|...), each cut at its first regular
// expression operator (shell-command(?:-to-string)? is shell-command).
func alternativeNames(t *testing.T, re *regexp.Regexp) []string {
	t.Helper()
	src := re.String()
	start := strings.Index(src, `\b(?:`)
	if start < 0 {
		t.Fatalf("no group of names in %s", src)
	}
	var names []string
	depth, from := 0, start+len(`\b(?:`)
	for i := from; i < len(src); i++ {
		switch src[i] {
		case '\\':
			i++
		case '(':
			depth++
		case ')', '|':
			if depth > 0 {
				if src[i] == ')' {
					depth--
				}
				continue
			}
			name := strings.ReplaceAll(strings.ReplaceAll(src[from:i], "_?", ""), `\`, "")
			if j := strings.IndexAny(name, "(?*+[{"); j >= 0 {
				name = name[:j]
			}
			names = append(names, name)
			if src[i] == ')' {
				return names
			}
			from = i + 1
		}
	}
	t.Fatalf("unclosed group of names in %s", src)
	return nil
}
