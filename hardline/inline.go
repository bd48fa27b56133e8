package hardline

import (
	"regexp"
	"strings"
)

// Inline code in another language (python -c, node -e, ruby -e, perl -e,
// php -r) asks, since the analyser does not read the language. The shell
// commands such code hands to a shell or runs as a program are often
// written out as string literals, and those it does read: os.system("rm
// -rf ~"), subprocess.run(["rm", "-rf", "/home/dev"]), execSync("..."),
// `...`, qx{...} and %x(...) are judged as the commands they are (see
// docs/security-model.md, Hardline). Code that builds its commands
// otherwise still asks.

// shellCallPattern finds a call that runs its first argument, a string
// literal, through a shell: system("..."), os.popen('...'),
// execSync(`...`), shell_exec("..."), subprocess.run("...", shell=True).
var shellCallPattern = regexp.MustCompile(`\b(?:system|popen|exec|execute|execSync|shell_exec|passthru|proc_open|getoutput|getstatusoutput|check_output|check_call|call|run|Popen|spawnSync|spawn)\s*\(?\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|` + "`" + `((?:[^` + "`" + `\\]|\\.)*)` + "`" + `)`)

// argvCallPattern finds a call given its command as a list of string
// literals, run without a shell: subprocess.run(["rm", "-rf", "x"]),
// execFileSync("rm", ["-rf", "x"]), spawn("rm", ["-rf", "x"]).
var argvCallPattern = regexp.MustCompile(`\b(?:run|call|check_call|check_output|Popen|execv|execve|execvp|execvpe|posix_spawn|posix_spawnp|pcntl_exec|spawnv|spawnvp|spawnSync|spawn|execFileSync|execFile|exec)\s*\(\s*(?:("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\s*,\s*)?\[((?:\s*(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\s*,?)+)\]`)

// listCallPattern finds Perl's and PHP's LIST forms, run without a shell:
// system("rm", "-rf", "x"), exec('rm', '-rf', 'x').
var listCallPattern = regexp.MustCompile(`\b(?:system|exec|execlp|execl|execvp|pcntl_exec)\s*\(?\s*((?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')(?:\s*,\s*(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'))+)`)

// backquotePattern finds Ruby's, Perl's and PHP's backquotes and Ruby's
// and Perl's %x(...), %x{...}, qx(...), qx{...}.
var backquotePattern = regexp.MustCompile("`((?:[^`\\\\]|\\\\.)+)`|(?:%x|qx)(?:\\(([^)]*)\\)|\\{([^}]*)\\}|\\[([^\\]]*)\\]|\\|([^|]*)\\|)")

// shellCallMarkers are the texts code that runs a command holds (the
// patterns' names, backquotes, qx and %x): other code is not searched.
var shellCallMarkers = []string{"system", "exec", "popen", "spawn", "run", "call", "Popen", "output", "passthru", "proc_open", "`", "qx", "%x"}

// socketMarkers are the calls inline code opens a network connection
// with; shellMarkers name an interactive shell or a pseudo-terminal.
var (
	socketMarkers = []string{"socket", "Socket", "fsockopen", "/inet/tcp", "/inet/udp", "createConnection", "net.connect", "TCPClient", "Net::Telnet"}
	shellMarkers  = []string{"/bin/sh", "/bin/bash", "/bin/zsh", "/bin/dash", "sh -i", "bash -i", "pty.spawn", "cmd.exe", "powershell", `"sh"`, `'sh'`, `"bash"`, `'bash'`}
)

// literalPattern is one string literal of an argv list.
var literalPattern = regexp.MustCompile(`"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'`)

// embeddedShell judges the shell commands inline code runs as string
// literals (see the comment at the top of this file).
func (r *run) embeddedShell(sc *scope, args []field, c ctx, b, cmd string) {
	for _, a := range args {
		code := a.val
		if !a.dyn && holdsAny(code, socketMarkers) && holdsAny(code, shellMarkers) {
			// The reverse shell of every language: a connection and a
			// shell whose input and output it becomes.
			r.finding(ruleReverseShell, Command, Block, b+" runs code that opens a network connection and starts a shell", cmd, "")
		}
		if !a.dyn && strings.ContainsAny(code, `"'`) && strings.Contains(code, "/") {
			// A path the code names as a literal is read or written as
			// a word naming it would be (open("/root/.ssh/id_rsa")).
			for _, l := range literalPattern.FindAllStringSubmatch(code, 64) {
				v := unescapeLiteral(l[1] + l[2])
				if v == "~" || strings.HasPrefix(v, "~/") {
					v = strings.TrimSuffix(r.a.home, "/") + v[1:]
				}
				if strings.HasPrefix(v, "/") {
					r.checkWords(sc, []field{{val: v}}, cmd)
				}
			}
		}
		if a.dyn || len(code) < 4 || !holdsAny(code, shellCallMarkers) {
			continue
		}
		for _, m := range shellCallPattern.FindAllStringSubmatch(code, 8) {
			r.embeddedScript(sc, unescapeLiteral(m[1]+m[2]+m[3]), c)
		}
		for _, m := range backquotePattern.FindAllStringSubmatch(code, 8) {
			r.embeddedScript(sc, unescapeLiteral(m[1]+m[2]+m[3]+m[4]+m[5]), c)
		}
		for _, m := range listCallPattern.FindAllStringSubmatch(code, 8) {
			r.embeddedArgv(sc, nil, m[1], c)
		}
		for _, m := range argvCallPattern.FindAllStringSubmatch(code, 8) {
			var argv []field
			if m[1] != "" {
				argv = append(argv, field{val: unescapeLiteral(m[1][1 : len(m[1])-1])})
			}
			r.embeddedArgv(sc, argv, m[2], c)
		}
	}
}

// embeddedArgv judges a program run with argv and then the string
// literals of list, without a shell.
func (r *run) embeddedArgv(sc *scope, argv []field, list string, c ctx) {
	for _, l := range literalPattern.FindAllStringSubmatch(list, 64) {
		argv = append(argv, field{val: unescapeLiteral(l[1] + l[2])})
	}
	c2 := c
	c2.depth++
	r.next(sc, argv, c2)
}

// embeddedScript judges one command line inline code hands to a shell.
func (r *run) embeddedScript(sc *scope, text string, c ctx) {
	if strings.TrimSpace(text) == "" {
		return
	}
	r.script(text, sc.known(c.pos), sc.depth+c.depth+1)
}

// unescapeLiteral undoes the backslash escapes of a string literal that
// a shell command would hold: \" \' \\ \` and \n.
func unescapeLiteral(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	return strings.NewReplacer(`\"`, `"`, `\'`, `'`, `\\`, `\`, "\\`", "`", `\n`, "\n", `\t`, "\t").Replace(s)
}
