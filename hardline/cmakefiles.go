package hardline

import (
	"strings"
)

// CMake's configure step (cmake -S DIR, cmake DIR, cmake -B build) runs
// the top CMakeLists.txt of the source folder, and cmake -P and -C run a
// script: what they make cmake do on this machine there is judged as the
// commands it stands for (see docs/security-model.md, "Scripts read from
// files"). execute_process runs each of its COMMANDs, an argument list,
// while the project is configured; file() deletes, writes, moves, copies
// and downloads. Commands that only run when the project is built
// (add_custom_command, add_custom_target) and the files include() and
// add_subdirectory() read are out of reach.

// cmakeCommand is one command invocation of a CMake file: its name, lower
// case, and its arguments, unquoted, with $ENV{NAME} written as the
// shell's ${NAME}.
type cmakeCommand struct {
	name string
	args []cmakeArg
}

// cmakeArg is one argument: its text, and whether it was quoted (a
// quoted argument is one argument whatever it holds).
type cmakeArg struct {
	text   string
	quoted bool
}

// maxCMakeCommands bounds the invocations read from one file.
const maxCMakeCommands = 4096

// parseCMake returns the command invocations of CMake text, in order: a
// name, '(' and the arguments up to the matching ')'. Comments (# to the
// end of the line, #[[...]]) are skipped; a quoted argument keeps its
// blanks and has its escapes undone; a bracket argument ([[...]],
// [=[...]=]) is taken as written.
func parseCMake(text string) []cmakeCommand {
	var out []cmakeCommand
	i := 0
	n := len(text)
	skipBlank := func() {
		for i < n {
			switch c := text[i]; {
			case c == ' ' || c == '\t' || c == '\r' || c == '\n':
				i++
			case c == '#':
				if end, ok := cmakeBracket(text, i+1); ok {
					i = end
					continue
				}
				for i < n && text[i] != '\n' {
					i++
				}
			default:
				return
			}
		}
	}
	for len(out) < maxCMakeCommands {
		skipBlank()
		if i >= n {
			return out
		}
		start := i
		for i < n && (isLetter(text[i]) || text[i] == '_' || '0' <= text[i] && text[i] <= '9') {
			i++
		}
		name := text[start:i]
		for i < n && (text[i] == ' ' || text[i] == '\t') {
			i++
		}
		if name == "" || i >= n || text[i] != '(' {
			// Not an invocation: skip a character and go on.
			if i == start {
				i++
			}
			continue
		}
		i++
		cmd := cmakeCommand{name: asciiLower(name)}
		depth := 0
		for i < n {
			skipBlank()
			if i >= n {
				break
			}
			switch c := text[i]; {
			case c == ')' && depth == 0:
				i++
				goto done
			case c == ')':
				depth--
				i++
			case c == '(':
				depth++
				i++
			case c == '"':
				var b strings.Builder
				for i++; i < n && text[i] != '"'; i++ {
					if text[i] == '\\' && i+1 < n {
						i++
						switch text[i] {
						case 'n':
							b.WriteByte('\n')
						case 't':
							b.WriteByte('\t')
						case '\n': // a line continued
						default:
							b.WriteByte(text[i])
						}
						continue
					}
					b.WriteByte(text[i])
				}
				i++
				cmd.args = append(cmd.args, cmakeArg{text: b.String(), quoted: true})
			case c == '[':
				if end, ok := cmakeBracket(text, i); ok {
					open := strings.IndexByte(text[i+1:], '[') + i + 2
					close := strings.LastIndexByte(text[:end-1], ']')
					body := ""
					if open <= close {
						body = strings.TrimPrefix(text[open:close], "\n")
					}
					cmd.args = append(cmd.args, cmakeArg{text: body, quoted: true})
					i = end
					continue
				}
				fallthrough
			default:
				var b strings.Builder
				for i < n {
					c := text[i]
					if c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '(' || c == ')' || c == '#' || c == '"' {
						break
					}
					if c == '\\' && i+1 < n {
						i++
						b.WriteByte(text[i])
						i++
						continue
					}
					b.WriteByte(c)
					i++
				}
				cmd.args = append(cmd.args, cmakeArg{text: b.String()})
			}
		}
	done:
		for k := range cmd.args {
			cmd.args[k].text = cmakeEnv(cmd.args[k].text)
		}
		out = append(out, cmd)
	}
	return out
}

// cmakeBracket reports whether a bracket ([[, [=[, ...) opens at text[i],
// and returns the index after its closing bracket (the end of the text
// when it does not close).
func cmakeBracket(text string, i int) (int, bool) {
	if i >= len(text) || text[i] != '[' {
		return 0, false
	}
	j := i + 1
	for j < len(text) && text[j] == '=' {
		j++
	}
	if j >= len(text) || text[j] != '[' {
		return 0, false
	}
	closing := "]" + strings.Repeat("=", j-i-1) + "]"
	k := strings.Index(text[j+1:], closing)
	if k < 0 {
		return len(text), true
	}
	return j + 1 + k + len(closing), true
}

// cmakeEnv writes CMake's $ENV{NAME} as the shell's ${NAME}.
func cmakeEnv(s string) string {
	for {
		i := strings.Index(s, "$ENV{")
		if i < 0 {
			return s
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			return s
		}
		s = s[:i] + "${" + s[i+5:i+j] + "}" + s[i+j+1:]
	}
}

// liveWord writes a value as one shell word: double-quoted, so that a
// variable it names as ${NAME} (CMake's $ENV{HOME}, Maven's ${user.home}
// written so) still expands while nothing else in it is read by the
// shell. A tool's own variable (CMake's ${NAME}, an Ant property) reads
// as the environment's of that name, or as not known.
func liveWord(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"', '\\', '`':
			b.WriteByte('\\')
			b.WriteByte(c)
		case '$':
			if i+1 < len(s) && s[i+1] == '{' {
				b.WriteByte('$')
			} else {
				b.WriteString("\\$")
			}
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// cmakeKeywords end an execute_process COMMAND's arguments.
var cmakeKeywords = setOf("COMMAND", "WORKING_DIRECTORY", "TIMEOUT", "RESULT_VARIABLE", "RESULTS_VARIABLE", "OUTPUT_VARIABLE",
	"ERROR_VARIABLE", "INPUT_FILE", "OUTPUT_FILE", "ERROR_FILE", "OUTPUT_QUIET", "ERROR_QUIET", "COMMAND_ECHO",
	"OUTPUT_STRIP_TRAILING_WHITESPACE", "ERROR_STRIP_TRAILING_WHITESPACE", "ENCODING", "ECHO_OUTPUT_VARIABLE",
	"ECHO_ERROR_VARIABLE", "COMMAND_ERROR_IS_FATAL")

// cmakeCommands returns, as shell command lines, what the CMake text makes
// cmake do on this machine while it configures or runs a script:
// execute_process's COMMANDs, exec_program's program, the code
// cmake_language(EVAL CODE) evaluates, and file()'s REMOVE, REMOVE_RECURSE, WRITE,
// APPEND, RENAME, COPY_FILE, COPY and DOWNLOAD as rm, a redirection, mv,
// cp and curl -o.
func cmakeCommands(text string) []string {
	var out []string
	words := func(args []cmakeArg) string {
		ws := make([]string, 0, len(args))
		for _, a := range args {
			ws = append(ws, liveWord(a.text))
		}
		return strings.Join(ws, " ")
	}
	for _, c := range parseCMake(text) {
		if len(out) >= maxPlantedCommands {
			break
		}
		switch c.name {
		case "execute_process":
			var argv []cmakeArg
			in := false
			flush := func() {
				if len(argv) > 0 {
					out = append(out, words(argv))
				}
				argv = nil
			}
			for _, a := range c.args {
				switch {
				case !a.quoted && a.text == "COMMAND":
					flush()
					in = true
				case !a.quoted && cmakeKeywords[a.text]:
					flush()
					in = false
				case in:
					argv = append(argv, a)
				}
			}
			flush()
		case "exec_program":
			// exec_program(PROG [ARGS "args"] [OUTPUT_VARIABLE v] ...): the
			// program and its arguments, given as one string, run by a shell.
			if len(c.args) == 0 {
				continue
			}
			line := liveWord(c.args[0].text)
			for k, a := range c.args {
				if a.text == "ARGS" && !a.quoted {
					for _, x := range c.args[k+1:] {
						if !x.quoted && cmakeKeywords[x.text] || x.text == "OUTPUT_VARIABLE" || x.text == "RETURN_VALUE" {
							break
						}
						line += " " + x.text
					}
				}
			}
			out = append(out, line)
		case "cmake_language":
			// cmake_language(EVAL CODE ...): the code is CMake's own.
			if len(c.args) > 2 && c.args[0].text == "EVAL" && c.args[1].text == "CODE" {
				var code []string
				for _, a := range c.args[2:] {
					code = append(code, a.text)
				}
				out = append(out, cmakeCommands(strings.Join(code, " "))...)
			}
		case "file":
			if len(c.args) < 2 {
				continue
			}
			rest := c.args[1:]
			switch c.args[0].text {
			case "REMOVE":
				out = append(out, "rm -f -- "+words(rest))
			case "REMOVE_RECURSE":
				out = append(out, "rm -rf -- "+words(rest))
			case "WRITE", "APPEND":
				out = append(out, ": > "+liveWord(rest[0].text))
			case "RENAME":
				if len(rest) >= 2 {
					out = append(out, "mv -- "+words(rest[:2]))
				}
			case "COPY_FILE":
				if len(rest) >= 2 {
					out = append(out, "cp -- "+words(rest[:2]))
				}
			case "COPY", "INSTALL":
				for k, a := range rest {
					if a.text == "DESTINATION" && !a.quoted && k+1 < len(rest) {
						out = append(out, "cp -r -- "+words(rest[:k])+" "+liveWord(rest[k+1].text))
						break
					}
				}
			case "DOWNLOAD":
				if len(rest) >= 2 {
					out = append(out, "curl -o "+liveWord(rest[1].text)+" "+liveWord(rest[0].text))
				}
			}
		}
	}
	return out
}
