package hardline

import (
	"slices"
	"strings"
)

// progFile is a file a program's own language names: a sed script's w or
// r command, an awk program's print > "file" or getline < "file".
type progFile struct {
	name  string
	write bool
}

// sedRead is what a sed script does besides editing its input.
type sedRead struct {
	// files are the files its commands write (w, W, the s command's w
	// flag) or read into the output (r, R), in the order written.
	files []progFile
	// executes says it runs shell commands (the e command or the s
	// command's e flag), or has something the reader does not know.
	executes bool
	// commands are the command lines the e command gives and the
	// replacements of s commands with the e flag (s/.*/CMD/e runs the
	// pattern space, which then holds CMD): each is judged as a script.
	commands []string
}

// readSed reads a sed script the way GNU sed compiles it. GNU sed reads a
// bracket expression in a regular expression as one piece (s/[/]/x/);
// other seds may end the expression at the delimiter inside it. The
// script is read both ways and what either reading finds counts, so that
// neither reading can hide a command.
func readSed(script string) sedRead {
	a, b := readSedAs(script, true), readSedAs(script, false)
	a.executes = a.executes || b.executes
	for _, c := range b.commands {
		if !slices.Contains(a.commands, c) {
			a.commands = append(a.commands, c)
		}
	}
	for _, f := range b.files {
		if !slices.Contains(a.files, f) {
			a.files = append(a.files, f)
		}
	}
	return a
}

// sedSpecial are the names GNU sed handles itself instead of opening them.
func sedSpecial(name string) bool {
	return name == "/dev/stdout" || name == "/dev/stderr" || name == "/dev/stdin"
}

// readSedAs reads a script, with bracket expressions in regular
// expressions read as one piece when brackets is set. What it cannot read
// counts as executing.
func readSedAs(s string, brackets bool) sedRead {
	var out sedRead
	i := 0
	// delimited moves past text ending at delim; i is just past the
	// opening delimiter. A regular expression (re) may hold a bracket
	// expression in which the delimiter does not count. A newline that no
	// backslash escapes ends the script with an error (false).
	delimited := func(delim byte, re bool) bool {
		for i < len(s) && s[i] != delim && s[i] != '\n' {
			switch {
			case s[i] == '\\':
				i++
			case re && brackets && s[i] == '[':
				i = bracketEnd(s, i)
				continue
			}
			i++
		}
		if i >= len(s) || s[i] != delim {
			return false
		}
		i++
		return true
	}
	toEOL := func() {
		for i < len(s) && s[i] != '\n' {
			i++
		}
	}
	// file records the file name that runs from after the command letter
	// (and blanks) to the end of the line, as GNU sed reads it. An empty name
	// is kept: in a script with an expansion it may be the expansion's.
	file := func(write bool) {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		start := i
		toEOL()
		if name := s[start:i]; !sedSpecial(name) {
			out.files = append(out.files, progFile{name: name, write: write})
		}
	}
	for i < len(s) {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ';' || c == '{' || c == '}' || c == '!' ||
			c == ',' || c == '$' || c == '~' || c == '+' || (c >= '0' && c <= '9'):
			i++
		case c == '#':
			toEOL()
		case c == '/':
			i++
			if !delimited('/', true) {
				out.executes = true
				return out
			}
			for i < len(s) && (s[i] == 'I' || s[i] == 'M') {
				i++
			}
		case c == '\\':
			if i+1 >= len(s) {
				out.executes = true
				return out
			}
			d := s[i+1]
			i += 2
			if !delimited(d, true) {
				out.executes = true
				return out
			}
		case c == 's' || c == 'y':
			if i+1 >= len(s) {
				out.executes = true
				return out
			}
			d := s[i+1]
			if d == '\\' || d == '\n' {
				out.executes = true
				return out
			}
			i += 2
			if !delimited(d, c == 's') { // the pattern
				out.executes = true
				return out
			}
			from := i
			if !delimited(d, false) { // the replacement
				out.executes = true
				return out
			}
			if c == 'y' {
				continue
			}
			replacement := s[from : i-1]
			// The flags run to the end of the command; w takes the rest of
			// the line as a file name.
			for i < len(s) && s[i] != ';' && s[i] != '\n' && s[i] != '}' {
				switch s[i] {
				case 'e':
					out.executes = true
					out.commands = append(out.commands, sedUnescape(replacement))
				case 'w', 'W':
					i++
					file(true)
					continue
				}
				i++
			}
		case c == 'e':
			out.executes = true // the rest of the line is a shell command
			i++
			from := i
			toEOL()
			if line := strings.TrimSpace(s[from:i]); line != "" {
				out.commands = append(out.commands, line)
			}
		case c == 'w' || c == 'W' || c == 'r' || c == 'R':
			i++
			file(c == 'w' || c == 'W')
		case c == 'a' || c == 'i' || c == 'c':
			// Text runs to the end of the line; a backslash carries it on
			// to the next one (a\ followed by lines of text).
			i++
			for i < len(s) && s[i] != '\n' {
				if s[i] == '\\' {
					i++
				}
				i++
			}
		case c == 'b' || c == 't' || c == 'T' || c == ':' || c == 'v' || c == 'q' || c == 'Q' || c == 'l' || c == 'L':
			// A label, a version or an exit code ends at ';' as well.
			for i < len(s) && s[i] != ';' && s[i] != '\n' && s[i] != '}' {
				i++
			}
		case strings.IndexByte("dDgGhHnNpPxzF=", c) >= 0:
			i++
		default:
			out.executes = true // something this reader does not know
			return out
		}
	}
	return out
}

// bracketEnd returns the index just past the bracket expression that
// starts at s[i] ('['), or the index of the newline or the end of s that
// comes first when it does not end. A ']' first in the list (after an
// optional '^') is a member; [:class:], [=e=] and [.c.] are read whole
// when they end within a few bytes (a class name is short), so that the
// work stays linear.
func bracketEnd(s string, i int) int {
	j := i + 1
	if j < len(s) && s[j] == '^' {
		j++
	}
	if j < len(s) && s[j] == ']' {
		j++
	}
	for j < len(s) && s[j] != ']' && s[j] != '\n' {
		if s[j] == '[' && j+1 < len(s) && (s[j+1] == ':' || s[j+1] == '=' || s[j+1] == '.') {
			if k := strings.Index(s[j+2:min(j+2+maxClassName, len(s))], string(s[j+1])+"]"); k >= 0 {
				j += k + 4
				continue
			}
		}
		j++
	}
	if j >= len(s) || s[j] == '\n' {
		return j
	}
	return j + 1
}

// maxClassName bounds the bytes bracketEnd reads for a class's end.
const maxClassName = 32

// progFiles judges the files a program's own language names (b's script
// or program, from the field script) the way a redirection's target or a
// read operand is judged: a written file like cmd > FILE, a read file like
// cat FILE. A name in a script with an expansion may hold part of it, so
// it cannot be named: that asks.
func (r *run) progFiles(sc *scope, b string, script field, files []progFile, cmd string) {
	for _, pf := range files {
		verb := "reads"
		if pf.write {
			verb = "writes"
		}
		if script.dyn {
			r.finding(ruleInlineInterp, Dynamic, Ask, b+" "+verb+" a file the analyser cannot name (the program holds "+script.why+")", cmd, "")
			continue
		}
		if pf.name == "" {
			continue // the program refuses to run
		}
		// checkWords matches the name as written and, here (outside the
		// matching of the command line's own words), as resolved through
		// symbolic links too: checkTargets would add nothing.
		f := field{val: pf.name}
		r.checkWords(sc, []field{f}, cmd)
		if pf.write {
			r.judgeWrite(sc, f, ruleDiskWrite, cmd)
			r.noteWritten(f, "", false) // running it later in the command asks
		} else {
			r.rawDiskRead(f, cmd)
		}
	}
}

// stdinProgram reports whether a program file option (sed -f, awk -f)
// names standard input or a process substitution: code that is not on
// disk to be read later.
func stdinProgram(f field) bool {
	return f.why == whyProcSubst || !f.dyn && isStdin(f.val)
}

// sedUnescape is an s command's replacement as the pattern space holds it
// after a whole-line match: an escaped delimiter, backslash or newline
// stands for itself, and & and \1..\9 (the matched text) are dropped.
func sedUnescape(repl string) string {
	var b strings.Builder
	for i := 0; i < len(repl); i++ {
		c := repl[i]
		switch {
		case c == '\\' && i+1 < len(repl):
			i++
			switch n := repl[i]; {
			case n == 'n':
				b.WriteByte('\n')
			case n >= '0' && n <= '9':
			default:
				b.WriteByte(n)
			}
		case c == '&':
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
