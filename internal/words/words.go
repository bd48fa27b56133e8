// Package words splits names into the words a person reads in them, for
// the checks that judge a name by its words: a credential file's name
// (accessTokens.json) and a secret-named key (DB_PASS, smtpPwd).
package words

import "strings"

// Split returns the words of name, lower case: runs of ASCII letters and
// digits, split at every other byte and where a lower-case letter meets
// an upper-case one. "accessTokens.json" is access, tokens, json;
// "DB_PASS" is db, pass.
func Split(name string) []string {
	var words []string
	start := -1
	for i := 0; i <= len(name); i++ {
		c := byte(0)
		if i < len(name) {
			c = name[i]
		}
		alnum := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
		camel := alnum && start >= 0 && 'A' <= c && c <= 'Z' && 'a' <= name[i-1] && name[i-1] <= 'z'
		if start >= 0 && (!alnum || camel) {
			words = append(words, strings.ToLower(name[start:i]))
			start = -1
		}
		if alnum && start < 0 {
			start = i
		}
	}
	return words
}
