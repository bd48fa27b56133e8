package toolmeta

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// ArgumentsCollide reports whether two argument names could be read as one
// by a host that matches keys loosely: equal after Unicode case folding
// (what encoding/json does, mapping the Kelvin sign to k and the long s to
// s) with '_' and '-' ignored (what encoding/json/v2 does when it matches
// names without case). Identical names collide. Declared arguments must not
// collide with each other, and a call's key that collides with a declared
// argument without being it is refused.
func ArgumentsCollide(a, b string) bool {
	i, j := 0, 0
	for {
		for i < len(a) && (a[i] == '_' || a[i] == '-') {
			i++
		}
		for j < len(b) && (b[j] == '_' || b[j] == '-') {
			j++
		}
		if i == len(a) || j == len(b) {
			return i == len(a) && j == len(b)
		}
		ra, na := rune(a[i]), 1
		if ra >= utf8.RuneSelf {
			ra, na = utf8.DecodeRuneInString(a[i:])
		}
		rb, nb := rune(b[j]), 1
		if rb >= utf8.RuneSelf {
			rb, nb = utf8.DecodeRuneInString(b[j:])
		}
		i, j = i+na, j+nb
		if ra != rb && foldRune(ra) != foldRune(rb) {
			return false
		}
	}
}

// CollisionKey returns the form of name that ArgumentsCollide compares:
// its runes case-folded, '_' and '-' left out. Two names collide exactly
// when their keys are equal, so a set of names can be checked for
// collisions through a map.
func CollisionKey(name string) string {
	var b strings.Builder
	for i := 0; i < len(name); {
		c := name[i]
		if c == '_' || c == '-' {
			i++
			continue
		}
		r, n := rune(c), 1
		if c >= utf8.RuneSelf {
			r, n = utf8.DecodeRuneInString(name[i:])
		}
		b.WriteRune(foldRune(r))
		i += n
	}
	return b.String()
}

// foldRune returns the smallest rune of r's case-folding orbit, as
// encoding/json does.
func foldRune(r rune) rune {
	if r < utf8.RuneSelf {
		// The smallest member of an ASCII letter's orbit is the upper-case
		// letter (the Kelvin sign and the long s are larger).
		if 'a' <= r && r <= 'z' {
			return r - ('a' - 'A')
		}
		return r
	}
	for {
		r2 := unicode.SimpleFold(r)
		if r2 <= r {
			return r2
		}
		r = r2
	}
}
