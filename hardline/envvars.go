package hardline

import (
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// envAssign judges an assignment to an environment variable that makes a
// program run or load code (see EnvVar): a command is analysed, a file of
// code or an option that loads code asks (rule env-code).
func (r *run) envAssign(sc *scope, name string, f field, c ctx, cmd string) {
	switch name {
	case "PATH":
		r.pathSet = true
		r.notePath(f)
	case "HOME", "XDG_CONFIG_HOME", "ZDOTDIR":
		r.noteHome(f) // (zsh reads its startup files in ZDOTDIR)
	}
	if codePathVars[name] {
		r.codePath(sc, name, f, c, cmd)
		return
	}
	switch {
	case strings.HasPrefix(name, "CMAKE_") && cmakeRunsList(name):
		// CMake starts the variable of the same name from it (the
		// compiler and linker launchers, since 3.17 and 3.21): a ';' list
		// of the words of a command it runs around each compile or link.
		if f.dyn {
			r.finding(ruleEnvCode, Dynamic, Ask, name+" is set to a command that comes from "+f.why, cmd, "")
		} else {
			r.cmakeList(sc, f.val, c, cmd)
		}
		return
	case name == "PYTHONWARNINGS":
		// action:message:category:module:lineno; a category named in a
		// module (x.Y) is imported, running the module's code.
		for _, filter := range strings.Split(f.val, ",") {
			if parts := strings.Split(filter, ":"); f.dyn || len(parts) > 2 && strings.Contains(parts[2], ".") {
				r.finding(ruleEnvCode, Dynamic, Ask, name+" imports the module its warning category names ("+bound(f.val)+")", cmd, "")
				return
			}
		}
		return
	}
	v, ok := r.a.envRole(name)
	if !ok {
		if m := jvmCodeOption(f.val); m != "" && !f.dyn {
			// KOTLIN_OPTS, ES_JAVA_OPTS, LEIN_JVM_OPTS, HADOOP_OPTS:
			// launch scripts pass variables of many names to the JVM
			// they start; the options are distinctive whatever the name.
			r.finding(ruleEnvCode, Dynamic, Ask, name+" holds "+m+", which makes a JVM started with it load an agent or run a command", cmd, "")
			return
		}
		switch role := conventionalEnv(name); role {
		case RoleScript, RoleFilter:
			v = EnvVar{Name: name, Role: role}
		case RoleData:
			// A name that says it holds a command: the program it is
			// meant for is not known, and the net judges it as an
			// argument's value (BUILD_COMMAND='rm -rf ~' ./build.sh).
			r.net(sc, f, c, cmd)
			return
		default:
			return
		}
	}
	val := strings.TrimSpace(f.val)
	switch v.Role {
	case RoleScript, RoleFilter, RoleCommand:
		if f.dyn {
			r.finding(ruleEnvCode, Dynamic, Ask, name+" is set to a command that comes from "+f.why, cmd, "")
			return
		}
		// LESSOPEN="|cmd %s", "||cmd %s".
		val = strings.TrimLeft(val, "|!")
		if val == "" {
			return
		}
		if v.Role == RoleCommand && !strings.ContainsAny(val, " \t\n;|&$`<>()") {
			c2 := c
			c2.depth++
			r.simple(sc, []field{{val: val}}, c2)
			return
		}
		if v.Role == RoleFilter {
			r.scriptIn = fedInput("the data the program that reads " + name + " gives it")
			defer func() { r.scriptIn = input{} }()
		}
		// %s stands for what the program hands the command, a file it
		// opens (LESSOPEN='|sh %s' runs the file less views) or a URL:
		// not known here, a variable not set stands for it.
		arg := `"$` + name + `_ARG"`
		val = strings.ReplaceAll(strings.ReplaceAll(val, "'%s'", arg), "%s", arg)
		r.reparseField(sc, field{val: val}, c, cmd, true)
	case RoleWrite:
		r.judgeWrite(sc, f, ruleDiskWrite, cmd)
	case RoleCommandFile:
		r.configFileVar(sc, name, f, c, cmd)
	case RoleProgram:
		if f.dyn || val != "" && val != "/dev/null" {
			r.finding(ruleEnvCode, Dynamic, Ask, name+" makes programs load or run code from "+bound(f.val), cmd, "")
		}
		// Code written into the value (LUA_INIT='os.execute("...")') is
		// read as inline code's literals are.
		r.embeddedShell(sc, []field{f}, c, name, cmd)
		if fn, def, ok := exportedFunc(name, f.val, f.dyn); ok {
			// A function exported to bash runs where any bash the command
			// starts calls its name: its body is judged as called (a shell
			// whose script is known judges it as its script calls it).
			r.script(def+"\n"+fn, r.known(sc, c.pos), sc.depth+c.depth+1)
		}
	case RoleEscape:
		if f.dyn {
			r.finding(ruleEnvCode, Dynamic, Ask, name+" is set to options that come from "+f.why, cmd, "")
			return
		}
		for _, w := range strings.Fields(val) {
			for _, m := range v.Markers {
				if w == m || strings.HasPrefix(w, m) {
					r.finding(ruleEnvCode, Dynamic, Ask, name+" makes a program load or run code ("+w+")", cmd, "")
					return
				}
			}
		}
	}
}

// conventionalEnv is the role a variable's name gives its value by the
// conventions programs keep, for a name no entry lists: RoleFilter for a
// pager, given the program's output (a name ending in PAGER: GH_PAGER),
// RoleScript for another command line the program runs (a name ending in
// EDITOR, ASKPASS or BROWSER: SSH_ASKPASS, X_EDITOR), RoleData for a name that
// says it holds a command without a convention on how it is run (ending
// in _COMMAND, _CMD, _HOOK, _EXEC, _RUNNER, _WRAPPER or _LAUNCHER), and ""
// for any other.
func conventionalEnv(name string) Role {
	if len(name) > len("PAGER") && strings.HasSuffix(name, "PAGER") {
		return RoleFilter // given the program's output
	}
	for _, suf := range [...]string{"EDITOR", "ASKPASS", "BROWSER"} {
		if len(name) > len(suf) && strings.HasSuffix(name, suf) {
			return RoleScript
		}
	}
	for _, suf := range [...]string{"_COMMAND", "_CMD", "_HOOK", "_EXEC", "_RUNNER", "_WRAPPER", "_LAUNCHER"} {
		if len(name) > len(suf) && strings.HasSuffix(name, suf) {
			return RoleData
		}
	}
	return ""
}

// envNet tries by the net the values a command's own assignments and env's
// NAME=VALUE words give a program the catalogue does not describe: what it
// does with its environment is not known, and it may run one
// (STEP='rm -rf ~' ./build.sh).
func (r *run) envNet(sc *scope, c ctx, cmd string) {
	for _, w := range r.calls.envWords {
		if _, v, ok := strings.Cut(w.val, "="); ok {
			f := w
			f.val = v
			r.net(sc, f, c, cmd)
		}
	}
	if r.cmdCall == nil {
		return
	}
	for _, as := range r.cmdCall.Assigns {
		if as.Value != nil && !as.Append && as.Index == nil {
			r.net(sc, r.word(sc, as.Value), c, cmd)
		}
	}
}

// assignments judges NAME=VALUE words given to env or as a prefix.
func (r *run) envWord(sc *scope, f field, c ctx, cmd string) {
	i := strings.IndexByte(f.val, '=')
	// env passes names the shell cannot assign, such as bash's exported
	// functions (BASH_FUNC_ls%%) and npm's npm_config_script-shell.
	if i <= 0 {
		return
	}
	v := f
	v.val = f.val[i+1:]
	r.envAssign(sc, f.val[:i], v, c, cmd)
	r.calls.envWords = append(r.calls.envWords, f) // for the command env runs (envFolder)
}

// makeVars tries make's VAR=VALUE operands (make CC='...') by the net: a
// recipe runs them.
func (r *run) makeVars(sc *scope, args []field, c ctx, cmd string) {
	for _, a := range args {
		if v, ok := strings.CutPrefix(a.val, ".SHELLFLAGS="); ok && !strings.HasPrefix(a.val, "-") {
			// The flags every recipe's shell is started with: a long
			// option (--rcfile, --init-file) or a path makes it load a
			// file of commands.
			for _, w := range append(strings.Fields(v), "") {
				if a.dyn || strings.HasPrefix(w, "--") || strings.ContainsAny(w, "/~$`=") {
					r.finding(ruleEnvCode, Dynamic, Ask, "make .SHELLFLAGS="+bound(v)+" starts every recipe's shell with options that may load commands", cmd, "")
					break
				}
			}
			continue
		}
		if i := strings.IndexByte(a.val, '='); i > 0 && isName(a.val[:i]) && !strings.HasPrefix(a.val, "-") {
			f := a
			f.val = a.val[i+1:]
			if a.val[:i] == "SHELL" && f.val != "" && !f.dyn && base(f.val) != "bash" && base(f.val) != "sh" {
				r.finding(ruleEnvCode, Dynamic, Ask, "make SHELL="+f.val+" runs every recipe with another program", cmd, "")
			}
			r.net(sc, f, c, cmd)
		}
	}
}

// propertyNet tries by the net the values of the properties a build tool
// is given (-DNAME=VALUE, -PNAME=VALUE, cmake's -D NAME=VALUE): the build's
// scripts may run them (gradle -Pcmd='rm -rf ~'). A cmake variable that
// names a program cmake runs around each compile or link (a _LAUNCHER,
// _CLANG_TIDY, _CPPCHECK, _CPPLINT, _INCLUDE_WHAT_YOU_USE or
// _LINK_WHAT_YOU_USE variable, a ';' list of its words) is judged as
// that command.
func (r *run) propertyNet(sc *scope, b string, args []field, c ctx, cmd string) {
	for i, a := range args {
		v := a.val
		switch {
		case (v == "-D" || v == "-P") && i+1 < len(args):
			v = args[i+1].val
			a = args[i+1]
		case len(v) > 2 && (strings.HasPrefix(v, "-D") || strings.HasPrefix(v, "-P")):
			v = v[2:]
		default:
			continue
		}
		name, val, ok := strings.Cut(v, "=")
		if !ok || val == "" {
			continue
		}
		name, _, _ = strings.Cut(name, ":") // cmake's -DNAME:TYPE=VALUE
		f := a
		f.val = val
		if b != "cmake" {
			r.net(sc, f, c, cmd)
			continue
		}
		if !a.dyn && cmakeRunsList(name) {
			r.cmakeList(sc, val, c, cmd)
			continue
		}
		f.val = strings.ReplaceAll(val, ";", " ") // a cmake list's items
		r.net(sc, f, c, cmd)
	}
}

// cmakeRunsList reports whether a cmake variable names a program cmake
// runs around each compile or link, as a ';' list of its words.
func cmakeRunsList(name string) bool {
	return slices.ContainsFunc([]string{"_LAUNCHER", "_CLANG_TIDY", "_CPPCHECK", "_CPPLINT", "_INCLUDE_WHAT_YOU_USE", "_LINK_WHAT_YOU_USE"},
		func(suf string) bool { return strings.HasSuffix(name, suf) })
}

// cmakeList judges a cmake ';' list of a command's words as that command.
func (r *run) cmakeList(sc *scope, val string, c ctx, cmd string) {
	var argv []field
	for _, w := range strings.Split(val, ";") {
		if w != "" {
			argv = append(argv, field{val: w})
		}
	}
	if len(argv) > 0 {
		c2 := c
		c2.depth++
		r.checkAsWritten(sc, argv, cmd)
		r.simple(sc, argv, c2)
	}
}

// sshForwardsAgent reports whether ssh's options, before the host, forward
// the agent: -A alone or among bundled flags (-tA), or -o ForwardAgent with
// a value other than no (yes, or a socket's path); an unknown value may be
// either.
func sshForwardsAgent(args []field) bool {
	for i := 0; i < len(args); i++ {
		v := args[i].val
		if v == "--" || !strings.HasPrefix(v, "-") || len(v) < 2 {
			return false // the host: what follows is the remote command
		}
		opt := ""
		switch {
		case v == "-o" && i+1 < len(args):
			i++
			if args[i].dyn {
				return true
			}
			opt = args[i].val
		case strings.HasPrefix(v, "-o"):
			opt = v[2:]
		default:
			for j := 1; j < len(v); j++ {
				if v[j] == 'A' {
					return true
				}
				if strings.IndexByte("bBcDeEFiIJlLmOpQRSwW", v[j]) >= 0 {
					if j == len(v)-1 {
						i++ // the value is the next word
					}
					break
				}
			}
			continue
		}
		k, val, ok := strings.Cut(strings.TrimSpace(opt), "=")
		if !ok {
			k, val, _ = strings.Cut(strings.TrimSpace(opt), " ")
		}
		if strings.EqualFold(strings.TrimSpace(k), "ForwardAgent") && !strings.EqualFold(strings.TrimSpace(val), "no") {
			return true
		}
	}
	return false
}

// sshOptions runs the net over ssh's -o values that name commands under
// keys the entry does not list (Match exec).
func (r *run) sshOptions(sc *scope, args []field, c ctx, cmd string) {
	if b := commandName(cmd); b == "ssh" || b == "autossh" {
		fwd := args
		if b == "autossh" {
			// autossh's own -M PORT comes first; the rest is ssh's.
			fwd = nil
			for i := 0; i < len(args); i++ {
				if args[i].val == "-M" {
					i++
					continue
				}
				if !strings.HasPrefix(args[i].val, "-M") {
					fwd = append(fwd, args[i])
				}
			}
		}
		if sshRemoteForward(fwd) {
			r.finding(ruleSystemAdmin, Command, Ask, b+" -R opens a port of the remote host onto this machine: whoever reaches it there reaches this machine", cmd, "")
		}
		if sshForwardsAgent(fwd) {
			r.finding(ruleSystemAdmin, Command, Ask, b+" forwards the SSH agent (-A, ForwardAgent): the remote host can sign with this machine's keys while connected", cmd, "")
		}
	}
	for i, a := range args {
		if a.val == "-o" && i+1 < len(args) {
			k, v, _ := strings.Cut(args[i+1].val, "=")
			if strings.EqualFold(strings.TrimSpace(k), "Match") || strings.Contains(asciiLower(v), "exec") {
				r.net(sc, field{val: v, dyn: args[i+1].dyn}, c, cmd)
			}
		}
	}
}

// sshRemoteForward reports whether ssh's arguments ask for a remote port
// forward: -R SPEC (alone, attached, or last in a cluster of flags such
// as -NfR) or -o RemoteForward=SPEC.
func sshRemoteForward(args []field) bool {
	const flags = "46AaCfGgKkMNnqsTtVvXxYy"
	for i, a := range args {
		v := a.val
		switch {
		case !strings.HasPrefix(v, "-"):
			return false // the destination: what follows is the remote command
		case v == "-" || v == "--":
			continue
		}
		if v == "-o" && i+1 < len(args) || strings.HasPrefix(v, "-o") && len(v) > 2 {
			o := strings.TrimPrefix(v, "-o")
			if o == "" {
				o = args[i+1].val
			}
			if k, _, _ := strings.Cut(strings.TrimSpace(o), "="); strings.EqualFold(strings.TrimSpace(k), "RemoteForward") ||
				strings.HasPrefix(asciiLower(strings.TrimSpace(o)), "remoteforward ") {
				return true
			}
			continue
		}
		for j := 1; j < len(v); j++ {
			if v[j] == 'R' {
				return true
			}
			if strings.IndexByte(flags, v[j]) < 0 {
				break // an option that takes the rest as its value
			}
		}
	}
	return false
}

// fileServer judges interpreters started as file servers (python -m
// http.server, php -S, ruby -run -e httpd): they serve the working folder
// or the one named, and serving a home folder reads every secret in it.
func (r *run) fileServer(b string, args []field, cmd string) {
	vals := fieldVals(args)
	serving := false
	for i, v := range vals {
		if (v == "-m" && i+1 < len(vals) && (vals[i+1] == "http.server" || vals[i+1] == "SimpleHTTPServer" || vals[i+1] == "uploadserver")) ||
			v == "-mhttp.server" || v == "-S" || v == "httpd" || strings.Contains(v, "http.server") {
			serving = true
		}
	}
	if !serving {
		return
	}
	dir := field{val: "."}
	for i, a := range args {
		if a.val == "httpd" && i+1 < len(args) && !strings.HasPrefix(args[i+1].val, "-") {
			dir = args[i+1] // ruby -run -e httpd DIR
		}
		if (a.val == "-d" || a.val == "--directory" || a.val == "-t") && i+1 < len(args) {
			dir = args[i+1]
		} else if v, ok := strings.CutPrefix(a.val, "--directory="); ok {
			dir = a
			dir.val = v
		}
	}
	r.serveFolder(dir, b, cmd)
}

// fileInput describes standard input read from a file: a file this
// command wrote is known text when what was written is known.
func (r *run) fileInput(f field) input {
	in := input{kind: inFile, detail: "the file " + f.val, files: []field{f}}
	if !f.dyn {
		in.files[0].val = r.openedHere(f.val)
	}
	if w, _, ok := r.writtenAt(f); ok {
		if w.known {
			return input{kind: inText, text: w.content, detail: "the file " + f.val + ", which this command writes"}
		}
		return input{kind: inUnknown, detail: "the file " + f.val + ", which this command writes"}
	}
	return in
}

// openedHere returns v, a file a redirection or cat opens, made absolute
// against the working folder where it is relative: the shell opens it
// here, and a command that reads it as its input may run elsewhere (ssh
// host bash < run.sh), where the working folder is not known.
func (r *run) openedHere(v string) string {
	if s := r.a.slash(v); !r.a.isAbs(s) && r.cwd != "" && s != "" {
		return strings.TrimSuffix(r.cwd, "/") + "/" + s
	}
	return v
}

// argText is the text a program reads from a file it is given (a
// configuration, a list of names), when the command says what it is: its
// standard input's for "-" and the names of stdin, the output of a
// process substitution whose writers are known (curl -K <(echo ...)), or
// what this command wrote to the file (echo ... > c; ssh -F c).
func (r *run) argText(sc *scope, f field, c ctx) (string, bool) {
	var in input
	switch {
	case f.why == whyProcSubst:
		if ps := r.procSubstOf(f); ps != nil && ps.Op == syntax.CmdIn {
			in = r.writersInput(sc, ps.Stmts, false)
		}
	case f.dyn:
	case isStdin(f.val):
		in = c.in
	default:
		// fileInput without its description: a file this command wrote.
		if w, _, ok := r.writtenAt(f); ok && w.known {
			return w.content, true
		}
	}
	return in.text, in.kind == inText
}

// buildFileWritten judges a runner that reads a build file from its
// working folder (package.json, a makefile, a justfile) that this command
// wrote: one whose text is known is given to analyse, when the runner has
// a reader for it (nil for none); anything else asks (runs-written-file).
func (r *run) buildFileWritten(sc *scope, files []string, c ctx, b, cmd string, analyse func(text string)) {
	if len(r.written) == 0 && r.files == nil {
		return
	}
	var read func(written) bool
	if analyse != nil {
		read = func(w written) bool { analyse(w.content); return true }
	}
	for _, name := range files {
		if r.runsMade(field{val: name}, b, cmd, read) {
			return
		}
	}
}

// judgeWriteTree judges a folder a program writes into: like a write of the
// folder, and blocked when a protected or startup file lies inside it
// (tar -xf x -C /etc, unzip -d ~).
func (r *run) judgeWriteTree(sc *scope, f field, cmd string) {
	r.judgeTreeWrite(sc, f, cmd)
	r.noteFilled(f)
}

// judgeTreeWrite is judgeWriteTree without noting the folder as filled,
// for a program whose files' names are read otherwise.
func (r *run) judgeTreeWrite(sc *scope, f field, cmd string) {
	r.judgeWrite(sc, f, ruleDiskWrite, cmd)
	if f.dyn {
		return
	}
	a := r.a
	for _, p := range r.resolve(f).paths {
		if q, ok := a.asOwnHome(p); ok && a.key(q) != a.key(p) {
			// Another user's folder holds what the same folder in the
			// home does (tar -C /home/bob/.config/autostart).
			r.judgeTreeWrite(sc, field{val: q}, cmd)
		}
		for _, l := range []struct {
			list []pattern
			rule string
			what string
		}{{a.lists.protected, ruleProtectedWrite, "a protected system file"}, {a.lists.startup, ruleStartupWrite, "a shell or login startup file"}} {
			if pt, ok := a.holdsPattern(l.list, p); ok {
				r.finding(l.rule, Command, Block, "writes into "+p+", which holds "+l.what+" ("+pt.source+")", cmd, p)
				return
			}
		}
		if k := a.key(p); strings.HasSuffix(k, "/.git") || strings.Contains(k, "/.git/") {
			// Whatever it writes there may be a hook or the configuration,
			// which git runs or obeys on a later command (as gitRunsIt).
			r.finding(rulePersistence, Command, Ask, "writes into "+p+", a repository's .git folder, whose hooks and configuration git runs or obeys on a later command", cmd, p)
			return
		}
		if what, ok := runsByItself(a.key(p) + "/x"); ok {
			// A folder every file of which a program runs by itself (.husky,
			// .githooks, .claude/hooks, Continue's mcpServers): what lands
			// there is not read.
			r.finding(rulePersistence, Command, Ask, "writes into "+p+", whose files are each "+what, cmd, p)
			return
		}
	}
}

// codePathVars are search paths from which programs load code: modules,
// libraries, character-set converters.
var codePathVars = map[string]bool{"PYTHONPATH": true, "PERL5LIB": true, "PERLLIB": true, "RUBYLIB": true, "NODE_PATH": true,
	"LD_LIBRARY_PATH": true, "DYLD_LIBRARY_PATH": true, "DYLD_FRAMEWORK_PATH": true, "DYLD_FALLBACK_LIBRARY_PATH": true,
	"GCONV_PATH": true, "LUA_PATH": true, "LUA_CPATH": true, "GEM_PATH": true, "ZDOTDIR": true, "CLASSPATH": true,
	"JULIA_LOAD_PATH": true, "JULIA_DEPOT_PATH": true, "EMACSLOADPATH": true, "R_LIBS": true, "R_LIBS_USER": true, "PYTHONUSERBASE": true,
	// Folders and files whose plugins, modules or configuration a program
	// loads as code: RubyGems loads plugins from GEM_HOME, GTK, GIO,
	// GStreamer and Qt their modules, ImageMagick its delegates (commands),
	// ripgrep its --pre command, Yarn its yarnPath, .NET its profiler.
	"GEM_HOME": true, "TCLLIBPATH": true, "QT_PLUGIN_PATH": true, "GTK_PATH": true, "GTK_MODULES": true, "GTK3_MODULES": true,
	"GIO_EXTRA_MODULES": true, "GST_PLUGIN_PATH": true, "GST_PLUGIN_SYSTEM_PATH": true, "MAGICK_CONFIGURE_PATH": true,
	"MAGICK_CODER_MODULE_PATH": true, "RIPGREP_CONFIG_PATH": true, "YARN_RC_FILENAME": true, "CORECLR_PROFILER_PATH": true,
	"CORECLR_PROFILER_PATH_64": true, "CORECLR_PROFILER_PATH_32": true, "COR_PROFILER_PATH": true, "R_HOME": true}

// codePath judges a search path for code: folders in a writable root are
// the project's own code, as much as the program it runs; a folder
// anywhere else (/tmp/x) may hold what the program then loads in place of
// its own modules or libraries, and asks (env-code). PYTHONPATH's folders
// are searched for the sitecustomize and usercustomize modules Python
// imports as it starts, read as the program it runs is.
func (r *run) codePath(sc *scope, name string, f field, c ctx, cmd string) {
	if f.dyn {
		r.finding(ruleEnvCode, Dynamic, Ask, name+" is set to a search path that comes from "+f.why, cmd, "")
		return
	}
	for _, d := range strings.Split(f.val, ":") {
		d = strings.TrimSuffix(d, "/?.lua")
		d = strings.TrimSuffix(d, "/?.so")
		if d == "" || d == "/dev/null" {
			continue
		}
		res := r.resolve(field{val: d})
		if !res.ok {
			r.finding(ruleEnvCode, Dynamic, Ask, name+" loads code from "+d+", "+res.why, cmd, "")
			return
		}
		for _, p := range res.paths {
			if r.classify(p) != clInside {
				r.finding(ruleEnvCode, Dynamic, Ask, name+" makes programs load code from "+p+", outside every writable root", cmd, p)
				return
			}
		}
		if name == "PYTHONPATH" {
			// Python imports sitecustomize and usercustomize from its
			// path as it starts, whatever the program: read as the
			// program python3 runs is (programOnDisk).
			for _, m := range []string{"sitecustomize", "usercustomize"} {
				if read, _ := r.programOnDisk(sc, "python3", field{val: d + "/" + m + ".py"}, c, cmd); !read {
					r.programOnDisk(sc, "python3", field{val: d + "/" + m + "/__init__.py"}, c, cmd)
				}
			}
		}
	}
}

// homeOverrides are the folders a command points HOME or XDG_CONFIG_HOME
// at, and the first file it writes in one.
type homeOverrides struct {
	dirs []string // in comparison form
	hit  string
	// onDisk is the first folder given that lies in a root or a
	// temporary folder, other than the home itself: what another call
	// wrote there (a .gitconfig's pager, a .zshrc) runs as the programs'
	// own configuration.
	onDisk string
}

// noteHome records the folder f, given to HOME or XDG_CONFIG_HOME: the
// programs the command runs then read their configuration and startup
// files from it (~/.gitconfig, ~/.ssh/config, ~/.npmrc, ~/.bashrc,
// $XDG_CONFIG_HOME/git/config), so a file the command writes there is a
// file they run (see homeWritten).
func (r *run) noteHome(f field) {
	if f.dyn || f.val == "" {
		return
	}
	for _, p := range r.resolve(f).paths {
		if r.homes == nil {
			r.homes = &homeOverrides{}
		}
		k := r.a.key(p)
		r.homes.dirs = append(r.homes.dirs, k)
		if r.homes.onDisk == "" && r.inScriptPlace(p) && k != r.a.key(r.a.home) {
			r.homes.onDisk = p
		}
		if r.homes.hit != "" {
			continue
		}
		// The first in order of the files written there, so that the
		// finding reads alike on every run.
		hit := ""
		for w := range r.written {
			if prefixSlash(w, strings.TrimSuffix(k, "/")) && (hit == "" || w < hit) {
				hit = w
			}
		}
		r.homes.hit = hit
	}
}

// homeWritten notes a file the command writes, in comparison form, that
// lies in a folder it points HOME or XDG_CONFIG_HOME at.
func (r *run) homeWritten(k string) {
	if r.homes == nil || r.homes.hit != "" {
		return
	}
	for _, d := range r.homes.dirs {
		if prefixSlash(k, strings.TrimSuffix(d, "/")) {
			r.homes.hit = k
		}
	}
}
