package policy

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// A tool-name glob. '*' matches any run of characters, '/' included (tool
// names are not paths: "github/*" must cover "github/repos/delete"), '?'
// one character, '[abc]', '[a-z]', '[!a-z]' or '[^a-z]' one character of a
// class, '{a,b}' either alternative (nestable), and '\' makes the next
// character literal. Alternatives are expanded when a rule is compiled, so
// matching walks each brace-free pattern once, without allocating.

// maxGlobAlternatives bounds the brace expansion of one pattern.
const maxGlobAlternatives = 64

var errGlobSyntax = errors.New("invalid tool pattern")

// glob is a compiled tool-name pattern.
type glob struct {
	alts   []string // brace-free alternatives
	prefix string   // a literal prefix every match starts with
}

func compileGlob(pattern string) (glob, error) {
	alts, err := expandBraces(pattern)
	if err != nil {
		return glob{}, err
	}
	for _, a := range alts {
		if err := checkGlob(a); err != nil {
			return glob{}, err
		}
	}
	g := glob{alts: alts, prefix: literalPrefix(pattern)}
	return g, nil
}

// match reports whether name matches g.
func (g *glob) match(name string) bool {
	if !strings.HasPrefix(name, g.prefix) {
		return false
	}
	for _, a := range g.alts {
		if matchGlob(a, name) {
			return true
		}
	}
	return false
}

// literalPrefix is the text before the first special character.
func literalPrefix(p string) string {
	if i := strings.IndexAny(p, `*?[{\`); i >= 0 {
		return p[:i]
	}
	return p
}

// expandBraces turns "a{b,c{d,e}}f" into "abf", "acdf", "acef".
func expandBraces(p string) ([]string, error) {
	open := -1
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '\\':
			i++
		case '[':
			// A brace inside a class is literal.
			j := classEnd(p, i)
			if j < 0 {
				return nil, fmt.Errorf("%w: %q has an unclosed '['", errGlobSyntax, p)
			}
			i = j
		case '{':
			open = i
		case '}':
			return nil, fmt.Errorf("%w: %q has an unmatched '}'", errGlobSyntax, p)
		}
		if open >= 0 {
			break
		}
	}
	if open < 0 {
		return []string{p}, nil
	}
	// Find the matching '}' and the top-level commas.
	depth, cuts := 0, []int{open}
	end := -1
	for i := open + 1; i < len(p) && end < 0; i++ {
		switch p[i] {
		case '\\':
			i++
		case '[':
			j := classEnd(p, i)
			if j < 0 {
				return nil, fmt.Errorf("%w: %q has an unclosed '['", errGlobSyntax, p)
			}
			i = j
		case '{':
			depth++
		case '}':
			if depth == 0 {
				end = i
			}
			depth--
		case ',':
			if depth == 0 {
				cuts = append(cuts, i)
			}
		}
	}
	if end < 0 {
		return nil, fmt.Errorf("%w: %q has an unclosed '{'", errGlobSyntax, p)
	}
	cuts = append(cuts, end)
	var out []string
	for k := 0; k+1 < len(cuts); k++ {
		rest, err := expandBraces(p[:open] + p[cuts[k]+1:cuts[k+1]] + p[end+1:])
		if err != nil {
			return nil, err
		}
		out = append(out, rest...)
		if len(out) > maxGlobAlternatives {
			return nil, fmt.Errorf("%w: %q expands to more than %d alternatives", errGlobSyntax, p, maxGlobAlternatives)
		}
	}
	return out, nil
}

// classEnd returns the index of the ']' closing the class that opens at
// p[i], or -1.
func classEnd(p string, i int) int {
	j := i + 1
	if j < len(p) && (p[j] == '!' || p[j] == '^') {
		j++
	}
	if j < len(p) && p[j] == ']' {
		j++ // a leading ']' is literal
	}
	for ; j < len(p); j++ {
		switch p[j] {
		case '\\':
			j++
		case ']':
			return j
		}
	}
	return -1
}

// checkGlob validates a brace-free pattern.
func checkGlob(p string) error {
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '\\':
			if i+1 >= len(p) {
				return fmt.Errorf("%w: %q ends with '\\'", errGlobSyntax, p)
			}
			i++
		case '[':
			j := classEnd(p, i)
			if j < 0 {
				return fmt.Errorf("%w: %q has an unclosed '['", errGlobSyntax, p)
			}
			if _, ok := classMatch(p[i:j+1], 'a'); !ok {
				return fmt.Errorf("%w: %q has a bad class %q", errGlobSyntax, p, p[i:j+1])
			}
			i = j
		}
	}
	return nil
}

// matchGlob matches a brace-free pattern against the whole of s. A '*'
// backtracks only to the most recent star, which is enough because a star
// matches anything.
func matchGlob(p, s string) bool {
	px, sx := 0, 0
	starP, starS := -1, -1
	for sx < len(s) || px < len(p) {
		if px < len(p) {
			switch c := p[px]; c {
			case '*':
				starP, starS = px, sx
				px++
				continue
			case '?':
				if sx < len(s) {
					_, n := utf8.DecodeRuneInString(s[sx:])
					px, sx = px+1, sx+n
					continue
				}
			case '[':
				if sx < len(s) {
					end := classEnd(p, px)
					r, n := utf8.DecodeRuneInString(s[sx:])
					if m, _ := classMatch(p[px:end+1], r); m {
						px, sx = end+1, sx+n
						continue
					}
				}
			case '\\':
				if sx < len(s) && s[sx] == p[px+1] {
					px, sx = px+2, sx+1
					continue
				}
			default:
				if sx < len(s) && s[sx] == c {
					px, sx = px+1, sx+1
					continue
				}
			}
		}
		if starP >= 0 && starS < len(s) {
			_, n := utf8.DecodeRuneInString(s[starS:])
			starS += n
			px, sx = starP+1, starS
			continue
		}
		return false
	}
	return true
}

// classMatch matches r against a class "[...]", reporting whether it
// matches and whether the class is well formed.
func classMatch(class string, r rune) (match, ok bool) {
	body := class[1 : len(class)-1]
	negate := false
	if body != "" && (body[0] == '!' || body[0] == '^') {
		negate, body = true, body[1:]
	}
	if body == "" {
		return false, false
	}
	first := true
	for body != "" {
		lo, n, err := classRune(body, first)
		if err != nil {
			return false, false
		}
		first = false
		body = body[n:]
		hi := lo
		if len(body) >= 2 && body[0] == '-' {
			if hi, n, err = classRune(body[1:], false); err != nil {
				return false, false
			}
			if hi < lo {
				return false, false
			}
			body = body[1+n:]
		}
		if lo <= r && r <= hi {
			match = true
		}
	}
	return match != negate, true
}

func classRune(s string, first bool) (rune, int, error) {
	if s[0] == '\\' {
		if len(s) < 2 {
			return 0, 0, errGlobSyntax
		}
		r, n := utf8.DecodeRuneInString(s[1:])
		return r, n + 1, nil
	}
	if s[0] == ']' && !first {
		return 0, 0, errGlobSyntax
	}
	r, n := utf8.DecodeRuneInString(s)
	return r, n, nil
}
