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
			c := byte(0)
			if i < len(name) {
				c = name[i]
			}
			alnum := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
			camel := alnum && start >= 0 && 'A' <= c && c <= 'Z' && 'a' <= name[i-1] && name[i-1] <= 'z'
			if start >= 0 && (!alnum || camel) {
				if !yield(name[start:i]) {
					return
				}
				start = -1
			}
			if alnum && start < 0 {
				start = i
			}
		}
	}
}
