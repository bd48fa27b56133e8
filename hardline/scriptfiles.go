package hardline

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"
	"syscall"
)

// Scripts a command runs from files it did not write (see
// docs/security-model.md, "Scripts read from files"): bash FILE, sh FILE,
// source FILE, . FILE and ./FILE (and python3 FILE, perl FILE, node FILE:
// see programOnDisk) run what the file holds when the command runs, which
// another call may have put there (a write tool, a checkout, a download,
// sed -i). When Env.Canonical is set, such a file that lies in
// one of the call's roots or in a temporary folder is read and judged as
// the script it is, and the findings that block in it block the command;
// those that would only ask are left to the approval of running it, since
// a project's own scripts are read as any script is (variables set
// elsewhere, eval, downloads) and would otherwise make every run of one
// ask.

// ErrScriptTooLarge is wrapped by the error Config.ReadScript returns for a
// file larger than the limit it was given.
var ErrScriptTooLarge = errors.New("hardline: script file over the size limit")

// maxScriptFiles bounds the script files one command's judgement reads
// (those that are there); past it the command asks.
const maxScriptFiles = 16

// scriptTemp are the folders outside the roots whose scripts are read:
// the temporary folders any program may write a script into, as written
// and as macOS resolves them.
var scriptTemp = []string{"/tmp", "/var/tmp", "/dev/shm", "/private/tmp", "/private/var/tmp"}

// ReadScriptFile is the Config.ReadScript that reads the regular file at
// path from the file system, at most limit bytes: for a larger file it
// returns the first limit bytes with an error wrapping ErrScriptTooLarge,
// so that the caller can tell a program from a script by its head.
// Anything that is not a regular file (a pipe, a device, a folder) is an
// error, read without waiting for a writer.
func ReadScriptFile(path string, limit int) (string, error) {
	f, err := openNoWait(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return "", err
	}
	if fi.IsDir() {
		return "", fmt.Errorf("hardline: %s is a folder: %w", path, syscall.EISDIR)
	}
	if !fi.Mode().IsRegular() {
		return "", fmt.Errorf("hardline: %s is not a regular file", path)
	}
	b, err := io.ReadAll(io.LimitReader(f, int64(limit)+1))
	if err != nil {
		return "", err
	}
	if len(b) > limit {
		return string(b[:limit]), fmt.Errorf("%w: %s is over %d bytes", ErrScriptTooLarge, path, limit)
	}
	return string(b), nil
}

// compiled reports whether a file's head holds a NUL byte in its first
// 512 bytes: a compiled program, which a shell refuses to run as a script.
func compiled(head string) bool {
	return strings.IndexByte(head[:min(len(head), 512)], 0) >= 0
}

// scriptOperand returns the file a command runs as a shell script and the
// arguments the script is given, when it runs one: the program itself
// when named with a slash (./build.sh; whether the file is a shell script
// is read from its first line), the file source and . read, and the
// operand of a shell given no -c or -s. shell says the file runs as a
// shell script whatever its first line.
func scriptOperand(name field, b string, args []field) (file field, params []field, shell, ok bool) {
	switch {
	case b == "source" || b == ".":
		if len(args) > 0 && args[0].val == "--" {
			args = args[1:]
		}
		if len(args) == 0 {
			return field{}, nil, false, false
		}
		return args[0], args[1:], true, true
	case shells[b]:
		// Every shell's script file is read: one in the language of fish,
		// csh or another shell as sh reads it, as their -c is; what blocks
		// there blocks, and a line sh cannot parse ends the reading
		// without asking (what would only ask in a file read from disk
		// does not ask: onDisk).
		for i := 0; i < len(args); i++ {
			v := args[i].val
			switch {
			case args[i].dyn:
				return field{}, nil, false, false // an option or the file, not known
			case v == "--":
				if i+1 < len(args) {
					return args[i+1], args[i+2:], true, true
				}
				return field{}, nil, false, false
			case v == "-" || v == "--rcfile" || v == "--init-file":
				if v == "-" {
					return field{}, nil, false, false // the script is standard input
				}
				i++ // the option's file
			case strings.HasPrefix(v, "--"):
			case len(v) > 1 && (v[0] == '-' || v[0] == '+'):
				if strings.ContainsAny(v[1:], "csn") {
					return field{}, nil, false, false // a command line, standard input, or nothing run (-n)
				}
				if strings.ContainsAny(v[1:], "oO") {
					i++ // -o NAME, -O NAME, +o NAME
				}
			default:
				return args[i], args[i+1:], true, true
			}
		}
		return field{}, nil, false, false
	case strings.ContainsRune(name.val, '/') && !name.dyn:
		return name, args, false, true
	}
	return field{}, nil, false, false
}

// runsScriptFile judges the script a command runs from a file that the
// command itself did not write (runsWritten judges those), read from disk
// (readOnDisk): it is judged as a script run with the arguments given, in
// a run of its own, and what blocks there blocks here (onDisk). A bare
// command name is looked for in the folders the command itself puts on
// PATH (PATH=bin:$PATH x, export PATH=...), each of them: which one holds
// a program of that name is not known before the command runs.
func (r *run) runsScriptFile(sc *scope, name field, b string, args []field, c ctx, cmd string) {
	file, params, shell, isScript := scriptOperand(name, b, args)
	if c.findTree {
		// find -exec {} \;, find ... -exec sh {} \;, find ... | xargs
		// bash: each file found under a start point runs, and which files
		// those are, and what they hold, is not known before it runs.
		f, ok := file, isScript
		if !ok && isInterpreter(b) {
			if i := slices.IndexFunc(args, func(a field) bool { return !strings.HasPrefix(a.val, "-") && !strings.HasPrefix(a.val, "//") }); i >= 0 {
				f, ok = args[i], true // python3 {}, cscript //nologo {}: the program is the file found
			}
		}
		switch {
		case ok && f.contents && !f.dyn:
			r.finding(rulePipeToShell, Dynamic, Ask, bound(b+" runs the files found under "+f.val+", whose text is not read before it runs"), cmd, "")
			return
		case !ok && name.contents && !name.dyn:
			r.finding(rulePipeToShell, Dynamic, Ask, bound("the files found under "+name.val+" run as programs, whose text is not read before they run"), cmd, "")
			return
		}
	}
	if r.a.windows && r.windowsScript(sc, name, b, args, c, cmd) {
		return
	}
	if shells[b] {
		// bash --rcfile FILE -i, --init-file FILE: an interactive shell
		// runs FILE first (read whether or not -i is given, the stricter
		// reading).
		for i := 0; i+1 < len(args) && args[i].val != "--"; i++ {
			if v := args[i].val; v == "--rcfile" || v == "--init-file" {
				r.scriptAt(sc, args[i+1], nil, true, b, c, cmd)
				r.noteAbsent(args[i+1])
			}
		}
	}
	if isScript {
		r.scriptAt(sc, file, params, shell, b, c, cmd)
		r.noteAbsent(file)
		return
	}
	if name.dyn || name.val == "" || strings.ContainsRune(name.val, '/') || bashBuiltins[name.val] {
		return // (bash runs its builtins without looking on PATH)
	}
	for _, d := range r.fileLists().pathDirs {
		r.scriptAt(sc, field{val: strings.TrimSuffix(d, "/") + "/" + name.val}, args, false, b, c, cmd)
	}
}

// windowsScript judges, on Windows, a script file that cmd.exe or
// PowerShell runs by its name: a name with a folder (.\x.ps1, tools\x.bat,
// C:/x.cmd), one after cmd's call, and a bare name, which cmd.exe
// looks for in the working folder before PATH (x.bat; x, as x.bat or
// x.cmd). A .bat or .cmd file is read as cmd.exe reads its lines
// (cmdScript), a .ps1 file as PowerShell's program (programOnDisk); what
// blocks there blocks, through readOnDisk as any script. It reports
// whether name was such a file's (then nothing else reads it).
func (r *run) windowsScript(sc *scope, name field, b string, args []field, c ctx, cmd string) bool {
	if asciiLower(b) == "call" && len(args) > 0 {
		name = args[0] // call x.bat: cmd's own way of running a batch file
	}
	if name.dyn || name.val == "" {
		return false
	}
	v := r.a.slash(name.val)
	ext := asciiLower(path.Ext(v))
	var files []string
	switch {
	case ext != ".bat" && ext != ".cmd" && ext != ".ps1" && strings.ContainsRune(v, '/'):
		return false
	case strings.ContainsRune(v, '/'):
		files = []string{v}
	case ext == ".bat" || ext == ".cmd":
		files = []string{"./" + v}
	case ext == "" && !bashBuiltins[v]:
		files = []string{"./" + v + ".bat", "./" + v + ".cmd"}
	default:
		return false
	}
	for _, f := range files {
		switch asciiLower(path.Ext(f)) {
		case ".ps1":
			r.programOnDisk(sc, "pwsh", field{val: f}, c, cmd)
		default:
			if text, p, ok := r.readOnDisk(field{val: f}, b, cmd, true); ok {
				r.onDisk(p, func() { r.cmdScript(sc, []field{{val: text}}, c) })
			}
		}
	}
	return ext != ""
}

// bashBuiltins are the names bash runs as builtins, never looking for a
// program of that name on PATH.
var bashBuiltins = setOf(":", ".", "[", "alias", "bg", "bind", "break", "builtin", "caller", "cd", "command", "compgen",
	"complete", "compopt", "continue", "declare", "dirs", "disown", "echo", "enable", "eval", "exec", "exit", "export",
	"false", "fc", "fg", "getopts", "hash", "help", "history", "jobs", "kill", "let", "local", "logout", "mapfile",
	"popd", "printf", "pushd", "pwd", "read", "readarray", "readonly", "return", "set", "shift", "shopt", "source",
	"suspend", "test", "times", "trap", "true", "type", "typeset", "ulimit", "umask", "unalias", "unset", "wait")

// scriptAt judges the file f that b runs as a script with params, read
// from disk (readOnDisk). shell says a shell reads it whatever its first
// line; a file run as a program is a shell script unless its #! line
// names another program, and judged as that interpreter's program when it
// names one (#!/usr/bin/env python3: see programText).
func (r *run) scriptAt(sc *scope, f field, params []field, shell bool, b string, c ctx, cmd string) {
	text, p, ok := r.readOnDisk(f, b, cmd, true)
	if !ok {
		return
	}
	if first, _, _ := strings.Cut(text, "\n"); !shell && strings.HasPrefix(first, "#!") && !shebangShell(first) {
		if prog := shebangProgram(first); isInterpreter(prog) {
			r.programFromDisk(p, prog, func() { r.programText(sc, prog, text, c, cmd) })
		}
		return
	}
	vars := r.positional(sc, c, append([]field{f}, params...))
	var findings []Finding
	complex := false
	r.onDisk(p, func() {
		findings, complex = r.trialFindings(r.roots, r.cwd, func(sub *run) {
			sub.script(text, vars, sc.depth+c.depth+1)
		})
	})
	if complex {
		r.finding(ruleTooComplex, Dynamic, Ask, b+" runs the script "+p+", which is beyond the analyser's bounds", cmd, p)
	}
	for _, fd := range findings {
		r.add(fd) // those onDisk kept
	}
}

// shebangProgram returns the name of the program a #! line runs: the
// first word's last element, or after env the first word that is neither
// an option nor an assignment (#!/usr/bin/env -S python3 -u).
func shebangProgram(line string) string {
	fs := strings.Fields(strings.TrimPrefix(line, "#!"))
	if len(fs) == 0 {
		return ""
	}
	prog := base(fs[0])
	if prog != "env" {
		return prog
	}
	for _, w := range fs[1:] {
		if !strings.HasPrefix(w, "-") && !strings.ContainsRune(w, '=') {
			return base(w)
		}
	}
	return ""
}

// notePath records the folders a value the command gives PATH lists, in
// order, that may hold a script the analyser reads: a bare command name is
// looked for in them (runsScriptFile). A relative folder is looked in
// from wherever the name runs; an absolute one only when it lies, as
// written, in a root or a temporary folder (readOnDisk reads nothing
// elsewhere), so that setting PATH costs no look-up of its own. An
// empty entry is the working folder, as the shell reads it; where the
// value extends the one PATH had (PATH=bin:$PATH, which selfExtended
// reads as "bin:") the two cannot be told apart, and the working folder
// is looked in too, the stricter reading. In a value with other parts not
// known, an empty entry stands for one of those.
func (r *run) notePath(f field) {
	for _, d := range strings.Split(f.val, ":") {
		switch {
		case d == "" && f.dyn:
			continue
		case d == "":
			d = "."
		case r.a.isAbs(r.a.slash(d)):
			// Compared as written: a folder elsewhere that links into a
			// root was made by no command judged here without asking.
			if p := r.a.clean(r.a.slash(d)); !r.inScriptPlace(p) {
				continue
			}
		}
		dirs := &r.fileState().pathDirs
		if slices.Contains(*dirs, d) {
			continue
		}
		if len(*dirs) >= maxPathDirs {
			r.tooComplex(fmt.Sprintf("PATH is given more than %d folders in which the analyser would look for programs", maxPathDirs))
			return
		}
		*dirs = append(*dirs, d)
	}
}

// withBinDirs adds dirs, folders a program puts on PATH for the commands
// it runs (Entry.binDirs), to those a bare name is looked for in, and
// returns the function that takes them away again once the program is
// judged.
func (r *run) withBinDirs(dirs []string) (restore func()) {
	files := r.fileState()
	n := len(files.pathDirs)
	for _, d := range dirs {
		r.notePath(field{val: d})
	}
	return func() { files.pathDirs = files.pathDirs[:n] }
}

// maxPathDirs bounds the folders notePath keeps; past it the command
// asks.
const maxPathDirs = 32

// filesOnDisk gives read the text of the first of names, files in the
// working folder that b reads commands from (a makefile, package.json, a
// file of commands), found on disk (readOnDisk): what blocks in it blocks
// (onDisk). A nil read reads nothing.
func (r *run) filesOnDisk(names []string, b, cmd string, read func(text string)) {
	if read == nil {
		return
	}
	r.filesOnDiskAt(names, b, cmd, func(text, _ string) { read(text) })
}

// filesOnDiskAt is filesOnDisk for a reader that also needs the file's
// canonical path (to read the files it includes beside it).
func (r *run) filesOnDiskAt(names []string, b, cmd string, read func(text, p string)) {
	r.filesIn(names, b, cmd, read, false)
}

// filesOrAbsent is filesOnDisk for a runner's own file, which it needs to
// run at all (a makefile, package.json, a justfile): when none of names is
// there, the runner reads whichever another call writes first, and each
// is noted absent (noteAbsent), and so is each name before the one found,
// in the runner's order: a file another call writes there is read in its
// stead (docs/security-model.md, Batches).
func (r *run) filesOrAbsent(names []string, b, cmd string, read func(text, p string)) {
	r.filesIn(names, b, cmd, read, true)
}

// filesIn reads the first of names that is there (filesOnDiskAt), and
// notes absent each name before it, or each name when none is there and
// absent says so (filesOrAbsent).
func (r *run) filesIn(names []string, b, cmd string, read func(text, p string), absent bool) {
	found := -1
	for i, name := range names {
		if text, p, ok := r.readOnDisk(field{val: name}, b, cmd, false); ok {
			r.onDisk(p, func() { read(text, p) })
			found = i
			break
		}
	}
	switch {
	case found >= 0:
		// The names before the one found, in the program's order, are
		// absent: one another call writes is read in its stead (a
		// GNUmakefile beside a Makefile, a Taskfile.yml beside a
		// Taskfile.yaml).
		for _, name := range names[:found] {
			r.noteAbsent(field{val: name})
		}
	case absent:
		for _, name := range names {
			r.noteAbsent(field{val: name})
		}
	}
}

// noteAbsent records that the file f names, which the command runs by its
// name or its runner reads, is not there: Result.Scripts lists it as
// Absent, so that a host binds an approval to its absence and a list of
// calls in which an earlier one may write it is decided again after that
// call (see docs/security-model.md, Batches). It follows the read
// readOnDisk just tried: only a file it looked for (in a root or a
// temporary folder; not one the command made or downloaded, nor a
// pattern's matches) and found not there is one. For a copy the command
// makes, that is its source, and then the file itself, read in its stead
// (cp /tmp/x build.sh; bash build.sh: another call may write either).
func (r *run) noteAbsent(f field) {
	if f.dyn || f.val == "" || f.glob && patternChars(f.val) {
		return
	}
	if src, copied := r.copiedFrom(f); copied {
		if !r.calls.missing(src) {
			return // (the copy's text was read, or not looked for)
		}
		r.calls.noteAbsent(src) // cp /tmp/x build.sh && bash build.sh
	}
	res := r.resolve(f) // (readOnDisk's answer, from the call's cache)
	if len(res.paths) == 0 {
		return
	}
	if p := res.paths[len(res.paths)-1]; r.calls.missing(p) {
		r.calls.noteAbsent(p)
	}
}

// missing reports whether the call's read of the file at p found it not
// there.
func (c *callCache) missing(p string) bool {
	a, read := c.scripts[p]
	return read && notThere(a.err)
}

// noteAbsent lists the file at p in Result.Scripts as Absent.
func (c *callCache) noteAbsent(p string) {
	if c.absent == nil {
		c.absent = map[string]bool{}
	}
	c.absent[p] = true
}

// besideFile returns the path f names relative to the folder dir of the
// file that names it (an include, an import, a requirements file's -r);
// an absolute f as it is.
func (r *run) besideFile(dir, f string) string {
	if r.a.isAbs(r.a.slash(f)) {
		return f
	}
	return path.Join(dir, f)
}

// readOnDisk returns the text of the file f names, which b runs or reads
// commands from, and its canonical path, when the command did not make
// it (wrote it, copied it from a file it wrote, downloaded it, extracted
// it: runsMade judges those), it lies in a root or a temporary folder,
// and its text is not being judged already (a script that runs itself);
// a copy the command makes of a file on disk is read from the source, and
// when the source is not there, the copy fails and the file is read as
// it is.
// The file is read through Config.ReadScript, once per call; one larger
// than Config.MaxBytes, or past maxScriptFiles files, asks, unless
// program says a shell or an interpreter runs the file and its head shows
// a compiled program, which neither reads as text (a make or npm file is
// read whatever its head). ok is false when there is nothing to judge; p
// is then set only when f names a folder.
func (r *run) readOnDisk(f field, b, cmd string, program bool) (text, p string, ok bool) {
	if r.env.Canonical == nil || f.dyn || f.val == "" {
		return "", "", false
	}
	if _, fetched := r.fetchedAtFile(f); fetched || r.madeHere(f) {
		return "", "", false
	}
	if f.glob && patternChars(f.val) {
		return r.patternOnDisk(f, b, cmd, program)
	}
	if src, copied := r.copiedFrom(f); copied {
		text, p, ok = r.readPath(src, b, cmd, program)
		if ok || !r.calls.missing(src) {
			return text, p, ok
		}
		// The copy fails: what runs is the file f names, as it is now
		// (cp /tmp/x build.sh; bash build.sh).
	}
	res := r.resolve(f)
	if res.unknown != nil || len(res.paths) == 0 {
		return "", "", false
	}
	return r.readPath(res.paths[len(res.paths)-1], b, cmd, program) // the canonical form, when it differs
}

// readPath is readOnDisk for the file at p, a canonical path.
func (r *run) readPath(p, b, cmd string, program bool) (text, _ string, ok bool) {
	if !r.inScriptPlace(p) || r.calls.running[p] {
		return "", "", false
	}
	if r.env.Missing != nil && r.env.Missing(p) {
		r.calls.answer(p, scriptAnswer{err: fs.ErrNotExist}) // (as a read would answer: noteAbsent)
		return "", "", false                                 // nothing to run, as notThere below, known without a read
	}
	text, err := r.calls.script(r.a.readScript, p, r.a.maxBytes)
	if program && (err == nil || errors.Is(err, ErrScriptTooLarge)) && compiled(text) {
		return "", "", false // not read by what runs it
	}
	switch {
	case errors.Is(err, ErrScriptTooLarge):
		r.finding(ruleTooComplex, Dynamic, Ask, b+" runs "+p+", which is larger than the "+fmt.Sprint(r.a.maxBytes)+" bytes the analyser reads", cmd, p)
		return "", "", false
	case errors.Is(err, errScriptFiles):
		r.finding(ruleTooComplex, Dynamic, Ask, b+" runs more files than the analyser reads for one command ("+fmt.Sprint(maxScriptFiles)+")", cmd, p)
		return "", "", false
	case errors.Is(err, syscall.EISDIR):
		return "", p, false // a folder: nothing to run as a file
	case notThere(err):
		return "", "", false // nothing to run: the program fails
	case err != nil:
		// A named pipe, a file the analyser cannot read: what runs is not
		// known before it runs.
		r.finding(rulePipeToShell, Dynamic, Ask, b+" runs "+p+", whose text cannot be read before it runs ("+bound(err.Error())+")", cmd, p)
		return "", "", false
	}
	return text, p, true
}

// patternOnDisk is readOnDisk for f, a pattern (bash *.sh, python3
// x?.py): the file run is the first the pattern matches when the command
// runs, and what it holds (a file another call wrote) is not read before
// it runs, so the command asks where such a file would be read (in a root
// or a temporary folder; outside them nothing is asked), and each file the
// pattern may match there is read to be bound (bindMatches). A pattern
// whose folder is not known (a relative one in an unknown working folder)
// asks too. A pattern with ".." after a pattern component (runme/*/../x.sh)
// is read through the folders it matches (collapsedPattern): the file it
// then names is returned to be judged as a file named plainly would be,
// and the command asks as well, since a link the component matches leads
// elsewhere.
func (r *run) patternOnDisk(f field, b, cmd string, program bool) (text, p string, ok bool) {
	if c, collapsed := r.collapsedPattern(f); collapsed {
		r.finding(rulePipeToShell, Dynamic, Ask, bound(b+" runs a file the pattern "+f.val+" names after the folders it matches, any of which may be a link that leads elsewhere"), cmd, "")
		return r.readOnDisk(field{val: c, glob: patternChars(c)}, b, cmd, program)
	}
	res := r.resolve(f)
	if len(res.paths) == 0 {
		r.finding(rulePipeToShell, Dynamic, Ask, bound(b+" runs a file the pattern "+f.val+" matches in a folder that is not known before it runs"), cmd, "")
		return "", "", false
	}
	for _, p := range res.paths { // the folder the pattern starts in
		if r.inScriptPlace(p) {
			// Each file it matches now is bound (Result.Scripts): an
			// approval does not reach another, so unless a bound left
			// some unbound, the finding is not one of what is learnt
			// only at run time.
			all := r.bindMatches(f, res.paths[len(res.paths)-1], b, cmd, program)
			r.calls.patternBound = all
			r.add(Finding{Rule: rulePipeToShell, Kind: Dynamic, Severity: Ask, Command: cmd, Path: p, RunTime: !all,
				Detail: bound(b + " runs a file the pattern " + f.val + " matches in " + p + ", whose text cannot be read before it runs")})
			break
		}
	}
	return "", "", false
}

// Bounds of bindMatches: the folders one call lists for patterns, and the
// names one of them may hold.
const (
	maxPatternDirs    = 16
	maxPatternEntries = 4096
)

// bindMatches reads, through readOnDisk, each file below dir that f, a
// pattern starting in the canonical folder dir, may match, listed through
// Config.ReadDir (each folder once per call): Result.Scripts then holds
// what the pattern matches now,
// and an approval of the command binds it, so that a file another call
// adds or changes later is not approved with it. What is read is only
// bound, not judged (the command asks already): the matching is wider
// than bash's (bashGlobMatch with names in any case; a wildcard matches a
// name that starts with a dot), which can only bind more. Past maxPatternDirs listings, maxPatternEntries names in a folder
// or maxScriptFiles files, the command asks as too complex, and what lies
// past the bound is not bound: it reports whether every match was.
func (r *run) bindMatches(f field, dir, b, cmd string, program bool) bool {
	comps := strings.Split(strings.TrimRight(r.a.slash(f.val), "/"), "/")
	first, dotDot := patternComps(comps)
	if first < 0 || dotDot {
		return false
	}
	var walk func(dir string, rest []string) bool
	walk = func(dir string, rest []string) bool {
		if len(rest) == 0 {
			r.readOnDisk(field{val: dir}, b, cmd, program)
			return true
		}
		next := strings.TrimSuffix(dir, "/") + "/"
		if c := rest[0]; !patternChars(c) {
			return walk(next+c, rest[1:])
		}
		names, ok := r.listed(dir)
		if !ok {
			return false
		}
		if len(names) > maxPatternEntries {
			r.tooComplex(fmt.Sprintf("the pattern %s matches in a folder of more than %d names", bound(f.val), maxPatternEntries))
			return false
		}
		for _, name := range names {
			if bashGlobMatch(rest[0], name, true) && !walk(next+name, rest[1:]) {
				return false
			}
		}
		return true
	}
	return walk(dir, comps[first:]) && r.calls.scriptFiles < maxScriptFiles
}

// listed returns the names in the folder dir, sorted, listed through
// Config.ReadDir once per call (none when it cannot be listed); past
// maxPatternDirs folders it asks as too complex and reports false.
func (r *run) listed(dir string) ([]string, bool) {
	names, ok := r.calls.listings[dir]
	if ok {
		return names, true
	}
	if len(r.calls.listings) >= maxPatternDirs {
		r.tooComplex(fmt.Sprintf("the command's patterns list more than %d folders to bind what they match", maxPatternDirs))
		return nil, false
	}
	names, err := r.a.readDir(dir)
	if err != nil {
		names = nil // nothing there to match
	}
	slices.Sort(names)
	if r.calls.listings == nil {
		r.calls.listings = map[string][]string{}
	}
	r.calls.listings[dir] = names // each folder is listed once per call
	return names, true
}

// ReadDirNames is Config.ReadDir's default: the names in the folder dir,
// at most maxPatternEntries+1 of them (past the bound the caller asks).
func ReadDirNames(dir string) ([]string, error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	names, err := f.Readdirnames(maxPatternEntries + 1)
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, err
	}
	return names, nil
}

// ExistsOnDisk is the default Config.Exists: whether lstat finds path.
// Only the entry's absence (no such entry, or a path through a file)
// reports false.
func ExistsOnDisk(path string) bool { return lstatThere(path) }

// exists is Config.Exists of p, asked once per call (a call asks about a
// few paths: the list is searched in order).
func (r *run) exists(p string) bool {
	c := r.calls
	for _, e := range c.exists {
		if e.path == p {
			return e.there
		}
	}
	v := r.a.exists(p)
	c.exists = append(c.exists, existsAnswer{p, v})
	return v
}

// existsAnswer is one answer of Config.Exists.
type existsAnswer struct {
	path  string
	there bool
}

// onDisk runs judge on the text of the file at p, read from disk
// (readOnDisk): the findings made meanwhile are kept only when they block,
// or when a bound was passed (too-complex, which asks: what lies past it
// is not judged), each saying that it is in p; while it runs, p is not
// read again (a script that runs itself, a makefile whose recipe runs
// make).
func (r *run) onDisk(p string, judge func()) {
	r.readFrom(p, "in "+p+", which it runs: ", false, judge)
}

// programFromDisk is onDisk for another language's program (see
// programOnDisk): its text is read as inline code is, by the commands,
// deletions and paths it names, which a program may hold as data (a
// lexer's keywords, a comment, a default path), so what would block in it
// asks, and so does everything judged inside it (a shell script it names).
func (r *run) programFromDisk(p, b string, judge func()) {
	r.readFrom(p, "in "+p+", which "+b+" runs, read by its text: ", true, judge)
}

// readFrom runs judge with the findings kept as onDisk says, each with
// prefix before its detail, after those of the files being read around
// it; ask makes them ask, for judge and all it judges.
func (r *run) readFrom(p, prefix string, ask bool, judge func()) {
	calls := r.calls
	if calls.running == nil {
		calls.running = map[string]bool{}
	}
	outer, outerAsk := calls.onDisk, calls.onDiskAsk
	calls.running[p], calls.onDisk, calls.onDiskAsk = true, outer+prefix, outerAsk || ask
	judge()
	delete(calls.running, p)
	calls.onDisk, calls.onDiskAsk = outer, outerAsk
}

// errScriptFiles is script's answer past maxScriptFiles.
var errScriptFiles = errors.New("hardline: more script files than are read for one command")

// script returns the text of the script file at p, read once per call
// through read. Past maxScriptFiles files that are there it returns
// errScriptFiles; the files looked for that are not (a PATH's folders
// tried for every name) are bounded by the paths a call resolves
// (maxCanonical), since each is resolved first.
func (c *callCache) script(read func(string, int) (string, error), p string, limit int) (string, error) {
	if a, ok := c.scripts[p]; ok {
		return a.text, a.err
	}
	if c.scriptFiles >= maxScriptFiles {
		return "", errScriptFiles
	}
	text, err := read(p, limit)
	if !notThere(err) {
		c.scriptFiles++
	}
	if err == nil && len(text) > limit {
		text, err = text[:limit], fmt.Errorf("%w: %s", ErrScriptTooLarge, p)
	}
	c.answer(p, scriptAnswer{text, err})
	return text, err
}

// answer records the answer for the script file at p.
func (c *callCache) answer(p string, a scriptAnswer) {
	if c.scripts == nil {
		c.scripts = map[string]scriptAnswer{}
	}
	c.scripts[p] = a
}

// notThere reports whether err from Config.ReadScript says there is no
// such file: none, or a path through a file (FILE/__main__.py).
func notThere(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)
}

// scriptAnswer is Env.ReadScript's answer for one file.
type scriptAnswer struct {
	text string
	err  error
}

// inScriptPlace reports whether p is or lies in a root or one of
// scriptTemp's folders: where another call may have put a file that a
// command runs, so that it is read (readOnDisk), looked in (notePath) or
// asked about.
func (r *run) inScriptPlace(p string) bool {
	return r.inAnyRoot(p) || inScriptTemp(p) || slices.Contains(scriptTemp, p)
}

// inScriptTemp reports whether p lies in one of scriptTemp's folders.
func inScriptTemp(p string) bool {
	for _, t := range scriptTemp {
		if prefixSlash(p, t) {
			return true
		}
	}
	return false
}

// openNoWait opens path for reading without waiting for a writer, should
// it be a named pipe.
func openNoWait(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|oNonblock, 0)
}

// runFiles is what a command does to files that few commands do: kept
// behind a pointer that is nil until one does, so that the per-call state
// each call clears stays small.
type runFiles struct {
	// fetched are the folders the command fills from the network (git
	// clone's destination), in comparison form: what is in them was not
	// there to read when the command was judged (see admin.go).
	fetched []string
	// filled are the folders, in comparison form, the command writes
	// files into whose names and contents are not read (an archive
	// extracted, a tree copied): see noteFilled.
	filled []string
	// copies maps the files the command copies from files it did not
	// write (their paths' keys) to the sources' canonical paths (see
	// noteCopied).
	copies map[string]string
	// pieces maps the prefixes (their paths' keys) under which split and
	// csplit write a file's pieces to that file's canonical path: a file
	// whose name starts so holds part of it (see notePieces).
	pieces map[string]string
	// pathDirs are the folders the values the command gives PATH list
	// (see notePath).
	pathDirs []string
}

// fileState returns the run's runFiles, made on first use.
func (r *run) fileState() *runFiles {
	if r.files == nil {
		r.files = &runFiles{}
	}
	return r.files
}

// fileLists returns the run's runFiles, empty when it has none, without
// making one.
func (r *run) fileLists() runFiles {
	if r.files == nil {
		return runFiles{}
	}
	return *r.files
}

// noteFilled records f as a folder the command writes files into whose
// names and contents it does not read (an archive extracted, a tree
// copied or built): a program run from it later in the command asks, as
// one run from a folder it downloads into does (see runsMade).
func (r *run) noteFilled(f field) {
	if !f.dyn {
		r.noteFolder(&r.fileState().filled, f)
	}
}

// filledAtFile returns the path f names when it lies in a folder the
// command fills (noteFilled).
func (r *run) filledAtFile(f field) (string, bool) {
	return r.inFolders(r.fileLists().filled, f)
}

// noteFolder appends the comparison forms of the folder f names to dirs.
func (r *run) noteFolder(dirs *[]string, f field) {
	for _, p := range r.resolve(f).paths {
		*dirs = append(*dirs, r.a.key(p))
	}
}

// inFolders returns the path f names when it lies in one of dirs, folders
// in comparison form (noteFolder).
func (r *run) inFolders(dirs []string, f field) (string, bool) {
	if len(dirs) == 0 || f.dyn {
		return "", false
	}
	for _, p := range r.resolve(f).paths {
		k := r.a.key(p)
		if slices.ContainsFunc(dirs, func(d string) bool { return r.a.within(k, d) }) {
			return p, true
		}
	}
	return "", false
}
