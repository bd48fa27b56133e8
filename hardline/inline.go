package hardline

import (
	"encoding/base64"
	"encoding/hex"
	"regexp"
	"strings"
	"unicode/utf8"
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
// execSync(`...`), shell_exec("..."), subprocess.run("...", shell=True),
// AppleScript's do shell script "..." (and Terminal's do script "...",
// iTerm's write text "...", typed into a shell), Erlang's os:cmd("..."),
// Emacs Lisp's (shell-command "..."), babashka's and Clojure's (shell
// "...") and (sh "..."), rake's sh "...", Haskell's callCommand,
// spawnCommand and runCommand "...".
var shellCallPattern = regexp.MustCompile(`(?:\b(?:system|popen|exec|execute|execSync|shell_exec|passthru|proc_open|getoutput|getstatusoutput|check_output|check_call|call|run|Popen|spawnSync|spawn|callCommand|spawnCommand|runCommand|os:cmd|shell-command(?:-to-string)?|call-process-shell-command|shell|sh|Run|Exec)|\bdo\s+(?:shell\s+)?script|\bwrite\s+text)\s*\(?\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|` + "`" + `((?:[^` + "`" + `\\]|\\.)*)` + "`" + `)`)

// shellFlagPattern finds a string literal that follows a literal "-c"
// (or "-lc", "-ec", cmd's "/c"), with a comma, blanks or a list's
// bracket between: a shell's script in any language's list of arguments.
var shellFlagPattern = regexp.MustCompile(`(?:"-[a-z]*c"|'-[a-z]*c'|"/[cC]"|'/[cC]')\s*[,\s]\s*\[?\s*(` + lit + `)`)

// argvCallPattern finds a call given its command as a list of string
// literals, run without a shell: subprocess.run(["rm", "-rf", "x"]),
// execFileSync("rm", ["-rf", "x"]), spawn("rm", ["-rf", "x"]), Elixir's
// System.cmd("rm", ["-rf", "x"]).
var argvCallPattern = regexp.MustCompile(`\b(?:run|call|check_call|check_output|Popen|execv|execve|execvp|execvpe|posix_spawn|posix_spawnp|pcntl_exec|spawnv|spawnvp|spawnSync|spawn|execFileSync|execFile|exec|cmd)\s*\(\s*(?:("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\s*,\s*)?\[((?:\s*(?:` + argvElem + `)\s*,?)+)\]`)

// listCallPattern finds Perl's and PHP's LIST forms, run without a shell:
// system("rm", "-rf", "x"), exec('rm', '-rf', 'x'), the lists Java
// and Scala hand a process: new ProcessBuilder("rm", "-rf", "x"),
// Process(Seq("rm", "-rf", "x")), List.of(...), Arrays.asList(...), and
// the mongo shell's run("rm", "-rf", "x"), runProgram and
// startMongoProgram, and Gradle's commandLine "rm", "-rf", "x" (in an
// exec block, Groovy's or Kotlin's).
var listCallPattern = regexp.MustCompile(`\b(?:system|exec|execlp|execl|execvp|pcntl_exec|ProcessBuilder|Seq|List\.of|Arrays\.asList|run|runProgram|_?runMongoProgram|_?startMongoProgram(?:NoConnect)?|commandLine)\s*\(?\s*((?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')(?:\s*,\s*(?:` + argvElem + `))+)`)

// rustCommandPattern finds Rust's std::process::Command built from
// literals: Command::new("rm") and the .arg("...") and .args([...]) calls
// chained to it, run without a shell.
var rustCommandPattern = regexp.MustCompile(`Command::new\s*\(\s*(` + lit + `)\s*\)((?:\s*\.\s*args?\s*\(\s*&?\s*(?:vec!\s*)?\[?(?:\s*(?:` + argvElem + `)\s*,?)*\]?\s*\))*)`)

// qwCallPattern finds Perl's system and exec given a qw list, run
// without a shell: system qw(rm -rf x), exec qw{rm -rf x}.
var qwCallPattern = regexp.MustCompile(`\b(?:system|exec)\s*\(?\s*qw\s*(?:\(([^)]*)\)|\{([^}]*)\}|\[([^\]]*)\]|/([^/]*)/|\|([^|]*)\|)`)

// argvElem is one element of an argument list: a string literal or an
// expression for the home folder (subprocess.run(["rm", "-rf",
// os.environ["HOME"]]), system("rm", "-rf", Dir.home)).
const argvElem = lit + `|` + homeExpr

// argvElemPattern finds the elements of an argument list.
var argvElemPattern = regexp.MustCompile(argvElem)

// backquotePattern finds Ruby's, Perl's and PHP's backquotes and Ruby's
// and Perl's %x(...), %x{...}, qx(...), qx{...}.
var backquotePattern = regexp.MustCompile("`((?:[^`\\\\]|\\\\.)+)`|(?:%x|qx)(?:\\(([^)]*)\\)|\\{([^}]*)\\}|\\[([^\\]]*)\\]|\\|([^|]*)\\|)")

// shellCallMarkers are the texts code that runs a command holds (the
// patterns' names, backquotes, qx and %x): other code is not searched.
// Every name the patterns search for holds one (a test checks it):
// VBScript's and JScript's WshShell.Run "..." and .Exec(...) too.
var shellCallMarkers = newMarkers("commandLine", "system", "exec", "popen", "spawn", "run", "call", "Popen", "output", "passthru", "proc_open", "`", "qx", "%x", "do script", "write text", "os:cmd", "shell", "sh ", "sh(", "Run", "Exec", "cmd(", "Process", "Program", "Seq(", "List.of", "asList", "Command")

// socketMarkers are the calls inline code opens a network connection
// with; shellMarkers name an interactive shell or a pseudo-terminal.
var (
	socketMarkers = newMarkers("socket", "Socket", "fsockopen", "/inet/tcp", "/inet/udp", "createConnection", "net.connect", "TCPClient", "Net::Telnet",
		`require("net")`, `require('net')`, `require("node:net")`, `require('node:net')`, `from "net"`, `from 'net'`, `from "node:net"`, `from 'node:net'`)
	shellMarkers = newMarkers("/bin/sh", "/bin/bash", "/bin/zsh", "/bin/dash", "sh -i", "bash -i", "pty.spawn", "cmd.exe", "powershell", `"sh"`, `'sh'`, `"bash"`, `'bash'`)
)

// tclCallPattern finds Tcl's and expect's exec and spawn, whose words up
// to the end of the command are a program and its arguments: exec rm -rf
// ~, spawn ssh host, [exec sh -c {...}].
var tclCallPattern = regexp.MustCompile(`(?m)(?:^|[;\[{])\s*(?:exec|spawn)\s+((?:-[a-z_]+\s+)*[^;\]\n}]+)`)

// homeExpr is an expression of a language for the home folder:
// os.path.expanduser("~"), Path.home(), Path("~").expanduser(),
// os.environ["HOME"], Dir.home, ENV["HOME"], $ENV{HOME}, os.homedir(),
// process.env.HOME, getenv("HOME"), Julia's homedir(), Elixir's
// System.user_home(), Java's System.getProperty("user.home"), R's
// Sys.getenv("HOME") and path.expand("~"), Deno.env.get("HOME"), Tcl's
// $env(HOME), Emacs Lisp's (getenv "HOME") and (expand-file-name "~"),
// Racket's (find-system-path 'home-dir).
const homeExpr = `(?:[A-Za-z_]\w*\.)*expanduser\(\s*["']~/?["']\s*\)|(?:pathlib\.)?Path\.home\(\)|(?:pathlib\.)?Path\(\s*["']~/?["']\s*\)\.expanduser\(\)|os\.environ\[\s*["']HOME["']\s*\]|os\.(?:environ\.get|getenv)\(\s*["']HOME["']\s*\)|Dir\.home\b|ENV\[\s*["']HOME["']\s*\]|\$ENV\{\s*["']?HOME["']?\s*\}|(?:require\(\s*["'](?:node:)?os["']\s*\)|\bos)\.homedir\(\)|\bhomedir\(\)|process\.env\.HOME\b|process\.env\[\s*["']HOME["']\s*\]|\b(?:Sys\.|System\.|Deno\.env\.|os:)?(?:getenv|get_env|get)\(\s*["']HOME["']\s*\)|System\.user_home!?\(\)|System\.getProperty\(\s*["']user\.home["']\s*\)|(?:path\.expand|normalizePath|expand-file-name)\s*\(?\s*["']~/?["']\s*\)?|\(getenv\s+"HOME"\)|\$env\(HOME\)|\(find-system-path\s+(?:'|\(quote\s+)home-dir\)?\)`

// treeDeletePattern finds a call that deletes a folder and all it holds,
// given a string literal or the home folder: shutil.rmtree("/home/dev"),
// FileUtils.rm_rf(Dir.home), FileUtils.remove_dir, fs.rmSync(os.homedir(),
// {recursive: true}), Perl's rmtree and remove_tree, rimraf, Elixir's
// File.rm_rf!, Erlang's file:del_dir_r, Deno.remove, Julia's rm, Java's
// FileUtils.deleteDirectory(new File(...)), Lisp's delete-directory and
// delete-directory-tree, and R's unlink and Octave's rmdir (which take ~
// for the home folder, as tildeDeletes says).
var treeDeletePattern = regexp.MustCompile(`(?:\b(?:rmtree|rm_rf!?|rm_r|remove_entry_secure|remove_entry|remove_tree|remove_dir(?:_all)?|rmSync|rmdirSync|rimraf(?:\.sync|Sync)?|RemoveAll|del_dir_r|deleteDirectory|delete-directory(?:-tree|/files)?|unlink|rmdir|rm)|\.rm|Deno\.remove(?:Sync)?)\s*\(?\s*(?:new\s+File\s*\(\s*|#[pP])?(` + homeExpr + `|` + lit + `)`)

// javaDeletePattern finds new File("...").deleteDir() (Groovy) and its
// relatives, whose path comes before the call.
var javaDeletePattern = regexp.MustCompile(`\bFile\s*\(\s*(` + homeExpr + `|` + lit + `)\s*\)\s*\.\s*(?:deleteDir|deleteRecursively)\b`)

// tclDeletePattern finds Tcl's file delete, whose -force deletes folders
// whole and whose names take ~ for the home folder.
var tclDeletePattern = regexp.MustCompile(`\bfile\s+delete\s+(?:-force\s+|--\s+)*(` + lit + `|[^\s;\]}]+)`)

// tildeDeletes are the calls that take ~ in a name for the home folder:
// R's unlink, Octave's rmdir, Emacs's and Racket's delete-directory.
var tildeDeletes = newMarkers("unlink", "rmdir", "delete-directory")

// listExecPattern finds Groovy's ["rm", "-rf", "x"].execute(), a list
// of literals run as a program and its arguments, without a shell.
var listExecPattern = regexp.MustCompile(`\[\s*((?:` + lit + `)(?:\s*,\s*(?:` + argvElem + `))*)\s*,?\s*\]\s*\.\s*execute\s*\(`)

// stringExecPattern finds a string run as a command line split at its
// blanks, without a shell: Groovy's "rm -rf x".execute(), Scala's
// "rm -rf x".! and .!! and Process("rm -rf x") (group 1 or 2).
var stringExecPattern = regexp.MustCompile(`(` + lit + `)\s*\.\s*(?:execute\s*\(|!!?)|\bProcess\s*\(\s*(` + lit + `)\s*[,)]`)

// treeDeleteMarkers are the texts code that deletes a tree holds.
var treeDeleteMarkers = newMarkers("rmtree", "rm_r", "remove_", "rmSync", "rmdirSync", "rimraf", "RemoveAll", ".rm", "del_dir", "delete", "Delete", "unlink", "rmdir", "rm(", "rm ", "Deno.remove")

// lit is a string literal, quotes included.
const lit = `"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'`

// fileWritePatterns find calls that write a file named by a string
// literal (group 1, quotes included): Python's open with a mode that
// writes and Path(...).write_text, Node's writeFileSync and its
// relatives, Ruby's File.write and File.open with a mode that writes,
// PHP's file_put_contents and fopen, Perl's open with > or >>.
var fileWritePatterns = []*regexp.Regexp{
	regexp.MustCompile(`\bopen\s*\(\s*(` + lit + `)\s*,\s*(?:mode\s*=\s*)?["'][rbt]*[wax+]`),
	regexp.MustCompile(`\bPath\s*\(\s*(` + lit + `)\s*\)\s*\.\s*(?:write_text|write_bytes|open\s*\(\s*["'][rbt]*[wax+])`),
	regexp.MustCompile(`\b(?:writeFileSync|appendFileSync|writeFile|appendFile|createWriteStream|copyFileSync|symlinkSync)\s*\(\s*(` + lit + `)`),
	regexp.MustCompile(`\bFile\s*\.\s*(?:write|binwrite)\s*\(?\s*(` + lit + `)`),
	regexp.MustCompile(`\bFile\s*\.\s*open\s*\(?\s*(` + lit + `)\s*,\s*["'][rb]*[wa+]`),
	regexp.MustCompile(`\b(?:file_put_contents|fopen)\s*\(\s*(` + lit + `)`),
	regexp.MustCompile(`\bopen\s*\(?\s*(?:my\s+)?[$\w]+\s*,\s*["']\+?>>?\s*["']?\s*,?\s*(` + lit + `)`),
	regexp.MustCompile(`\bopen\s*\(?\s*(?:my\s+)?[$\w]+\s*,\s*(["']\+?>>?[^"']+["'])`),
}

// fileWriteMarkers are the texts code that writes a file holds.
var fileWriteMarkers = newMarkers("open", "write", "Write", "append", "Append", "file_put_contents", "copyFileSync", "symlinkSync")

// homeExprPattern matches an argument that is exactly a home expression.
var homeExprPattern = regexp.MustCompile(`^(?:` + homeExpr + `)$`)

// literalPattern is one string literal in code, its text in a group.
var literalPattern = regexp.MustCompile(`"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'`)

// awkNetCommand reports whether an awk program both talks over gawk's
// /inet/ files and runs commands: system(), or a coprocess or a pipe whose
// command is a variable the program reads with getline (s |& getline c;
// c |& getline, or c | getline), which runs what the peer sends.
func awkNetCommand(code string) bool {
	if !strings.Contains(code, "/inet/") {
		return false
	}
	if strings.Contains(code, "system(") {
		return true
	}
	for _, m := range awkReadVar.FindAllStringSubmatch(code, 8) {
		for _, c := range awkCommandVar.FindAllStringSubmatch(code, 8) {
			if c[1] == m[1] {
				return true
			}
		}
	}
	return false
}

// awkCommandVar finds a variable run as a command: a coprocess (c |&
// getline) or a pipe's command (c | getline, (c | getline) > 0).
var awkCommandVar = regexp.MustCompile(`\b([A-Za-z_]\w*)\s*\|&?\s*getline`)

// awkReadVar finds the variable a getline reads into (getline c, s |&
// getline c, getline c < f).
var awkReadVar = regexp.MustCompile(`getline\s+([A-Za-z_]\w*)`)

// appleScriptPower reports whether AppleScript or JavaScript for
// Automation code tells System Events, the Finder or loginwindow to shut
// the host down or restart it (tell app "System Events" to shut down,
// Application("System Events").restart(), the «event aevtrsdn» and
// aevtrrst events).
func appleScriptPower(code string) bool {
	if !strings.Contains(code, "vent") && !strings.Contains(code, "inder") && !strings.Contains(code, "oginwindow") && !strings.Contains(code, "aevtr") {
		return false
	}
	low := asciiLower(code)
	if strings.Contains(low, "aevtrsdn") || strings.Contains(low, "aevtrrst") {
		return true
	}
	if !strings.Contains(low, "system events") && !strings.Contains(low, "finder") && !strings.Contains(low, "loginwindow") {
		return false
	}
	return strings.Contains(low, "shut down") || strings.Contains(low, "shutdown") || strings.Contains(low, "restart")
}

// embeddedShell judges the shell commands inline code runs as string
// literals (see the comment at the top of this file).
func (r *run) embeddedShell(sc *scope, args []field, c ctx, b, cmd string) {
	for _, a := range args {
		code := a.val
		if !a.dyn {
			code = r.foldHomePaths(code)
		}
		if !a.dyn && holdsAny(code, socketMarkers) && (holdsAny(code, shellMarkers) || awkNetCommand(code)) {
			// The reverse shell of every language: a connection and a
			// shell whose input and output it becomes.
			r.finding(ruleReverseShell, Command, Block, b+" runs code that opens a network connection and starts a shell", cmd, "")
		}
		if !a.dyn && appleScriptPower(code) {
			r.finding(ruleShutdown, Command, Block, b+" tells the system to shut down or restart", cmd, "")
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
		if !a.dyn && holdsAny(code, fileWriteMarkers) {
			for _, re := range fileWritePatterns {
				for _, m := range re.FindAllStringSubmatch(code, 8) {
					r.embeddedWrite(sc, m[1], cmd)
				}
			}
		}
		if !a.dyn && holdsAny(code, treeDeleteMarkers) {
			for _, m := range treeDeletePattern.FindAllStringSubmatch(code, 8) {
				r.embeddedDelete(sc, m[1], c, holdsAny(m[0], tildeDeletes))
			}
			for _, m := range javaDeletePattern.FindAllStringSubmatch(code, 8) {
				r.embeddedDelete(sc, m[1], c, false)
			}
			if b == "expect" || b == "tclsh" || b == "wish" {
				for _, m := range tclDeletePattern.FindAllStringSubmatch(code, 8) {
					r.embeddedDelete(sc, m[1], c, true)
				}
			}
		}
		if !a.dyn && strings.Contains(code, "execute") {
			// Groovy's [LIST].execute(): a program and its arguments.
			for _, m := range listExecPattern.FindAllStringSubmatch(code, 8) {
				r.embeddedArgv(sc, nil, m[1], c)
			}
		}
		if !a.dyn && (strings.Contains(code, "execute") || strings.Contains(code, "!") || strings.Contains(code, "Process")) {
			for _, m := range stringExecPattern.FindAllStringSubmatch(code, 8) {
				var argv []field
				l := m[1] + m[2]
				for _, w := range strings.Fields(unescapeLiteral(l[1 : len(l)-1])) {
					argv = append(argv, field{val: w})
				}
				r.embeddedArgv(sc, argv, "", c)
			}
		}
		if !a.dyn && (b == "expect" || b == "tclsh" || b == "wish") {
			for _, m := range tclCallPattern.FindAllStringSubmatch(code, 8) {
				r.embeddedScript(sc, m[1], c)
			}
		}
		if a.dyn || len(code) < 4 || !holdsAny(code, shellCallMarkers) {
			continue
		}
		// A command written encoded and decoded by the code before it runs
		// it (os.system(base64.b64decode('...')), system(pack("H*", ...)))
		// is judged as the text it decodes to.
		for _, text := range encodedLiterals(code) {
			r.embeddedScript(sc, text, c)
		}
		for _, m := range shellCallPattern.FindAllStringSubmatch(code, 8) {
			r.embeddedScript(sc, unescapeLiteral(m[1]+m[2]+m[3]), c)
		}
		if holdsAny(code, shellMarkers) {
			// A shell the code names and a "-c" literal: the literal
			// after it is the shell's script, however the language lists
			// a program's arguments (["sh", "-c", CMD] in Zig, Swift's
			// arguments = ["-c", CMD] beside "/bin/sh", Dart's
			// Process.run('sh', ['-c', CMD]), Lisp's "sh" "-c" CMD).
			for _, m := range shellFlagPattern.FindAllStringSubmatch(code, 8) {
				l := m[1]
				r.embeddedScript(sc, unescapeLiteral(l[1:len(l)-1]), c)
			}
		}
		for _, m := range backquotePattern.FindAllStringSubmatch(code, 8) {
			r.embeddedScript(sc, unescapeLiteral(m[1]+m[2]+m[3]+m[4]+m[5]), c)
		}
		for _, m := range listCallPattern.FindAllStringSubmatch(code, 8) {
			r.embeddedArgv(sc, nil, m[1], c)
		}
		if strings.Contains(code, "qw") {
			for _, m := range qwCallPattern.FindAllStringSubmatch(code, 8) {
				var argv []field
				for _, w := range strings.Fields(m[1] + m[2] + m[3] + m[4] + m[5]) {
					argv = append(argv, field{val: w})
				}
				r.embeddedArgv(sc, argv, "", c)
			}
		}
		if strings.Contains(code, "Command::new") {
			for _, m := range rustCommandPattern.FindAllStringSubmatch(code, 8) {
				r.embeddedArgv(sc, []field{{val: unescapeLiteral(m[1][1 : len(m[1])-1])}}, m[2], c)
			}
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

// encodedLiteralPatterns find a string literal inline code decodes from
// base64 (group 1) or from hex (group 2): Python's b64decode,
// decodebytes, bytes.fromhex and unhexlify, Perl's decode_base64 and
// pack("H*", ...), PHP's base64_decode and hex2bin, Ruby's decode64 and
// [...].pack("H*"), Node's Buffer.from(..., "base64" or "hex") and atob,
// .NET's FromBase64String.
var encodedLiteralPatterns = []*regexp.Regexp{
	regexp.MustCompile(`\b(?:b64decode|decodebytes|decode_base64|base64_decode|decode64|strict_decode64|atob|FromBase64String)\s*\(\s*b?(` + lit + `)`),
	regexp.MustCompile(`\bBuffer\.from\s*\(\s*(` + lit + `)\s*,\s*["']base64["']`),
	regexp.MustCompile(`(?:\bfromhex\s*\(\s*|\bunhexlify\s*\(\s*b?|\bhex2bin\s*\(\s*|\bpack\s*\(?\s*["']H\*["']\s*,\s*|\bBuffer\.from\s*\(\s*)(` + lit + `)(?:\s*,\s*["']hex["'])?`),
	regexp.MustCompile(`\[\s*(` + lit + `)\s*\]\s*\.\s*pack\s*\(\s*["']H\*["']`),
}

// encodedMarkers are the texts code that decodes a literal holds.
var encodedMarkers = newMarkers("b64decode", "decodebytes", "base64", "decode64", "atob", "Base64", "fromhex", "unhexlify", "hex2bin", "H*", "Buffer.from")

// maxEncoded bounds the encoded literals read from one piece of code.
const maxEncoded = 8

// encodedLiterals returns the texts the base64 and hex string literals
// code decodes are, those that decode to printable text (a command); a
// literal that does not decode is skipped.
func encodedLiterals(code string) []string {
	if !holdsAny(code, encodedMarkers) {
		return nil
	}
	var out []string
	for i, re := range encodedLiteralPatterns {
		for _, m := range re.FindAllStringSubmatch(code, maxEncoded) {
			l := m[1]
			v := unescapeLiteral(l[1 : len(l)-1])
			var b []byte
			var err error
			if i < 2 {
				v = strings.Map(func(r rune) rune {
					if r == '\n' || r == ' ' {
						return -1
					}
					return r
				}, v)
				if b, err = base64.StdEncoding.DecodeString(v); err != nil {
					b, err = base64.RawStdEncoding.DecodeString(strings.TrimRight(v, "="))
				}
			} else {
				b, err = hex.DecodeString(v)
			}
			if err == nil && utf8.Valid(b) && !strings.ContainsFunc(string(b), func(r rune) bool { return r < ' ' && r != '\n' && r != '\t' }) {
				out = append(out, string(b))
			}
			if len(out) >= maxEncoded {
				return out
			}
		}
	}
	return out
}

// embeddedDelete judges a tree deletion inline code makes, of arg (a
// string literal, a home expression or, for Tcl, a word), as rm -rf of that
// path. A name is taken as written (these calls take ~ as a name) unless
// tilde says the call reads ~ as the home folder.
func (r *run) embeddedDelete(sc *scope, arg string, c ctx, tilde bool) {
	var p string
	switch {
	case homeExprPattern.MatchString(arg):
		p = r.a.home
	case len(arg) >= 2 && (arg[0] == '"' || arg[0] == '\''):
		p = unescapeLiteral(arg[1 : len(arg)-1])
	default:
		p = arg
	}
	if tilde && (p == "~" || strings.HasPrefix(p, "~/")) {
		p = strings.TrimSuffix(r.a.home, "/") + p[1:]
	}
	if p == "" {
		return
	}
	r.embeddedArgv(sc, []field{{val: "rm"}, {val: "-rf"}, {val: "--"}, {val: p}}, "", c)
}

// embeddedWrite judges a file inline code writes, named by a string
// literal (quotes included; Perl's mode may lead it), as a redirection to
// it would be judged. An absolute path and ~/ are judged; Perl's open and
// these calls take ~ as a name, so it stays one.
func (r *run) embeddedWrite(sc *scope, quoted, cmd string) {
	if len(quoted) < 2 {
		return
	}
	p := strings.TrimLeft(unescapeLiteral(quoted[1:len(quoted)-1]), "+> \t")
	if p == "" {
		return
	}
	r.judgeWrite(sc, field{val: p}, ruleDiskWrite, cmd)
}

// embeddedArgv judges a program run with argv and then the string
// literals of list (none when list is empty), without a shell.
func (r *run) embeddedArgv(sc *scope, argv []field, list string, c ctx) {
	for _, l := range argvElemPattern.FindAllString(list, 64) {
		if l[0] == '"' || l[0] == '\'' {
			argv = append(argv, field{val: unescapeLiteral(l[1 : len(l)-1])})
		} else {
			argv = append(argv, field{val: r.a.home})
		}
	}
	c2 := c
	c2.depth++
	r.next(sc, argv, c2)
}

// embeddedScript judges one command line inline code hands to a shell.
// On Windows that shell is cmd.exe (system(), WshShell.Run), which keeps
// a path's backslashes: the line is judged in the Windows reading too, as
// a command the host runs is (see Analyzer.Command).
func (r *run) embeddedScript(sc *scope, text string, c ctx) {
	if strings.TrimSpace(text) == "" {
		return
	}
	r.script(text, r.known(sc, c.pos), sc.depth+c.depth+1)
	if r.a.windows {
		if w, ok := windowsReading(text, r.a.home); ok {
			r.script(w, r.known(sc, c.pos), sc.depth+c.depth+1)
		}
	}
}

// unescapeLiteral undoes the backslash escapes of a string literal that
// a shell command would hold: \" \' \\ \` and \n.
func unescapeLiteral(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	return literalEscapes.Replace(s)
}

// literalEscapes are the escapes unescapeLiteral undoes.
var literalEscapes = strings.NewReplacer(`\"`, `"`, `\'`, `'`, `\\`, `\`, "\\`", "`", `\n`, "\n", `\t`, "\t")

// Home paths built by code. Code seldom writes a home path as one literal;
// it joins the home folder's expression with literals:
// os.path.join(os.path.expanduser("~"), ".ssh", "id_rsa"), Path.home() /
// ".ssh", Dir.home + "/.bashrc", getenv("HOME") . "/.netrc", Lua's .. ,
// f"{Path.home()}/.ssh", "#{Dir.home}/x", "$ENV{HOME}/x". foldHomePaths
// rewrites such code so that each of those is one string literal naming
// the path, and every reading of literals that follows (the paths read,
// the files written and deleted, the commands run) sees it.

// homeFoldPattern finds a home expression, alone or interpolated into a
// literal (${...}, #{...}, {...}).
var homeFoldPattern = regexp.MustCompile(`(?:\$\{|#\{|\{)\s*(?:` + homeExpr + `)\s*\}|(?:` + homeExpr + `)`)

// concatFoldPattern finds two literals joined by an operator: +, ., ..,
// <> concatenate; / joins as a path (pathlib).
var concatFoldPattern = regexp.MustCompile(`(` + lit + `)\s*(\+|\.\.|\.|<>|/)\s*(` + lit + `)`)

// joinFoldPattern finds a path-joining call given literals only: a
// module's or object's join or resolve (os.path.join, path.join as any
// name, path.resolve, File.join, filepath.Join), Paths.get, Path.of, R's
// file.path, Path(...), and a joinpath or resolve method of a literal.
var joinFoldPattern = regexp.MustCompile(`(?:\b(?:[A-Za-z_][\w.]*\.(?:join|Join|resolve)|Paths\.get|Path\.of|file\.path|Path)\s*\(|(` + lit + `)\s*\.\s*(?:joinpath|resolve)\s*\()\s*((?:` + lit + `)(?:\s*,\s*(?:` + lit + `))*)\s*,?\s*\)`)

// maxFolds bounds the rewriting of one piece of code.
const maxFolds = 16

// foldHomePaths returns code with the home paths it builds written as
// literals (see above), or code itself when it builds none.
func (r *run) foldHomePaths(code string) string {
	if len(code) > 1<<16 || !strings.Contains(code, "home") && !strings.Contains(code, "HOME") && !strings.Contains(code, "expand") {
		return code
	}
	home := strings.TrimSuffix(r.a.home, "/")
	spans := literalPattern.FindAllStringIndex(code, 256)
	inside := func(m []int) bool {
		for _, s := range spans {
			if s[0] < m[0] && m[1] < s[1] {
				return true
			}
		}
		return false
	}
	locs := homeFoldPattern.FindAllStringIndex(code, 64)
	if len(locs) == 0 {
		return code
	}
	// Place each home expression: inside a literal, an interpolation
	// ({...}, ${...}, #{...}, Perl's $ENV{HOME}, Tcl's $env(HOME)) is
	// the home folder's text; outside, the expression is a literal
	// naming it.
	var b strings.Builder
	done := 0
	for _, m := range locs {
		b.WriteString(code[done:m[0]])
		done = m[1]
		text := code[m[0]:m[1]]
		switch {
		case inside(m):
			if text[0] == '$' || text[0] == '#' || text[0] == '{' {
				b.WriteString(home)
			} else {
				b.WriteString(text) // a literal that only spells the expression
			}
		case text[0] == '$' && text[1] == '{', text[0] == '#' && text[1] == '{':
			b.WriteString(home) // a template's interpolation (`${os.homedir()}/x`)
		default:
			b.WriteString(quoteLiteral(home))
		}
	}
	b.WriteString(code[done:])
	out := b.String()
	for range maxFolds {
		next := concatFoldPattern.ReplaceAllStringFunc(out, func(m string) string {
			p := concatFoldPattern.FindStringSubmatch(m)
			x, y := codeLiteralText(p[1]), codeLiteralText(p[3])
			if p[2] == "/" {
				return quoteLiteral(joinLiteralPath(x, y))
			}
			return quoteLiteral(x + y)
		})
		next = joinFoldPattern.ReplaceAllStringFunc(next, func(m string) string {
			p := joinFoldPattern.FindStringSubmatch(m)
			joined := ""
			if p[1] != "" {
				joined = codeLiteralText(p[1])
			}
			for i, l := range literalPattern.FindAllString(p[2], -1) {
				if i == 0 && p[1] == "" {
					joined = codeLiteralText(l)
					continue
				}
				joined = joinLiteralPath(joined, codeLiteralText(l))
			}
			return quoteLiteral(joined)
		})
		if next == out {
			break
		}
		out = next
	}
	return out
}

// codeLiteralText is the text of a string literal, quotes taken off.
func codeLiteralText(l string) string { return unescapeLiteral(l[1 : len(l)-1]) }

// quoteLiteral writes s as a double-quoted literal unescapeLiteral reads
// back.
func quoteLiteral(s string) string {
	return `"` + literalQuoter.Replace(s) + `"`
}

// literalQuoter escapes what quoteLiteral writes.
var literalQuoter = strings.NewReplacer(`\`, `\\`, `"`, `\"`)

// joinLiteralPath joins two path pieces as path-joining calls do: an
// absolute second piece replaces the first.
func joinLiteralPath(x, y string) string {
	switch {
	case strings.HasPrefix(y, "/") || x == "":
		return y
	case strings.HasSuffix(x, "/"):
		return x + y
	}
	return x + "/" + y
}
