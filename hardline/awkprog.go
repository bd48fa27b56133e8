package hardline

import (
	"path"
	"strconv"
	"strings"
)

// awkRead is what an awk program does with files besides its input.
type awkRead struct {
	// files are the files it names with a string literal: written by
	// print > "f", print >> "f" and printf, read by getline < "f",
	// ARGV[i] = "f" and gawk's @include "f".
	files []progFile
	// unnamed are the redirections and ARGV elements whose file is not a
	// literal (a variable, ENVIRON["HOME"] "/x", a concatenation, ARGV
	// changed by sub): name holds the target's text or says how.
	unnamed []progFile
	// loads says the program loads a native extension (gawk's @load).
	loads bool
	// commands are the shell commands its pipes run that string literals
	// give: "CMD" | getline, print ... | "CMD", and the text a print of
	// one literal sends to a shell (print "CMD" | "sh"). (system("CMD")
	// is read as any language's call of a shell: embeddedCommands.)
	commands []string
}

// awkTok is a token of an awk program.
type awkTok struct {
	kind byte   // 'n' name, '0' number, 's' string, 'r' regular expression, 'o' operator, '@' directive
	text string // a string's value (escapes decoded), else the token as written
	pos  int    // offset in the program
	end  int
}

// awkSpecial are the names awks handle themselves instead of opening them.
func awkSpecial(name string) bool {
	return name == "/dev/stdout" || name == "/dev/stderr" || name == "/dev/stdin" || name == "-"
}

// readAwk reads an awk program's output and input redirections and the
// files it adds to ARGV. A '>' is a redirection only in a print or printf
// statement outside parentheses (print ($1 > 2) compares); string and
// regular expression literals are skipped. The target of a getline
// redirection is read as the primary right after '<', and counts as named
// only when what follows cannot continue it. The work is linear in the
// program's length.
func readAwk(prog string) awkRead {
	var out awkRead
	p := newAwkProg(prog)
	toks := p.toks
	// Every print and getline is read on its own, even inside another
	// statement that does not parse, so that nothing hides one.
	for k := 0; k < len(toks); k++ {
		t := toks[k]
		switch {
		case t.kind == 'n' && (t.text == "print" || t.text == "printf"):
			if j := p.stop[k+1]; j < len(toks) && p.redirect(j) {
				out.target(p, j+1, p.stmtEnd[j+1], true)
			}
		case t.kind == 'n' && t.text == "getline":
			j := p.lvalueEnd(k + 1)
			if j >= len(toks) || toks[j].kind != 'o' || toks[j].text != "<" {
				continue
			}
			end := p.primaryEnd(j + 1)
			if end < len(toks) && !awkEndsPrimary(toks[end]) {
				end = p.stmtEnd[end] // "<" "a" "b": which file is unspecified
			}
			out.target(p, j+1, end, false)
		case t.kind == 'n' && t.text == "ARGV":
			out.argv(p, k)
		case t.kind == '@' && t.text == "@include":
			if k+1 < len(toks) && toks[k+1].kind == 's' {
				out.target(p, k+1, k+2, false)
			}
		case t.kind == '@' && t.text == "@load":
			out.loads = true
		case t.kind == 'o' && (t.text == "|" || t.text == "|&"):
			out.pipe(p, k)
		}
	}
	return out
}

// pipe reads the command of the pipe at toks[k]: the string literal before
// it when getline follows ("CMD" | getline), else the one after it (print
// ... | "CMD"); a shell fed one printed literal runs that literal too.
func (out *awkRead) pipe(p *awkProg, k int) {
	toks := p.toks
	if k+1 < len(toks) && toks[k+1].kind == 'n' && toks[k+1].text == "getline" {
		j := k - 1
		if j > 0 && toks[j].text == ")" && toks[j].kind == 'o' {
			j-- // ("CMD") | getline
		}
		if j >= 0 && toks[j].kind == 's' {
			out.commands = append(out.commands, toks[j].text)
		}
		return
	}
	if k+1 >= len(toks) || toks[k+1].kind != 's' {
		return
	}
	command := toks[k+1].text
	out.commands = append(out.commands, command)
	// print "CMD" | "sh": the shell runs what the print sends it.
	if k >= 2 && toks[k-1].kind == 's' && toks[k-2].kind == 'n' && (toks[k-2].text == "print" || toks[k-2].text == "printf") {
		if w := strings.Fields(command); len(w) > 0 && shells[path.Base(w[0])] {
			out.commands = append(out.commands, toks[k-1].text)
		}
	}
}

// awkProg is a tokenised awk program with the tables that let readAwk
// find a statement's end and its redirection in constant time.
type awkProg struct {
	src  string
	toks []awkTok
	// match is the index of the bracket that closes toks[j], or
	// len(toks) when none does (or toks[j] opens nothing).
	match []int
	// stmtEnd is the index of the token that ends the statement or
	// expression starting at toks[j]: ';', a newline, a pipe, or a closing
	// bracket of one opened before it, outside brackets opened after it;
	// len(toks) when nothing does.
	stmtEnd []int
	// stop is stmtEnd, or the index of a '>' or '>>' outside brackets
	// before it.
	stop []int
	// argvIn maps a use of ARGV inside brackets to the bracket that holds
	// it.
	argvIn map[int]int
}

func newAwkProg(src string) *awkProg {
	toks := lexAwk(src)
	n := len(toks)
	p := &awkProg{src: src, toks: toks, match: make([]int, n), stmtEnd: make([]int, n+1), stop: make([]int, n+1)}
	var stack []int
	for j, t := range toks {
		p.match[j] = n
		if t.kind == 'n' && t.text == "ARGV" && len(stack) > 0 {
			if p.argvIn == nil {
				p.argvIn = map[int]int{}
			}
			p.argvIn[j] = stack[len(stack)-1]
		}
		switch {
		case t.kind != 'o':
		case t.text == "(" || t.text == "[" || t.text == "{":
			stack = append(stack, j)
		case (t.text == ")" || t.text == "]" || t.text == "}") && len(stack) > 0:
			p.match[stack[len(stack)-1]] = j
			stack = stack[:len(stack)-1]
		}
	}
	p.stmtEnd[n], p.stop[n] = n, n
	for j := n - 1; j >= 0; j-- {
		t := toks[j]
		switch {
		case t.kind != 'o':
			p.stmtEnd[j], p.stop[j] = p.stmtEnd[j+1], p.stop[j+1]
		case t.text == "(" || t.text == "[" || t.text == "{":
			if m := p.match[j]; m < n {
				p.stmtEnd[j], p.stop[j] = p.stmtEnd[m+1], p.stop[m+1]
			} else {
				p.stmtEnd[j], p.stop[j] = n, n // never closed
			}
		case t.text == ")" || t.text == "]" || t.text == "}" || t.text == ";" || t.text == "\n" || t.text == "|" || t.text == "|&":
			p.stmtEnd[j], p.stop[j] = j, j
		case t.text == ">" || t.text == ">>":
			p.stmtEnd[j], p.stop[j] = p.stmtEnd[j+1], j
		default:
			p.stmtEnd[j], p.stop[j] = p.stmtEnd[j+1], p.stop[j+1]
		}
	}
	return p
}

// redirect reports whether toks[j] is an output redirection operator.
func (p *awkProg) redirect(j int) bool {
	t := p.toks[j]
	return t.kind == 'o' && (t.text == ">" || t.text == ">>")
}

// closed returns the index past the bracket that closes toks[j].
func (p *awkProg) closed(j int) int { return min(p.match[j]+1, len(p.toks)) }

// target records the file that toks[from:to] name: one string or number
// literal, or one in parentheses, is named; anything else is not.
func (out *awkRead) target(p *awkProg, from, to int, write bool) {
	for to-from >= 3 && p.toks[from].kind == 'o' && p.toks[from].text == "(" && p.match[from] == to-1 {
		from, to = from+1, to-1
	}
	switch t := p.toks[min(from, len(p.toks)-1)]; {
	case to-from == 1 && (t.kind == 's' || t.kind == '0'):
		// A number names the file it converts to (print 3 > 2 writes "2").
		if !awkSpecial(t.text) {
			out.files = append(out.files, progFile{name: t.text, write: write})
		}
	case to <= from:
		out.unnamed = append(out.unnamed, progFile{name: "nothing", write: write})
	default:
		out.unnamed = append(out.unnamed, progFile{name: p.src[t.pos:p.toks[to-1].end], write: write})
	}
}

// awkArrayChangers are the functions that change an array or an element
// given to them.
var awkArrayChangers = map[string]bool{"sub": true, "gsub": true, "split": true, "patsplit": true, "match": true, "asort": true, "asorti": true}

// argv judges the use of ARGV at toks[k]. ARGV lists the files awk reads
// after BEGIN, so an element assigned a literal names a file that is read
// (ARGV[1] = "/etc/shadow"); an element assigned anything else, or
// changed by getline, sub, gsub, split or a function given the whole
// array, names a file that cannot be named.
func (out *awkRead) argv(p *awkProg, k int) {
	toks := p.toks
	n := len(toks)
	prev := func(text string) bool { return k > 0 && toks[k-1].kind != 's' && toks[k-1].text == text }
	if prev("in") || prev("delete") {
		return // for (i in ARGV), delete ARGV[i]: no file is added
	}
	if o, ok := p.argvIn[k]; ok && o > 0 && toks[o].text == "(" && toks[o-1].kind == 'n' && awkArrayChangers[toks[o-1].text] {
		out.unnamed = append(out.unnamed, progFile{name: "ARGV changed by " + toks[o-1].text})
		return
	}
	if prev("getline") {
		out.unnamed = append(out.unnamed, progFile{name: "ARGV set by getline"})
		return
	}
	if k+1 >= n || toks[k+1].kind != 'o' || toks[k+1].text != "[" {
		out.unnamed = append(out.unnamed, progFile{name: "ARGV handed on whole"})
		return
	}
	j := p.closed(k + 1)
	if j >= n || toks[j].kind != 'o' {
		return
	}
	switch toks[j].text {
	case "=":
		end := p.primaryEnd(j + 1)
		if end < n && !awkEndsPrimary(toks[end]) {
			end = p.stmtEnd[end]
		}
		out.target(p, j+1, end, false)
	case "+=", "-=", "*=", "/=", "%=", "^=", "**=", "++", "--":
		out.unnamed = append(out.unnamed, progFile{name: p.src[toks[k].pos:toks[j].end]})
	}
}

// lvalueEnd returns the index past the optional variable after getline
// at toks[k]: a name with an optional subscript, or a field ($expr).
func (p *awkProg) lvalueEnd(k int) int {
	if k >= len(p.toks) {
		return k
	}
	switch t := p.toks[k]; {
	case t.kind == 'n' && !awkKeywords[t.text], t.kind == 'o' && t.text == "$":
		return p.primaryEnd(k)
	}
	return k
}

// primaryEnd returns the index past the primary expression at toks[k]:
// a literal, a name with subscripts or arguments, a parenthesised
// expression, or $ and a primary.
func (p *awkProg) primaryEnd(k int) int {
	toks := p.toks
	for k < len(toks) && toks[k].kind == 'o' && (toks[k].text == "$" || toks[k].text == "-" || toks[k].text == "+" || toks[k].text == "!") {
		k++
	}
	if k >= len(toks) {
		return k
	}
	t := toks[k]
	switch {
	case t.kind == 'o' && t.text == "(":
		return p.closed(k)
	case t.kind == 'n':
		k++
		for k < len(toks) && toks[k].kind == 'o' && (toks[k].text == "[" || toks[k].text == "(" && toks[k].pos == toks[k-1].end) {
			k = p.closed(k)
		}
		return k
	}
	return k + 1
}

// awkEndsPrimary reports whether t, after getline's target, leaves the
// target alone: it ends the expression, or compares (the other reading
// would name a file "0" or "1").
func awkEndsPrimary(t awkTok) bool {
	if t.kind != 'o' {
		return false
	}
	switch t.text {
	case ")", "]", "}", ";", "\n", ",", ">", "<", ">=", "<=", "==", "!=", "&&", "||":
		return true
	}
	return false
}

// awkKeywords are the names that are not variables.
var awkKeywords = map[string]bool{
	"BEGIN": true, "END": true, "BEGINFILE": true, "ENDFILE": true, "function": true, "func": true,
	"if": true, "else": true, "while": true, "for": true, "do": true, "break": true, "continue": true,
	"next": true, "nextfile": true, "exit": true, "return": true, "delete": true, "in": true,
	"getline": true, "print": true, "printf": true, "switch": true, "case": true, "default": true,
}

// awkOps are the operators of more than one character, longest first.
var awkOps = []string{"**=", ">>", ">=", "<=", "==", "!=", "!~", "&&", "||", "|&", "++", "--", "+=", "-=", "*=", "/=", "%=", "^=", "**"}

// lexAwk splits an awk program into tokens. Comments and line
// continuations are dropped; ';' and newlines are operators.
func lexAwk(s string) []awkTok {
	toks := make([]awkTok, 0, len(s)/4+4) // about one token in four bytes
	emit := func(kind byte, text string, pos, end int) {
		toks = append(toks, awkTok{kind: kind, text: text, pos: pos, end: end})
	}
	i := 0
	for i < len(s) {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case c == '\\' && i+1 < len(s) && (s[i+1] == '\n' || s[i+1] == '\r'):
			i += 2
		case c == '#':
			for i < len(s) && s[i] != '\n' {
				i++
			}
		case c == '"':
			j := i + 1
			for j < len(s) && s[j] != '"' && s[j] != '\n' {
				if s[j] == '\\' {
					j++
				}
				j++
			}
			j = min(j, len(s))
			emit('s', awkUnquote(s[i+1:j]), i, min(j+1, len(s)))
			i = j + 1
		case c == '/' && awkRegexAllowed(toks):
			j := i + 1
			for j < len(s) && s[j] != '/' && s[j] != '\n' {
				switch s[j] {
				case '\\':
					j += 2
				case '[':
					j = bracketEnd(s, j) // it holds '/' (/[/]/), not a newline
				default:
					j++
				}
			}
			j = min(j, len(s))
			emit('r', s[i:min(j+1, len(s))], i, min(j+1, len(s)))
			i = j + 1
		case c == '@' || c == '_' || isLetter(c):
			j := i + 1
			for j < len(s) && (s[j] == '_' || isLetter(s[j]) || s[j] >= '0' && s[j] <= '9') {
				j++
			}
			kind := byte('n')
			if c == '@' {
				kind = '@'
			}
			emit(kind, s[i:j], i, j)
			i = j
		case c >= '0' && c <= '9' || c == '.' && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9':
			j := i + 1
			for j < len(s) && (s[j] == '.' || s[j] == '_' || isLetter(s[j]) || s[j] >= '0' && s[j] <= '9') {
				j++
			}
			emit('0', s[i:j], i, j)
			i = j
		default:
			op := s[i : i+1]
			for _, o := range awkOps {
				if strings.HasPrefix(s[i:], o) {
					op = o
					break
				}
			}
			emit('o', op, i, i+len(op))
			i += len(op)
		}
	}
	return toks
}

// awkRegexAllowed reports whether a '/' after toks starts a regular
// expression rather than dividing: it does unless an operand precedes it.
func awkRegexAllowed(toks []awkTok) bool {
	if len(toks) == 0 {
		return true
	}
	t := toks[len(toks)-1]
	switch t.kind {
	case 'n':
		return awkKeywords[t.text] && t.text != "getline"
	case '0', 's', 'r':
		return false
	}
	switch t.text {
	case ")", "]", "$", "++", "--":
		return false
	}
	return true
}

// awkUnquote decodes the escapes of an awk string literal's body.
func awkUnquote(s string) string {
	if !strings.ContainsRune(s, '\\') {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 >= len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		switch c := s[i]; c {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case 'a':
			b.WriteByte('\a')
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'v':
			b.WriteByte('\v')
		case '0', '1', '2', '3', '4', '5', '6', '7':
			j := i
			for j < len(s) && j < i+3 && s[j] >= '0' && s[j] <= '7' {
				j++
			}
			n, _ := strconv.ParseUint(s[i:j], 8, 8)
			b.WriteByte(byte(n))
			i = j - 1
		default:
			b.WriteByte(c) // \" \\ \/ and unknown escapes stand for the character
		}
	}
	return b.String()
}

// awkFiles judges the files an awk program (the field prog) writes and
// reads; a redirection whose target is not a string literal asks.
func (r *run) awkFiles(sc *scope, b string, prog field, c ctx, cmd string) {
	rd := readAwk(prog.val)
	if rd.loads {
		r.finding(ruleInlineInterp, Dynamic, Ask, b+" loads a native extension (@load) the analyser cannot read", cmd, "")
	}
	for _, u := range rd.unnamed {
		verb := "reads"
		if u.write {
			verb = "writes"
		}
		r.finding(ruleInlineInterp, Dynamic, Ask, bound(b+" "+verb+" a file the analyser cannot name ("+u.name+")"), cmd, "")
	}
	r.progFiles(sc, b, prog, rd.files, cmd)
	for _, text := range rd.commands {
		// awk runs each through sh -c.
		r.reparseField(sc, field{val: text}, c, cmd, true)
	}
}

// awkInPlace judges the input files of gawk -i inplace, which rewrites
// them, as written; an operand var=value is an assignment.
func (r *run) awkInPlace(sc *scope, inputs []field, cmd string) {
	for _, f := range inputs {
		if name, _, ok := strings.Cut(f.val, "="); ok && !f.dyn && isName(name) || f.val == "-" {
			continue
		}
		r.judgeWrite(sc, f, ruleDiskWrite, cmd)
		r.noteWritten(f, "", false)
	}
}
