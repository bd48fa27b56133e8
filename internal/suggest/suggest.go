// Package suggest finds the name a person probably meant when they wrote
// one that is not known: the "did you mean" of toolgate's load errors
// (unknown fields of a policy file, unknown tools in an agent's list).
package suggest

import (
	"strings"
	"unicode/utf8"
)

// MaxDistance is the largest edit distance at which a name is suggested,
// for names longer than four characters; shorter names allow one edit.
const MaxDistance = 2

// Closest returns the candidate nearest to name within a small edit
// distance (insertions, deletions, substitutions and transpositions of
// adjacent characters, case ignored), or "" when none is near enough. A
// candidate equal to name apart from case is always suggested. Ties go to
// the candidate that sorts first, so the answer does not depend on the
// order of candidates.
func Closest(name string, candidates []string) string {
	limit := MaxDistance
	if utf8.RuneCountInString(name) <= 4 {
		limit = 1
	}
	lower := []rune(strings.ToLower(name))
	best, bestDist := "", limit+1
	for _, c := range candidates {
		if c == name {
			continue
		}
		d := distance(lower, []rune(strings.ToLower(c)), limit)
		if d < bestDist || (d == bestDist && best != "" && c < best) {
			best, bestDist = c, d
		}
	}
	return best
}

// Phrase returns ` (did you mean "x"?)` for the closest candidate, or "".
func Phrase(name string, candidates []string) string {
	if c := Closest(name, candidates); c != "" {
		return ` (did you mean "` + c + `"?)`
	}
	return ""
}

// distance is the optimal-string-alignment distance between a and b, or
// limit+1 when it exceeds limit. It allocates three rows of len(b)+1.
func distance(a, b []rune, limit int) int {
	if abs(len(a)-len(b)) > limit {
		return limit + 1
	}
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
			rowMin = min(rowMin, v)
		}
		if rowMin > limit {
			return limit + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
