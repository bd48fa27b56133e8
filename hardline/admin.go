package hardline

import (
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/bmatcuk/doublestar/v4"

	"mvdan.cc/sh/v3/syntax"
)

// adminCommands are commands that change accounts, services, the firewall
// or security settings: rule system-admin asks before any of them runs in
// a way that changes something.
func (r *run) admin(b string, args []field, cmd string) {
	first := ""
	for _, a := range args {
		if !strings.HasPrefix(a.val, "-") {
			first = asciiLower(a.val)
			break
		}
	}
	has := func(flags ...string) bool {
		for _, a := range args {
			for _, f := range flags {
				if a.val == f || strings.HasPrefix(a.val, f+"=") {
					return true
				}
			}
		}
		return false
	}
	ask := func(what string) {
		r.finding(ruleSystemAdmin, Command, Ask, b+" "+what, cmd, "")
	}
	switch b {
	case "userdel", "deluser", "useradd", "adduser", "usermod", "groupdel", "delgroup", "groupmod",
		"chpasswd", "chage", "vipw", "vigr", "visudo", "pwconv", "dscl", "sysadminctl", "net", "setenforce", "aa-teardown", "aa-disable", "aa-complain",
		"csrutil", "spctl", "auditctl", "modprobe", "insmod", "rmmod", "sysctl", "update-alternatives", "setcap":
		if b == "setcap" && (len(args) == 0 || has("-v", "--verify")) {
			return // usage, or a check of the capabilities a file has
		}
		if b == "sysctl" && !has("-w", "--write", "-p", "--load", "--system") && !strings.Contains(first, "=") {
			return // reading a kernel parameter
		}
		if b == "net" && first != "user" && first != "localgroup" {
			return
		}
		if (b == "dscl" || b == "modprobe") && len(args) == 0 {
			return
		}
		if b == "modprobe" && has("-n", "--dry-run", "--show-depends", "-c", "--showconfig") {
			return
		}
		if (b == "userdel" && (has("-r", "--remove") || hasShort(args, 'r'))) || (b == "deluser" && has("--remove-home", "--remove-all-files")) ||
			b == "sysadminctl" && has("-deleteUser") && !has("-keepHome") { // macOS's deletes the home folder unless told to keep it
			r.finding(ruleRmHome, Command, Block, b+" deletes a user's whole home folder", cmd, "")
			return
		}
		ask("changes accounts, kernel modules or security settings")
	case "passwd":
		if len(args) > 0 {
			ask("changes a password or an account's state")
		}
	case "iptables", "ip6tables", "nft", "ufw", "firewall-cmd", "pfctl", "ebtables", "arptables":
		if has("-L", "--list", "-S", "--list-rules", "status", "-s", "--state", "--list-all", "list") && !has("-F", "--flush", "-X", "-D", "-A", "-I", "-P", "flush", "delete", "disable", "reset") {
			return
		}
		if first == "status" || first == "list" {
			return
		}
		ask("changes the firewall")
	case "systemctl", "service", "launchctl", "rc-service", "sv":
		switch first {
		case "stop", "disable", "mask", "kill", "isolate", "unload", "remove", "bootout", "reset-failed",
			"daemon-reexec", "enable", "link", "edit",
			"set-default", "load", "bootstrap", "submit":
			ask("changes what runs on the machine (" + first + ")")
		}
	case "crontab":
		for _, a := range args {
			if a.val == "-l" || a.val == "-r" || a.val == "-v" {
				return // listing; removal has its own rule
			}
		}
		// With no operand a POSIX crontab installs its standard input
		// (echo '* * * * * x' | crontab), so no operand asks too.
		r.finding(rulePersistence, Command, Ask, "crontab installs a schedule that runs commands later", cmd, "")
	case "at", "batch":
		if !has("-l", "-r", "-d", "-c") {
			r.finding(rulePersistence, Command, Ask, b+" schedules commands to run later", cmd, "")
		}
	}
}

// link judges ln: a symbolic link to /, a system folder, the home folder or
// an ancestor of a root makes everything there reachable under an innocent
// name (ln -s / x && rm -rf x/).
func (r *run) link(args []field, cmd string) {
	p := parseOpts(args, "tS", []string{"--target-directory", "--suffix"}, "")
	if !strings.ContainsAny(p.short, "s") && !p.has("--symbolic") {
		return
	}
	ops := p.ops
	if len(ops) == 0 {
		return
	}
	if len(p.get("-t", "--target-directory")) > 0 {
		// ln -s -t dir TARGET...: every operand is a target.
	} else if len(ops) > 1 {
		ops = ops[:len(ops)-1]
	}
	for _, t := range ops {
		if t.dyn {
			r.finding(ruleLinkEscape, Command, Ask, "ln -s links to a target that comes from "+t.why, cmd, "")
			return
		}
		for _, ct := range r.targetClasses(r.resolve(t)) {
			escape := false
			switch ct.cl {
			case clFSRoot, clHome, clAncestor:
				escape = true
			case clSystem:
				// A system folder itself, not a program or file in one
				// (ln -s /usr/bin/python3 python is ordinary).
				escape = r.a.match(r.a.lists.sysDirs, ct.path)
			}
			if escape {
				r.finding(ruleLinkEscape, Command, Ask, "ln -s makes "+ct.path+" reachable under another name", cmd, ct.path)
				return
			}
		}
	}
}

// procRoot maps /proc/PID/root/rest (and /proc/PID/task/TID/root/rest),
// the root folder as another process or thread sees it, to /rest: reading
// it needs no permission the analyser can check, so it is judged as the
// path it most likely names.
func procRoot(p string) (string, bool) {
	rest, ok := procEntry(p)
	if !ok {
		return "", false
	}
	if rest == "/root" {
		return "/", true
	}
	if after, ok := strings.CutPrefix(rest, "/root/"); ok {
		return "/" + after, true
	}
	return "", false
}

// maxProcRoots bounds the /proc/PID/root prefixes a path is read through.
const maxProcRoots = 8

// throughProcRoots is the clean absolute path p with its /proc/PID/root
// prefixes taken off (/proc/self/root/dev/stdin is /dev/stdin).
func throughProcRoots(p string) string {
	p = path.Clean(p)
	for range maxProcRoots {
		q, ok := procRoot(p)
		if !ok {
			break
		}
		p = q
	}
	return p
}

// procEntry returns what follows /proc/PID or /proc/PID/task/TID in p
// (/root/etc, /cwd/x), with its leading slash.
func procEntry(p string) (string, bool) {
	rest, ok := strings.CutPrefix(p, "/proc/")
	if !ok {
		return "", false
	}
	i := strings.IndexByte(rest, '/')
	if i <= 0 {
		return "", false
	}
	rest = rest[i:]
	if t, ok := strings.CutPrefix(rest, "/task/"); ok {
		j := strings.IndexByte(t, '/')
		if j <= 0 {
			return "", false
		}
		rest = t[j:]
	}
	return rest, true
}

// outRedir is an output redirection of a statement.
type outRedir struct {
	f       field
	appends bool
}

// written is a file the command writes, with its content when that is
// known statically.
type written struct {
	content string
	known   bool
	// tail is the text known to have been appended to content that is
	// not known (echo 'rm -rf ~' >> x.sh): it runs after whatever was
	// there.
	tail string
	// environ says the file holds the environment (env > e.txt), secret
	// names the credential variable whose value it holds (echo
	// "$GITHUB_TOKEN" > t.txt), if any: see noteSecretOuts.
	environ bool
	secret  string
	// staged says git add or git commit took the file into a commit,
	// which git push then sends (see gitSendsHeld).
	staged bool
	// seq is the count of paths written when this one was first: the
	// writes of a command a runner runs come after the runner starts.
	seq int
}

// writtenContent is what a statement writes to its standard output when
// that is known statically: a literal echo or printf, or cat or tee of a
// here-document. A redirection alone (> f) writes nothing. A call of a
// function the script defines writes what the function writes, which is
// not known (echo() { command echo 'rm -rf ~'; }; echo hi > a.sh).
func (r *run) writtenContent(sc *scope, call *syntax.CallExpr, fields []field, in input) (string, bool) {
	if call == nil {
		return "", false
	}
	if len(call.Args) == 0 {
		return "", true
	}
	if len(fields) == 0 {
		return "", false
	}
	if _, ok := r.callsScriptFunc(sc, fields); ok {
		return "", false
	}
	for _, f := range fields {
		if f.dyn {
			return "", false
		}
	}
	fields = innerCommand(fields) // sudo echo, env printf: what they print
	args := fields[1:]
	switch b := base(fields[0].val); b {
	case "echo", "printf":
		// As a pipe reads it: echo's options and escapes (echo -e
		// 'all:\n\trm -rf ~' > Makefile writes a recipe) and its newline.
		return printedBy(b, fieldVals(args), true, r.echo)
	default:
		// cat, tee and the decoders print a static function of known
		// text they read (see decodeText).
		if in.kind == inText {
			return r.a.decodeText(base(fields[0].val), args, in.text)
		}
	}
	return "", false
}

// noteOuts records the files a statement's output redirections write.
func (r *run) noteOuts(sc *scope, outs []outRedir, call *syntax.CallExpr, fields []field, in input) {
	if len(outs) == 0 {
		return
	}
	content, known := r.writtenContent(sc, call, fields, in)
	unread := !known && !credentialLineOnly(call, fields) // (a credential line is no file's unread text)
	for _, o := range outs {
		if o.appends {
			r.noteAppend(o.f, content, known, unread)
		} else {
			r.noteWrite(o.f, content, known, unread)
		}
	}
}

// credentialLineOnly reports whether call is an echo of one word that is
// a line setting a credential key, written plainly at the word's start,
// to a value that may not be known: what a CI writes into a package
// manager's configuration (echo "//registry.npmjs.org/:_authToken=${NPM_TOKEN}"
// > .npmrc). The key names where the value goes; the value is a secret,
// not a source or a program.
func credentialLineOnly(call *syntax.CallExpr, fields []field) bool {
	if call == nil || len(call.Args) != 2 || len(fields) != 2 || base(fields[0].val) != "echo" || fields[0].dyn {
		return false
	}
	parts := call.Args[1].Parts
	if len(parts) == 1 {
		if dq, ok := parts[0].(*syntax.DblQuoted); ok {
			parts = dq.Parts
		}
	}
	if len(parts) == 0 {
		return false
	}
	lit, ok := parts[0].(*syntax.Lit)
	if !ok {
		return false
	}
	for _, p := range parts[1:] {
		// The value: text and variables (a token), not a command's
		// output, which may hold lines of other keys.
		switch p := p.(type) {
		case *syntax.Lit:
		case *syntax.ParamExp:
			if p.Exp != nil || p.Repl != nil || p.Slice != nil || p.Excl || p.Index != nil {
				return false
			}
		default:
			return false
		}
	}
	key, _, found := strings.Cut(lit.Value, "=")
	if !found || strings.ContainsAny(key, "\n\r") {
		return false
	}
	key = asciiLower(strings.TrimSpace(key))
	for _, w := range []string{"_auth", "authtoken", "password", "_token", "username", "email"} {
		if strings.Contains(key, w) {
			return true
		}
	}
	return false
}

// noteWritten records a file the command writes, so that running it later
// in the same command is judged by what was written into it.
func (r *run) noteWritten(f field, content string, known bool) {
	r.noteWrite(f, content, known, !known)
}

// noteWrite is noteWritten; unread says a text not known is a file's
// unread text (plantUnread).
func (r *run) noteWrite(f field, content string, known, unread bool) {
	r.eachWritten(f, func(k string, _ written) written {
		if known && strings.TrimSpace(content) != "" {
			r.calls.planted = append(r.calls.planted, plantedText{key: k, content: content})
		} else if unread {
			r.plantUnread(k)
		}
		return written{content: content, known: known}
	})
}

// noteAppended records a file the command appends to: what it holds is
// known when the command wrote all of it before; otherwise the text added
// at its end is, when known (see written.tail and judgePlanted).
func (r *run) noteAppended(f field, content string, known bool) {
	r.noteAppend(f, content, known, !known)
}

// noteAppend is noteAppended; unread is as noteWrite's.
func (r *run) noteAppend(f field, content string, known, unread bool) {
	r.eachWritten(f, func(k string, w written) written {
		if !known {
			if unread {
				r.plantUnread(k)
			}
			return written{environ: w.environ, secret: w.secret} // what it held is still there
		}
		if strings.TrimSpace(content) != "" {
			r.calls.planted = append(r.calls.planted, plantedText{key: k, content: content})
		}
		if w.known {
			w.content += content
		} else {
			w.tail += content
		}
		return w
	})
}

// eachWritten records what the command writes to each path f names but a
// device: update returns the path's record from the one before (the zero
// written when there was none).
func (r *run) eachWritten(f field, update func(k string, w written) written) {
	if f.dyn || f.val == "" {
		return
	}
	for _, p := range r.resolve(f).paths {
		if r.a.isDevice(p) {
			continue
		}
		if r.written == nil {
			r.written = map[string]written{}
		}
		k := r.a.key(p)
		old, ok := r.written[k]
		w := update(k, old)
		w.seq = old.seq
		if !ok {
			w.seq = len(r.written) + 1
		}
		r.written[k] = w
		r.binWritten = r.binWritten || inNodeBin(k)
		r.homeWritten(k)
	}
}

// plantedText is text a statement wrote or appended to the file at key;
// unread, when it wrote text the command does not show (a copy, a
// download, a variable's unknown value) into a file a program runs by
// itself, says what the file is (runsByItself).
type plantedText struct {
	key, content string
	unread       string
}

// plantUnreadAt is plantUnread for the paths f names.
func (r *run) plantUnreadAt(f field) {
	if f.dyn || f.val == "" {
		return
	}
	for _, p := range r.resolve(f).paths {
		r.plantUnread(r.a.key(p))
	}
}

// plantUnreadInto is plantUnreadAt for what a copy of src into the folder
// dst writes (dst/NAME), when dst is a folder: written so (dst/) or one on
// disk. A copy to a new name writes no file in it.
func (r *run) plantUnreadInto(dst, src field) {
	into := r.intoFolder(dst, src)
	if into.val == "" || dst.dyn {
		return
	}
	if _, ok := runsByItself(into.val); !ok {
		return // (the cheaper test first: the folder is listed only for one of those)
	}
	if !strings.HasSuffix(dst.val, "/") {
		res := r.resolve(dst)
		if len(res.paths) != 1 || r.a.readDir == nil {
			return
		}
		if _, err := r.a.readDir(res.paths[0]); err != nil {
			return
		}
	}
	r.plantUnreadAt(into)
}

// plantUnread notes that a statement wrote text it does not show into the
// file at key: one a program runs by itself later (runsByItself) is judged
// as a write tool's is, its text unread (see judgePlanted). A git folder's
// hooks and configuration ask as every write there does (gitRunsIt).
func (r *run) plantUnread(k string) {
	if what, ok := runsByItself(k); ok && !gitRunsIt(k) {
		r.calls.planted = append(r.calls.planted, plantedText{key: k, unread: what})
	}
}

// shellScriptExts are the extensions of shell scripts' names, lower-cased.
var shellScriptExts = setOf(".sh", ".bash", ".zsh", ".ksh", ".command")

// shellStartupNames are the names of shells' startup files, lower-cased:
// written anywhere, a shell reads them once HOME or ZDOTDIR points there.
var shellStartupNames = setOf(".bashrc", ".bash_profile", ".bash_login", ".profile", ".zshrc", ".zshenv", ".zprofile", ".zlogin",
	".kshrc", ".mkshrc", ".bash_aliases")

// plantedLanguage returns the language in which a program later reads the
// file at k (a key, lower-cased) as commands, by the file's name or its #!
// line: "shell" for a shell script, a shell's startup file or an .envrc,
// "make" for a makefile,
// "npm" for a package.json, "just" for a justfile, a project file that
// keeps commands in its own format (plantedConfigLanguage), a
// virtual environment's activate script and a mise task file (shell); ""
// for any other file.
// hook reports a git hook: one in .git/hooks (not a .sample), or in the
// folders hook managers point core.hooksPath at (.husky and its _ folder,
// .githooks), which git runs by itself on a later command.
func plantedLanguage(k, content string) (lang string, hook bool) {
	dir, name := path.Split(k)
	parent := path.Base(dir)
	switch {
	case hookFile(k, dir, parent, name):
		return "shell", true
	case name == ".envrc", shellStartupNames[name], plantedShellName(k) && (!strings.HasPrefix(content, "#!") || shebangShell(strings.SplitN(content, "\n", 2)[0])),
		shellScriptExts[path.Ext(name)],
		strings.HasPrefix(content, "#!") && shebangShell(strings.SplitN(content, "\n", 2)[0]):
		return "shell", false
	case name == "makefile" || name == "gnumakefile" || path.Ext(name) == ".mk":
		return "make", false
	case path.Ext(name) == ".ps1" || path.Ext(name) == ".psm1":
		return "powershell", false
	case path.Ext(name) == ".bat" || path.Ext(name) == ".cmd":
		return "batch", false
	case name == "package.json":
		return "npm", false
	case name == "justfile" || name == ".justfile":
		return "just", false
	case sourceConfigFile(parent, name):
		return "source", false
	}
	return plantedConfigLanguage(k), false
}

// hookFile reports whether the file at k (lower-cased; its folder dir,
// the folder's name parent and its own name) is a hook a program runs by
// itself: a git hook but a sample, one in the folders hook managers point
// core.hooksPath at (.husky, its _ folder, .githooks), or an agent host's
// hook script (.claude/hooks).
func hookFile(k, dir, parent, name string) bool {
	return strings.Contains(k, "/.git/hooks/") && !strings.HasSuffix(name, ".sample") || parent == ".husky" || parent == ".githooks" ||
		strings.HasSuffix(dir, "/.husky/_/") || strings.Contains(dir, "/.claude/hooks/")
}

// sourceConfigFile reports whether a file (its folder's name parent and
// its own name, lower-cased) is a package manager's configuration, which
// names the sources it installs from and programs it runs.
func sourceConfigFile(parent, name string) bool {
	return packageConfigNames[name] || parent == ".cargo" && (name == "config" || name == "config.toml") ||
		parent == "pip" && (name == "pip.conf" || name == "pip.ini") || rustToolchainFile(name)
}

// toolchainPath finds a path key in a rust-toolchain.toml, in any of
// TOML's spellings: under [toolchain], dotted (toolchain.path = ...),
// quoted, or in an inline table (toolchain = { path = ... }).
var toolchainPath = regexp.MustCompile(`(?m)(?:^|[\s{,.])["']?path["']?\s*=`)

// rustToolchainFile reports whether a file's name (lower-cased) is
// rustup's toolchain file, which every later cargo and rustc run in the
// folder below it reads: its path key names a folder whose programs they
// run in place of an installed toolchain's.
func rustToolchainFile(name string) bool {
	return name == "rust-toolchain.toml" || name == "rust-toolchain"
}

// packageConfigNames are the configuration files package managers read
// their sources from, in a project or a home: what a command writes there
// is judged as their config set commands are (see plantedSources).
var packageConfigNames = map[string]bool{".npmrc": true, ".yarnrc": true, ".yarnrc.yml": true, "bunfig.toml": true, ".condarc": true,
	"condarc": true, ".gemrc": true, "pip.conf": true, "pip.ini": true, ".pydistutils.cfg": true, "pydistutils.cfg": true, "uv.toml": true,
	"poetry.toml": true, ".bowerrc": true, "nuget.config": true}

// plantedSources judges text written to a package manager's configuration
// file as its config set command is judged (configSource): a line whose key
// names a source, a proxy or a TLS setting, with a value other than an
// official registry, asks (package-source).
func (r *run) plantedSources(key, content, cmd string) {
	if rustToolchainFile(asciiLower(path.Base(key))) {
		// Its channel and components name what rustup installs from its
		// own servers; only a path is a program of another's.
		if toolchainPath.MatchString(content) {
			r.finding(rulePersistence, Command, Ask, "writing "+key+" makes every later cargo and rustc below it run the programs of the folder its path names", cmd, "")
		}
		return
	}
	listKey := false // the key above a YAML list names a source (channels:)
	for line := range strings.SplitSeq(content, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' || line[0] == ';' || line[0] == '[' || line[0] == '<' && !strings.Contains(line, "://") ||
			strings.HasPrefix(line, "//") { // npm's //HOST/:_authToken=...: a login, not a source
			continue
		}
		if item, ok := strings.CutPrefix(line, "- "); ok {
			if (listKey || strings.Contains(item, "://")) && !officialSource(item) {
				r.packageSource("writing "+key, cmd)
				return
			}
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if i := strings.IndexByte(line, ':'); i >= 0 && (!ok || i < len(k)) && !strings.HasPrefix(line[i:], "://") {
			k, v, ok = line[:i], line[i+1:], true // key: value (YAML), not a URL's scheme
		}
		if !ok {
			if i := strings.IndexAny(line, " \t"); i > 0 {
				k, v, ok = line[:i], line[i+1:], true // key "value" (.yarnrc)
			}
		}
		if ok && codeConfigKey(k) != codeNone {
			r.finding(rulePersistence, Command, Ask, "writing "+key+" stores "+strings.TrimSpace(k)+", a program or code its package manager runs later", cmd, "")
			return
		}
		source := ok && sourceKey(strings.Trim(k, " \t\"'-:"))
		if listKey = source && strings.TrimSpace(v) == ""; listKey {
			continue
		}
		if (source || strings.Contains(line, "://")) && !officialSource(v) {
			r.packageSource("writing "+key, cmd)
			return
		}
	}
}

// WrittenText judges text that a tool writes whole at path (a write
// tool's content: docs/security-model.md, "Commands written into files"),
// as the same write by a shell would be judged (cat > PATH <<'END' with
// the text): in a script, a makefile, a package.json or another file a
// program runs later by its name, a command that would be blocked asks
// (planted-command); in a git hook or another file a program runs by
// itself, it blocks under its own rule. A file no program runs is not
// read, and its text costs nothing. path is the path the tool opens,
// absolute (canonical, where the host resolved it). Like Command, it
// executes nothing and is safe for concurrent use.
func (a *Analyzer) WrittenText(path, text string, env Env) Result {
	k := asciiLower(strings.ReplaceAll(path, "\\", "/"))
	if lang, _ := plantedLanguage(k, text); lang == "" {
		return Result{}
	}
	end := "TOOLGATE_TEXT_END"
	for strings.Contains(text, end) {
		end += "_"
	}
	if !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	return a.Command("cat > "+shellQuoted(path)+" <<'"+end+"'\n"+text+end+"\n", env)
}

// MayRunText reports whether file, by its name, is one a program may run
// the text of, later or by itself (a script, a makefile, a package.json,
// a hook, another tool's command file), or a file with no extension,
// which its #! line may make a script: only such a file's edits are
// judged (EditedText).
func (a *Analyzer) MayRunText(file string) bool {
	k := asciiLower(strings.ReplaceAll(file, "\\", "/"))
	lang, _ := plantedLanguage(k, "")
	return lang != "" || path.Ext(k) == ""
}

// Edit is one edit of a file's text: every Old replaced by New, or New
// appended when Old is empty.
type Edit struct{ Old, New string }

// EditedText judges the texts edits leave in file, each edit alone: the
// file's text as it is (read once, through Config.ReadScript, within the
// analyser's bound) with the edit made, judged as WrittenText judges a
// whole text; the i-th Result is the i-th edit's. An edit whose old text
// the file does not hold, every edit of a file that is not there or
// cannot be read, and of a file no program runs (MayRunText), give an
// empty Result: a fragment (a script line inserted into package.json) is
// judged in the file it goes into.
func (a *Analyzer) EditedText(file string, edits []Edit, env Env) []Result {
	out := make([]Result, len(edits))
	if len(edits) == 0 || !a.MayRunText(file) {
		return out
	}
	cur, err := a.readScript(file, a.maxBytes)
	if err != nil {
		return out
	}
	for i, e := range edits {
		switch {
		case e.Old == "":
			out[i] = a.WrittenText(file, cur+e.New, env)
		case strings.Contains(cur, e.Old):
			out[i] = a.WrittenText(file, strings.ReplaceAll(cur, e.Old, e.New), env)
		}
	}
	return out
}

// judgePlanted judges the commands a statement wrote or appended into a
// file that a program runs later (see plantedLanguage): printf
// 'all:\n\trm -rf ~\n' > Makefile, tee .git/hooks/pre-commit <<< 'rm -rf
// ~'. That run is another call, which reads the file from disk, out of
// reach; so the write is judged by what the file will do. A command there
// that would be blocked asks (planted-command); in a git hook, which git
// runs by itself, it blocks. What would only ask is left to the call that
// runs it: most scripts do something worth asking about, and the write of
// a hook asks already (persistence). The files the command wrote before
// stay known to the text (a hook that runs a script written beside it).
func (r *run) judgePlanted(sc *scope, s *syntax.Stmt) {
	planted := r.calls.planted
	r.calls.planted = nil // the texts' own statements note theirs
	defer func() {
		if r.calls.planted == nil {
			clear(planted)
			r.calls.planted = planted[:0] // its memory, for the next statement
		}
	}()
	cmd := ""
	for _, pt := range planted {
		lang, hook := "", false
		if pt.unread == "" {
			if lang, hook = plantedLanguage(asciiLower(pt.key), pt.content); lang == "" {
				continue
			}
		}
		if cmd == "" {
			cmd = r.nodeText(sc, s)
		}
		if pt.unread != "" {
			// What the file will hold is learnt only when the command
			// runs (a download, a copy, a variable's value): no approval
			// of the command's text binds it (Finding.RunTime).
			r.add(Finding{Rule: rulePersistence, Kind: Command, Severity: Ask, Command: cmd, Path: pt.key, RunTime: true,
				Detail: "writes " + pt.key + ", with text this command does not show, and it is " + pt.unread})
			continue
		}
		if lang == "agent" || lang == "vscode-settings" && vscodeSettingsRisky(pt.content) {
			what, _ := runsByItself(pt.key)
			r.finding(rulePersistence, Command, Ask, "writes "+pt.key+", "+what, cmd, pt.key)
			continue
		}
		c := ctx{pos: s.Pos().Offset(), depth: 1}
		self := ""
		if hook {
			self = "a git hook git runs by itself later"
		}
		// direnv runs an .envrc on cd once it is allowed: a download it
		// runs counts, as in the files tools run by themselves.
		envrc := path.Base(asciiLower(pt.key)) == ".envrc"
		switch lang {
		case "shell":
			r.judgePlantedText(pt.key, self, hook || envrc, cmd, func() { r.script(pt.content, nil, sc.depth+1) })
		case "make":
			r.judgePlantedText(pt.key, "", false, cmd, func() { r.makefileScripts(sc, pt.content, true, c, cmd) })
		case "powershell":
			r.judgePlantedText(pt.key, "", false, cmd, func() { r.powershellScript(sc, []field{{val: pt.content}}, c) })
		case "batch":
			// cmd.exe's script: read as cmd reads it (its %VARIABLES%,
			// backslashes and ^ escapes: windowsReading), and as written.
			text := pt.content
			r.judgePlantedText(pt.key, "", false, cmd, func() {
				r.script(text, nil, sc.depth+1)
				if w, ok := windowsReading(text, r.a.home); ok {
					r.script(w, nil, sc.depth+1)
				}
			})
		case "npm":
			r.judgePlantedText(pt.key, "", false, cmd, func() { r.packageScripts(sc, pt.content, c, cmd) })
		case "just":
			r.judgePlantedText(pt.key, "", false, cmd, func() { r.justfile(sc, pt.content, c, cmd) })
		case "source":
			r.plantedSources(pt.key, pt.content, cmd) // its finding is the write's own
		case "python-start":
			code := pythonStartCode(asciiLower(pt.key), pt.content)
			if strings.TrimSpace(code) == "" {
				continue // a .pth of folders only
			}
			r.finding(rulePersistence, Command, Ask, "writes "+pt.key+", whose code python runs at every start", cmd, pt.key)
			r.judgePlantedText(pt.key, "code python runs by itself at every start", true, cmd, func() { r.embeddedShell(sc, []field{{val: code}}, c, "python3", cmd) })
		default:
			for _, pc := range plantedConfigCommands(lang, pt.content) {
				r.judgePlantedText(pt.key, pc.self, pc.self != "" || pc.onCd, cmd, func() { r.script(pc.text, nil, sc.depth+1) })
			}
		}
	}
}

// judgePlantedText judges the commands analyse finds in text a statement
// wrote into the file at key (see judgePlanted). A command that would be
// blocked asks (planted-command), or blocks with its own rule when self
// says who runs the file by itself, with no later command that asks for
// it (a git hook, a task run when the folder opens). With downloads, a
// file that runs without a command naming it (those, an .envrc, mise's
// hooks), a command that runs code it downloads or reads from elsewhere
// (curl URL | sh, eval "$(...)") asks too, as through the generic net;
// a script run by name may hold one, as a script typed may. What else
// would only ask is left to the call that runs it.
func (r *run) judgePlantedText(key, self string, downloads bool, cmd string, analyse func()) {
	n, complex := len(r.findings), r.complex
	cwd, oldpwd, cdDone := r.cwd, r.oldpwd, r.cdDone
	analyse()
	r.cwd, r.oldpwd, r.cdDone, r.complex = cwd, oldpwd, cdDone, complex
	found := slices.Clone(r.findings[n:])
	for _, f := range found {
		delete(r.seen, f) // so that the statements after may report them
	}
	r.findings = r.findings[:n]
	for _, f := range found {
		switch {
		case f.Severity == Block && self != "":
			f.Detail = bound("writes " + key + ", " + self + ": " + f.Detail)
			r.add(f)
		case f.Severity == Block:
			r.finding(rulePlanted, Command, Ask, bound("writes "+key+", whose commands would be blocked when it runs ("+f.Rule+": "+f.Detail+")"), cmd, key)
		case downloads && (f.Rule == rulePipeToShell || f.Rule == ruleEvalDynamic):
			r.finding(rulePlanted, Command, Ask, bound("writes "+key+", which runs by itself code its commands do not hold ("+f.Rule+": "+f.Detail+")"), cmd, key)
		}
	}
}

// runsWritten judges running a script that the same command wrote: a
// shell script whose text is known is analysed like any other; any other
// program, or text that is not known, asks, since it was not there to read
// when the command was judged.
func (r *run) runsWritten(sc *scope, name field, b string, args []field, c ctx, cmd string) {
	if len(r.written) == 0 && r.files == nil {
		return
	}
	if r.homes != nil && r.homes.hit != "" {
		r.finding(ruleRunsWritten, Dynamic, Ask, b+" runs with HOME or XDG_CONFIG_HOME at a folder this command writes "+r.homes.hit+" in: programs read their configuration and startup files there", cmd, r.homes.hit)
	}
	var cands []field
	direct := strings.ContainsRune(name.val, '/')
	if direct {
		cands = append(cands, name)
	} else if p, ok := r.writtenOnPath(name); ok {
		cands, direct = append(cands, field{val: p}), true
	}
	var bare []field
	if r.a.windows && !cmdBuiltins[asciiLower(name.val)] {
		// cmd.exe looks for a bare name in the working folder before
		// PATH, with the extensions it runs (curl -o git.exe URL && git
		// status).
		bare = append(bare, field{val: "./" + name.val})
		if path.Ext(name.val) == "" {
			for _, e := range windowsRunExts {
				bare = append(bare, field{val: "./" + name.val + e})
			}
		}
	}
	shell := shells[b] || b == "source" || b == "."
	if i, m := pythonModule(b, args); i >= 0 {
		// python -m NAME runs NAME.py or NAME/__main__.py on its path,
		// the working folder first.
		if !m.dyn {
			p := strings.ReplaceAll(m.val, ".", "/")
			cands = append(cands, field{val: p + ".py"}, field{val: p + "/__main__.py"})
		}
	} else if isAwk(b) {
		// awk's program files (an inline program is no file), and the
		// files gawk's -i sources, which it looks for on AWKPATH, the
		// working folder first, as NAME and NAME.awk (-i inplace too: a
		// written inplace.awk is the one it loads).
		p := awkOpts(args)
		cands = append(cands, p.get("-f", "--file", "-E", "--exec")...)
		for _, f := range p.get("-i", "--include") {
			cands = append(cands, f)
			if !f.dyn && path.Ext(f.val) != ".awk" {
				cands = append(cands, field{val: f.val + ".awk"})
			}
		}
	} else if shell || isInterpreter(b) {
		// The program is the first word that is no option, or the next
		// one after a sub-command's name (bun run x.ts), a word with no
		// dot and no slash; deno's past its options' values too.
		words := args
		if b == "deno" {
			words = denoProgramWords(args)
		}
		for _, a := range words {
			if !strings.HasPrefix(a.val, "-") && !strings.HasPrefix(a.val, "+") {
				cands = append(cands, a)
				if a.dyn || strings.ContainsAny(a.val, "./") || len(cands) > 1 {
					break
				}
			}
		}
	} else if packageInstallers[b] {
		// A package file installed runs its scripts (a .deb's maintainer
		// scripts as root, an sdist's setup.py, an npm tarball's install
		// scripts, a wheel's .pth files at every start of python).
		for _, a := range args {
			if v, ok := packageFile(a.val); ok && !a.dyn {
				cands = append(cands, field{val: v})
			}
		}
	}
	runAs := func(self bool) func(w written) bool {
		return func(w written) bool {
			asShell := shell && !self
			if self {
				// Run directly: a #! line names the interpreter; without
				// one the shell runs it as a shell script.
				first, _, _ := strings.Cut(w.content, "\n")
				asShell = !strings.HasPrefix(first, "#!") || shebangShell(first)
			}
			if !asShell {
				return false
			}
			saved := r.written
			r.written = nil // a script does not run itself through this
			r.script(w.content, r.known(sc, c.pos), sc.depth+c.depth+1)
			r.written = saved
			return true
		}
	}
	for i, f := range cands {
		if r.runsMade(f, b, cmd, runAs(direct && i == 0)) {
			return
		}
	}
	for _, f := range bare {
		if r.runsMade(f, b, cmd, nil) { // (Windows runs no text as a program: its text is not read)
			return
		}
	}
}

// cmdBuiltins are cmd.exe's internal commands, which it runs without
// looking for a program of that name.
var cmdBuiltins = setOf("assoc", "break", "call", "cd", "chdir", "cls", "color", "copy", "date", "del", "dir", "echo", "endlocal",
	"erase", "exit", "for", "ftype", "goto", "if", "md", "mkdir", "mklink", "move", "path", "pause", "popd", "prompt", "pushd",
	"rd", "rem", "ren", "rename", "rmdir", "set", "setlocal", "shift", "start", "time", "title", "type", "ver", "verify", "vol")

// windowsRunExts are the extensions cmd.exe tries for a bare name (its
// PATHEXT's programs).
var windowsRunExts = []string{".com", ".exe", ".bat", ".cmd"}

// packageInstallers are the programs that install a package file given
// as an operand or an option's value.
var packageInstallers = map[string]bool{"dpkg": true, "apt": true, "apt-get": true, "gdebi": true, "rpm": true, "dnf": true, "yum": true,
	"zypper": true, "installer": true, "pip": true, "pip3": true, "pipx": true, "uv": true, "npm": true, "pnpm": true, "yarn": true,
	"bun": true, "gem": true, "snap": true, "flatpak": true, "apk": true, "pacman": true, "brew": true, "code": true, "codium": true,
	"msiexec": true, "cargo": true, "microdnf": true, "tdnf": true, "dnf5": true, "pkg": true, "scoop": true, "choco": true, "cinst": true,
	// PowerShell's: an app package (Add-AppxPackage -Path URL) and a
	// package from a source (Install-Package -Source URL).
	"Add-AppxPackage": true, "add-appxpackage": true, "Add-AppPackage": true, "add-apppackage": true,
	"Install-Package": true, "install-package": true}

// packageSuffixes are the names of package files.
var packageSuffixes = []string{".deb", ".rpm", ".pkg", ".mpkg", ".apk", ".whl", ".tar.gz", ".tgz", ".tar.bz2", ".tar.xz", ".zip", ".egg",
	".gem", ".snap", ".flatpak", ".flatpakref", ".pkg.tar.zst", ".pkg.tar.xz", ".vsix", ".msi", ".crate",
	".rb"} // a Homebrew formula or cask file (brew install ./x.rb)

// packageFile returns the package file v names, the value of an option
// attached with = too (--install-extension=x.vsix), and whether it names
// one.
func packageFile(v string) (string, bool) {
	if _, after, ok := strings.Cut(v, "="); ok {
		v = after
	}
	l := asciiLower(v)
	return v, slices.ContainsFunc(packageSuffixes, func(s string) bool { return strings.HasSuffix(l, s) && len(l) > len(s) })
}

// writtenOnPath returns a file this command wrote that a bare command name
// may run: one of that name in a folder PATH may list, when the command
// sets PATH (PATH=bin:$PATH x), or in a node_modules/.bin folder, which
// npx, npm exec and the package scripts put first. Which folders the
// value lists is not read: the safer reading takes them all.
func (r *run) writtenOnPath(name field) (string, bool) {
	if name.dyn || name.val == "" || !r.pathSet && !r.binWritten {
		return "", false
	}
	key := r.a.key(name.val)
	var found []string
	for k := range r.written {
		if path.Base(k) == key && (r.pathSet || inNodeBin(k)) {
			found = append(found, k)
		}
	}
	if len(found) == 0 {
		return "", false
	}
	return slices.Min(found), true
}

// inNodeBin reports whether a written file, in comparison form, lies in
// a node_modules/.bin folder.
func inNodeBin(k string) bool { return strings.HasSuffix(path.Dir(k), "node_modules/.bin") }

// noteDownloads records the files a program saves in its working folder
// under the names its URLs give them (wget URL, curl -O URL, aria2c URL):
// the last name of each URL's path, or index.html for none, with and
// without its query. Their text is not known. A URL not known fills the
// folder with a name not known.
func (r *run) noteDownloads(ops []field) {
	for _, o := range ops {
		if o.dyn {
			r.noteFetched(field{val: "."})
			continue
		}
		_, rest, ok := strings.Cut(o.val, "://")
		if !ok {
			continue
		}
		_, p, _ := strings.Cut(rest, "/") // after the host
		name := p[strings.LastIndexByte(p, '/')+1:]
		plain, _, _ := strings.Cut(name, "?")
		plain, _, _ = strings.Cut(plain, "#")
		for _, n := range [...]string{plain, name} {
			if n == "" {
				n = "index.html"
			}
			if n != "." && n != ".." {
				r.noteWritten(field{val: n}, "", false)
			}
		}
	}
}

// noteFetched records a folder the command fills from the network.
func (r *run) noteFetched(f field) {
	if !f.dyn {
		r.noteFolder(&r.fileState().fetched, f)
	}
}

// fetchedAt reports whether p lies in a folder the command fills from the
// network.
func (r *run) fetchedAt(p string) bool {
	k := r.a.key(p)
	return slices.ContainsFunc(r.fileLists().fetched, func(d string) bool { return r.a.within(k, d) })
}

// shebangShell reports whether a #! line names a shell.
func shebangShell(line string) bool {
	if strings.TrimSpace(strings.TrimPrefix(line, "#!")) == "" {
		return true
	}
	return shells[shebangProgram(line)]
}

// container flags a container started with the host's root, home or
// system folders mounted, or with the host's privileges: whatever runs in
// it acts on the host (docker run -v /:/host alpine rm -rf /host).
func (r *run) container(b string, args []field, cmd string) {
	if len(args) == 0 {
		return
	}
	sub := args[0].val
	if sub == "container" && len(args) > 1 {
		args = args[1:]
		sub = args[0].val
	}
	if sub != "run" && sub != "create" && sub != "exec" {
		return
	}
	ask := func(what string) {
		r.finding(ruleSystemAdmin, Command, Ask, b+" "+sub+" "+what, cmd, "")
	}
	for i := 1; i < len(args); i++ {
		v := args[i].val
		switch {
		case v == "--privileged" || v == "--pid=host" || strings.HasPrefix(v, "--cap-add"):
			ask("gives the container the host's privileges")
			return
		case v == "-v" || v == "--volume" || v == "--mount":
			if i+1 < len(args) {
				i++
				r.mountsSecret(b, args[i], cmd)
				if r.hostMount(args[i]) {
					ask("mounts " + args[i].val + " from the host")
					return
				}
			}
		case strings.HasPrefix(v, "-v") && len(v) > 2, strings.HasPrefix(v, "--volume="), strings.HasPrefix(v, "--mount="):
			f := args[i]
			f.val = strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(v, "--volume="), "--mount="), "-v")
			r.mountsSecret(b, f, cmd)
			if r.hostMount(f) {
				ask("mounts " + f.val + " from the host")
				return
			}
		}
	}
}

// mountSource returns the host path a volume or mount specification
// mounts (-v SRC:DST, --mount type=bind,source=SRC), or false for a named
// volume.
func (r *run) mountSource(f field) (string, bool) {
	src := f.val
	if strings.Contains(src, "source=") || strings.Contains(src, "src=") {
		for _, kv := range strings.Split(src, ",") {
			if k, v, ok := strings.Cut(kv, "="); ok && (k == "source" || k == "src") {
				src = v
			}
		}
	} else if i := strings.IndexByte(src, ':'); i >= 0 {
		src = src[:i]
	}
	if src == "~" || strings.HasPrefix(src, "~/") {
		src = r.a.home + src[1:]
	}
	if !strings.HasPrefix(src, "/") && !strings.HasPrefix(src, ".") {
		return "", false // a named volume
	}
	return src, true
}

// mountsSecret judges a mount's source: a sensitive path itself (-v
// ~/.ssh:/k, -v ~/.kube/config:/c) blocks, since whatever runs in the
// container reads it; a folder that holds one, a home folder or an
// ancestor (-v ~/.m2:/root/.m2, -v ~/.config:/c, -v $HOME:/h) asks, since
// the container may read what it holds as the tool would at home.
func (r *run) mountsSecret(b string, f field, cmd string) {
	src, ok := r.mountSource(f)
	if f.dyn || !ok {
		return
	}
	for _, abs := range r.resolve(field{val: src}).paths {
		if pat, hit := r.a.matchSensitive(abs); hit {
			r.finding(ruleSensitivePath, Path, Block, b+" mounts the sensitive host path "+abs+" into the container ("+pat+")", cmd, abs)
			return
		}
		pat, hit := r.holdsSensitive(abs)
		if !hit && (r.a.within(r.a.home, abs) || r.isAnyHome(abs)) {
			pat, hit = "a home folder's credentials", true
		}
		if hit {
			r.finding(ruleSystemAdmin, Command, Ask, b+" mounts "+abs+" into the container, which holds sensitive host paths ("+pat+")", cmd, abs)
			return
		}
	}
}

// hostMount reports whether a volume or mount specification mounts /, a
// system folder, the home folder or an ancestor of a root.
func (r *run) hostMount(f field) bool {
	if f.dyn {
		return true
	}
	src, ok := r.mountSource(f)
	if !ok {
		return false
	}
	if strings.HasSuffix(src, "/docker.sock") || strings.HasSuffix(src, "/podman.sock") || strings.HasSuffix(src, "/containerd.sock") {
		return true // the container engine itself: root on the host
	}
	for _, ct := range r.targetClasses(r.resolve(field{val: src})) {
		switch ct.cl {
		case clFSRoot, clHome, clAncestor:
			return true
		case clSystem:
			// A system folder itself; a file in one (/etc/localtime) is
			// an ordinary read-only mount.
			if r.a.match(r.a.lists.sysDirs, ct.path) {
				return true
			}
		}
	}
	return false
}

// hasShort reports whether a group of short options (-rf) among args holds
// the letter c.
func hasShort(args []field, c byte) bool {
	for _, a := range args {
		v := a.val
		if len(v) > 1 && v[0] == '-' && v[1] != '-' && strings.IndexByte(v[1:], c) >= 0 {
			return true
		}
	}
	return false
}

// unknownRunsCode and unknownRunsConfig are the files a program the
// catalogue does not know may load from its working folder, or a folder
// below it: source files of the languages tools are configured in, and
// the formats configurations naming commands are written in. A program
// the catalogue knows says which files it runs (Entry.RunsFiles).
var (
	unknownRunsCode = runsGlobs("js mjs cjs ts mts cts jsx tsx py rb pl pm php lua sh bash zsh fish ps1 psm1 bat cmd go rs java kt kts scala sc mill "+
		"clj cljc cljs edn ex exs erl hrl hs lhs ml zig swift dart cs fs vb r jl nix tcl groovy gradle mk cmake "+
		"bzl star bazel gn gni nims nimble m4 ac am gleam purs hx elm roc odin cr raku rakumod janet fnl hy rkt scm lisp el kts csx fsx",
		"Makefile", "makefile", "GNUmakefile", "Dockerfile", "Justfile", "justfile", "Rakefile", "Gemfile", "Procfile", ".env", ".envrc",
		// Build systems' files, which name the commands they run (a
		// genrule, an action, a configure script's macros). BUILD,
		// WORKSPACE and TARGETS are left to the entries of their
		// programs: where case folds they are also the build, workspace
		// and targets folders every other tool writes.
		"BUILD.bazel", "BUILD.plz", "BUCK", ".bazelrc", ".buckconfig", ".plzconfig", ".gn", "dune", "dune-project",
		"configure", "wscript", "SConstruct", "SConscript", "Snakefile", "Tiltfile", "Earthfile", "Vagrantfile")
	unknownRunsConfig = runsGlobs(configExtList)
)

// runsGlobs compiles the patterns of files with the extensions exts, and
// of the names, in any folder, as written and folded.
func runsGlobs(exts string, names ...string) (runs [2][]runsPattern) {
	var globs []string
	for _, x := range strings.Fields(exts) {
		globs = append(globs, "**/*."+x)
	}
	for _, n := range names {
		globs = append(globs, "**/"+n)
	}
	return compileRunsBoth(globs)
}

// compileRunsBoth compiles RunsFiles patterns as written and folded (the
// comparison form of a system that ignores case).
func compileRunsBoth(globs []string) (runs [2][]runsPattern) {
	for _, g := range globs {
		runs[0] = append(runs[0], compileRuns(g))
		runs[1] = append(runs[1], compileRuns(foldPath(g)))
	}
	return runs
}

// unknownLoads judges a program the catalogue does not know, run after
// the command writes a file it may load in its folder: code asks, and a
// configuration the command wrote as known text (a program's output saved
// as JSON is its data). A program the command wrote itself (./x.sh, a
// binary it built) is judged as such (runsWritten).
func (r *run) unknownLoads(name field, b string, args []field, seen int, cmd string) {
	if _, _, ok := r.writtenAt(name); ok && strings.ContainsRune(name.val, '/') {
		return
	}
	i := r.foldIndex()
	before := len(r.written)
	r.runsFiles(unknownRunsCode[i], b, cmd, before, nil)
	r.runsFiles(unknownRunsConfig[i], b, cmd, before, func(_ string, w written) bool { return w.known && strings.TrimSpace(w.content) != "" })
	for _, a := range args {
		// A file the command wrote, given to the program: an interpreter
		// or a compiler that runs what it reads (raku x.raku, dmd -run
		// x.d, janet x.janet) is unknown as often as not, so the file is
		// its program unless its name says it holds data (in.txt,
		// rows.csv, notes.md) or a configuration, which the patterns
		// above judge. One the program's own options write is its output;
		// an empty one, or a folder mkdir made, runs nothing.
		if w, p, ok := r.writtenAt(a); ok && w.seq <= seen && (!w.known || strings.TrimSpace(w.content) != "") && !dataFile(p) && !r.namedAsRun(r.a.key(p)) {
			r.finding(ruleRunsWritten, Dynamic, Ask, b+" may run "+a.val+", which this command writes first: the catalogue does not describe "+b, cmd, p)
			return
		}
	}
}

// foldIndex is the index of a pair of compiled patterns (as written, and
// folded) that this system's file names are compared by.
func (r *run) foldIndex() int {
	if r.a.fold {
		return 1
	}
	return 0
}

// dataFile reports whether the name of the file at p says it holds data
// no program runs (plain text, tables, documents, logs, images, sounds,
// archives) or a configuration, which unknownRunsConfig judges; a
// program's source, a script, or a name without an extension does not.
func dataFile(p string) bool {
	ext := asciiLower(path.Ext(p))
	return ext != "" && (dataExts[ext[1:]] || configExts[ext[1:]])
}

// configExtList are the extensions of the formats configurations are
// written in, configExts the same as a set.
const configExtList = "toml yml yaml json jsonc json5 ini cfg conf xml hcl tf"

var configExts = setOf(strings.Fields(configExtList)...)

// dataExts are the extensions of files that hold data (see dataFile).
var dataExts = setOf("txt", "text", "csv", "tsv", "psv", "dat", "data", "log", "md", "markdown", "rst", "adoc", "org", "tex", "bib",
	"html", "htm", "css", "svg", "png", "jpg", "jpeg", "gif", "bmp", "webp", "ico", "tif", "tiff", "pdf", "ps", "eps", "wav", "mp3", "ogg",
	"flac", "mp4", "webm", "mkv", "avi", "mov", "raw", "hex", "b64", "base64", "gz", "bz2", "xz", "zst", "lz4", "tar", "tgz", "zip",
	"7z", "diff", "patch", "po", "pot", "srt", "vtt", "ndjson", "jsonl", "parquet", "avro", "arrow", "npy", "npz", "pem", "crt", "cer",
	"der", "pub", "sig", "asc", "sum", "sha256", "md5", "lock", "orig", "bak", "tmp", "pid", "sock")

// runsPattern is one Entry.RunsFiles pattern, with its last name
// classified so that most files are rejected without a full match.
type runsPattern struct {
	glob string
	last string // the pattern's last name
	kind uint8  // runsExact: last is a name; runsSuffix: *SUFFIX; runsGlob: other
}

const (
	runsExact uint8 = iota
	runsSuffix
	runsGlob
)

func compileRuns(glob string) runsPattern {
	p := runsPattern{glob: glob, last: glob[strings.LastIndexByte(glob, '/')+1:], kind: runsGlob}
	switch meta := strings.IndexAny(p.last, `*?[{\`); {
	case meta < 0:
		p.kind = runsExact
	case meta == 0 && p.last[0] == '*' && !strings.ContainsAny(p.last[1:], `*?[{\`):
		p.kind, p.last = runsSuffix, p.last[1:]
	}
	return p
}

// runsFiles judges a program that runs the files patterns name in its
// working folder (Entry.RunsFiles): one this command wrote first asks
// (of those only keeps, when it is not nil), unless a finding names it
// as run already (npx jest judges jest, and both run the same tests).
func (r *run) runsFiles(patterns []runsPattern, b, cmd string, before int, only func(string, written) bool) {
	dir := r.a.key(strings.TrimSuffix(r.cwd, "/"))
	hit := ""
	for p, w := range r.written {
		if hit != "" && p >= hit || w.seq > before || only != nil && !only(p, w) {
			continue // the first path in order is reported; one the command it runs writes is written after it starts
		}
		if r.cwd != "" {
			if rel, ok := strings.CutPrefix(p, dir); ok && strings.HasPrefix(rel, "/") && runsOne(patterns, rel[1:]) {
				hit = p
			}
			continue
		}
		// The working folder is not known: it may be any folder above
		// the file.
		for rel := strings.TrimPrefix(p, "/"); ; {
			if runsOne(patterns, rel) {
				hit = p
				break
			}
			i := strings.IndexByte(rel, '/')
			if i < 0 {
				break
			}
			rel = rel[i+1:]
		}
	}
	if hit != "" && !r.namedAsRun(hit) {
		r.finding(ruleRunsWritten, Dynamic, Ask, b+" runs "+hit+", which this command writes first", cmd, hit)
	}
}

// namedAsRun reports whether a finding names the file p (in comparison
// form) as one a program runs that the command wrote first.
func (r *run) namedAsRun(p string) bool {
	return slices.ContainsFunc(r.findings, func(f Finding) bool { return f.Rule == ruleRunsWritten && r.a.key(f.Path) == p })
}

// runsOne reports whether rel, a path relative to a program's working
// folder, matches one of its RunsFiles patterns.
func runsOne(patterns []runsPattern, rel string) bool {
	name := rel[strings.LastIndexByte(rel, '/')+1:]
	for _, p := range patterns {
		// The last names first: most files fail there, where a full
		// match would walk the folders.
		switch p.kind {
		case runsExact:
			if p.last != name {
				continue
			}
		case runsSuffix:
			if !strings.HasSuffix(name, p.last) {
				continue
			}
		default:
			if ok, err := path.Match(p.last, name); !ok && err == nil {
				continue
			}
		}
		if ok, _ := doublestar.Match(p.glob, rel); ok {
			return true
		}
	}
	return false
}
