package hardline

import "strings"

// markers is a set of substrings that are looked for together: a text
// holds the set when one of them occurs in it. The set indexes its
// substrings by their first byte, so a text is read once however many
// the set holds, where a strings.Contains for each would read it once
// per substring; every command's words pass through several such sets.
type markers struct {
	byFirst [256][]string
}

// newMarkers makes the set of subs. An empty substring occurs in every
// text, which no caller means: it panics at start-up instead.
func newMarkers(subs ...string) *markers {
	m := &markers{}
	for _, s := range subs {
		if s == "" {
			panic("hardline: an empty marker")
		}
		m.byFirst[s[0]] = append(m.byFirst[s[0]], s)
	}
	return m
}

// holdsAny reports whether s holds one of the substrings of m.
func holdsAny(s string, m *markers) bool {
	for i := 0; i < len(s); i++ {
		for _, x := range m.byFirst[s[i]] {
			if strings.HasPrefix(s[i:], x) {
				return true
			}
		}
	}
	return false
}
