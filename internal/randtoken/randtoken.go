// Package randtoken finds credentials by their form rather than by a
// list of services: a service's key or token is most often a lower-case
// prefix that names the service and the kind of key (acme_live_, zz9-,
// sk-or-v1-), then a random body of letters of both cases and digits. A
// list of known prefixes misses the next service's keys; this form finds
// them. The audit log redacts what it finds (its prefixed-random-token
// shape), and the command analyser asks about a command that sends one to
// another host.
package randtoken

import (
	"bytes"
	"strings"
)

// randomTokenMinBody is the shortest random body a token has: a shorter
// one leaves too many words and file names looking random.
const randomTokenMinBody = 20

// maxPrefixSegments and maxSegment bound the prefix: at most three
// lower-case words of at most twelve letters or digits, each followed by
// '_' or '-'.
const (
	maxPrefixSegments = 3
	maxSegment        = 12
)

// identifierPrefixes are the prefixes model and payment APIs give the
// identifiers of their objects (a tool call, a message, a request), which
// hosts log beside every call, and pk, the publishable keys that are
// public by design (pk_live_, pk_test_): they are names, not credentials,
// and stay readable.
var identifierPrefixes = map[string]bool{"pk": true,
	"toolu": true, "srvtoolu": true, "msg": true, "msgbatch": true, "call": true, "chatcmpl": true,
	"req": true, "run": true, "thread": true, "asst": true, "resp": true, "file": true, "batch": true,
	"evt": true, "step": true, "fc": true, "ws": true, "vs": true, "ftjob": true, "compl": true,
}

// hashNames are the hash algorithms that label a digest in base64
// (sha512-BASE64, npm's integrity): a digest, not a credential.
var hashNames = map[string]bool{"md5": true, "sha1": true, "sha224": true, "sha256": true, "sha384": true, "sha512": true, "blake2b": true, "blake3": true}

// hashLabelled reports whether before ends in a hash's name and '=' or
// ':' (sha256=BASE64URL in a wheel's RECORD, sha512:...): what follows is
// a digest.
func hashLabelled[T text](before T) bool {
	if len(before) == 0 || before[len(before)-1] != '=' && before[len(before)-1] != ':' {
		return false
	}
	before = before[:len(before)-1]
	i := len(before)
	for i > 0 && (before[i-1] >= 'a' && before[i-1] <= 'z' || before[i-1] >= 'A' && before[i-1] <= 'Z' || before[i-1] >= '0' && before[i-1] <= '9') {
		i--
	}
	return hashNames[strings.ToLower(string(before[i:]))]
}

// Find calls found with the start and end of every prefixed random token
// in t, in order: a word of
// letters, digits, '_' and '-' that starts with a lower-case prefix of one
// to three segments, each followed by '_' or '-', and goes on with a body
// of at least randomTokenMinBody bytes that holds two upper-case letters,
// two lower-case ones and a digit (unless it is 24 bytes or more) and
// changes between those kinds at least three times in ten of them, as
// random text does, and is not written in camel case (see randomBody). A word whose first segment is an
// identifierPrefixes or hashNames entry, or that follows a hash's name
// and '=' or ':', stays. (Standard base64 text never holds '_' or '-', so
// its words have no prefix.)
func Find[T text](t T, found func(start, end int)) {
	s := NewScanner(t)
	for {
		start, end, ok := s.Next()
		if !ok {
			return
		}
		found(start, end)
	}
}

// A Scanner finds the prefixed random tokens of a text one at a time, as
// Find does, for a caller that must not allocate a callback.
type Scanner[T text] struct {
	t           T
	i           int // where the scan goes on
	under, dash int // the next '_' and '-' at or after i, len(t) when none
}

// NewScanner returns a Scanner over t.
func NewScanner[T text](t T) Scanner[T] {
	return Scanner[T]{t: t, under: -1, dash: -1}
}

// Next returns the start and end of the next token, and false when there
// is none.
func (s *Scanner[T]) Next() (start, end int, ok bool) {
	// Only a word that holds a separator may have a prefix: the scan goes
	// from one '_' or '-' to the next (found by IndexByte, which is fast
	// on text that holds few) and reads the word around it.
	t := s.t
	for s.i < len(t) {
		if s.under < s.i {
			if s.under = indexByte(t[s.i:], '_'); s.under >= 0 {
				s.under += s.i
			} else {
				s.under = len(t)
			}
		}
		if s.dash < s.i {
			if s.dash = indexByte(t[s.i:], '-'); s.dash >= 0 {
				s.dash += s.i
			} else {
				s.dash = len(t)
			}
		}
		p := min(s.under, s.dash)
		if p >= len(t) {
			break
		}
		start, end := p, p+1
		for start > s.i && randomTokenChars[t[start-1]] {
			start--
		}
		for end < len(t) && randomTokenChars[t[end]] {
			end++
		}
		s.i = end
		if randomToken(t, start, end) {
			return start, end, true
		}
	}
	s.i = len(t)
	return 0, 0, false
}

// text is what Find reads: a string or a byte slice.
type text interface{ ~string | ~[]byte }

// indexByte is strings.IndexByte or bytes.IndexByte, as t is.
func indexByte[T text](t T, c byte) int {
	switch v := any(t).(type) {
	case string:
		return strings.IndexByte(v, c)
	case []byte:
		return bytes.IndexByte(v, c)
	}
	for i := 0; i < len(t); i++ {
		if t[i] == c {
			return i
		}
	}
	return -1
}

// Holds reports whether s holds a prefixed random token (see Find).
func Holds(s string) bool {
	if len(s) < randomTokenMinBody+2 || !strings.ContainsAny(s, "_-") {
		return false
	}
	held := false
	Find(s, func(int, int) { held = true })
	return held
}

// randomToken reports whether the word t[start:end] is a prefixed random
// token (see Find).
func randomToken[T text](t T, start, end int) bool {
	if end-start < randomTokenMinBody+2 {
		return false
	}
	w := t[start:end]
	// The prefix: lower-case segments, the first starting with a letter.
	if w[0] < 'a' || w[0] > 'z' {
		return false
	}
	for seg, k := 0, 0; seg < maxPrefixSegments; seg++ {
		j := k
		for j < len(w) && j-k <= maxSegment && (w[j] >= 'a' && w[j] <= 'z' || w[j] >= '0' && w[j] <= '9') {
			j++
		}
		if j == k || j-k > maxSegment || j >= len(w) || w[j] != '_' && w[j] != '-' {
			break
		}
		if seg == 0 {
			if identifierPrefixes[string(w[:j])] || hashNames[string(w[:j])] || hashLabelled(t[:start]) {
				return false
			}
		}
		// The body after this segment, or after a later one (a random
		// body may itself start with lower-case letters and a '-').
		if b := w[j+1:]; len(b) >= randomTokenMinBody && randomBody(b) {
			return true
		}
		k = j + 1
	}
	return false
}

// randomBody reports whether b reads as random: two upper-case letters,
// two lower-case ones and a digit, a change of kind between neighbours at
// least three times in ten letters and digits (the separators '_' and
// '-' left out), and not camel case: nine in ten capitals followed by a
// lower-case letter, in runs of 2.5 or more on average.
func randomBody[T text](b T) bool {
	var upper, lower, digit, changes int
	kind := func(c byte) int {
		switch {
		case c >= 'A' && c <= 'Z':
			upper++
			return 1
		case c >= 'a' && c <= 'z':
			lower++
			return 2
		case c >= '0' && c <= '9':
			digit++
			return 3
		}
		return 0
	}
	// upperNext counts the upper-case letters followed by a letter or a
	// digit, upperLower those followed by a lower-case letter; lowerRuns
	// the runs of lower-case letters.
	var upperNext, upperLower, lowerRuns int
	prev, n := 0, 0
	for i := 0; i < len(b); i++ {
		k := kind(b[i])
		if k == 0 {
			continue // a separator: kebab-case words do not read as random
		}
		if prev != 0 && k != prev {
			changes++
		}
		if k == 2 && prev != 2 {
			lowerRuns++
		}
		if prev == 1 {
			upperNext++
			if k == 2 {
				upperLower++
			}
		}
		prev = k
		n++
	}
	// Words in camel case follow each capital with a run of lower-case
	// letters (2.5 long or more on average); in random text a capital is
	// followed by a lower-case letter one time in about 2.4, and a run of
	// them is about 1.7 long.
	camel := upperNext >= 3 && upperLower*10 >= upperNext*9 && lower*2 >= lowerRuns*5
	return upper >= 2 && lower >= 2 && (digit >= 1 || n >= 24) && changes*10 >= 3*(n-1) && !camel
}

// randomTokenChars are the bytes of a prefixed random token.
var randomTokenChars = func() (s [256]bool) {
	for c := range s {
		s[c] = 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-'
	}
	return s
}()
