package hardline

import (
	"path"
	"strings"
)

// Bash patterns and Go's path.Match differ: bash negates a bracket
// expression with '!' as well as '^', takes a ']' first in the set as a
// member, knows the POSIX classes ([[:alpha:]]), and with extglob reads
// @(a|b), ?(a), *(a), +(a) and !(a). The list matchers are Go's, so a
// pattern is translated before it is compared with a list; what cannot be
// translated is read as matching anything, the safer reading (see
// docs/security-model.md, Hardline).

// maxGlobAlternatives bounds the patterns the extglob alternatives of one
// word make; past it each extglob operator matches anything.
const maxGlobAlternatives = 32

// patternChars reports whether s holds bash pattern characters: *, ?,
// [ or an extglob operator (@(, +(, !(; ?( and *( hold ? and *).
func patternChars(s string) bool {
	if strings.ContainsAny(s, "*?[") {
		return true
	}
	if strings.IndexByte(s, '(') < 0 {
		return false
	}
	return strings.Contains(s, "@(") || strings.Contains(s, "+(") || strings.Contains(s, "!(")
}

// goGlobs appends to out Go path.Match patterns that together match at
// least every name the bash pattern pat matches, with nocaseglob set when
// fold is. anyDot says a part of the pattern (an extglob operator that
// repeats or negates, a nested or unbalanced one, too many alternatives)
// became '*' and may match a name that starts with a dot as well, as it
// does in some bash versions: the caller reads the pattern as if dotglob
// were set.
func goGlobs(pat string, fold bool, out []string) (_ []string, anyDot bool) {
	if !fold && strings.IndexByte(pat, '\\') < 0 && (strings.IndexByte(pat, '[') < 0 || strings.IndexByte(pat, ']') < 0) && !patternParen(pat) {
		return append(out, pat), false // nothing Go reads otherwise
	}
	alts, anyDot := extglobAlternatives(pat)
	for _, a := range alts {
		out = append(out, bracketsToGo(a, fold))
	}
	return out, anyDot
}

// patternParen reports whether pat may hold an extglob operator.
func patternParen(pat string) bool {
	return strings.IndexByte(pat, '(') >= 0 && strings.ContainsAny(pat, "@?*+!")
}

// extglobAlternatives expands the extglob operators of pat: @(a|b) and
// ?(a|b) into each alternative (and nothing, for ?), the others into '*'
// (anyDot set). The alternatives are bash patterns still.
func extglobAlternatives(pat string) (alts []string, anyDot bool) {
	alts = []string{""}
	lit := 0 // start of the text not yet added
	add := func(s string) {
		for i := range alts {
			alts[i] += s
		}
	}
	for i := 0; i < len(pat); i++ {
		switch c := pat[i]; {
		case c == '\\':
			i++
		case c == '[':
			if j := globBracketEnd(pat, i); j > 0 {
				i = j
			}
		case strings.IndexByte("@?*+!", c) >= 0 && i+1 < len(pat) && pat[i+1] == '(':
			end, bars, nested := parenEnd(pat, i+1)
			if end < 0 {
				// Unbalanced: bash rejects it; read it as anything.
				add(pat[lit:i] + "*")
				return alts, true
			}
			add(pat[lit:i])
			lit = end + 1
			if nested || c == '*' || c == '+' || c == '!' || len(alts)*(len(bars)+2) > maxGlobAlternatives {
				add("*")
				anyDot = true
				i = end
				continue
			}
			var choices []string
			from := i + 2
			for _, b := range append(bars, end) {
				choices = append(choices, pat[from:b])
				from = b + 1
			}
			if c == '?' {
				choices = append(choices, "")
			}
			next := make([]string, 0, len(alts)*len(choices))
			for _, a := range alts {
				for _, ch := range choices {
					next = append(next, a+ch)
				}
			}
			alts = next
			i = end
		}
	}
	add(pat[lit:])
	return alts, anyDot
}

// parenEnd returns the index of the ')' that closes the '(' at open, the
// indexes of the '|' that separate its alternatives at the top level, and
// whether it holds another extglob operator; end is -1 when it is not
// closed.
func parenEnd(pat string, open int) (end int, bars []int, nested bool) {
	depth := 0
	for i := open + 1; i < len(pat); i++ {
		switch c := pat[i]; c {
		case '\\':
			i++
		case '[':
			if j := globBracketEnd(pat, i); j > 0 {
				i = j
			}
		case '(':
			depth++
			nested = true
		case ')':
			if depth == 0 {
				return i, bars, nested
			}
			depth--
		case '|':
			if depth == 0 {
				bars = append(bars, i)
			}
		}
	}
	return -1, nil, nested
}

// globBracketEnd returns the index of the ']' that closes the bracket
// expression opening at i, or -1 when there is none (the '[' is then an
// ordinary character). A ']' first in the set, after any '!' or '^', is a
// member, and so are the ones inside [:class:], [=c=] and [.c.].
func globBracketEnd(pat string, i int) int {
	j := i + 1
	if j < len(pat) && (pat[j] == '!' || pat[j] == '^') {
		j++
	}
	if j < len(pat) && pat[j] == ']' {
		j++
	}
	for ; j < len(pat); j++ {
		switch pat[j] {
		case '\\':
			j++
		case '[':
			if j+1 < len(pat) && (pat[j+1] == ':' || pat[j+1] == '=' || pat[j+1] == '.') {
				if k := classEnd(pat[j+2:], pat[j+1]); k >= 0 {
					j += 2 + k + 1
				}
			}
		case ']':
			return j
		}
	}
	return -1
}

// classEnd returns the index in s of the delim+"]" that ends a [:class:],
// [=c=] or [.c.] whose name s starts with, or -1. Names are short: only
// the first few bytes are searched, so that the work stays linear.
func classEnd(s string, delim byte) int {
	s = s[:min(len(s), 16)]
	for k := 0; k+1 < len(s); k++ {
		if s[k] == delim && s[k+1] == ']' {
			return k
		}
	}
	return -1
}

// posixClasses are the members of the POSIX classes bash reads in a
// bracket expression, as Go set text.
var posixClasses = map[string]string{
	"alpha":  "a-zA-Z",
	"lower":  "a-z",
	"upper":  "A-Z",
	"digit":  "0-9",
	"alnum":  "a-zA-Z0-9",
	"xdigit": "0-9a-fA-F",
	"word":   "a-zA-Z0-9_",
	"space":  " \t\n\r\v\f",
	"blank":  " \t",
}

// bracketsToGo rewrites a bash pattern (with no extglob operator) in Go's
// path.Match syntax. With fold set each letter matches either case. A
// bracket expression Go cannot express (a class such as [:punct:] whose
// members a locale decides, a collating symbol of several characters)
// becomes '?', any one character.
func bracketsToGo(pat string, fold bool) string {
	var b strings.Builder
	b.Grow(len(pat) + 8)
	for i := 0; i < len(pat); i++ {
		c := pat[i]
		switch {
		case c == '\\':
			if i+1 < len(pat) {
				i++
				writeMember(&b, pat[i], fold, true)
			} else {
				b.WriteString(`\\`)
			}
		case c == '[':
			j := globBracketEnd(pat, i)
			if j < 0 {
				b.WriteString(`\[`)
				continue
			}
			set, ok := bracketSet(pat[i+1:j], fold)
			if ok {
				b.WriteString(set)
			} else {
				b.WriteByte('?')
			}
			i = j
		case c == '*' || c == '?':
			b.WriteByte(c)
		default:
			writeMember(&b, c, fold, true)
		}
	}
	return b.String()
}

// writeMember writes the character c, escaped where Go would read it
// otherwise; alone, with fold set, a letter becomes a set of both cases.
func writeMember(b *strings.Builder, c byte, fold, alone bool) {
	if fold && isASCIILetter(c) {
		if alone {
			b.WriteByte('[')
		}
		b.WriteByte(c | 0x20)
		b.WriteByte(c &^ 0x20)
		if alone {
			b.WriteByte(']')
		}
		return
	}
	if strings.IndexByte(`*?[]\-^`, c) >= 0 {
		b.WriteByte('\\')
	}
	b.WriteByte(c)
}

func isASCIILetter(c byte) bool {
	return c|0x20 >= 'a' && c|0x20 <= 'z'
}

// bracketSet translates the inside of a bash bracket expression into a Go
// character class, or reports that it cannot.
func bracketSet(in string, fold bool) (string, bool) {
	var b strings.Builder
	b.WriteByte('[')
	if in != "" && (in[0] == '!' || in[0] == '^') {
		b.WriteByte('^')
		in = in[1:]
	}
	for i := 0; i < len(in); i++ {
		c := in[i]
		switch {
		case c == '[' && i+1 < len(in) && (in[i+1] == ':' || in[i+1] == '=' || in[i+1] == '.'):
			k := classEnd(in[i+2:], in[i+1])
			if k < 0 {
				writeMember(&b, c, fold, false)
				break
			}
			kind, name := in[i+1], in[i+2:i+2+k]
			i += 2 + k + 1
			if kind == ':' {
				members, ok := posixClasses[name]
				if !ok {
					return "", false
				}
				b.WriteString(members)
				if fold && strings.ContainsAny(members, "aA") {
					b.WriteString("a-zA-Z")
				}
				break
			}
			// [=c=] and [.c.]: one character stands for itself.
			if len(name) != 1 {
				return "", false
			}
			writeMember(&b, name[0], fold, false)
		case c == '\\' && i+1 < len(in):
			i++
			writeMember(&b, in[i], fold, false)
		case i+2 < len(in) && in[i+1] == '-':
			lo, hi := c, in[i+2]
			if hi == '\\' && i+3 < len(in) {
				hi = in[i+3]
				i++
			}
			i += 2
			writeRange(&b, lo, hi, fold)
		default:
			writeMember(&b, c, fold, false)
		}
	}
	if b.Len() == 1 || b.Len() == 2 && b.String() == "[^" {
		return "", false // an empty set: read as any character
	}
	b.WriteByte(']')
	return b.String(), true
}

// writeRange writes the range lo-hi; with fold set, the other case of its
// letters as well.
func writeRange(b *strings.Builder, lo, hi byte, fold bool) {
	esc := func(c byte) {
		if strings.IndexByte(`*?[]\-^`, c) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(c)
	}
	esc(lo)
	b.WriteByte('-')
	esc(hi)
	if !fold {
		return
	}
	for _, r := range [2][2]byte{{'a', 'z'}, {'A', 'Z'}} {
		l, h := max(lo, r[0]), min(hi, r[1])
		if l <= h {
			esc(l ^ 0x20)
			b.WriteByte('-')
			esc(h ^ 0x20)
		}
	}
}

// bashGlobMatch reports whether the bash pattern pat may match name;
// a pattern Go cannot read counts as a match, the stricter reading.
func bashGlobMatch(pat, name string, fold bool) bool {
	var buf [4]string
	pats, _ := goGlobs(pat, fold, buf[:0])
	for _, p := range pats {
		if ok, err := path.Match(p, name); ok || err != nil {
			return true
		}
	}
	return false
}
