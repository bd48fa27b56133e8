package hardline

import (
	"cmp"
	"maps"
	"path"
	"regexp"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// ctx is the context of one simple command.
type ctx struct {
	in       input
	pos      uint // offset of the command in its scope
	depth    int  // wrappers unwrapped so far
	findTree bool // targets stand for everything under them (find -exec, xargs after find)
	// net is the network pseudo-device (/dev/tcp/...) the statement's
	// redirections name, or "".
	net string
}

// procSubstNet tries the text each process substitution among the
// command's words gives (mytool --script <(echo 'rm -rf ~')), when known,
// as a command line: a program not known may run the file it is given as
// its script, as it may its input. Only a program whose arguments hold
// one (args, through any wrapper) is given them: not one xargs builds
// from the text.
func (r *run) procSubstNet(sc *scope, args []field, c ctx, cmd string) {
	if r.cmdCall == nil || !slices.ContainsFunc(args, func(f field) bool { return f.why == whyProcSubst }) {
		return
	}
	for _, w := range r.cmdCall.Args {
		for _, part := range w.Parts {
			if ps, ok := part.(*syntax.ProcSubst); ok && ps.Op == syntax.CmdIn && len(ps.Stmts) > 0 {
				if in := r.writersInput(sc, ps.Stmts, false); in.kind == inText {
					r.net(sc, field{val: in.text}, c, cmd)
				}
			}
		}
	}
}

// commandText renders fields as a command line for findings.
// needsQuote are the characters that make a word print quoted.
const needsQuote = " \t\n'\"\\$`;&|<>(){}*?[]#~"

// quoteChars is needsQuote as a table.
var quoteChars = func() (t [256]bool) {
	for i := 0; i < len(needsQuote); i++ {
		t[needsQuote[i]] = true
	}
	return t
}()

// printsQuoted reports whether v contains a character of needsQuote.
func printsQuoted(v string) bool {
	for i := 0; i < len(v); i++ {
		if quoteChars[v[i]] {
			return true
		}
	}
	return false
}

// commandText is the command fs as findings show it: its words, quoted
// where the shell would need it, cut after MaxCommandText bytes.
func commandText(fs []field) string {
	var b strings.Builder
	return writeCommandText(&b, fs)
}

// commandText is commandText written into the call's text buffer: the
// texts of one call share a few allocations instead of one each.
func (r *run) commandText(fs []field) string {
	if r.calls == nil {
		return commandText(fs)
	}
	return writeCommandText(r.calls.textBuf(), fs)
}

// writeCommandText appends the text of fs to b and returns it. The bytes
// b already holds are never changed, so texts returned earlier stay valid.
func writeCommandText(b *strings.Builder, fs []field) string {
	if len(fs) == 1 && !fs[0].dyn && len(fs[0].val) <= MaxCommandText && !printsQuoted(fs[0].val) {
		return fs[0].val
	}
	start := b.Len()
	for i, f := range fs {
		if i > 0 {
			b.WriteByte(' ')
		}
		if b.Len()-start > MaxCommandText {
			break
		}
		v := f.val
		if f.dyn && v == "" {
			v = "<" + f.why + ">"
		} else if printsQuoted(v) {
			if singleQuoted(v) {
				// What syntax.Quote returns for it, without building it.
				b.WriteByte('\'')
				b.WriteString(v)
				b.WriteByte('\'')
				continue
			}
			if q, err := syntax.Quote(v, syntax.LangBash); err == nil {
				v = q
			}
		}
		b.WriteString(v)
	}
	return b.String()[start:]
}

// singleQuoted reports whether syntax.Quote renders v as v in single
// quotes: v is printable ASCII without a single quote and holds one of the
// characters Quote protects.
func singleQuoted(v string) bool {
	special := false
	for i := 0; i < len(v); i++ {
		c := v[i]
		if c < 0x20 || c > 0x7e || c == '\'' {
			return false
		}
		special = special || strings.IndexByte(quoteSpecial, c) >= 0
	}
	return special
}

// quoteSpecial are the characters for which syntax.Quote quotes a word.
const quoteSpecial = ";\"'()$|&><` \t\r\n\\#{~*?[="

func (r *run) finding(rule string, k Kind, s Severity, detail, cmd, p string) {
	r.add(Finding{Rule: rule, Kind: k, Severity: s, Detail: detail, Command: cmd, Path: p, RunTime: runTimeRules[rule]})
}

// shellBuiltin reports whether b is a name the shell runs itself (a
// builtin or keyword of the catalogue's shells family), not a program
// found on PATH: a path ending in it is another program.
func shellBuiltin(b string) bool {
	ce := builtinCatalog()[b]
	return ce != nil && ce.e.Family == "shells" && !shells[b] && b != "env" && b != "xargs" && b != "parallel" && b != "watch" && b != "flock" && b != "time" && b != "script"
}

// dangerousNames are matched against a command name that is a pattern
// (/bin/r? -rf /).
var dangerousNames = []string{"rm", "mv", "dd", "chmod", "chown", "chgrp", "mkfs", "shred",
	"wipefs", "fdisk", "sh", "bash", "find", "xargs", "sudo", "env", "eval", "kill", "parted"}

var shutdownTargetRE = regexp.MustCompile(`poweroff|reboot|halt|rescue|emergency|kexec`)

// simpleAs judges the command fs as if its name were prog (one program a
// pattern or a copied program may be), one level deeper.
func (r *run) simpleAs(sc *scope, prog string, fs []field, c ctx) {
	alt := slices.Clone(fs)
	alt[0] = field{val: prog}
	c.depth++
	r.simple(sc, alt, c)
}

// readsNoConfig are programs that read no configuration or startup file
// from a home folder: HOME pointing elsewhere changes nothing they do.
var readsNoConfig = setOf("cat", "ls", "mkdir", "rmdir", "cp", "mv", "rm", "ln", "touch", "chmod", "chown", "stat", "head",
	"tail", "wc", "sort", "uniq", "cut", "tr", "tee", "basename", "dirname", "realpath", "readlink", "du", "df", "date",
	"sleep", "mktemp", "id", "whoami", "uname", "base64", "sha256sum", "md5sum", "cmp", "diff", "comm", "paste", "seq")

// simple analyses one simple command, given as expanded fields: the
// command name is looked up in the catalogue and the entry's roles are
// applied (see catalog.go); a program the catalogue does not know has its
// arguments tried by the argument-command net.
func (r *run) simple(sc *scope, fs []field, c ctx) {
	if len(fs) == 0 || !r.step() {
		return
	}
	fs, c = r.foundPaths(fs, c)
	if sc.depth+c.depth > r.a.maxDepth {
		r.tooComplex("wrappers and nested scripts are deeper than the bound")
		return
	}
	cmd := r.commandText(fs)
	name := fs[0]
	if r.trace != nil && sc.depth == 0 && c.depth == 0 {
		r.traceArgv(fs)
	}
	if name.expn || name.dyn || name.glob {
		why := name.why
		if why == "" {
			why = "an expansion"
			if name.glob {
				why = "a pattern"
			}
		}
		detail := "the command name comes from " + why + " and cannot be known before it runs"
		if name.glob && !name.dyn {
			pat := base(name.val)
			for _, d := range dangerousNames {
				if bashGlobMatch(pat, d, r.nocaseglob) {
					r.simpleAs(sc, d, fs, c)
				}
			}
			r.calls.patternBound = false
			if strings.ContainsRune(name.val, '/') {
				// ./tools/*/run: a file the pattern matches runs
				// (patternOnDisk), each bound when it lies where scripts
				// are read, here (not where an earlier statement ran it).
				r.scriptAt(sc, name, fs[1:], false, pat, c, cmd)
			}
			r.add(Finding{Rule: ruleDynamicName, Kind: Dynamic, Severity: Ask, Detail: detail, Command: cmd, RunTime: !r.calls.patternBound})
			return
		}
		r.finding(ruleDynamicName, Dynamic, Ask, detail, cmd, "")
		if name.dyn {
			return
		}
	}
	if i := strings.IndexByte(name.val, '='); i > 0 && c.depth > 0 && isName(name.val[:i]) && !name.dyn {
		// sudo VAR=VALUE CMD: an assignment before the command a wrapper
		// runs.
		r.envWord(sc, name, c, cmd)
		r.next(sc, fs[1:], c)
		return
	}
	b := base(name.val)
	if prog, ok := r.programCopy(name); ok {
		if strings.ContainsRune(prog, 0) {
			// A copy of a pattern's match: each program it may be.
			for alt := range strings.SplitSeq(prog, "\x00") {
				r.simpleAs(sc, alt, fs, c)
			}
			return
		}
		b = prog // ln -s /bin/rm x && ./x -rf /etc is rm
	}
	ce, extra := r.a.lookupEntry(catalogName(b))
	if ce == nil && !shells[b] && !isInterpreter(b) {
		// A policy's entry for the name as written (RM, ruby3.1) adds to
		// the built-in reading of the other spelling; it does not replace
		// it (built-in entries cannot be weakened). Another policy entry
		// of that spelling is not read into it.
		if nb := r.a.otherSpelling(b); nb != "" {
			var more []*compiledEntry
			ce, more = r.a.lookupEntry(catalogName(nb))
			if len(extra) == 0 {
				b, extra = nb, more
			} else if ce != nil {
				b = nb // the policy's own entries for the name stay its only ones
			}
		}
	}
	args := fs[1:]
	before := len(r.written) // what the program's own options write is noted after
	if ce == nil || !textOnly(ce.e) {
		r.jvmCarried(b, args, cmd)
	}
	if includers[b] {
		r.includedFiles(sc, args, c, cmd)
	}
	r.metadataFetch(b, args, cmd)
	r.remotePackage(b, args, cmd)
	r.indexFromEnv(sc, b, c, cmd)
	if v, ok := r.aliases[name.val]; ok && !name.dyn {
		// An alias defined earlier in the command: judge what it stands
		// for, and then the program itself, which runs where bash does
		// not expand the alias (see script).
		saved := r.aliases
		r.aliases = nil // an alias is not expanded inside itself
		if v == "" {
			r.finding(ruleDynamicName, Dynamic, Ask, "the alias "+name.val+" stands for a command that cannot be known", cmd, "")
		} else if head, ok := r.aliasCommand(sc, v, c); ok {
			// The usual alias, a command and its options: the line is
			// that command with the arguments, its input and all.
			r.simple(sc, append(head, args...), c)
		} else {
			r.script(v+" "+r.aliasArgs(sc, name, args), r.known(sc, c.pos), sc.depth+c.depth+1)
		}
		r.aliases = saved
	}
	if fd, ok := sc.funcs[name.val]; ok && fd != nil && r.inlined < maxInlined && (slices.ContainsFunc(args, r.telling) || learnsInBody(r.nodeText(sc, fd.Body))) {
		// A call of a function the script defines, with an argument
		// that may change what the body does: the body runs with the
		// arguments as $1, $2, ... (the main walk judged it with them
		// unknown). It is judged as a script of its own, which knows no
		// functions, so a recursive call stops there; the depth bound
		// holds as for any nested script.
		r.inlined++
		r.reparseScript(sc, field{val: r.calledDefinitions(sc, name.val, fd) + r.nodeText(sc, fd.Body)}, append([]field{name}, args...), c, cmd)
	}
	if r.homes != nil && r.homes.onDisk != "" && r.homes.hit == "" && !bashBuiltins[b] && !readsNoConfig[b] && sc.funcs[name.val] == nil {
		// HOME=. git log, ZDOTDIR=$PWD/z zsh -c ...: the program reads
		// its configuration and startup files (a .gitconfig's pager, a
		// .zshenv) from a folder another call may have written. (One the
		// command writes there itself is runsWritten's.)
		r.finding(ruleEnvCode, Dynamic, Ask, b+" runs with HOME, XDG_CONFIG_HOME or ZDOTDIR at "+r.homes.onDisk+
			", a folder another call may have written: it reads its configuration and startup files there", cmd, r.homes.onDisk)
	}
	r.runsWritten(sc, name, b, args, c, cmd)
	r.runsScriptFile(sc, name, b, args, c, cmd)
	if ce != nil && strings.ContainsRune(name.val, '/') && shellBuiltin(b) {
		ce = nil // ./bin/exec is a program, not the builtin
	}
	for _, x := range extra {
		r.applyEntry(sc, x, b, args, c, cmd)
	}
	if ce != nil && ce.e.ArgFiles || slices.ContainsFunc(extra, func(x *compiledEntry) bool { return x.e.ArgFiles }) {
		if more, ok := r.argFiles(sc, args, c); ok {
			r.next(sc, append([]field{name}, more...), c) // the line as the program reads it
		}
	}
	if ce == nil {
		// A tool with no entry that loads code from its project's files
		// (eslint's eslint.config.js, uvicorn's main.py): see runners.
		// No option of an entry has moved its working folder: a folder
		// the runner's own options name is where it reads (xmake -P DIR).
		savedStart := r.startCwd
		r.startCwd = r.cwd
		r.readRunnerFiles(sc, b, args, c, cmd)
		r.startCwd = savedStart
		// A program with no built-in entry keeps the nets for unknown
		// programs whatever the policy's entries add (one that only names
		// roles, from a repository's layer, must not lift them); only an
		// entry that calls it data-only does, which a repository's layer
		// may not write.
		if !slices.ContainsFunc(extra, func(x *compiledEntry) bool { return x.e.DataOnly }) {
			if len(r.written) > 0 {
				// A program the catalogue does not know may load what the
				// command wrote first in its folder: code, or a
				// configuration that names commands (printf ... >
				// tool.config.js && tool).
				r.unknownLoads(name, b, args, before, cmd)
			}
			r.checkTargets(sc, args, cmd)
			r.wholeHome(b, args, cmd)
			r.mayWrite(sc, b, args, cmd)
			r.destroyNet(b, args, cmd)
			r.cmdletNet(b, cmd)
			if !slices.ContainsFunc(extra, func(x *compiledEntry) bool { return runsAnyElsewhere(x.e) }) {
				// (An entry that says its arguments run on another host has
				// them judged so, which asks for what the net would.)
				r.argsNet(sc, args, c, cmd)
				r.envNet(sc, c, cmd)
			}
			if c.in.kind == inText {
				// Text it reads may be its script (mytool <<< 'rm -rf ~').
				r.net(sc, field{val: c.in.text}, c, cmd)
			}
			r.procSubstNet(sc, args, c, cmd)
		}
		return
	}
	if textOnly(ce.e) && ce.subs == nil && !runsTasks(b) {
		return // a builtin or tool that takes only text: nothing to judge
	}
	r.applyEntry(sc, ce, b, args, c, cmd)
}

// procSubstOption reads a word that starts with an option and holds a
// process substitution (--files-from=<(...), -T<(...)) as that option and
// its value: the substitution is the value, /dev/fd/N in the word. ok is
// false for any other word (a long option without '=' included).
func procSubstOption(a field) (name string, value field, ok bool) {
	v := a.val
	if !a.dyn || a.why != whyProcSubst || len(v) < 3 || v[0] != '-' {
		return "", field{}, false
	}
	value = a
	if v[1] == '-' {
		name, value.val, ok = strings.Cut(v, "=")
		return name, value, ok
	}
	name, value.val = v[:2], v[2:]
	return name, value, true
}

// argFiles returns args with each @FILE argument whose text is known (see
// Entry.ArgFiles) replaced by the arguments the file holds, and whether
// any was. A file of unknown text stays as written.
func (r *run) argFiles(sc *scope, args []field, c ctx) ([]field, bool) {
	if !slices.ContainsFunc(args, func(a field) bool { return len(a.val) > 1 && a.val[0] == '@' }) {
		return nil, false
	}
	out := make([]field, 0, len(args)+8)
	changed := false
	for _, a := range args {
		if len(a.val) > 1 && a.val[0] == '@' {
			f := a
			f.val = a.val[1:]
			if text, ok := r.argText(sc, f, c); ok {
				for _, w := range responseWords(text) {
					out = append(out, field{val: w})
				}
				changed = true
				continue
			}
		}
		out = append(out, a)
	}
	return out, changed
}

// responseWords splits a response file's text into arguments as gcc and
// javac read it: at blanks and line ends, with single and double quotes
// holding blanks and a backslash taking the next character as it is.
func responseWords(text string) []string {
	var words []string
	var b strings.Builder
	inWord := false
	var quote byte
	for i := 0; i < len(text); i++ {
		ch := text[i]
		switch {
		case ch == '\\' && i+1 < len(text):
			i++
			b.WriteByte(text[i])
			inWord = true
		case quote != 0:
			if ch == quote {
				quote = 0
			} else {
				b.WriteByte(ch)
			}
		case ch == '\'' || ch == '"':
			quote, inWord = ch, true
		case ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\f' || ch == '\v':
			if inWord {
				words = append(words, b.String())
				b.Reset()
				inWord = false
			}
		default:
			b.WriteByte(ch)
			inWord = true
		}
	}
	if inWord {
		words = append(words, b.String())
	}
	return words
}

// mayWrite asks when a program whose arguments the catalogue does not
// describe (one not in it, or a script an interpreter runs) is given a
// protected system file, a shell startup file or a disk device, as an
// operand or as an option's value (--out=FILE): it may write it. The
// value of an option whose name says it is the output (-o, --output,
// --out-file, --result-file, --log-file: outputOption) is written, by
// the convention nearly every program keeps, and is judged as a write
// (mytool -o ~/.bashrc blocks as startup-file-write), and so is one a
// program runs later or a user's PATH holds, as a write tool's path is
// (WriteTarget: mytool -o .git/hooks/pre-commit, -o ~/.local/bin/git
// ask as persistence); outside the roots, it is not asked. Other paths
// it is given are judged as reads only (checkTargets).
func (r *run) mayWrite(sc *scope, b string, args []field, cmd string) {
	fetching := fetches(args)
	if fetching {
		// It may save what a URL it is given holds under the URL's own
		// name, as wget does (a later bash x.sh runs that).
		var urls []field
		for _, f := range args {
			if !f.dyn && !strings.HasPrefix(f.val, "-") && strings.Contains(f.val, "://") {
				urls = append(urls, f)
			}
		}
		r.noteDownloads(urls)
	}
	for i, f := range args {
		v := f.val
		// -O is one too, wget's output document (a compiler's level is
		// attached to it: -O2).
		out := i > 0 && !args[i-1].dyn && (outputOption(args[i-1].val) || args[i-1].val == "-O")
		if j := strings.IndexByte(v, '='); j > 0 && v[0] == '-' {
			out = !f.dyn && outputOption(v[:j])
			v = v[j+1:]
		}
		if f.dyn || f.glob || v == "" || v[0] == '-' {
			continue
		}
		if out && fetching {
			// Given a URL, what it writes there may be what it fetched: a
			// later command that runs the file runs that (yt-dlp -o x.sh
			// URL && bash x.sh). Without one, the program's output is its
			// own, as much as what it does itself (a code generator's,
			// then built).
			defer r.noteWritten(field{val: v}, "", false)
		}
		for _, p := range r.resolve(field{val: v}).paths {
			if out && (r.a.match(r.a.lists.protected, p) || r.a.isStartup(p) || r.a.isBlockDevice(p)) {
				r.judgeWrite(sc, field{val: v}, ruleDiskWrite, cmd)
				return
			}
			if w, ok := r.a.WriteTarget(p, ""); out && ok {
				// A file git or another program runs later, or one on a
				// user's PATH (mytool -o ~/.local/bin/git), judged as a
				// write tool's path is: its text is not shown.
				r.finding(w.Rule, w.Kind, w.Severity, b+" writes "+p+", the value of an output option: "+w.Detail, cmd, p)
				return
			}
			if r.a.match(r.a.lists.protected, p) || r.a.isStartup(p) {
				r.finding(ruleWriteOutside, Command, Ask, b+"'s arguments are not described by the catalogue, and one is "+p+", a protected or startup file it may write", cmd, p)
				return
			}
			if r.a.isBlockDevice(p) {
				r.finding(ruleSystemAdmin, Command, Ask, b+"'s arguments are not described by the catalogue, and one is "+p+", a disk it may write", cmd, p)
				return
			}
		}
	}
}

// fetches reports whether a program's arguments name a URL it may fetch
// (a scheme and "://" in a word).
func fetches(args []field) bool {
	return slices.ContainsFunc(args, func(f field) bool { return strings.Contains(f.val, "://") })
}

// outputOption reports whether the option name says its value is the
// file the program writes: -o, -out and the long options --out,
// --output, --outfile, --out-file, --output-file, --output-document,
// --result-file, --log-file and --logfile, and any long option whose name
// ends in -out, -output, -outfile, -out-file or -output-file
// (--report-output).
func outputOption(name string) bool {
	switch name {
	case "-o", "-out", "-output", "-outfile":
		return true
	}
	n, ok := strings.CutPrefix(name, "--")
	if !ok {
		return false
	}
	n = asciiLower(n)
	switch n {
	case "out", "output", "outfile", "out-file", "output-file", "output-document", "result-file", "log-file", "logfile":
		return true
	}
	for _, suf := range [...]string{"-out", "-output", "-outfile", "-out-file", "-output-file", "_out", "_output"} {
		if strings.HasSuffix(n, suf) {
			return true
		}
	}
	return false
}

// runsAnyElsewhere is runsElsewhere of an entry or any sub-command of it.
func runsAnyElsewhere(e *Entry) bool {
	return runsElsewhere(e) || slices.ContainsFunc(e.Subcommands, func(s Entry) bool { return runsAnyElsewhere(&s) })
}

// The sub-command words by which tools the catalogue does not describe
// delete what they manage: a verb that deletes (what, and whether it can
// be undone, is the tool's to know), or a verb that also names routine
// removals (a dependency, one file) with an option that takes in
// everything.
var (
	massDeleteVerbs = setOf("delete", "destroy", "purge", "nuke", "teardown", "wipe", "drop", "truncate", "terminate", "flushall", "flushdb",
		"obliterate", "decommission", "deprovision")
	deleteVerbs     = setOf("remove", "rm", "rb", "del", "erase", "uninstall")
	everythingFlags = setOf("--all", "-a", "-A", "--all-namespaces", "--recursive", "-r", "-R", "--everything", "--all-versions", "--prune")
)

// destroyNet asks when a program the catalogue does not describe is given
// a sub-command that deletes wholesale (tool apps:destroy, cli purge,
// xyz delete --all): cloud, cluster and service tools are many and new, and
// what they delete lies outside the machine and every root
// (infra-destroy). Its first three words are read, split at ':', '-' and
// '_'; a word with '.', a slash, a blank or '=' is a file, a path, text
// or a setting.
func (r *run) destroyNet(b string, args []field, cmd string) {
	every := slices.ContainsFunc(args, func(f field) bool {
		name, _, _ := strings.Cut(f.val, "=")
		return !f.dyn && everythingFlags[name]
	})
	words := 0
	for _, f := range args {
		if f.dyn || strings.HasPrefix(f.val, "-") {
			continue
		}
		if words++; words > 3 {
			return
		}
		if strings.ContainsAny(f.val, "./\\ =") {
			continue // a file, a path, text or a setting, not a sub-command
		}
		for _, part := range strings.FieldsFunc(asciiLower(f.val), func(c rune) bool { return c == ':' || c == '-' || c == '_' }) {
			if massDeleteVerbs[part] || deleteVerbs[part] && every {
				r.finding(ruleInfraDestroy, Command, Ask, b+" is not described by the catalogue and is given "+f.val+", which deletes what it manages", cmd, "")
				return
			}
		}
	}
}

// includers are programs whose languages take a file's text into their
// output by its name: C's preprocessor (#include "F"), assemblers
// (.incbin "F", .include), m4 (include(F)), TeX (\input{F},
// \verbatiminput), Nix (builtins.readFile F, import F), Terraform's
// console (file("F")), Graphviz (image="F"), templating and document
// tools.
var includers = setOf("cpp", "gcc", "g++", "cc", "c++", "clang", "clang++", "tcc", "as", "gas", "nasm", "yasm", "m4", "gm4",
	"tex", "latex", "pdflatex", "xelatex", "lualatex", "pdftex", "luatex", "xetex", "context", "latexmk", "tectonic",
	"nix", "nix-instantiate", "nix-build", "nix-shell", "terraform", "tofu", "dot", "neato", "circo", "twopi", "fdp", "sfdp",
	"jsonnet", "cue", "dhall", "gomplate", "asciidoctor", "pandoc", "groff", "troff", "nroff", "typst", "quarto", "hugo")

// includedFiles judges the files named by absolute or ~/ paths in the
// text such a program reads (includers): its arguments, its standard
// input when its text is known, and the files the command wrote that it
// is given. A name is judged as a word naming a file read: a credential
// file blocks as cat's would (echo '#include "/home/me/.ssh/id_rsa"' |
// cpp prints the key).
func (r *run) includedFiles(sc *scope, args []field, c ctx, cmd string) {
	texts := make([]string, 0, len(args)+1)
	for _, a := range args {
		if !a.dyn {
			texts = append(texts, a.val)
			if w, _, ok := r.writtenAt(a); ok && w.known {
				texts = append(texts, w.content)
			}
		}
	}
	if c.in.kind == inText {
		texts = append(texts, c.in.text)
	}
	for _, t := range texts {
		for _, m := range mentionedPath.FindAllStringSubmatch(t, maxEmbedded) {
			f := r.literalPath(m[1])
			r.checkWords(sc, []field{f}, cmd)
			r.rawDiskRead(f, cmd)
		}
	}
}

// mentionedPath is an absolute or ~/ path in a language's text, ended by
// a quote, a bracket, a separator or a space.
var mentionedPath = regexp.MustCompile(`(?:^|[^\w.~/-])((?:~|/)[^\s"'{}()<>\[\],;|&\x60]*)`)

// textOnly reports whether the entry e describes a builtin or a tool that
// takes only text (echo, true): nothing of its line is judged.
func textOnly(e *Entry) bool {
	return e.DataOnly && len(e.Options) == 0 && len(e.Operands) == 0 && e.special == nil && e.Rule == "" && e.Stdin == ""
}

// jvmCarried asks when an argument carries one of the JVM's options that
// load an agent or run a command (jvmCodeOptions) to a JVM the program
// starts: gradle -Dorg.gradle.jvmargs=-javaagent:..., mvn
// -DargLine=-javaagent:..., bazel --jvmopt= and --host_jvm_args=, javac
// -J-javaagent:..., a server's launch script's own option. Build tools and
// launchers that pass options on to a JVM are many; the options are
// distinctive wherever they are written. java's own line is read by
// jvmOptions.
func (r *run) jvmCarried(b string, args []field, cmd string) {
	if b == "java" || b == "javaw" || b == "printf" {
		return // (printf prints the text it is given)
	}
	for _, a := range args {
		if m := jvmCodeOption(a.val); m != "" {
			r.finding(ruleInlineInterp, Dynamic, Ask, b+" is given "+bound(a.val)+", whose "+m+" makes a JVM it starts load an agent or run a command", cmd, "")
			return
		}
	}
}

// jvmCodeOption returns the first of jvmCodeOptions that v holds, or "".
func jvmCodeOption(v string) string {
	if !strings.Contains(v, "agent") && !strings.Contains(v, "-XX:On") {
		return ""
	}
	for _, m := range jvmCodeOptions {
		if strings.Contains(v, m) {
			return m
		}
	}
	return ""
}

// cmdletNet asks when a program the catalogue does not describe is named
// as a PowerShell command whose verb changes the system: Stop-Service,
// Remove-LocalUser, Disable-WindowsOptionalFeature, Clear-Tpm,
// Remove-AzResourceGroup, Import-Certificate. PowerShell's commands are
// many and their names say what they do (a verb, a hyphen, a noun), so
// the verb decides, not a list of commands; those whose noun is the
// session's own state (Set-Variable, Remove-Module, Start-Sleep,
// Clear-Host) or a package manager's (Install-Module, as pip install) change
// nothing beyond it. A program of another kind named so (remove-shell)
// asks too, which is the safer reading.
func (r *run) cmdletNet(b, cmd string) {
	verb, noun, ok := strings.Cut(b, "-")
	if !ok || !isAlnumWord(noun) || !changingVerbs[asciiLower(verb)] {
		return
	}
	if ln := asciiLower(noun); sessionNouns[ln] || asciiLower(verb) == "import" && importedData[ln] {
		return
	}
	r.finding(ruleSystemAdmin, Command, Ask, b+" is not described by the catalogue and is named as a PowerShell command that changes the system ("+verb+")", cmd, "")
}

var (
	// changingVerbs are PowerShell's approved verbs that change what
	// their noun names (Get-Verb); those that read, compare, format,
	// convert, wait or run a test do not.
	changingVerbs = setOf("add", "approve", "backup", "block", "checkpoint", "clear", "deny", "deploy", "disable", "disconnect", "dismount",
		"enable", "grant", "import", "initialize", "install", "lock", "mount", "move", "new", "optimize", "protect", "publish", "register",
		"remove", "rename", "repair", "reset", "resize", "restart", "restore", "resume", "revoke", "set", "start", "stop", "suspend",
		"sync", "unblock", "uninstall", "unlock", "unprotect", "unpublish", "unregister", "update")
	// sessionNouns are the nouns of PowerShell's commands that change only
	// the session's own state, install packages as pip does (Install-Module,
	// Add-AppxPackage), or copy files as the write and egress checks judge
	// them (Start-BitsTransfer).
	sessionNouns = setOf("variable", "alias", "location", "host", "job", "threadjob", "module", "transcript", "strictmode", "psdebug",
		"psbreakpoint", "event", "eventsubscriber", "typedata", "formatdata", "psreadlineoption", "psreadlinekeyhandler", "psdrive",
		"pssession", "object", "member", "guid", "timespan", "culture", "uiculture", "clipboard", "sleep", "history", "package",
		"psresource", "script", "help", "runspace", "runspacedebug", "tracesource", "progress", "random", "appxpackage", "bitstransfer")
	// importedData are the nouns Import- reads a file of data or code of
	// the session's into it (Import-Csv, Import-Clixml); Import-Certificate
	// changes what the system trusts.
	importedData = setOf("csv", "clixml", "powershelldatafile", "localizeddata")
)

// netJoined tries the arguments of an unknown program, from each of its
// first operands on, as one command line: a wrapper the catalogue does not
// know (retry 3 rm -rf ~) runs them so.
func (r *run) netJoined(sc *scope, args []field, c ctx, cmd string) {
	tried := 0
	for i, f := range args {
		if tried == 4 {
			return
		}
		if f.dyn || strings.HasPrefix(f.val, "-") || i == len(args)-1 {
			continue
		}
		tried++
		words := make([]string, 0, len(args)-i)
		for _, g := range args[i:] {
			if g.dyn {
				return
			}
			q, err := syntax.Quote(g.val, syntax.LangBash)
			if err != nil {
				return
			}
			words = append(words, q)
		}
		r.net(sc, field{val: strings.Join(words, " ")}, c, cmd)
	}
}

// catalogName maps a program name to its catalogue name: versioned
// interpreters (python3.12, lua5.4) and mkfs.TYPE share one entry.
func catalogName(b string) string {
	switch {
	case pythonName(b):
		return "python"
	case strings.HasPrefix(b, "mkfs") || strings.HasPrefix(b, "newfs"):
		return "mkfs"
	case strings.HasPrefix(b, "lua5."):
		return "lua"
	}
	return b
}

// otherSpelling is the name under which the analyser knows a program b it
// does not know as written: the name in lower case (macOS and Windows find
// /bin/rm for RM, their file systems folding case), or without a version
// (ruby3.1, php8.2, perl5.36.0, guile-3.0, luajit-2.1.0-beta3 are the
// versioned binaries distributions install). It is "" when there is none.
// Reading an unknown program as the one it is named after errs on the safe
// side: the catalogued program's roles are the stricter reading.
func (a *Analyzer) otherSpelling(b string) string {
	l := asciiLower(b)
	if l != b && a.knows(l) {
		return l
	}
	if v := a.unversioned(l); v != "" {
		return v
	}
	// Homebrew installs GNU's tools with a g in front (grm, gsed, gtar,
	// gfind), so that they do not shadow macOS's own.
	if rest, ok := strings.CutPrefix(l, "g"); ok && gnuTools[rest] {
		return rest
	}
	// A cross toolchain's tools carry their target in front
	// (x86_64-linux-gnu-gcc, arm-none-eabi-ld, x86_64-w64-mingw32-gcc-12,
	// aarch64-unknown-linux-musl-strip): they take the native tool's
	// options.
	if arch, rest, ok := strings.Cut(l, "-"); ok && (targetArchs[arch] || strings.HasPrefix(arch, "armv") || strings.HasPrefix(arch, "thumbv")) {
		for rest != "" {
			if a.knows(rest) {
				return rest
			}
			if v := a.unversioned(rest); v != "" {
				return v
			}
			_, rest, _ = strings.Cut(rest, "-") // the triplet's vendor, system and ABI, one at a time
		}
	}
	return ""
}

// unversioned returns the name the analyser knows l by without its
// version, its build, or both (ruby3.1, busybox.static, gcc-12.exe), or ""
// when there is none.
func (a *Analyzer) unversioned(l string) string {
	if v := versionless(l); v != "" && a.knows(v) {
		return v
	}
	if v := buildless(l); v != "" {
		if a.knows(v) {
			return v
		}
		if vv := versionless(v); vv != "" && a.knows(vv) {
			return vv
		}
	}
	return ""
}

// targetArchs are the architectures a cross toolchain's target triplet
// starts with (armv7l and thumbv7em are matched by their prefix).
var targetArchs = setOf("x86_64", "amd64", "x86", "i386", "i486", "i586", "i686", "aarch64", "aarch64_be", "arm64", "arm", "armeb", "armhf", "armel",
	"riscv32", "riscv64", "mips", "mipsel", "mips64", "mips64el", "powerpc", "powerpcle", "powerpc64", "powerpc64le", "ppc", "ppc64", "ppc64le",
	"s390", "s390x", "sparc", "sparc64", "sparcv9", "avr", "xtensa", "m68k", "loongarch64", "wasm32", "wasm64", "sh4", "alpha", "hppa", "ia64",
	"or1k", "msp430", "nios2", "arc", "bpf", "csky", "microblaze")

// buildless returns b without the build a binary's name may carry
// (busybox.static, toybox-x86_64, pwsh-preview, .bash-wrapped of Nix), or
// "" when it carries none.
func buildless(b string) string {
	if !strings.ContainsAny(b, ".-_") {
		return "" // every build suffix follows one of these, as Nix's leading dot is one
	}
	t := strings.TrimPrefix(b, ".")
	for changed := true; changed; {
		changed = false
		for _, suf := range buildSuffixes {
			for _, sep := range []string{".", "-", "_"} {
				if s, ok := strings.CutSuffix(t, sep+suf); ok && s != "" {
					t, changed = s, true
				}
			}
		}
	}
	if t == b {
		return ""
	}
	return t
}

// buildSuffixes are the builds and wrappers a binary's name may end in.
var buildSuffixes = []string{"static", "wrapped", "real", "orig", "bin", "musl", "gnu", "glibc", "preview", "nightly", "x86_64", "x86-64",
	"amd64", "aarch64", "arm64", "armv7l", "armhf", "i386", "i686", "linux", "darwin", "macos", "exe"}

// gnuTools are GNU's tools Homebrew installs with a g in front.
var gnuTools = setOf("rm", "cp", "mv", "ln", "dd", "install", "shred", "truncate", "chmod", "chown", "chgrp", "mkdir", "rmdir",
	"touch", "tee", "cat", "tac", "head", "tail", "split", "csplit", "sort", "uniq", "cut", "paste", "tr", "od", "base64", "base32",
	"basenc", "env", "nohup", "timeout", "stdbuf", "nice", "chroot", "kill", "unlink", "shuf", "nl", "fold", "join", "comm",
	"realpath", "readlink", "stat", "du", "ls", "date", "sed", "tar", "find", "xargs", "locate", "grep", "egrep", "fgrep",
	"sha256sum", "md5sum", "mktemp", "dircolors", "printf", "echo", "test", "diff", "cmp")

// knows reports whether b is a program the analyser describes: a
// catalogue entry (built-in or the policy's), a shell or an interpreter.
func (a *Analyzer) knows(b string) bool {
	ce, extra := a.lookupEntry(catalogName(b))
	return ce != nil || len(extra) > 0 || shells[b] || isInterpreter(b)
}

// versionless returns b without the version a distribution's binary name
// carries (node18, tclsh8.6, guile-3.0, luajit-2.1.0-beta3), or "" when b
// carries none.
func versionless(b string) string {
	s := b
	if i := strings.LastIndexByte(s, '-'); i > 0 {
		tag := strings.TrimRight(s[i+1:], "0123456789")
		if tag == "alpha" || tag == "beta" || tag == "rc" || tag == "dev" || tag == "pre" {
			s = s[:i]
		}
	}
	t := strings.TrimRight(s, "0123456789.")
	if len(t) == len(s) || !strings.ContainsAny(s[len(t):], "0123456789") {
		return ""
	}
	t = strings.TrimRight(t, "-_")
	return t
}

// maxInlined bounds the function calls one command has judged with their
// arguments.
const maxInlined = 8

// learnsInBody reports whether a function's body may give variables
// values the main walk does not learn inside a function (read, mapfile,
// printf -v, set --, a declaration, local ones too: the main walk reads a
// local as unknown, for it holds only in the body): judged at a call as a
// script of its own, it learns them (f() { read h <<< ~; rm -rf "$h"; }; f,
// f() { local d=~; rm -rf "$d"; }; f).
func learnsInBody(body string) bool {
	return strings.Contains(body, "read") || strings.Contains(body, "mapfile") || strings.Contains(body, "printf") || strings.Contains(body, "set") ||
		strings.Contains(body, "declare") || strings.Contains(body, "typeset") || strings.Contains(body, "local")
}

// calledDefinitions returns the definitions of the other functions the
// script defines that the body of the function name (fd) calls, and those
// they call in turn, one per line: the body is judged as a script of its
// own, and with them defined there a call passes its arguments on as bash
// does (f() { g "$@"; }; f ~ gives g the home folder). The function
// itself is left out, so a recursive call stops there.
func (r *run) calledDefinitions(sc *scope, name string, fd *syntax.FuncDecl) string {
	if len(sc.funcs) < 2 {
		return ""
	}
	seen := map[string]bool{name: true}
	names := slices.Sorted(maps.Keys(sc.funcs))
	var out strings.Builder
	for todo := []string{r.nodeText(sc, fd.Body)}; len(todo) > 0; {
		text := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		for _, g := range names {
			if gd := sc.funcs[g]; gd != nil && !seen[g] && identIn(text, g) {
				seen[g] = true
				def := r.nodeText(sc, gd)
				out.WriteString(def + "\n")
				todo = append(todo, def)
			}
		}
	}
	return out.String()
}

// telling reports whether an argument may change what a function's body
// does beyond what the body with unknown arguments shows: a program that
// destroys (rm, dd, ...) or a path outside every writable root, lexically.
// Names and paths in the workspace do not.
func (r *run) telling(f field) bool {
	if f.dyn {
		return false
	}
	if slices.Contains(dangerousNames, base(f.val)) {
		return true
	}
	if strings.Contains(f.val, "$(") || strings.ContainsRune(f.val, '`') {
		return true // text the body may evaluate, running its substitutions (see arith.go)
	}
	v := r.a.slash(f.val)
	if f.glob || !strings.ContainsRune(v, '/') && !strings.HasPrefix(v, ".") {
		return f.glob
	}
	p, ok := r.lexicalAbs(v)
	return !ok || r.classify(p) != clInside
}

// next analyses the command a wrapper runs.
func (r *run) next(sc *scope, rest []field, c ctx) {
	if len(rest) == 0 {
		return
	}
	c2 := c
	c2.depth++
	r.simple(sc, rest, c2)
}

// wrapSpec describes a command that runs another command.
type wrapSpec struct {
	val      string   // short options that take a value
	attached string   // short options whose value, optional, is only attached (xargs -i[R])
	long     []string // long options that take a value when not written with '='
	pos      int      // positional arguments between the options and the command
}

// skipOpts drops a wrapper's options and positional arguments and returns
// the command it runs.
func skipOpts(args []field, w wrapSpec) []field {
	i, _ := scanWrapOpts(args, w)
	if i > len(args) {
		return nil
	}
	rest := args[i:]
	if len(rest) < w.pos {
		return nil
	}
	return rest[w.pos:]
}

// scanWrapOpts reads a wrapper's options: it returns the index of the
// first word after them (past len(args) when the last option's value is
// missing) and the index where hiddenCommand's line starts, or -1.
func scanWrapOpts(args []field, w wrapSpec) (end, hidden int) {
	hidden = -1
	i := 0
loop:
	for i < len(args) {
		a := args[i]
		switch {
		case a.dyn && strings.HasPrefix(a.val, "--") && strings.Contains(a.val, "="):
			i++ // --NAME=VALUE whose value is not known is still an option
		case a.dyn:
			break loop
		case a.val == "--":
			i++
			break loop
		case strings.HasPrefix(a.val, "--") && len(a.val) > 2:
			if !strings.Contains(a.val, "=") {
				known := slices.Contains(w.long, a.val)
				if hidden < 0 {
					hidden = hiddenAfter(args, i, known)
				}
				if known {
					i++
				}
			}
			i++
		case len(a.val) > 1 && a.val[0] == '-':
			for j := 1; j < len(a.val); j++ {
				if strings.IndexByte(w.attached, a.val[j]) >= 0 {
					break // the rest of the word is its value
				}
				if strings.IndexByte(w.val, a.val[j]) >= 0 {
					if j == len(a.val)-1 {
						if hidden < 0 {
							hidden = hiddenAfter(args, i, true)
						}
						i++
					}
					break
				}
			}
			i++
		default:
			break loop
		}
	}
	return i, hidden
}

// hiddenCommand returns the line from the first word a wrapper's option
// takes as its value (-u VALUE, not -uVALUE or --user=VALUE) when that
// word names a program, or nil. Where the option takes no value in the
// version of the program at hand, or takes it only attached (getopt's
// optional values: nsenter --wd, xargs -i), that word starts the command
// the wrapper runs: nsenter --wd rm -rf ~ runs rm. The line from it is
// judged as a command too, so that an option whose arity the catalogue
// has wrong cannot hide the command; a user or group named as a program
// (sudo -u git git pull) reads the same command once more. The other way
// round, a long option the wrapper is not known to give a value, which
// the command line's reading takes for a flag, may take the next word
// (parallel --tagstring X rm -rf ::: ~): a program named by the word after
// starts the line returned.
func hiddenCommand(args []field, w wrapSpec) []field {
	if _, h := scanWrapOpts(args, w); h >= 0 {
		return args[h:]
	}
	return nil
}

// hiddenAfter returns the index of the word that starts hiddenCommand's
// line after the option at args[i], or -1: the next word, when the option
// takes it as its value (taken) and it names a program; the one after,
// when the option is not known to take a value, which the next word may
// be, and the word after names a program.
func hiddenAfter(args []field, i int, taken bool) int {
	switch {
	case taken && i+1 < len(args) && namesProgram(args[i+1]):
		return i + 1
	case !taken && i+2 < len(args) && namesProgram(args[i+2]):
		return i + 2
	}
	return -1
}

// namesProgram reports whether f is a static word that names a program
// the catalogue describes, or a shell (see hiddenCommand).
func namesProgram(f field) bool {
	if f.dyn || f.val == "" || f.val[0] == '-' {
		return false
	}
	b := base(f.val)
	return builtinCatalog()[b] != nil || shells[b]
}

// optionValues returns the values args give the options names, in order:
// NAME VALUE, NAME=VALUE for a long name (--config, -command) and VALUE
// attached to a short one (-FVALUE). An attached value keeps what made its
// word dynamic, so a process substitution stays one (--config=<(...)).
func optionValues(args []field, names ...string) []field {
	var out []field
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.dyn && slices.Contains(names, a.val) {
			if i+1 < len(args) {
				out = append(out, args[i+1])
				i++
			}
			continue
		}
		for _, n := range names {
			at := len(n) // where the value starts: after NAME= or -S
			switch {
			case len(a.val) <= at || !strings.HasPrefix(a.val, n):
				continue
			case len(n) > 2:
				if a.val[at] != '=' {
					continue
				}
				at++
			}
			f := a
			f.val = a.val[at:]
			out = append(out, f)
			break
		}
	}
	return out
}

// opts is a parsed GNU-style command line.
type opts struct {
	short  string     // short option letters
	long   []string   // long options, without values
	values []optValue // values of options that take one, in order
	ops    []field    // operands
}

// optValue is the value an option was given.
type optValue struct {
	name string // -o, --output
	f    field
}

func (p opts) has(long string) bool { return slices.Contains(p.long, long) }

// given reports whether the long option name was given, whole or
// abbreviated to a prefix as GNU getopt_long takes one (--rec, --r for
// --recursive): the stricter reading of an option that makes a command do
// more (see docs/security-model.md, Hardline). A prefix that also starts
// another option of the program is refused by it as ambiguous, and reading
// it as name costs nothing. An option that makes a command do less is read
// whole, with has.
func (p opts) given(name string) bool {
	for _, l := range p.long {
		if len(l) > 2 && len(l) <= len(name) && name[:len(l)] == l {
			return true
		}
	}
	return false
}

// expandAbbreviated returns args with each long option written as the
// unique prefix of one of long (--tar of --target-directory) spelt whole,
// for a program whose parser takes such prefixes (GNU getopt_long) and
// that has no option of its own that is a prefix of one of long: its value
// is then the next word, as the program reads it. args is copied only when
// a word changes.
func expandAbbreviated(args []field, long []string) []field {
	copied := false
	for i, a := range args {
		v := a.val
		if a.dyn || len(v) < 3 || v[0] != '-' || v[1] != '-' || strings.IndexByte(v, '=') >= 0 || slices.Contains(long, v) {
			if v == "--" && !a.dyn {
				break
			}
			continue
		}
		full := ""
		for _, l := range long {
			if strings.HasPrefix(l, v) {
				if full != "" {
					full = ""
					break // ambiguous: the program refuses it
				}
				full = l
			}
		}
		if full == "" {
			continue
		}
		if !copied {
			args, copied = slices.Clone(args), true
		}
		args[i].val = full
	}
	return args
}

func (p opts) get(names ...string) []field {
	var out []field
	for _, n := range names {
		for _, v := range p.values {
			if v.name == n {
				out = append(out, v.f)
			}
		}
	}
	return out
}

// parseOpts parses GNU-style options anywhere on the line; "--" ends them.
// val lists short options that take a value, long the long ones. A short
// group with a letter outside flagset (when flagset is set) is an operand,
// as chmod's "-x" mode is.
func parseOpts(args []field, val string, long []string, flagset string) opts {
	p := opts{ops: make([]field, 0, len(args))}
	var sb [32]byte
	short := sb[:0] // the short option letters, made a string once
	addValue := func(name string, f field) {
		p.values = append(p.values, optValue{name, f})
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.val
		if name, f, ok := procSubstOption(a); ok && (name[1] == '-' || strings.IndexByte(val, name[1]) >= 0) {
			if name[1] == '-' {
				p.long = append(p.long, name)
			} else {
				short = append(short, name[1])
			}
			addValue(name, f)
			continue
		}
		switch {
		case a.dyn || len(v) < 2 || v[0] != '-':
			p.ops = append(p.ops, a)
		case v == "--":
			p.ops = append(p.ops, args[i+1:]...)
			p.short = string(short)
			return p
		case strings.HasPrefix(v, "--"):
			name, value, hasValue := strings.Cut(v, "=")
			p.long = append(p.long, name)
			switch {
			case hasValue:
				f := a
				f.val = value
				addValue(name, f)
				if len(name) > 2 && !slices.Contains(long, name) {
					// --tar=DIR: an abbreviated option with its value
					// attached is each option of long it may be.
					for _, l := range long {
						if len(l) > len(name) && strings.HasPrefix(l, name) {
							p.long = append(p.long, l)
							addValue(l, f)
						}
					}
				}
			case slices.Contains(long, name) && i+1 < len(args):
				i++
				addValue(name, args[i])
			}
		default:
			if flagset != "" && strings.Trim(v[1:], flagset) != "" {
				p.ops = append(p.ops, a)
				continue
			}
			for j := 1; j < len(v); j++ {
				short = append(short, v[j])
				if strings.IndexByte(val, v[j]) >= 0 {
					f := a
					if j+1 < len(v) {
						f.val = v[j+1:]
					} else if i+1 < len(args) {
						i++
						f = args[i]
					} else {
						break
					}
					addValue(shortOption(v[j]), f)
					break
				}
			}
		}
	}
	p.short = string(short)
	return p
}

// shortOptions are "-" followed by each byte, made once.
var shortOptions = func() (t [256]string) {
	for i := range t {
		t[i] = "-" + string([]byte{byte(i)})
	}
	return t
}()

// shortOption is "-" followed by c.
func shortOption(c byte) string { return shortOptions[c] }

// splitDest returns the sources and destination of mv, cp and friends.
func splitDest(p opts) ([]field, *field) {
	if t := p.get("-t", "--target-directory"); len(t) > 0 {
		return p.ops, &t[0]
	}
	if len(p.ops) < 2 {
		return p.ops, nil
	}
	d := p.ops[len(p.ops)-1]
	return p.ops[:len(p.ops)-1], &d
}

// cd tracks the working folder of a script.
func (r *run) cd(sc *scope, b string, args []field, c ctx, cmd string) {
	var ops []field
	for _, f := range args {
		if !strings.HasPrefix(f.val, "-") || f.val == "-" || f.dyn {
			ops = append(ops, f)
		}
	}
	if r.cdAlt && !sc.cdSure[r.cmdCall] {
		return // read as not run (see script)
	}
	left := r.cwd
	defer func() { r.oldpwd, r.cdDone = left, true }()
	switch {
	case b == "popd":
		r.cwd = ""
	case len(ops) == 0:
		if b == "pushd" {
			r.cwd = ""
		} else {
			r.cwd = r.a.home
		}
	case ops[0].val == "-" && !ops[0].dyn && b == "cd":
		// cd - goes back to $OLDPWD.
		if r.cdDone {
			r.cwd = r.oldpwd
		} else {
			r.cwd = ""
		}
	case ops[0].dyn || ops[0].val == "-" || ops[0].glob:
		r.cwd = ""
	case b != "popd" && r.cdPathApplies(sc, ops[0], c):
		r.cdThroughPath(sc, ops[0], c, cmd)
	default:
		if res := r.resolve(ops[0]); res.ok {
			r.cwd = res.paths[len(res.paths)-1]
		} else {
			r.cwd = ""
		}
	}
}

// cdPathApplies reports whether cd looks its operand up in a CDPATH the
// command or the script assigned: the operand is relative and does not
// start with . or .. (bash then tries each CDPATH entry first). A CDPATH
// the environment held before is the user's own.
func (r *run) cdPathApplies(sc *scope, op field, c ctx) bool {
	v := op.val
	if v == "" || strings.HasPrefix(v, "/") || v == "." || v == ".." || strings.HasPrefix(v, "./") || strings.HasPrefix(v, "../") {
		return false
	}
	_, assigned := sc.vars["CDPATH"]
	return assigned || r.cdpath != nil
}

// cdThroughPath follows cd to op through a CDPATH the command or the
// script set (CDPATH=/root cd .ssh goes to /root/.ssh): bash takes the
// first entry holding op, which the analyser cannot see. With one entry
// (besides the working folder's "" and ".") the shell is taken to be
// there, the stricter reading; with a value not known or more entries,
// where cd goes is not known and the command asks (see
// docs/security-model.md, Hardline).
func (r *run) cdThroughPath(sc *scope, op field, c ctx, cmd string) {
	r.cwd = ""
	var v string
	known := false
	if r.cdpath != nil {
		v, known = r.cdpath.val, !r.cdpath.dyn
	} else {
		v, known = sc.lookup("CDPATH", c.pos)
	}
	var entries []string
	for _, dir := range strings.Split(v, ":") {
		if dir != "" && dir != "." {
			entries = append(entries, dir)
		}
	}
	if !known || len(entries) != 1 {
		r.finding(ruleDynamicTarget, Dynamic, Ask, "cd looks "+op.val+" up in a CDPATH the command sets, so where the shell goes is not known", cmd, "")
		return
	}
	if res := r.resolve(field{val: strings.TrimSuffix(entries[0], "/") + "/" + op.val}); res.ok {
		r.cwd = res.paths[len(res.paths)-1]
	}
}

// envCmd unwraps env: assignments, -i, -u NAME, -C DIR, -S STRING, --.
func (r *run) envCmd(sc *scope, args []field, c ctx, cmd string, next func([]field)) {
	i, resplit := 0, 0
	var split, resplitWords []field
	var chdir *field
	// value applies an option that takes one: -u, -C, -S and -P.
	value := func(o byte, v field) {
		switch o {
		case 'S':
			split = append(split, r.splitString(v)...)
		case 'C':
			chdir = &v
		}
	}
loop:
	for i < len(args) {
		a := args[i]
		v := a.val
		switch {
		case a.dyn:
			break loop
		case len(split) > 0 && resplit < 8:
			// env reads the words -S made as its own arguments, then the
			// rest: a command among them takes what follows as its
			// arguments (env -S rm -rf DIR, env -S '-i rm' -rf DIR).
			args = append(split, args[i:]...)
			resplitWords = append(resplitWords, split...)
			split, i = nil, 0
			resplit++
			continue
		case v == "--" || v == "-":
			i++
			break loop
		case strings.HasPrefix(v, "--"):
			// GNU getopt_long: --NAME VALUE, --NAME=VALUE, and any
			// unambiguous prefix of NAME.
			name, val, hasVal := strings.Cut(v[2:], "=")
			o := envLongOption(name)
			i++
			if o == 0 {
				continue
			}
			if !hasVal {
				if i >= len(args) {
					break loop
				}
				val, a = args[i].val, args[i]
				i++
			}
			a.val = val
			value(o, a)
		case strings.HasPrefix(v, "-"):
			// A cluster of short options (-iv, -vS'CMD'): -u, -C, -S and
			// -P take the rest of the word, or else the next word.
			i++
			for j := 1; j < len(v); j++ {
				if o := v[j]; strings.IndexByte("uCSP", o) >= 0 {
					f := a
					if j+1 < len(v) {
						f.val = v[j+1:]
					} else if i < len(args) {
						f = args[i]
						i++
					} else {
						break loop
					}
					value(o, f)
					break
				}
			}
		case strings.IndexByte(v, '=') > 0:
			// env takes any NAME=VALUE before the command, names the
			// shell cannot assign included (BASH_FUNC_ls%%=...).
			r.envWord(sc, a, c, cmd)
			i++
		default:
			break loop
		}
	}
	var rest []field
	if i < len(args) {
		rest = args[i:]
	}
	if all := append(resplitWords, split...); len(all) > 0 {
		// The words -S makes were never words of the shell: they are
		// matched as written here, as the shell's own words were.
		r.checkAsWritten(sc, all, cmd)
	}
	rest = append(split, rest...)
	if chdir != nil {
		defer func(saved string) { r.cwd = saved }(r.cwd)
		r.chdir(*chdir)
	}
	next(rest)
}

// envLongOption returns the short option env's long option name (or an
// unambiguous prefix of it, as getopt_long takes) stands for when it
// takes a value, or 0.
func envLongOption(name string) byte {
	for _, o := range [...]struct {
		name  string
		short byte
	}{{"unset", 'u'}, {"chdir", 'C'}, {"split-string", 'S'}, {"argv0", 'a'}} {
		if name == o.name || len(name) >= 2 && strings.HasPrefix(o.name, name) {
			return o.short
		}
	}
	return 0
}

// splitString splits env -S text into fields as GNU env does: blanks
// separate, single quotes keep text as it is, double quotes keep blanks
// and take backslash escapes, a backslash outside quotes escapes the next
// character (\_ is a blank kept in the word, \c ends the text), ${NAME}
// is the variable's value (no other expansion: no ~, no $NAME, no
// pattern), and # starting a word begins a comment. A variable other than
// HOME and PWD, or text that is not static, makes its field dynamic.
func (r *run) splitString(f field) []field {
	var out []field
	if f.dyn {
		return []field{{dyn: true, why: cmp.Or(f.why, "env -S text")}}
	}
	s := f.val
	var b strings.Builder
	cur := field{}
	inWord := false
	flush := func() {
		if inWord {
			cur.val = b.String()
			cur.glob = patternChars(cur.val)
			out = append(out, cur)
		}
		b.Reset()
		cur, inWord = field{}, false
	}
	variable := func(i int) int {
		// s[i] is '$'; ${NAME} only.
		if i+1 >= len(s) || s[i+1] != '{' {
			b.WriteByte('$')
			return i + 1
		}
		end := strings.IndexByte(s[i:], '}')
		if end < 0 {
			cur.dyn, cur.why = true, "env -S text"
			return len(s)
		}
		name := s[i+2 : i+end]
		switch name {
		case "HOME":
			b.WriteString(r.a.home)
		case "PWD":
			if r.cwd == "" {
				cur.dyn, cur.why = true, "a variable env -S expands"
			}
			b.WriteString(r.cwd)
		default:
			cur.dyn, cur.why = true, "a variable env -S expands"
		}
		return i + end + 1
	}
	escape := func(ch byte) {
		switch ch {
		case '_':
			b.WriteByte(' ')
		case 't':
			b.WriteByte('\t')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 'f':
			b.WriteByte('\f')
		case 'v':
			b.WriteByte('\v')
		default:
			b.WriteByte(ch)
		}
	}
	for i := 0; i < len(s); {
		ch := s[i]
		switch {
		case ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\f' || ch == '\v':
			flush()
			i++
		case ch == '#' && !inWord:
			i = len(s)
		case ch == '\'':
			inWord = true
			end := strings.IndexByte(s[i+1:], '\'')
			if end < 0 {
				b.WriteString(s[i+1:])
				i = len(s)
				break
			}
			b.WriteString(s[i+1 : i+1+end])
			i += end + 2
		case ch == '"':
			inWord = true
			i++
			for i < len(s) && s[i] != '"' {
				switch {
				case s[i] == '\\' && i+1 < len(s):
					if s[i+1] == 'c' {
						flush()
						return out
					}
					escape(s[i+1])
					i += 2
				case s[i] == '$':
					i = variable(i)
				default:
					b.WriteByte(s[i])
					i++
				}
			}
			i++
		case ch == '\\':
			if i+1 < len(s) && s[i+1] == 'c' {
				flush()
				return out
			}
			inWord = true
			if i+1 < len(s) {
				escape(s[i+1])
			}
			i += 2
		case ch == '$':
			inWord = true
			i = variable(i)
		default:
			inWord = true
			b.WriteByte(ch)
			i++
		}
	}
	flush()
	return out
}

func (r *run) sudo(sc *scope, args []field, c ctx, cmd string, next func([]field)) {
	rest := skipOpts(args, sudoSpec)
	p := parseOpts(args[:len(args)-len(rest)], sudoSpec.val, sudoSpec.long, "")
	if strings.ContainsRune(p.short, 'e') || p.has("--edit") {
		for _, f := range rest {
			r.judgeWrite(sc, f, ruleDiskWrite, cmd)
		}
		return
	}
	if shell := strings.ContainsAny(p.short, "si") || p.has("--shell") || p.has("--login"); shell && len(rest) == 0 {
		// sudo -s and sudo -i with no command: a shell reading its
		// commands from stdin.
		rest = []field{{val: "sh"}}
	} else if shell && !slices.ContainsFunc(rest, func(f field) bool { return f.dyn }) {
		// sudo -s CMD and sudo -i CMD hand the shell CMD's words with
		// every byte but letters, digits, _, - and $ escaped: the shell
		// still expands $NAME (sudo -s rm -rf '$HOME' deletes a home).
		r.reparseField(sc, field{val: sudoShellText(rest)}, c, cmd, true)
		return
	}
	if alt := hiddenCommand(args, sudoSpec); alt != nil {
		next(alt)
	}
	if d := p.get("-D", "--chdir"); len(d) > 0 {
		// sudo -D DIR runs the command in DIR.
		defer func(saved string) { r.cwd = saved }(r.cwd)
		r.chdir(d[len(d)-1])
	}
	next(rest)
}

// sudoSpec are sudo's options that take a value.
var sudoSpec = wrapSpec{val: "ugpCDrtTUh", long: []string{"--user", "--group", "--prompt", "--close-from", "--chdir", "--role", "--type", "--command-timeout", "--other-user", "--host"}}

// sudoShellText is the command line sudo -s and sudo -i hand the shell
// for the words of a command: each byte but an ASCII letter or digit, _, -
// and $ escaped with a backslash, the words joined by spaces.
func sudoShellText(words []field) string {
	var b strings.Builder
	for i, w := range words {
		if i > 0 {
			b.WriteByte(' ')
		}
		for j := 0; j < len(w.val); j++ {
			ch := w.val[j]
			if !isLetter(ch) && (ch < '0' || ch > '9') && ch != '_' && ch != '-' && ch != '$' {
				b.WriteByte('\\')
			}
			b.WriteByte(ch)
		}
	}
	return b.String()
}

func (r *run) su(sc *scope, b string, args []field, c ctx, cmd string, next func([]field)) {
	for i := 0; i < len(args); i++ {
		v := args[i].val
		switch {
		case v == "-c" || v == "--command" || v == "--session-command":
			if i+1 < len(args) {
				r.reparseField(sc, args[i+1], c, cmd, true)
			}
			return
		case strings.HasPrefix(v, "--command=") || strings.HasPrefix(v, "--session-command="):
			f := args[i]
			f.val = v[strings.IndexByte(v, '=')+1:]
			r.reparseField(sc, f, c, cmd, true)
			return
		case strings.HasPrefix(v, "-c") && !strings.HasPrefix(v, "--"):
			f := args[i]
			f.val = v[2:]
			r.reparseField(sc, f, c, cmd, true)
			return
		case b == "runuser" && (v == "-u" || v == "--user"):
			rest := args[min(i+2, len(args)):]
			if len(rest) > 0 && rest[0].val == "--" {
				rest = rest[1:]
			}
			next(rest)
			return
		case v == "-s" || v == "--shell" || v == "-g" || v == "-G" || v == "--group" || v == "--supp-group" || v == "-w" || v == "--whitelist-environment":
			i++
		}
	}
	if b == "su" || b == "runuser" {
		// No command: the user's shell reads its commands from stdin.
		next([]field{{val: "sh"}})
	}
}

func (r *run) watch(sc *scope, args []field, c ctx, cmd string, next func([]field)) {
	rest := skipOpts(args, wrapSpec{val: "nq", long: []string{"--interval", "--equexit"}})
	opt := args[:len(args)-len(rest)]
	exec := slices.ContainsFunc(opt, func(f field) bool {
		return f.val == "--exec" || !strings.HasPrefix(f.val, "--") && strings.HasPrefix(f.val, "-") && strings.ContainsRune(f.val, 'x')
	})
	if exec || slices.ContainsFunc(rest, func(f field) bool { return f.dyn }) {
		next(rest)
		return
	}
	r.reparseFields(sc, rest, c, cmd, true)
}

// reparseField analyses a literal script given as one word (sh -c, su -c,
// ...). A script that is not literal is dynamic.
func (r *run) reparseField(sc *scope, f field, c ctx, cmd string, child bool) {
	r.reparseFields(sc, []field{f}, c, cmd, child)
}

// reparseScript analyses sh -c SCRIPT with its positional parameters
// ($0, $1, ...).
func (r *run) reparseScript(sc *scope, script field, params []field, c ctx, cmd string) {
	if script.dyn {
		r.reparseField(sc, script, c, cmd, true)
		return
	}
	saved := r.cwd
	r.scriptIn = c.in // echo CMD | bash -c bash: the script's commands read the shell's input
	r.script(script.val, r.positional(sc, c, params), sc.depth+c.depth+1)
	r.cwd = saved
}

// positional returns the variables a script run with params ($0 first)
// starts with: those known at the command, $0 to $9, and "$@" and "$*"
// when every argument after $0 is known.
func (r *run) positional(sc *scope, c ctx, params []field) map[string]string {
	vars := r.known(sc, c.pos)
	for i, p := range params {
		if i > 9 {
			break
		}
		if !p.dyn {
			vars[string(rune('0'+i))] = p.val
		}
	}
	if len(params) > 1 && !slices.ContainsFunc(params[1:], func(f field) bool { return f.dyn || strings.Contains(f.val, "\x00") }) {
		vals := fieldVals(params[1:])
		vars["@"] = strings.Join(vals, "\x00")
		vars["*"] = vars["@"]
	}
	return vars
}

// reparseFields analyses the words joined by spaces as a script (eval).
// child says the script runs in a child process, whose cd does not stick.
func (r *run) reparseFields(sc *scope, fs []field, c ctx, cmd string, child bool) {
	if len(fs) == 0 {
		return
	}
	for _, f := range fs {
		if f.dyn {
			rule := ruleEvalDynamic
			if f.why == whyXargs {
				rule = ruleXargsDynamic
			}
			r.finding(rule, Dynamic, Ask, "the script text comes from "+f.why+" and cannot be read before it runs", cmd, "")
			return
		}
	}
	saved := r.cwd
	r.script(joinFields(fs), r.known(sc, c.pos), sc.depth+c.depth+1)
	if child {
		r.cwd = saved
	}
}

// dialectRE matches what zsh (and csh's modifiers) read otherwise than
// bash, which the analyser reads: a modifier after a parameter ($HOME:h
// is the home's parent there, ${x:h} too, where bash reads an offset),
// zsh's $~x, $=x, $^x and ${~x} (globbing, splitting and joining of a
// value), and =cmd (the path of cmd). The bash reading of the script is
// judged as well; these make it ask.
var dialectRE = regexp.MustCompile(`\$(\{[A-Za-z_][A-Za-z0-9_]*|[A-Za-z_][A-Za-z0-9_]*):[htreaAPluqQsgx&]|\$\{?[~=^][A-Za-z_{]|(^|[\s;|&(])=[A-Za-z_/.]`)

// exportedFuncs is the text that defines the functions the environment
// env gives the command exports to bash, one definition a line, or "" (see
// exportedFunc): a shell started with them runs NAME as the function, so
// its script is judged after their definitions.
func (r *run) exportedFuncs() string {
	var defs strings.Builder
	for _, w := range r.calls.envWords {
		n, v, _ := strings.Cut(w.val, "=")
		if _, def, ok := exportedFunc(n, v, w.dyn); ok {
			defs.WriteString(def + "\n")
		}
	}
	return defs.String()
}

// exportedFunc reads an environment variable that exports a function to
// bash (BASH_FUNC_NAME%%=() { BODY } and the older BASH_FUNC_NAME()=...):
// the function's name and the text that defines it. A value that is not
// known or not a function's, or a name that cannot be written as a
// function's, reports false (the variable asks, env-code, whatever its
// body).
func exportedFunc(n, v string, dyn bool) (name, def string, ok bool) {
	name, ok = strings.CutPrefix(n, "BASH_FUNC_")
	if !ok || dyn || !strings.HasPrefix(v, "()") {
		return "", "", false
	}
	if name, ok = strings.CutSuffix(name, "%%"); !ok {
		if name, ok = strings.CutSuffix(name, "()"); !ok {
			return "", "", false
		}
	}
	if name == "" || strings.ContainsAny(name, needsQuote+"=%") {
		return "", "", false
	}
	return name, name + " " + v, true
}

// zshRE matches what zsh alone reads otherwise than bash, in a way that
// changes what runs or what a word names: a subscript on a parameter
// ($x[1,9] is the first nine characters of $x, ${x[2]} counts from 1),
// parameter flags (${(e)x} evaluates the value), and glob qualifiers that
// run code: (e:CODE:) with any delimiter and (+NAME), alone or after
// other qualifiers, on a word that is not a substitution or an array (a
// leading # is a glob flag, (#i), which runs nothing).
var zshRE = regexp.MustCompile(`\$\{?([A-Za-z_][A-Za-z0-9_]*|[0-9@*#?])\[|\$\{\(|[^\s$<>=(|&;` + "`" + `]\((?:[^()#\s][^()]*)?(?:e[^\sA-Za-z0-9_)]|\+[A-Za-z_])`)

// zshDialect reports, for text zsh runs as a script, the first thing it
// reads otherwise than bash, or "".
func zshDialect(text string) string {
	if m := dialectRE.FindString(text); m != "" {
		return m
	}
	return zshRE.FindString(text)
}

// fishDecoded is src with the backslash escapes fish reads outside quotes
// and bash does not (\xHH, \XHH, \ooo, \uXXXX, \UXXXXXXXX, \cX, \e and
// the control letters) replaced by the characters they stand for, each
// single-quoted as bash would need it (fish -c 'rm -rf \x2fhome' is rm
// -rf /home there); changed is false when there are none. Quoted text is
// kept as written: fish reads no such escapes inside quotes. A character
// beyond ASCII is written as UTF-8.
func fishDecoded(src string) (out string, changed bool) {
	if strings.IndexByte(src, '\\') < 0 {
		return src, false
	}
	var b strings.Builder
	var quote byte
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case quote != 0:
			if c == '\\' && i+1 < len(src) {
				b.WriteByte(c)
				i++
				c = src[i]
			} else if c == quote {
				quote = 0
			}
			b.WriteByte(c)
			continue
		case c == '\'' || c == '"':
			quote = c
			b.WriteByte(c)
			continue
		case c != '\\' || i+1 == len(src):
			b.WriteByte(c)
			continue
		}
		e := src[i+1]
		var v, n int
		switch e {
		case 'x', 'X':
			v, n = digitsAt(src, i+2, 2, 16)
		case 'u':
			v, n = digitsAt(src, i+2, 4, 16)
		case 'U':
			v, n = digitsAt(src, i+2, 8, 16)
		case '0', '1', '2', '3', '4', '5', '6', '7':
			v, n = digitsAt(src, i+1, 3, 8)
			n-- // the first digit is e itself
		case 'c':
			if i+2 < len(src) {
				v, n = int(src[i+2]&0x1f), 1
			}
		case 'a', 'b', 'e', 'f', 'n', 'r', 't', 'v':
			v, n = int(map[byte]byte{'a': 7, 'b': 8, 'e': 0x1b, 'f': 12, 'n': 10, 'r': 13, 't': 9, 'v': 11}[e]), 0
			n = -1 // no digits after the letter
		}
		if n == 0 && e != '0' {
			b.WriteByte(c)
			continue
		}
		if n < 0 {
			n = 0
		}
		changed = true
		r := string(rune(v))
		if v < 0x80 {
			r = string([]byte{byte(v)})
		}
		if r == "'" {
			b.WriteString(`\'`)
		} else {
			b.WriteString("'" + r + "'")
		}
		i += 1 + n
	}
	return b.String(), changed
}

// shellOptRE matches what a shell takes as an option word.
var shellOptRE = regexp.MustCompile(`^[-+][A-Za-z]+$`)

var shells = setOf(strings.Fields(shellNames)...)

// shellNames are the shells, the shells entry's names. Those of other
// languages (nu, elvish, xonsh, rc, es, Oils' osh and ysh), whose -c runs a
// command line as theirs, are read as sh reads it, the stricter reading of
// the commands they share.
const shellNames = "sh bash zsh dash ksh mksh ash fish csh tcsh yash posh rbash ksh93 pdksh oksh hush osh ysh oil nu elvish xonsh rc es"

// shell analyses sh, bash and friends: -c with a literal script is
// re-parsed; a script from a pipe is dynamic; a script file is ordinary.
func (r *run) shell(sc *scope, b string, args []field, c ctx, cmd string) {
	if b == "fish" {
		// fish decodes escapes bash keeps (see fishDecoded): its script,
		// its arguments and the text it reads are judged decoded too.
		var dec []field
		for i, a := range args {
			if v, ok := fishDecoded(a.val); ok && !a.dyn {
				if dec == nil {
					dec = slices.Clone(args)
				}
				dec[i].val = v
			}
		}
		d := c
		if c.in.kind == inText {
			if v, ok := fishDecoded(c.in.text); ok {
				d.in.text, d.in.words = v, textWords(v)
				if dec == nil {
					dec = args
				}
			}
		}
		if dec != nil {
			r.shellAs(sc, b, dec, d, cmd)
		}
	}
	r.shellAs(sc, b, args, c, cmd)
}

// shellAs is shell for args read as bash reads them.
func (r *run) shellAs(sc *scope, b string, args []field, c ctx, cmd string) {
	defer r.enterShell(b, args)()
	if defs := r.exportedFuncs(); defs != "" {
		// The functions env exports are defined in the shell before its
		// script runs: its -c script and the text it reads start with
		// their definitions (see exportedFuncs).
		args = slices.Clone(args)
		cflag := false
		for i, a := range args {
			if cflag && !a.dyn && a.val != "--" {
				args[i].val = defs + a.val
				break
			}
			cflag = cflag || a.val == "--command" || a.val == "--commands" || len(a.val) > 1 && a.val[0] == '-' && a.val[1] != '-' && strings.ContainsRune(a.val, 'c')
		}
		if c.in.kind == inText {
			c.in.text = defs + c.in.text
			c.in.words = textWords(c.in.text)
		}
	}
	r.netShell(b, c, cmd)
	if b == "zsh" || b == "csh" || b == "tcsh" {
		for _, a := range args {
			m := dialectRE.FindString(a.val)
			if m == "" && b == "zsh" {
				m = zshRE.FindString(a.val)
			}
			if !a.dyn && m != "" {
				r.finding(ruleEvalDynamic, Dynamic, Ask, b+" reads "+m+" otherwise than bash: the words it makes are not known", cmd, "")
				break
			}
		}
	}
	cflag, sflag := false, false
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.val
		switch {
		case a.dyn && !cflag:
			if sflag {
				r.stdinScript(sc, c, cmd, b) // bash -s "$X": a positional parameter
				return
			}
			r.scriptArg(sc, b, a, c, cmd) // <(...), /dev/fd/$fd, or a path not known
			return
		case v == "--":
			switch {
			case cflag && i+1 < len(args):
				r.reparseScript(sc, args[i+1], args[i+2:], c, cmd)
			case sflag:
				r.stdinScript(sc, c, cmd, b)
			case i+1 < len(args):
				r.scriptArg(sc, b, args[i+1], c, cmd)
				r.scriptArgs(sc, b, args[i+1], args[i+2:], c, cmd)
			default:
				r.stdinScript(sc, c, cmd, b)
			}
			return
		case b == "fish" && (v == "-C" || v == "--init-command" || strings.HasPrefix(v, "--init-command=")):
			// fish runs its init command first, before a script, -c's
			// command or a prompt.
			if f, ok := strings.CutPrefix(v, "--init-command="); ok {
				r.reparseField(sc, field{val: f, dyn: a.dyn, why: a.why}, c, cmd, true)
			} else if i+1 < len(args) {
				i++
				r.reparseField(sc, args[i], c, cmd, true)
			}
		case v == "--rcfile" || v == "--init-file":
			// An interactive shell runs the file first: judged as a script
			// operand is (bash --rcfile <(echo ...) -i).
			if i+1 < len(args) {
				r.scriptArg(sc, b, args[i+1], c, cmd)
			}
			i++
		case strings.HasPrefix(v, "--"):
			if (v == "--command" || v == "--commands") && i+1 < len(args) { // fish; nushell
				r.reparseField(sc, args[i+1], c, cmd, true)
				return
			}
			if name, val, ok := strings.Cut(v, "="); ok && (name == "--command" || name == "--commands") {
				f := a
				f.val = val
				r.reparseField(sc, f, c, cmd, true)
				return
			}
		case len(v) > 1 && (v[0] == '-' || v[0] == '+') && shellOptRE.MatchString(v):
			opt := v[1:]
			if strings.ContainsRune(opt, 'c') {
				cflag = true
			}
			if strings.ContainsRune(opt, 's') && v[0] == '-' {
				sflag = true
			}
			if strings.ContainsAny(opt, "oO") && i+1 < len(args) {
				i++
			}
		default:
			switch {
			case cflag:
				r.reparseScript(sc, a, args[i+1:], c, cmd)
			case sflag:
				r.stdinScript(sc, c, cmd, b)
			default:
				r.scriptArg(sc, b, a, c, cmd)
				r.scriptArgs(sc, b, a, args[i+1:], c, cmd)
			}
			return
		}
	}
	if cflag {
		r.finding(ruleEvalDynamic, Dynamic, Ask, b+" -c without a script reads it from elsewhere", cmd, "")
		return
	}
	r.stdinScript(sc, c, cmd, b)
}

// inputFiles hands each file an input of kind inFile is made of to read,
// a program reading its commands or its code from it (stdinScript); one
// whose path is not known asks (unknownFile). Past maxLoopItems files the
// command asks.
func (r *run) inputFiles(sc *scope, b string, c ctx, cmd string, read func(f field)) {
	for i, f := range c.in.files {
		if r.overItems(i, "a program's input is made of more files than the bound") {
			return
		}
		if !r.unknownFile(sc, f, b, c, cmd) {
			read(f)
		}
	}
}

// scriptArg is a shell run with a script operand: one a process
// substitution, the input or an open descriptor gives is judged as what
// they hold; one whose path is not known asks.
func (r *run) scriptArg(sc *scope, b string, f field, c ctx, cmd string) {
	switch {
	case f.why == whyProcSubst:
		r.procScript(sc, f, c, cmd, b, b+" runs the output of a process substitution")
	case !f.dyn && isStdin(f.val):
		r.stdinScript(sc, c, cmd, b)
	case descriptorFile(f):
		// Another open descriptor (bash /dev/fd/3 3<<< CMD): a here-string
		// or here-document given to it is read as the input as well, and
		// judged as the script; one whose text is not known asks.
		if c.in.kind == inText {
			r.stdinScript(sc, c, cmd, b)
			return
		}
		r.finding(rulePipeToShell, Dynamic, Ask, b+" runs the script an open descriptor ("+f.val+") holds, which cannot be read before it runs", cmd, "")
	case f.dyn && !sc.loopItem(f, c.pos):
		// bash "$X", source "$(...)": which file runs, and so what it
		// holds, is not known before it runs, as a command name's is not.
		r.finding(ruleDynamicName, Dynamic, Ask, b+" runs a script whose path comes from "+cmp.Or(f.why, f.val)+", which is not known before it runs", cmd, "")
	}
}

// procScript judges the script a shell reads from a process substitution,
// <(CMD): CMD's output as a script when it is known (bash <(echo 'rm -rf
// ~')), as a pipe's would be, and else code that cannot be known (what
// says so).
func (r *run) procScript(sc *scope, f field, c ctx, cmd, b, what string) {
	if ps := r.procSubstOf(f); ps != nil && ps.Op == syntax.CmdIn {
		if in := r.writersInput(sc, ps.Stmts, false); in.kind == inText || in.peer {
			c.in = in
			r.stdinScript(sc, c, cmd, b)
			return
		}
	}
	r.finding(rulePipeToShell, Dynamic, Ask, what, cmd, "")
}

// procSubstOf returns the process substitution f names, or nil.
func (r *run) procSubstOf(f field) *syntax.ProcSubst {
	if f.proc == 0 || int(f.proc) > len(r.procs) {
		return nil
	}
	return r.procs[f.proc-1]
}

// scriptArgs judges the arguments a shell passes to a script file (bash
// backup.sh ~) as an undescribed program's: what the script does with
// them is not known, so a protected file may be written, a home folder
// read whole, and an argument run as a command (the argument-command net).
func (r *run) scriptArgs(sc *scope, b string, script field, args []field, c ctx, cmd string) {
	name := b + " " + script.val
	r.mayWrite(sc, name, args, cmd)
	r.wholeHome(name, args, cmd)
	r.argsNet(sc, args, c, cmd)
}

// argsNet tries each argument of a program the catalogue does not
// describe, and the arguments joined, as a command line (see net), and
// each as code in a language the analyser does not know (see codeNet).
func (r *run) argsNet(sc *scope, args []field, c ctx, cmd string) {
	for _, f := range args {
		r.net(sc, f, c, cmd)
		r.codeNet(sc, f, c, cmd)
	}
	r.netJoined(sc, args, c, cmd)
}

// codeNet reads an argument of a program the catalogue does not describe
// as inline code is read (embeddedShell): an interpreter's -e or --eval
// the catalogue does not know (kotlin -e, swift -e) hands it code whose
// calls run commands (ProcessBuilder("rm", "-rf", "/home/dev"),
// system("rm -rf ~")), delete trees or name files in string literals (a
// query's file('/home/dev/.ssh/id_rsa')). What would be blocked there asks
// (argument-command), as a command line in an argument does (net).
func (r *run) codeNet(sc *scope, f field, c ctx, cmd string) {
	if f.dyn || len(f.val) < 8 || !strings.ContainsAny(f.val, `"'`+"`") ||
		!holdsAny(f.val, shellCallMarkers) && !holdsAny(f.val, treeDeleteMarkers) && !holdsAny(f.val, fileWriteMarkers) && strings.IndexByte(f.val, '/') < 0 {
		return // no literal, or no call that runs, deletes or writes and no path
	}
	if sc.depth+c.depth+1 > r.a.maxDepth {
		r.tooComplex("an argument that may be code is deeper than the bound")
		return
	}
	b := commandName(cmd)
	findings, complex := r.trialFindings(r.roots, r.cwd, func(sub *run) { sub.embeddedShell(sc, []field{f}, c, b, cmd) })
	if complex {
		r.tooComplex("an argument holds code over the bounds")
		return
	}
	for _, fd := range findings {
		if fd.Severity == Block {
			r.finding(ruleArgumentCommand, Command, Ask, "an argument of "+b+" is code that runs or does what would be blocked ("+fd.Rule+": "+fd.Detail+")", cmd, fd.Path)
			return
		}
	}
}

// stdinScript judges a shell that reads its script from standard input.
func (r *run) stdinScript(sc *scope, c ctx, cmd, b string) {
	defer r.enterShell(b, nil)()
	switch c.in.kind {
	case inText:
		if b == "zsh" {
			if m := zshDialect(c.in.text); m != "" {
				r.finding(ruleEvalDynamic, Dynamic, Ask, b+" reads "+m+" otherwise than bash: the words it makes are not known", cmd, "")
			}
		}
		r.reparseField(sc, field{val: c.in.text}, c, cmd, true)
	case inUnknown:
		if c.in.peer {
			r.finding(ruleReverseShell, Command, Block, b+" runs the commands a network peer sends ("+c.in.detail+")", cmd, "")
			return
		}
		r.finding(rulePipeToShell, Dynamic, Ask, b+" runs code read from "+c.in.detail+", which cannot be known before it runs", cmd, "")
		if c.in.partial != "" {
			r.reparseField(sc, field{val: c.in.partial}, c, cmd, true)
		}
	case inFile:
		// sh < run.sh, cat run.sh lib.sh | sh: the files' commands, read
		// from disk as a script run by its name is (see scriptfiles.go).
		r.inputFiles(sc, b, c, cmd, func(f field) {
			r.scriptAt(sc, f, nil, true, b, c, cmd)
			r.noteAbsent(f)
		})
	}
}

// pythonName reports whether b names a Python interpreter: python or pypy,
// then digits and dots, then one of the build letters (m pymalloc, d debug,
// t free-threaded, w windowed) and Debian's -dbg, each optional: python3,
// python3.12, python3.13t, pythonw, python3-dbg.
func pythonName(b string) bool {
	rest, ok := strings.CutPrefix(b, "python")
	if !ok {
		if rest, ok = strings.CutPrefix(b, "pypy"); !ok {
			return false
		}
	}
	rest = strings.TrimLeft(rest, "0123456789.")
	rest = strings.TrimSuffix(rest, "-dbg")
	return rest == "" || len(rest) == 1 && strings.IndexByte("mdtw", rest[0]) >= 0
}

func isInterpreter(b string) bool {
	if pythonName(b) || interpreterNames[b] {
		return true
	}
	switch b {
	case "bun", "lua5.1", "lua5.2", "lua5.3", "lua5.4", "awk", "gawk", "mawk", "nawk":
		return true
	}
	return false
}

// interpreterNames are languageInterpreters, by name.
var interpreterNames = setOf(strings.Fields(languageInterpreters)...)

// inlineFlags are the options that take inline code, per interpreter.
var inlineFlags = map[string][]string{
	"node": {"-e", "--eval", "-p", "--print"}, "nodejs": {"-e", "--eval", "-p", "--print"},
	"bun": {"-e", "--eval", "-p", "--print"}, "ruby": {"-e"}, "jruby": {"-e"},
	"php": {"-r", "-R", "-B", "-E"}, "lua": {"-e"}, "rscript": {"-e"}, "Rscript": {"-e"},
	"R": {"-e"}, "osascript": {"-e"}, "expect": {"-c"}, "julia": {"-e", "--eval", "-E", "--print"},
	"ts-node": {"-e", "--eval", "-p", "--print"}, "tsx": {"-e", "--eval", "-p", "--print"},
	"groovy": {"-e"}, "racket": {"-e", "--eval"}, "guile": {"-c"}, "sbcl": {"--eval"}, "elixir": {"-e", "--eval"},
	"erl": {"-eval"}, "scala": {"-e"}, "octave": {"--eval"}, "octave-cli": {"--eval"},
	"clj": {"-e", "--eval"}, "clojure": {"-e", "--eval"}, "bb": {"-e", "--eval"}, "nbb": {"-e", "--eval"}, "joker": {"-e", "--eval"},
	"kotlin": {"-e", "-expression"}, "crystal": {"eval"}, "jbang": {"--code"}, "swift": {"-e"}, "ghci": {"-e"},
}

// awkPrograms returns, for awk, the program files it runs (-f, -E), empty
// and not nil when the program is on the command line; nil for another
// program.
func awkPrograms(b string, args []field) []field {
	if !isAwk(b) {
		return nil
	}
	return append([]field{}, awkOpts(args).get("-f", "--file", "-E", "--exec")...)
}

// isAwk reports whether b is one of the awk programs.
func isAwk(b string) bool {
	switch asciiLower(b) {
	case "awk", "gawk", "mawk", "nawk":
		return true
	}
	return false
}

// awkOpts parses awk's options: -f and -E name program files, -e and
// --source give program text, -i includes, -l loads, -v and -F take values.
func awkOpts(args []field) opts {
	return parseOpts(args, "fvFWeEil", []string{"--file", "--assign", "--field-separator", "--source", "--include", "--load", "--exec"}, "")
}

// inlineAwk reports whether b is awk given its program on the command
// line: the files it writes are then read from the program itself, and
// its operands are only read.
func inlineAwk(b string, args []field) bool {
	progs := awkPrograms(b, args)
	return progs != nil && len(progs) == 0
}

// pythonModule finds the module python runs with -m: the index of the -m
// word and the module's name, or -1 when there is none (a script, inline
// code, or not python).
func pythonModule(b string, args []field) (int, field) {
	if !pythonName(b) {
		return -1, field{}
	}
	for i, a := range args {
		switch {
		case a.dyn || !strings.HasPrefix(a.val, "-"):
			return -1, field{} // the script: what follows is its own
		case a.val == "-m" && i+1 < len(args):
			return i, args[i+1]
		case strings.HasPrefix(a.val, "-m") && len(a.val) > 2:
			m := a
			m.val = a.val[2:]
			return i, m
		}
	}
	return -1, field{}
}

// searchedScript finds the script ruby -S or perl -S looks up on the PATH
// (ruby -S gem sources --add URL runs the gem command): the index of its
// name among args, or -1. An option that takes a value (-I DIR, -r LIB)
// before S in a cluster holds the S.
func searchedScript(b string, args []field) (int, field) {
	_, takes, ok := perlRubyValues(b)
	if !ok {
		return -1, field{}
	}
	search := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.val
		switch {
		case a.dyn:
			return -1, field{}
		case v == "--":
			if search && i+1 < len(args) && !args[i+1].dyn {
				return i + 1, args[i+1]
			}
			return -1, field{}
		case strings.HasPrefix(v, "--"):
		case strings.HasPrefix(v, "-") && len(v) > 1:
			for j := 1; j < len(v); j++ {
				if v[j] == 'S' {
					search = true
				}
				if strings.IndexByte(takes, v[j]) >= 0 {
					// -e CODE makes the call ask as inline code whatever
					// else it names.
					if j == len(v)-1 {
						i++ // the value is the next word
					}
					break
				}
			}
		default:
			if search {
				return i, a
			}
			return -1, field{}
		}
	}
	return -1, field{}
}

// moduleDropped is python's arguments without the module name -m gives:
// a name on the module path, not a file the program is given.
func moduleDropped(b string, args []field) []field {
	i, _ := pythonModule(b, args)
	switch {
	case i < 0:
		return args
	case args[i].val == "-m":
		return append(args[:i:i], args[i+2:]...)
	default:
		return append(args[:i:i], args[i+1:]...)
	}
}

// inPlaceValues are, for perl and ruby, the short options whose value
// follows them (attached, or as the next word when nothing is attached).
var inPlaceValues = map[string]string{"perl": "eEMmIFxdDC", "ruby": "eIrCEFWx"}

// perlRubyValues returns the language b runs ("perl" for perl5, "ruby"
// for jruby) and its inPlaceValues, or false for any other program.
func perlRubyValues(b string) (lang, takes string, ok bool) {
	lb := asciiLower(b)
	switch lb {
	case "perl5":
		lb = "perl"
	case "jruby":
		lb = "ruby"
	}
	takes, ok = inPlaceValues[lb]
	return lb, takes, ok
}

// inPlaceEdits returns the files perl -i and ruby -i edit in place (perl
// -pi -e CODE FILE..., ruby -i.bak -pe CODE FILE...): they are written like
// sed -i's. The program is the -e value or else the first operand; the
// operands after it are the files.
func inPlaceEdits(b string, args []field) []field {
	lb, takes, ok := perlRubyValues(b)
	if !ok {
		return nil
	}
	inPlace, program, ended := false, false, false
	var files []field
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.val
		switch {
		case ended || a.dyn || v == "-" || !strings.HasPrefix(v, "-"):
			if program {
				files = append(files, a)
			}
			program = true
			continue
		case v == "--":
			ended = true
			continue
		case strings.HasPrefix(v, "--"):
			continue
		}
	letters:
		for j := 1; j < len(v); j++ {
			switch {
			case v[j] == 'i':
				inPlace = true
				break letters // the rest is the backup extension
			case strings.IndexByte(takes, v[j]) >= 0:
				if j == len(v)-1 && i+1 < len(args) {
					i++ // the value is the next word
				}
				if v[j] == 'e' || v[j] == 'E' && lb == "perl" {
					program = true
				}
				break letters
			}
		}
	}
	if !inPlace {
		return nil
	}
	return files
}

// moduleExts are, by interpreter, the extensions of the source files its
// programs import from their folder (Python's sys.path starts with the
// script's folder; node resolves ./x and node_modules; ruby -I, perl -I).
var moduleExts = map[string][]string{
	"python": {".py", ".pth"}, "node": jsExtensions, "nodejs": jsExtensions, "deno": jsExtensions, "bun": jsExtensions,
	"ts-node": jsExtensions, "tsx": jsExtensions, "ruby": {".rb"}, "perl": {".pl", ".pm"}, "php": {".php", ".inc"},
	"lua": {".lua"}, "luajit": {".lua"}, "Rscript": {".R", ".r"}, "julia": {".jl"}, "elixir": {".ex", ".exs"},
	"groovy": {".groovy"}, "tclsh": {".tcl"},
}

// writtenModules judges the source files of b's language the command
// wrote first in the working folder or below it (node_modules too): the
// program may be one, or import them (a json.py beside app.py shadows the
// standard library's). Text the command wrote is read as b's program is
// (what would block there blocks); a file whose text is not known asks.
func (r *run) writtenModules(sc *scope, b string, args []field, c ctx, cmd string) {
	exts := moduleExts[catalogName(b)]
	if len(exts) == 0 {
		return
	}
	if r.a.fold {
		exts = slices.Clone(exts)
		for i, x := range exts {
			exts[i] = r.a.key(x)
		}
	}
	dir := r.a.key(strings.TrimSuffix(r.cwd, "/"))
	var keys []string
	for k := range r.written {
		if (r.cwd == "" || strings.HasPrefix(k, dir+"/")) && slices.ContainsFunc(exts, func(x string) bool { return strings.HasSuffix(k, x) }) {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	for _, k := range keys {
		w := r.written[k]
		if !w.known {
			if !r.namedAsRun(k) {
				r.finding(ruleRunsWritten, Dynamic, Ask, b+" may import "+k+", which this command writes first", cmd, k)
			}
			continue
		}
		r.programText(sc, b, w.content+"\n"+w.tail, c, cmd)
	}
}

// phpPrepends judges the files php -d auto_prepend_file=FILE and
// auto_append_file=FILE run before and after its script: one the command
// writes first asks, one on disk is read as php's program is.
func (r *run) phpPrepends(sc *scope, b string, args []field, c ctx, cmd string) {
	for i, a := range args {
		v := a.val
		switch {
		case v == "-d" && i+1 < len(args):
			v = args[i+1].val
		case strings.HasPrefix(v, "-d"):
			v = v[2:]
		default:
			continue
		}
		name, file, ok := strings.Cut(v, "=")
		if name = strings.TrimSpace(name); !ok || name != "auto_prepend_file" && name != "auto_append_file" {
			continue
		}
		f := field{val: strings.Trim(strings.TrimSpace(file), `"'`), dyn: a.dyn || i+1 < len(args) && a.val == "-d" && args[i+1].dyn}
		if f.dyn {
			r.finding(ruleInlineInterp, Dynamic, Ask, b+" runs a file named by a value not known ("+name+")", cmd, "")
			continue
		}
		if f.val != "" && !r.runsMade(f, b, cmd, nil) {
			r.programOnDisk(sc, b, f, c, cmd)
			r.noteAbsent(f)
		}
	}
}

// interpreter judges a language interpreter: inline code is dynamic, a
// script file is ordinary, code from a pipe is dynamic.
func (r *run) interpreter(sc *scope, b string, args []field, c ctx, cmd string) {
	r.netShell(b, c, cmd)
	r.embeddedShell(sc, args, c, b, cmd)
	if b == "php" {
		r.phpPrepends(sc, b, args, c, cmd)
	}
	if len(r.written) > 0 {
		r.writtenModules(sc, b, args, c, cmd)
	}
	if i, mod := pythonModule(b, args); i >= 0 && !mod.dyn && mod.val != "" {
		// The module's file, which Python looks for in the working
		// folder first (NAME.py, or a package's NAME/__main__.py).
		p := strings.ReplaceAll(mod.val, ".", "/")
		r.programOnDisk(sc, b, field{val: p + ".py"}, c, cmd)
		r.programOnDisk(sc, b, field{val: p + "/__main__.py"}, c, cmd)
		// python -m pip install ... runs pip's own command line: a module
		// that the catalogue knows as a program is judged as that program
		// with the arguments after it (python -m pip is pip, python -m
		// zipfile -e is an extraction).
		switch mod.val {
		case "code", "asyncio":
			// The interactive console reads Python from standard input.
			r.interpStdin(sc, b, c, cmd)
		}
		if prog, ok := pythonModulePrograms[mod.val]; ok {
			mod.val = prog
		}
		if ce, extra := r.a.lookupEntry(catalogName(mod.val)); ce != nil || len(extra) > 0 || hasRunner(mod.val) {
			rest := args[i+1:]
			if args[i].val == "-m" {
				rest = args[i+2:]
			}
			r.next(sc, append([]field{mod}, rest...), c)
		}
	}
	if i, name := searchedScript(b, args); i >= 0 {
		// ruby -S gem ... and perl -S NAME run the script NAME found on
		// the PATH: a program the catalogue knows is judged as itself.
		if ce, extra := r.a.lookupEntry(catalogName(name.val)); ce != nil || len(extra) > 0 {
			r.next(sc, append([]field{name}, args[i+1:]...), c)
		}
	}
	if b == "deno" || b == "bun" {
		// deno run URL and bun URL run a program downloaded as they start,
		// as curl URL | sh does; deno install URL and compile URL make one
		// to run later.
		if i := slices.IndexFunc(args, func(f field) bool {
			return !strings.HasPrefix(f.val, "-") && f.val != "run" && f.val != "install" && f.val != "i" && f.val != "compile" && f.val != "x"
		}); i >= 0 && !args[i].dyn &&
			(strings.HasPrefix(asciiLower(args[i].val), "http://") || strings.HasPrefix(asciiLower(args[i].val), "https://")) {
			r.finding(rulePipeToShell, Dynamic, Ask, b+" runs the program it downloads from "+args[i].val+", which cannot be known before it runs", cmd, "")
		}
	}
	if b == "deno" || b == "bun" {
		// deno run - and bun run - (or /dev/stdin) run the program on the
		// input.
		if i := slices.IndexFunc(args, func(f field) bool { return f.val == "run" }); i >= 0 {
			if j := slices.IndexFunc(args[i+1:], func(f field) bool { return f.dyn || f.val == "-" || !strings.HasPrefix(f.val, "-") }); j >= 0 {
				if f := args[i+1+j]; !f.dyn && (f.val == "-" || isStdin(f.val)) {
					r.interpStdin(sc, b, c, cmd)
				}
			}
		}
	}
	if b == "deno" {
		// deno run npm:PKG ARGS runs the package's program, as npx does.
		for i, a := range args {
			if pkg, ok := strings.CutPrefix(a.val, "npm:"); ok && !a.dyn && i > 0 && slices.ContainsFunc(args[:i], func(f field) bool { return f.val == "run" }) {
				if j := strings.LastIndexByte(pkg, '@'); j > 0 {
					pkg = pkg[:j] // npm:rimraf@5
				}
				r.next(sc, append([]field{{val: path.Base(pkg)}}, args[i+1:]...), c)
				break
			}
		}
	}
	for _, a := range args {
		// A process substitution or an open descriptor may be the
		// program itself (python3 <(curl -s URL)).
		if descriptorFile(a) {
			r.finding(rulePipeToShell, Dynamic, Ask, b+" is given "+cmp.Or(a.why, a.val)+", which may be the program it runs", cmd, "")
			// Known text there is read as the program on its input would
			// be (python3 <(echo 'import shutil; shutil.rmtree(...)')).
			if ps := r.procSubstOf(a); ps != nil && ps.Op == syntax.CmdIn {
				c2 := c
				c2.in = r.writersInput(sc, ps.Stmts, false)
				r.interpStdin(sc, b, c2, cmd)
			}
			break
		}
	}
	if !inlineAwk(b, args) {
		// What the script does with its arguments is unknown, as an
		// undescribed program's: a protected or startup file may be
		// written, a home folder handed whole may be read whole.
		r.mayWrite(sc, b, moduleDropped(b, args), cmd)
		r.wholeHome(b, moduleDropped(b, args), cmd)
	}
	for _, f := range inPlaceEdits(b, args) {
		r.judgeWrite(sc, f, ruleDiskWrite, cmd)
	}
	inline := func(how string) {
		r.finding(ruleInlineInterp, Dynamic, Ask, b+" "+how+" runs inline code the analyser cannot read", cmd, "")
	}
	lb := asciiLower(b)
	switch {
	case strings.HasPrefix(lb, "lua"):
		lb = "lua"
	case lb == "perl5":
		lb = "perl"
	}
	switch {
	case pythonName(b):
		for i := 0; i < len(args); i++ {
			v := args[i].val
			switch {
			case args[i].dyn:
				r.dynamicProgram(sc, b, args[i], c, cmd)
				return
			case isStdin(v):
				r.interpStdin(sc, b, c, cmd)
				return
			case v == "-W" || v == "-X" || v == "--check-hash-based-pycs":
				i++
			case strings.HasPrefix(v, "--"):
			case strings.HasPrefix(v, "-"):
				for j := 1; j < len(v); j++ {
					switch v[j] {
					case 'c':
						inline(v)
						return
					case 'm':
						if j == len(v)-1 && i+1 < len(args) && args[i+1].dyn {
							r.dynamicProgram(sc, b, args[i+1], c, cmd) // python3 -m "$MODULE"
						}
						return
					case 'W', 'X':
						if j == len(v)-1 {
							i++
						}
						j = len(v)
					}
				}
			default:
				if _, folder := r.programOnDisk(sc, b, args[i], c, cmd); folder {
					// A folder: Python runs its __main__.py.
					r.programOnDisk(sc, b, field{val: strings.TrimSuffix(args[i].val, "/") + "/__main__.py"}, c, cmd)
				} else {
					r.noteAbsent(args[i]) // (the program it names, when it is not there)
				}
				r.argsNet(sc, args[i+1:], c, cmd) // a script file's arguments
				return
			}
		}
		r.interpStdin(sc, b, c, cmd)
	case lb == "perl":
		for i := 0; i < len(args); i++ {
			v := args[i].val
			switch {
			case args[i].dyn:
				r.dynamicProgram(sc, b, args[i], c, cmd)
				return
			case isStdin(v) || v == "--":
				r.interpStdin(sc, b, c, cmd)
				return
			case strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--"):
				switch {
				case strings.HasPrefix(v, "-M") || strings.HasPrefix(v, "-m") || strings.HasPrefix(v, "-I"):
				case strings.HasPrefix(v, "-i"):
					if strings.ContainsAny(v, "eE") && !strings.Contains(v, ".") {
						inline(v)
						return
					}
				case strings.ContainsAny(v[1:], "eE"):
					inline(v)
					return
				}
			default:
				r.programIn(sc, b, args, i, c, cmd)
				r.argsNet(sc, args[i+1:], c, cmd) // a script file's arguments
				return
			}
		}
		r.interpStdin(sc, b, c, cmd)
	case lb == "pwsh" || lb == "powershell":
		r.powershell(sc, b, args, c, cmd, inline)
	case lb == "awk" || lb == "gawk" || lb == "mawk" || lb == "nawk":
		p := awkOpts(args)
		progs := p.get("-e", "--source")
		files := p.get("-f", "--file", "-E", "--exec", "-i", "--include")
		inputs := p.ops
		if len(p.get("-f", "--file", "-E", "--exec")) == 0 && len(p.ops) > 0 {
			progs, inputs = append(progs, p.ops[0]), p.ops[1:]
		}
		for _, f := range files { // program files are read
			if stdinProgram(f) {
				r.interpStdin(sc, b, c, cmd)
				if f.why == whyProcSubst || c.in.kind == inNone {
					inline("with a program from standard input or a process substitution")
				}
				continue
			}
			r.progFiles(sc, b, f, []progFile{{name: f.val}}, cmd)
			r.programFile(sc, b, f, c, cmd)
			if f.val == "inplace" || f.val == "inplace.awk" {
				r.awkInPlace(sc, inputs, cmd) // gawk -i inplace rewrites its input files
			}
		}
		// The files it reads (see Entry.judgesPaths), and what it writes,
		// judged even when it also asks.
		r.checkTargets(sc, inputs, cmd)
		for _, pr := range progs {
			if !pr.dyn {
				r.awkFiles(sc, b, pr, c, cmd)
			}
		}
		if len(p.get("-l", "--load")) > 0 {
			inline("loading a native extension (-l)")
			return
		}
		for _, pr := range progs {
			if pr.dyn || awkRunsCommands(pr.val) {
				inline("with a program that runs commands (system(), pipes)")
				return
			}
		}
	case lb == "deno":
		if len(args) > 0 && args[0].val == "eval" {
			inline("eval")
			return
		}
		// deno run FILE and deno FILE run the program file, read by its
		// text as node's is (the first words that are no option, the
		// sub-command's name among them, are tried).
		if len(args) == 0 || args[0].val == "run" || strings.ContainsAny(args[0].val, "./") {
			r.programIn(sc, b, denoProgramWords(args), 0, c, cmd)
		}
		// deno run FILE ARGS, deno task NAME ARGS (appended to the
		// task's command line in deno.json), deno x PKG ARGS: what the
		// program or task does with its arguments is not known.
		r.argsNet(sc, args, c, cmd)
	default:
		flags := inlineFlags[b]
		if flags == nil {
			flags = inlineFlags[lb]
		}
		for i, a := range args {
			v := a.val
			for _, fl := range flags {
				short := len(fl) == 2 && fl[0] == '-' && len(v) > 1 && v[0] == '-' && v[1] != '-' && len(v) <= 4 && strings.ContainsRune(v[1:], rune(fl[1]))
				if v == fl || strings.HasPrefix(v, fl+"=") || short {
					inline(v)
					return
				}
			}
			if isStdin(v) {
				r.interpStdin(sc, b, c, cmd)
				return
			}
			if !strings.HasPrefix(v, "-") {
				// A script file: what it does with the arguments after it
				// is not known (mayWrite and wholeHome judged them above).
				r.programIn(sc, b, args, i, c, cmd)
				r.argsNet(sc, args[i+1:], c, cmd)
				return
			}
		}
		r.interpStdin(sc, b, c, cmd)
	}
}

var awkExecRE = regexp.MustCompile(`system\s*\(|\|\s*getline|\|&|print[f]?[^;}]*\|\s*"|"\s*\|`)

// awkRunsCommands reports whether an awk program matches awkExecRE. Every
// form it matches holds "system" or a '|', so a program with neither is
// not matched at all.
func awkRunsCommands(prog string) bool {
	if !strings.Contains(prog, "system") && strings.IndexByte(prog, '|') < 0 {
		return false
	}
	return awkExecRE.MatchString(prog)
}

// denoProgramWords returns the words deno run (or deno) may take for
// its program, in order: those that are no option, past run and the
// values of denoValueOptions (deno run --config deno.json x.ts).
func denoProgramWords(args []field) []field {
	var words []field
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case denoValueOptions[a.val]:
			i++
		case a.dyn || !strings.HasPrefix(a.val, "-") && a.val != "run":
			words = append(words, a)
		}
	}
	return words
}

// denoValueOptions are deno's options that take a value as the next word.
var denoValueOptions = setOf("-c", "--config", "--import-map", "--cert", "--location", "--seed", "--ext", "-L", "--log-level", "--lock")

// interpStdin judges an interpreter that reads its program from stdin.
func (r *run) interpStdin(sc *scope, b string, c ctx, cmd string) {
	switch c.in.kind {
	case inText:
		r.finding(ruleInlineInterp, Dynamic, Ask, b+" runs a program from "+c.in.detail+" that the analyser cannot read", cmd, "")
		r.programText(sc, b, c.in.text, c, cmd)
	case inUnknown:
		if c.in.peer {
			r.finding(ruleReverseShell, Command, Block, b+" runs the code a network peer sends ("+c.in.detail+")", cmd, "")
			return
		}
		r.finding(rulePipeToShell, Dynamic, Ask, b+" runs code read from "+c.in.detail+", which cannot be known before it runs", cmd, "")
		if c.in.partial != "" {
			r.embeddedShell(sc, []field{{val: c.in.partial}}, c, b, cmd) // the pieces of it that are known
		}
	case inFile:
		// python3 < x.py, cat x.py | perl: the program is the file's
		// text, read from disk as one named on the command line is.
		r.inputFiles(sc, b, c, cmd, func(f field) { r.programOnDisk(sc, b, f, c, cmd) })
	}
}

// programText judges text that interpreter b runs as its program as
// inline code is judged: the commands, deletions, writes and paths it
// names (embeddedShell), PowerShell's statements, and the files an awk
// program opens.
func (r *run) programText(sc *scope, b, text string, c ctx, cmd string) {
	code := field{val: text}
	r.embeddedShell(sc, []field{code}, c, b, cmd)
	switch lb := asciiLower(b); lb {
	case "pwsh", "powershell":
		r.powershellScript(sc, []field{code}, c)
	case "awk", "gawk", "mawk", "nawk":
		r.awkFiles(sc, b, code, c, cmd)
	}
}

// programIn judges the program an interpreter runs from the first of
// args[from:] that is a file on disk (programOnDisk), trying at most
// maxProgramWords words that are not options: the first may be an
// option's value the analyser does not know of (ruby -I lib x.rb, php -d
// k=v x.php), a folder or a name that is not there.
//
// A word not known may be the program (dynamicProgram) while every word
// tried before it, none of them there, may be such a value: one after an
// option that may take the next word (mayTakeValue). A word after a plain
// word, or after an option that takes none, is the program, and the words
// after it are its arguments (node app.js "$PORT").
//
// When none is there, each word tried that is written as a file (with a
// folder or an extension: x.js, ./x, not 80 nor an option's k=v) is noted
// absent (noteAbsent): another call may write the program first.
func (r *run) programIn(sc *scope, b string, args []field, from int, c ctx, cmd string) {
	var tried []field
	var unknown *field // a word not known while the program may be still to come
	named := false     // a word tried is the program, not an option's value
	for i := from; i < len(args); i++ {
		w := args[i]
		if len(tried) == maxProgramWords {
			break
		}
		if w.dyn {
			if unknown == nil && !named {
				unknown = &args[i]
			}
			continue
		}
		if strings.HasPrefix(w.val, "-") {
			continue
		}
		tried = append(tried, w)
		if i == 0 || !mayTakeValue(b, args[i-1], w) {
			named = true
		}
		if read, _ := r.programOnDisk(sc, b, w, c, cmd); read {
			return
		}
	}
	if unknown != nil {
		r.dynamicProgram(sc, b, *unknown, c, cmd) // no word after it is a file: the program may be this one
	}
	for _, w := range tried {
		if (strings.ContainsRune(w.val, '/') || strings.ContainsRune(base(w.val), '.')) && !strings.ContainsRune(w.val, '=') {
			r.noteAbsent(w)
		}
	}
}

// nodeValueOptions are node's options that take the next word as their
// value (a module it loads first).
var nodeValueOptions = []string{"-r", "--require", "--import", "--loader", "--experimental-loader"}

// mayTakeValue reports whether w, the word after opt on interpreter b's
// command line, may be opt's value rather than b's program: opt is an
// option that may take the next word (a short one alone, -I; a long one
// without '=', --require), and it is one of b's options known to take a
// value (ruby -r, node --require), or w does not name a source file of b's
// language (ruby -w x.rb runs x.rb; ruby -w lib may not).
func mayTakeValue(b string, opt, w field) bool {
	v := opt.val
	switch {
	case len(v) < 2 || v[0] != '-' || v == "--" || strings.ContainsRune(v, '='):
		return false
	case v[1] != '-' && len(v) > 2:
		return false // -Ilib: the value is attached
	}
	lb := catalogName(b)
	if lang, takes, ok := perlRubyValues(b); ok {
		lb = lang
		if v[1] != '-' && strings.IndexByte(takes, v[1]) >= 0 {
			return true
		}
	}
	if (lb == "node" || lb == "nodejs") && slices.Contains(nodeValueOptions, v) {
		return true
	}
	exts := moduleExts[lb]
	return !slices.ContainsFunc(exts, func(x string) bool { return strings.HasSuffix(asciiLower(w.val), x) })
}

// dynamicProgram judges f, a word not known that interpreter b may run as
// its program (python3 "$SCRIPT", bash "$X" as scriptArg does): which
// program runs, and so what it does, is not known before it runs, as a
// command name's is not, and it asks (a process substitution or an open
// descriptor asks besides, judged by the callers).
func (r *run) dynamicProgram(sc *scope, b string, f field, c ctx, cmd string) {
	if sc.loopItem(f, c.pos) {
		return // for f in a.py b.py; do python3 "$f": each item is judged
	}
	r.finding(ruleDynamicName, Dynamic, Ask, b+" runs a program whose path comes from "+cmp.Or(f.why, f.val)+", which is not known before it runs", cmd, "")
}

// maxProgramWords bounds the words programIn tries.
const maxProgramWords = 3

// programOnDisk judges the program file f that interpreter b runs
// (python3 x.py, perl -w x.pl, node x.js, awk -f x.awk, python3 -m x),
// read from disk as a shell script run from a file is (readOnDisk, see
// docs/security-model.md, "Scripts read from files"): its text is judged
// as b's inline code (programText), and what would block in it asks
// (programFromDisk: a program's text is read as inline code is, and a
// whole program holds as data much that a line of inline code does
// not). A compiled file (a NUL in its head: .pyc, a native module) is not
// read. read reports that f's text was judged, folder that f names a
// folder.
func (r *run) programOnDisk(sc *scope, b string, f field, c ctx, cmd string) (read, folder bool) {
	text, p, ok := r.readOnDisk(f, b, cmd, true)
	if ok {
		r.programFromDisk(p, b, func() { r.programText(sc, b, text, c, cmd) })
	}
	return ok, !ok && p != ""
}

// programFile is programOnDisk for a file b is known to run or load (awk
// -f x.awk, pwsh -File x.ps1, pip install's setup.py, cargo's build.rs),
// not a word tried as one: a file not there is absent (noteAbsent), since
// another call may write it before b runs.
func (r *run) programFile(sc *scope, b string, f field, c ctx, cmd string) {
	if read, folder := r.programOnDisk(sc, b, f, c, cmd); !read && !folder {
		r.noteAbsent(f)
	}
}

// aliasCommand returns the words of an alias's value that is one simple
// command (alias ll='ls -la', alias q=bash) as they expand, and true;
// false for any other value (a list, a pipe, redirections, assignments).
func (r *run) aliasCommand(sc *scope, v string, c ctx) ([]field, bool) {
	if strings.ContainsAny(v, ";&|<>()\n`") {
		return nil, false
	}
	f, err := r.parse(v)
	if err != nil || len(f.Stmts) != 1 || len(f.Stmts[0].Redirs) > 0 || f.Stmts[0].Background || f.Stmts[0].Negated {
		return nil, false
	}
	call, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(call.Assigns) > 0 || len(call.Args) == 0 {
		return nil, false
	}
	head := r.words(&scope{src: v, depth: sc.depth + c.depth + 1, inherit: r.known(sc, c.pos)}, call.Args)
	if len(head) == 0 {
		return nil, false
	}
	return head, true
}

// aliasArgs is the text that follows an alias's name, which bash reads
// after the alias's value as it reads the rest of a line: the words as
// written in the command when they are its own (alias q=bash; q -c
// 'rm -rf ~' is bash -c 'rm -rf ~'), else the words quoted, a word not
// known standing as a variable not set.
func (r *run) aliasArgs(sc *scope, name field, args []field) string {
	if call := r.cmdCall; call != nil && len(call.Args) > 0 && call.Args[0].Lit() == name.val {
		if len(call.Args) == 1 {
			return ""
		}
		start, end := int(call.Args[1].Pos().Offset()), int(call.Args[len(call.Args)-1].End().Offset())
		if start >= 0 && start <= end && end <= len(sc.src) {
			return sc.src[start:end]
		}
	}
	var b strings.Builder
	for i, f := range args {
		if i > 0 {
			b.WriteByte(' ')
		}
		switch {
		case f.dyn:
			b.WriteString(`"${TOOLGATE_ALIAS_ARGUMENT}"`)
		case f.glob && globWord.MatchString(f.val):
			b.WriteString(f.val)
		default:
			b.WriteString(shellQuoted(f.val))
		}
	}
	return b.String()
}

// globWord is a pattern written back unquoted: no character the shell
// reads specially but the pattern's own.
var globWord = regexp.MustCompile(`^[A-Za-z0-9_./*?\[\]@%+,:=-]+$`)

// shellQuoted writes s in single quotes, which bash reads back as s.
func shellQuoted(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
