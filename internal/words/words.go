// Package words splits names into the words a person reads in them, for
// the checks that judge a name by its words: a credential file's name
// (accessTokens.json) and a secret-named key (DB_PASS, smtpPwd).
package words

import (
	"iter"
	"strings"
)

// Split returns the words of name, lower case: runs of ASCII letters and
// digits, split at every other byte and where a lower-case letter meets
// an upper-case one. "accessTokens.json" is access, tokens, json;
// "DB_PASS" is db, pass.
func Split(name string) []string {
	var words []string
	for w := range All(name) {
		words = append(words, strings.ToLower(w))
	}
	return words
}

// All yields the words of name as Split finds them, in the case they are
// written and without copying them ("accessTokens.json" yields access,
// Tokens, json), for checks that must not allocate.
func All(name string) iter.Seq[string] {
	return func(yield func(string) bool) {
		start := -1
		for i := 0; i <= len(name); i++ {
			starts := i < len(name) && StartsAt(name, i)
			if start >= 0 && (i == len(name) || !alnum(name[i]) || starts) {
				if !yield(name[start:i]) {
					return
				}
				start = -1
			}
			if starts {
				start = i
			}
		}
	}
}

// StartsAt reports whether a word of name starts at name[i] as Split and
// All read names: name[i] is an ASCII letter or digit, and what stands
// before it is nothing, another byte, or a lower-case letter before an
// upper-case one ("smtpPwd" has a word start at P). Checks that read a
// name in place in a longer text use it to find the name's words there.
func StartsAt[S ~string | ~[]byte](name S, i int) bool {
	if !alnum(name[i]) {
		return false
	}
	if i == 0 || !alnum(name[i-1]) {
		return true
	}
	p, c := name[i-1], name[i]
	return 'a' <= p && p <= 'z' && 'A' <= c && c <= 'Z'
}

func alnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}
