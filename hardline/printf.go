package hardline

import (
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// What bash's echo and printf write is read here rather than through a
// general formatter, because a shell that reads the output runs what they
// write, not what another formatter would: echo -e reads \0NNN as octal
// but not \NNN, printf's %b reads both, printf's own format reads \NNN
// and \" but not \c, and \u beyond ASCII depends on the locale. Text whose
// output is not certain is not known (see docs/security-model.md,
// Hardline); TestPrintedMatchesBash compares the two on generated text.

// escMode is where bashEscapes reads escapes.
type escMode uint8

const (
	escFormat escMode = iota // printf's format
	escB                     // printf's %b argument
	escEcho                  // echo -e's arguments
	escANSIC                 // bash's $'...' quoting
	escDash                  // dash's echo, which always reads escapes
)

// maxPrintfWidth bounds a width or precision printf is read with, and
// maxPrintfRounds the times bashPrintf applies a format.
const (
	maxPrintfWidth  = 4096
	maxPrintfRounds = 1024
)

// bashEscapes decodes the backslash escapes of s as bash does in mode.
// stop reports a \c (in %b and echo -e), which ends all output there. ok
// is false for an escape whose output depends on the locale (\u or \U of
// a character beyond ASCII).
func bashEscapes(s string, mode escMode) (out string, stop, ok bool) {
	if strings.IndexByte(s, '\\') < 0 {
		return s, false, true
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 == len(s) {
			b.WriteByte(c)
			continue
		}
		i++
		if mode == escDash && strings.IndexByte("xuUE", s[i]) >= 0 {
			b.WriteByte('\\') // dash's echo reads none of these
			b.WriteByte(s[i])
			continue
		}
		switch e := s[i]; e {
		case 'a':
			b.WriteByte('\a')
		case 'b':
			b.WriteByte('\b')
		case 'e', 'E':
			b.WriteByte(0x1b)
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'v':
			b.WriteByte('\v')
		case '\\':
			b.WriteByte('\\')
		case '"', '\'', '?':
			if mode != escFormat && mode != escANSIC {
				b.WriteByte('\\')
			}
			b.WriteByte(e)
		case 'c':
			switch {
			case mode == escANSIC && i+1 < len(s):
				// \cX is the control character of X; a backslash as X
				// may be written doubled.
				i++
				x := s[i]
				if x == '\\' && i+1 < len(s) && s[i+1] == '\\' {
					i++
				}
				if x == '?' {
					b.WriteByte(0x7f)
				} else {
					b.WriteByte(x & 0x1f)
				}
			case mode == escB || mode == escEcho || mode == escDash:
				return b.String(), true, true
			default:
				b.WriteString(`\c`)
			}
		case 'x':
			if mode == escANSIC && i+1 < len(s) && s[i+1] == '{' {
				// bash 5.2's $'\x{HH...}': every hex digit up to the
				// brace, the value's low byte (none is a NUL, which cuts
				// the text); the closing brace goes.
				v, j := 0, i+2
				for ; j < len(s) && digitValue(s[j]) >= 0; j++ {
					v = v*16 + digitValue(s[j]) // byte(v) keeps the low byte, overflow or not
				}
				if j < len(s) && s[j] == '}' {
					j++
				}
				b.WriteByte(byte(v))
				i = j - 1
				continue
			}
			v, n := digitsAt(s, i+1, 2, 16)
			if n == 0 {
				b.WriteString(`\x`)
				continue
			}
			b.WriteByte(byte(v))
			i += n
		case 'u', 'U':
			most := 4
			if e == 'U' {
				most = 8
			}
			v, n := digitsAt(s, i+1, most, 16)
			if n == 0 {
				b.WriteByte('\\')
				b.WriteByte(e)
				continue
			}
			i += n
			switch {
			case v <= 0x7f:
				b.WriteByte(byte(v))
			case mode == escANSIC:
				// In UTF-8, as most shells run; a C locale writes \uXXXX,
				// which is no more a command than the character is.
				b.WriteRune(rune(v))
			default:
				return "", false, false // written as the locale encodes it
			}
		case '0', '1', '2', '3', '4', '5', '6', '7':
			var v, n int
			switch {
			case mode == escFormat || mode == escANSIC:
				v, n = digitsAt(s, i, 3, 8)
				i += n - 1
			case e == '0':
				v, n = digitsAt(s, i+1, 3, 8) // \0 and up to three digits
				i += n
			case mode == escB || mode == escDash:
				v, n = digitsAt(s, i, 3, 8)
				i += n - 1
			default: // echo reads \NNN only after a 0
				b.WriteByte('\\')
				b.WriteByte(e)
				continue
			}
			b.WriteByte(byte(v))
		default:
			b.WriteByte('\\')
			b.WriteByte(e)
		}
	}
	return b.String(), false, true
}

// digitsAt reads up to most digits of base from s[i:], returning their
// value and count.
func digitsAt(s string, i, most, base int) (v, n int) {
	for ; n < most && i+n < len(s); n++ {
		d := digitValue(s[i+n])
		if d < 0 || d >= base {
			break
		}
		v = v*base + d
	}
	return v, n
}

func digitValue(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// bashPrintf is what bash's printf FORMAT ARGS writes, for formats of
// text, escapes and the directives %s, %b, %c and %% with a '-' flag, a
// width and a precision. The format is applied again while arguments are
// left, as bash does (printf '%s' /ro ot writes /root). Any other
// directive or flag, a width over maxPrintfWidth, or a width or %c applied
// to text beyond ASCII (bytes or characters, by locale) reports false.
func bashPrintf(format string, args []string) (string, bool) {
	var out strings.Builder
	for round := 0; ; round++ {
		if round == maxPrintfRounds {
			return "", false
		}
		used := 0
		arg := func() string {
			if used < len(args) {
				used++
				return args[used-1]
			}
			return ""
		}
		for i := 0; i < len(format); i++ {
			c := format[i]
			if c == '\\' {
				if i+1 < len(format) && format[i+1] == '%' {
					out.WriteByte('\\') // \% is a backslash, then a directive
					continue
				}
				// One escape and the plain text after it.
				k := min(i+2, len(format))
				for k < len(format) && format[k] != '\\' && format[k] != '%' {
					k++
				}
				text, _, ok := bashEscapes(format[i:k], escFormat)
				if !ok {
					return "", false
				}
				out.WriteString(text)
				i = k - 1
				continue
			}
			if c != '%' {
				out.WriteByte(c)
				continue
			}
			// %[-][width][.precision]conversion
			j := i + 1
			left := false
			for j < len(format) && format[j] == '-' {
				left, j = true, j+1
			}
			width, n := digitsAt(format, j, 5, 10)
			j += n
			prec := -1
			if j < len(format) && format[j] == '.' {
				prec, n = digitsAt(format, j+1, 5, 10)
				j += 1 + n
			}
			if j >= len(format) || width > maxPrintfWidth || prec > maxPrintfWidth {
				return "", false
			}
			var val string
			done := false
			switch conv := format[j]; {
			case conv == '%' && j == i+1:
				out.WriteByte('%')
				i = j
				continue
			case conv == 's':
				val = arg()
			case conv == 'b':
				text, stop, ok := bashEscapes(arg(), escB)
				if !ok {
					return "", false
				}
				val, done = text, stop // \c ends all output after this one
			case conv == 'c':
				val = arg()
				if val == "" {
					val = "\x00"
				}
				val = val[:1]
				prec = -1
			default:
				return "", false
			}
			if (width > 0 || prec >= 0 || format[j] == 'c') && !isASCII(val) {
				return "", false
			}
			if prec >= 0 && prec < len(val) {
				val = val[:prec]
			}
			pad := strings.Repeat(" ", max(width-len(val), 0))
			if left {
				out.WriteString(val + pad)
			} else {
				out.WriteString(pad + val)
			}
			if done {
				return out.String(), true
			}
			i = j
		}
		if used == 0 || used >= len(args) {
			return out.String(), true
		}
		args = args[used:]
	}
}

// bashEcho is what bash's echo writes for args after its options: with
// escapes (-e) read as echo reads them; without the newline for -n or
// after a \c.
func bashEcho(args []string, escapes, newline bool) (string, bool) {
	return echoText(args, escapes, newline, escEcho)
}

// echoText is what an echo writes for args after its options, its
// escapes, when read, decoded in mode (escEcho or escDash).
func echoText(args []string, escapes, newline bool, mode escMode) (string, bool) {
	text := strings.Join(args, " ")
	if escapes {
		out, stop, ok := bashEscapes(text, mode)
		if !ok {
			return "", false
		}
		if stop {
			return out, true
		}
		text = out
	}
	if newline {
		text += "\n"
	}
	return text, true
}

// echoReading is how the shell that runs a script reads its echo's
// arguments: bash keeps their backslashes unless -e is given, while bash
// with xpg_echo and zsh decode them unless -E is given, and dash decodes
// them always, \NNN without a leading 0 included but not \x or \u (see
// docs/security-model.md, Hardline).
type echoReading uint8

const (
	echoBash echoReading = iota // bash: escapes under -e
	echoXPG                     // bash with xpg_echo, zsh: escapes unless -E
	echoDash                    // dash and its kin: escapes always; -n its only option
)

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// ansiC is the text bash's $'...' quoting gives s, the quoted text: its
// escapes decoded (see bashEscapes), cut at a NUL as bash cuts it.
func ansiC(s string) string {
	out, _, _ := bashEscapes(s, escANSIC)
	out, _, _ = strings.Cut(out, "\x00")
	return out
}

// readAsBash mends a parse where the parser, or the expander after it,
// reads the text otherwise than bash: $'...' parts (readANSIC), a
// coprocess's words (coprocWords) and the escapes of a replacement's
// string (replaceEscapes). Every parse passes through it, once (see
// run.parse), before anything of it is judged.
func readAsBash(f *syntax.File, src string) {
	readANSIC(f, src)
	coprocWords(f, src)
	replaceEscapes(f, src)
}

// replaceEscapes removes the backslashes of the unquoted text of a
// replacement's string, ${NAME/PATTERN/STRING}, as bash does (bash 5.2,
// inside double quotes too): ${HOME/\/home/\/home} is /home/dev to bash,
// where the expander keeps the backslashes and reads \/home/dev, a
// relative path. A backslash inside double quotes in the string is
// the quotes' to read, as the expander does.
func replaceEscapes(f *syntax.File, src string) {
	if !strings.Contains(src, "${") || strings.IndexByte(src, '\\') < 0 {
		return
	}
	syntax.Walk(f, func(n syntax.Node) bool {
		pe, ok := n.(*syntax.ParamExp)
		if !ok || pe.Repl == nil || pe.Repl.With == nil {
			return true
		}
		for _, p := range pe.Repl.With.Parts {
			if l, ok := p.(*syntax.Lit); ok && strings.IndexByte(l.Value, '\\') >= 0 {
				l.Value = unescapeBackslashes(l.Value)
			}
		}
		return true
	})
}

// coprocWords gives a coprocess's simple command back the words the
// parser took for assignments: it reads coproc dd if=/dev/zero
// of=/dev/sda as dd with the variables if and of set, where bash runs dd
// with those arguments (a word shaped like an assignment is one only
// before the command's name), and the redirections it gave the statement
// around the coprocess.
func coprocWords(f *syntax.File, src string) {
	if !strings.Contains(src, "coproc") {
		return
	}
	syntax.Walk(f, func(n syntax.Node) bool {
		if s, ok := n.(*syntax.Stmt); ok {
			// Its redirections are the coprocess's command's (coproc bash
			// <<< CMD): the parser gives them to the statement around it.
			if cc, ok := s.Cmd.(*syntax.CoprocClause); ok && cc.Stmt != nil && len(s.Redirs) > 0 {
				cc.Stmt.Redirs = append(cc.Stmt.Redirs, s.Redirs...)
				s.Redirs = nil
			}
			return true
		}
		cc, ok := n.(*syntax.CoprocClause)
		if !ok || cc.Stmt == nil {
			return true
		}
		if cc.Name != nil {
			// bash takes NAME only before a compound command: before a
			// simple one (coproc docker export -o F c, coproc bash <<< CMD,
			// which the parser reads as NAME docker running export), the
			// word is the command's name.
			if call, ok := nameAsCommand(cc.Name, cc.Stmt.Cmd); ok {
				cc.Stmt.Cmd, cc.Name = call, nil
			}
		}
		call, ok := cc.Stmt.Cmd.(*syntax.CallExpr)
		if !ok || len(call.Args) == 0 {
			return true
		}
		first := call.Args[0].Pos().Offset()
		keep := call.Assigns[:0]
		for _, as := range call.Assigns {
			if as.Pos().Offset() < first || as.Name == nil || as.Index != nil || as.Array != nil || as.Naked {
				keep = append(keep, as)
				continue
			}
			call.Args = append(call.Args, assignWord(as))
		}
		call.Assigns = keep
		slices.SortStableFunc(call.Args, func(a, b *syntax.Word) int { return int(a.Pos().Offset()) - int(b.Pos().Offset()) })
		// The other way round, it takes the words before the command's
		// name that bash reads as assignments (coproc PIP_LOG=F pip ...)
		// for the command and its arguments.
		for len(call.Args) > 1 {
			as, ok := wordAssign(call.Args[0])
			if !ok {
				break
			}
			call.Assigns = append(call.Assigns, as)
			call.Args = call.Args[1:]
		}
		return true
	})
}

// nameAsCommand returns the simple command name heads when cmd, what the
// parser read after a coprocess's name, is no compound command: nothing
// (redirections alone), a simple command, or a declaration (export,
// declare, local, readonly) whose words are then arguments.
func nameAsCommand(name *syntax.Word, cmd syntax.Command) (*syntax.CallExpr, bool) {
	call := &syntax.CallExpr{Args: []*syntax.Word{name}}
	switch c := cmd.(type) {
	case nil:
	case *syntax.CallExpr:
		call.Assigns = c.Assigns // after the name: coprocWords makes them words
		call.Args = append(call.Args, c.Args...)
	case *syntax.DeclClause:
		if c.Variant == nil {
			return nil, false
		}
		call.Args = append(call.Args, &syntax.Word{Parts: []syntax.WordPart{c.Variant}})
		for _, as := range c.Args {
			switch {
			case as.Naked && as.Value != nil:
				call.Args = append(call.Args, as.Value)
			case as.Naked && as.Name != nil:
				call.Args = append(call.Args, &syntax.Word{Parts: []syntax.WordPart{as.Name}})
			case as.Name != nil && as.Index == nil && as.Array == nil:
				call.Args = append(call.Args, assignWord(as))
			default:
				return nil, false
			}
		}
	default:
		return nil, false
	}
	return call, true
}

// wordAssign reads a word shaped as an assignment (NAME=VALUE, NAME+=VALUE,
// its name literal) as the assignment bash makes of it before a command's
// name, at the positions its parts hold in the source.
func wordAssign(w *syntax.Word) (*syntax.Assign, bool) {
	lit, ok := w.Parts[0].(*syntax.Lit)
	if !ok {
		return nil, false
	}
	i := strings.IndexByte(lit.Value, '=')
	if i <= 0 {
		return nil, false
	}
	name, app := lit.Value[:i], false
	if n, ok := strings.CutSuffix(name, "+"); ok {
		name, app = n, true
	}
	if !syntax.ValidName(name) {
		return nil, false
	}
	at := func(k int) syntax.Pos {
		p := lit.ValuePos
		return syntax.NewPos(p.Offset()+uint(k), p.Line(), p.Col()+uint(k))
	}
	as := &syntax.Assign{Append: app, Name: &syntax.Lit{ValuePos: lit.ValuePos, ValueEnd: at(len(name)), Value: name}}
	var parts []syntax.WordPart
	if rest := lit.Value[i+1:]; rest != "" {
		parts = append(parts, &syntax.Lit{ValuePos: at(i + 1), ValueEnd: lit.ValueEnd, Value: rest})
	}
	parts = append(parts, w.Parts[1:]...)
	if len(parts) > 0 {
		as.Value = &syntax.Word{Parts: parts}
	}
	return as, true
}

// assignWord is the word an assignment's text makes: NAME=, or NAME+=,
// then the value's parts, at the positions they hold in the source.
func assignWord(as *syntax.Assign) *syntax.Word {
	op := "="
	if as.Append {
		op = "+="
	}
	end := as.Name.End()
	lit := &syntax.Lit{ValuePos: as.Name.Pos(), Value: as.Name.Value + op,
		ValueEnd: syntax.NewPos(end.Offset()+uint(len(op)), end.Line(), end.Col()+uint(len(op)))}
	w := &syntax.Word{Parts: []syntax.WordPart{lit}}
	if as.Value != nil {
		parts := as.Value.Parts
		if first, ok := parts[0].(*syntax.Lit); ok {
			// One literal, as the parser makes of such a word elsewhere
			// (the tilde after = in of=~/x is read from it).
			lit.Value, lit.ValueEnd = lit.Value+first.Value, first.ValueEnd
			parts = parts[1:]
		}
		w.Parts = append(w.Parts, parts...)
	}
	return w
}

// readANSIC replaces the $'...' word parts of f, parsed from src, with
// the single-quoted text bash reads them as (see ansiC), so that the
// expander, which reads $'...' through its printf (\cX as written, \18 as
// an error that drops the rest), never sees one. Every parse passes
// through it before anything of it is expanded.
func readANSIC(f *syntax.File, src string) {
	if !strings.Contains(src, "$'") {
		return
	}
	syntax.Walk(f, func(n syntax.Node) bool {
		if q, ok := n.(*syntax.SglQuoted); ok && q.Dollar {
			q.Value, q.Dollar = ansiC(q.Value), false
		}
		return true
	})
}
