package hardline

import (
	"cmp"
	"fmt"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Role says what an argument, an option's value or an environment variable
// is to a program. The analyser judges each by its role: a command line is
// analysed as a command, a path written like a redirection, a path deleted
// like rm's operand, and so on.
type Role string

// The roles of arguments and option values.
const (
	// RoleData is text the program does not run or act on as a file (a
	// commit message, a search pattern). Data is exempt from the
	// argument-command net.
	RoleData Role = "data"
	// RoleCommand is a command line given as words: this argument and every
	// one after it (nohup CMD ARGS, xterm -e CMD ARGS).
	RoleCommand Role = "command"
	// RoleShellArgs are a shell's own arguments: this argument and every one
	// after it are read as bash's (capsh -- -c 'CMD').
	RoleShellArgs Role = "shellArgs"
	// RoleScript is one shell script in one word (tmux new 'CMD', git rebase
	// --exec 'CMD'); several script operands are joined with spaces.
	RoleScript Role = "script"
	// RoleFilter is one shell script in one word that the program runs
	// with data of its own on the script's standard input: a pager given
	// its output (man -P, PAGER, git's core.pager), a filter or
	// compressor given its data (tar --to-command, -I, sort
	// --compress-program). Judged as RoleScript is, but a shell or an
	// interpreter there that reads its program from its input runs that
	// data as code, which is not known before it runs (rule pipe-to-shell:
	// PAGER=sh git log runs the log's text).
	RoleFilter Role = "filter"
	// RoleRemoteCommand is a command line given as words, this argument
	// and every one after it, that runs on another host or in a container
	// (docker exec C CMD ARGS, kubectl exec POD -- CMD ARGS): judged as if
	// it ran here in a folder not known, a finding that would block it here
	// asks (rule remote-command).
	RoleRemoteCommand Role = "remoteCommand"
	// RoleRemoteScript is one shell script in one word that runs on another
	// host or in a container (gcloud compute ssh --command 'CMD'); several
	// operands are joined with spaces, as ssh joins them. Judged as
	// RoleRemoteCommand is.
	RoleRemoteScript Role = "remoteScript"
	// RoleProgram is inline code in another language that the analyser
	// does not read: it asks (rule inline-interpreter).
	RoleProgram Role = "program"
	// RoleEscape is text in a program's own command language in which a
	// shell escape (!CMD, \! CMD, shell CMD, system CMD, .shell CMD,
	// platform shell CMD, PROGRAM 'CMD') runs a shell command: the escape is
	// analysed as a script and asks; the rest is data.
	RoleEscape Role = "escape"
	// RoleWrite is a path the program writes (an output option, a
	// destination, an extraction folder): judged like a redirection.
	RoleWrite Role = "write"
	// RoleDelete is a path the program deletes, recursively when an option
	// with RoleRecursive is given.
	RoleDelete Role = "delete"
	// RoleDeleteTree is a path the program always deletes recursively
	// (rimraf).
	RoleDeleteTree Role = "deleteTree"
	// RoleRead is a path the program reads, recursively when an option with
	// RoleRecursive is given.
	RoleRead Role = "read"
	// RoleReadTree is a path the program always reads recursively (an
	// archiver, a file server's folder).
	RoleReadTree Role = "readTree"
	// RoleServe is a folder the program serves over the network (a file
	// server's root): read whole, as RoleReadTree is. An entry with a
	// RoleServe option or operand that is given none serves its working
	// folder (cd ~ && http-server serves the home folder).
	RoleServe Role = "serve"
	// RoleWorkDir is the folder the program works in (git -C, make -C, tar
	// -C): later relative paths of the same program resolve there. For an
	// entry with RoleExtract it is written too.
	RoleWorkDir Role = "workDir"
	// RoleWriteTree is a folder the program writes into (an extraction or
	// download folder): judged as a write of the folder, and blocked when a
	// protected file or a startup file lies inside it.
	RoleWriteTree Role = "writeTree"
	// RoleDevice is a device or file the program destroys (rule
	// wipe-device on a device, a write otherwise).
	RoleDevice Role = "device"
	// RoleCommandFile is a file of commands the program runs in its own
	// language (make -f, gdb -x, psql -f, tmux -f, ansible-playbook's
	// playbook). It is read as RoleRead reads; text the command supplies
	// itself (a process substitution, the standard input, a file it wrote)
	// is judged by the entry's reader of that language, its Stdin role for
	// a built-in entry without one, and asks for an entry with neither;
	// supplied text that is not known asks (rule pipe-to-shell). A file
	// already on disk, in a root or a temporary folder, is read and judged
	// by the same reader (see docs/security-model.md, "Scripts read from
	// files").
	RoleCommandFile Role = "commandFile"
	// RoleRecursive marks a flag that makes RoleDelete and RoleRead
	// recursive.
	RoleRecursive Role = "recursive"
	// RoleExtract marks a flag that makes the program write its working
	// folder (tar -x, cpio -i): RoleWorkDir values are judged as writes.
	RoleExtract Role = "extract"
	// RoleHarmless marks a flag under which the program changes nothing
	// (shutdown -k, wipefs without -a is a listing): Entry.Rule is not
	// raised when one is given.
	RoleHarmless Role = "harmless"
	// RoleTrigger marks a flag that raises Entry.Rule (wipefs -a); an entry
	// with trigger flags raises it only when one is given.
	RoleTrigger Role = "trigger"
)

var roleNames = []Role{RoleData, RoleCommand, RoleShellArgs, RoleScript, RoleFilter, RoleRemoteCommand, RoleRemoteScript, RoleProgram, RoleEscape,
	RoleWrite, RoleWriteTree, RoleDelete, RoleDeleteTree, RoleRead, RoleReadTree, RoleServe, RoleWorkDir, RoleDevice, RoleCommandFile,
	RoleRecursive, RoleExtract, RoleHarmless, RoleTrigger}

// fedInput is the standard input of a command a program runs with data
// of its own on it (RoleFilter), which detail names.
func fedInput(detail string) input {
	return input{kind: inUnknown, detail: detail}
}

// restOfLine reports whether a value with role r (of an operand with rest
// set, or of an option when rest is false) takes the rest of the line with
// it: a command given as words, a shell's arguments, or script operands
// joined.
func restOfLine(r Role, rest bool) bool {
	switch r {
	case RoleCommand, RoleShellArgs, RoleRemoteCommand:
		return true
	case RoleScript, RoleFilter, RoleRemoteScript:
		return rest
	}
	return false
}

// flagRoles are the roles of options that take no value.
func flagRole(r Role) bool {
	switch r {
	case RoleRecursive, RoleExtract, RoleHarmless, RoleTrigger:
		return true
	}
	return false
}

// Option is one option of a program.
type Option struct {
	// Names are the option's spellings: "-o", "--output", "-exec" (a
	// single-dash long option), "+" (vim's and less's +VALUE). A long
	// option's value may be written --name=VALUE.
	Names []string `json:"names"`
	// Takes is how many values follow the option (0, 1 or 2). A short
	// option's one value may be attached (-oFILE).
	Takes int `json:"takes,omitempty"`
	// Role is what the value is, or what the flag does. RoleCommand,
	// RoleRemoteCommand and RoleShellArgs on a flag (Takes 0) mean the rest
	// of the line (xterm -e CMD ARGS). Empty means a value that is data.
	Role Role `json:"role,omitempty"`
	// Key restricts the role to values of the form KEY=VALUE or "KEY VALUE"
	// whose key matches, ignoring case (ssh -o ProxyCommand=...); a key
	// ending in "*" matches any key with that prefix. The role applies to
	// VALUE.
	Key string `json:"key,omitempty"`
	// attachedOnly marks an option whose value, optional, is given only
	// attached (nsenter --wd=DIR or -wDIR): alone it is a flag, and the
	// next word is not its value. A RoleWorkDir option given alone moves
	// the program to a folder not known (nsenter -w: the target
	// process's).
	attachedOnly bool
}

// Operand gives a role to positional arguments.
type Operand struct {
	// Index is the operand's position among the operands, from 0; a
	// negative index counts from the end (-1 is the last) and applies only
	// when there are at least two operands.
	Index int `json:"index"`
	// Rest extends the role to every later operand.
	Rest bool `json:"rest,omitempty"`
	// Role is what the operand is.
	Role Role `json:"role"`
	// Unless names options that give this operand's value themselves
	// (grep -e PATTERN, -f FILE): when one is given, the operand is not on
	// the line, and every later operand moves up one place. Only for an
	// operand with a non-negative index and no Rest.
	Unless []string `json:"unless,omitempty"`
}

// EnvVar is an environment variable that makes a program run or load code.
type EnvVar struct {
	// Name is the variable's name; a name ending in "*" matches every
	// variable with that prefix (GIT_CONFIG_VALUE_*).
	Name string `json:"name"`
	// Role is RoleScript (the value is a shell command: analysed), RoleCommand
	// (the value is a program with arguments: analysed as a command line),
	// RoleProgram (the value names code the program loads or runs: asks
	// unless it is empty or /dev/null), RoleEscape with Markers (the value
	// holds options: asks when one of Markers appears in it), or RoleWrite
	// (the value names a file the program writes: judged as a write), or
	// RoleCommandFile for a configuration file whose commands the program
	// runs, for the variables the analyser has a reader of (KUBECONFIG:
	// exec credential plugins; AWS_CONFIG_FILE and
	// AWS_SHARED_CREDENTIALS_FILE: credential_process; COMPOSE_FILE: a
	// compose file's binds and commands), each file read as
	// a command file an option names is.
	Role Role `json:"role"`
	// Markers are the option spellings that load code (NODE_OPTIONS
	// "--require"), for RoleEscape.
	Markers []string `json:"markers,omitempty"`
}

// Entry is what the analyser knows of one program or family of programs.
// Built-in entries are listed by Catalog; a policy adds its own through
// Config.Commands. The walker applies an entry generically: it parses the
// options named in Options (GNU style: options may follow operands, "--"
// ends them, unless OptionsFirst), matches the first operand against
// Subcommands, gives operands their roles, and judges every value by its
// role. An argument that has no role, of a program that is not DataOnly, is
// tried as a command line by the argument-command net.
type Entry struct {
	// Names are the program names the entry applies to, as invoked, without
	// folder ("tmux", "python3"). For a sub-command, the sub-command's names.
	Names []string `json:"names"`
	// Family groups entries in the documentation ("multiplexers").
	Family string `json:"family,omitempty"`
	// Summary says in a few words what the entry covers.
	Summary string `json:"summary,omitempty"`
	// DataOnly says the program treats its arguments as text, never as a
	// command (echo, printf, grep): the argument-command net skips it.
	DataOnly bool `json:"dataOnly,omitempty"`
	// OptionsFirst says options end at the first operand (POSIX getopt with
	// '+', as wrappers parse). It is implied by an operand with RoleCommand
	// or RoleShellArgs.
	OptionsFirst bool `json:"optionsFirst,omitempty"`
	// LongSingleDash says options are whole words after one dash, as Go's
	// flag package reads them (-count=1, -o FILE, -coverprofile=FILE):
	// "-rf" is one unknown option, not -r and -f. Sub-commands inherit it.
	LongSingleDash bool `json:"longSingleDash,omitempty"`
	// Options are the options that take a value or change what the program
	// does.
	Options []Option `json:"options,omitempty"`
	// Operands give roles to positional arguments.
	Operands []Operand `json:"operands,omitempty"`
	// Stdin is the role of the program's standard input when its text is
	// known (a here-document): RoleEscape for line editors and database
	// shells, RoleScript for a shell.
	Stdin Role `json:"stdin,omitempty"`
	// Subcommands are matched against the first operand (git rebase, npm
	// exec, tmux new-window); the rest of the line is read by the matching
	// entry.
	Subcommands []Entry `json:"subcommands,omitempty"`
	// Env are environment variables that make the program run code.
	Env []EnvVar `json:"env,omitempty"`
	// WritesWorkDir says the program writes files into its working folder,
	// under names it chooses, unless one of WorkDirOptions is given (wget
	// without -O or -P, aria2c without -d): such a call is judged as a
	// write anywhere in the working folder (a download run in the home
	// folder may be saved as ~/.bashrc).
	WritesWorkDir bool `json:"writesWorkDir,omitempty"`
	// WorkDirOptions are the options that send WritesWorkDir's files
	// elsewhere, or nowhere (wget --spider); naming one of an option's
	// names covers all of them.
	WorkDirOptions []string `json:"workDirOptions,omitempty"`
	// RunsFiles are patterns, relative to the program's working folder,
	// of the files whose contents it runs (a task runner's recipe file, a
	// test runner's tests, a build's scripts: "Taskfile.yml", "**/*.go");
	// "**" matches any folders. A matching file the same command wrote
	// first was not there to read when the command was judged: the call
	// asks (runs-written-file).
	RunsFiles []string `json:"runsFiles,omitempty"`
	// ArgFiles says the program reads more arguments from a file named
	// by an @FILE argument (a response file: gcc @args, javac @opts):
	// where its text is known (a process substitution, a file the same
	// command wrote), the line is judged again with those arguments in
	// its place (gcc @<(echo '-o /home/u/.bashrc x.c') writes the startup
	// file). One on disk is out of reach, as any file's contents are.
	ArgFiles bool `json:"argFiles,omitempty"`
	// Rule is a rule raised whenever the program runs, unless a flag with
	// RoleHarmless is given or, when the entry has RoleTrigger flags, none
	// of them is (wipe-device for wipefs -a, shutdown, system-admin).
	// Author entries may only name ask rules.
	Rule string `json:"rule,omitempty"`

	// readsCommands reads the language of the entry's RoleCommandFile
	// files, given their text (a makefile's recipes); nil for the Stdin
	// role's reader (see commandFile).
	readsCommands func(r *run, sc *scope, b, text string, ops []field, c ctx, cmd string)
	// binDirs are folders, relative to the folder the program works in,
	// that it puts first on PATH for the commands it runs (npx and npm
	// scripts: node_modules/.bin; uv run: .venv/bin): a bare command name
	// it runs is looked for there as on a PATH the command gives
	// (runsScriptFile), and a script found is read.
	binDirs []string
	// filesFromStart says that the entry's RoleCommandFile values name
	// files in the folder the program starts in, not in the one its
	// RoleWorkDir option moves it to (just -d DIR -f FILE).
	filesFromStart bool
	// special is code for a grammar that roles cannot say (find's
	// expressions, sed scripts, dd's operands); it runs after the roles.
	special handler
	// judgesPaths says that special, when it returns true, has resolved
	// every argument that may name a path (checkTargets) and judged the
	// rest as what they are (a mode, a signal name, a pattern, a command
	// it analysed): the operands without a role are then not resolved
	// again as possible paths. Without it they are, since a link among
	// them could reach a sensitive file.
	judgesPaths bool
	// shellDefault says that, given no command, the program starts a shell
	// (the user's, or one it names), which reads its commands from the
	// standard input: known text there is judged as a script (chroot /
	// <<< 'rm -rf ~', nix-shell <<< CMD), as one run elsewhere when the
	// entry's commands are (vagrant ssh <<< CMD).
	shellDefault bool
	// systemdDirs says that the entry's RoleWorkDir values are written as
	// systemd writes WorkingDirectory=: a leading - only lets the folder
	// be missing, and ~ is the home folder.
	systemdDirs bool
	// compiled is the entry prepared for lookups.
	compiled *compiledEntry
}

// handler is the code of an entry with a grammar of its own. It returns
// true when it has judged every argument (the net is then not applied).
type handler func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool

// compiledEntry is an Entry prepared for lookups.
type compiledEntry struct {
	e         *Entry
	opts      map[string][]*Option
	plus      *Option // "+VALUE"
	subs      map[string]*compiledEntry
	optsFirst bool
	triggers  bool
	// longSingle: -name=value and -name are whole options (LongSingleDash).
	longSingle bool
	// longs are the long option names, sorted, for abbreviations.
	longs []string
	// shifting are the options that an operand's Unless names.
	shifting map[*Option]bool
	// runs are RunsFiles compiled, as written and folded (the comparison
	// form where file names are case-insensitive, see Analyzer.key).
	runs, runsLower []runsPattern
	// elsewhere are the options WorkDirOptions names.
	elsewhere map[*Option]bool
	// pure: the entry only runs the command an operand gives (see
	// pureWrapper).
	pure bool
	// serves: an option or operand has RoleServe.
	serves bool
	// wraps: an operand is a command the program runs (RoleCommand).
	wraps bool
}

func compileEntry(e *Entry) *compiledEntry {
	return compileEntryIn(e, false)
}

// compileEntryIn compiles e, a sub-command of an entry whose options are
// long with a single dash when longSingle is set.
func compileEntryIn(e *Entry, longSingle bool) *compiledEntry {
	c := &compiledEntry{e: e, opts: map[string][]*Option{}, optsFirst: e.OptionsFirst, longSingle: longSingle || e.LongSingleDash, pure: pureWrapper(e),
		wraps: slices.ContainsFunc(e.Operands, func(o Operand) bool { return o.Role == RoleCommand })}
	for i := range e.Options {
		o := &e.Options[i]
		for _, n := range o.Names {
			if n == "+" {
				c.plus = o
				continue
			}
			c.opts[n] = append(c.opts[n], o)
		}
		if o.Role == RoleTrigger {
			c.triggers = true
		}
		c.serves = c.serves || o.Role == RoleServe
	}
	c.serves = c.serves || slices.ContainsFunc(e.Operands, func(o Operand) bool { return o.Role == RoleServe })
	for n := range c.opts {
		if strings.HasPrefix(n, "--") {
			c.longs = append(c.longs, n)
		}
	}
	slices.Sort(c.longs)
	if len(e.RunsFiles) > 0 {
		both := compileRunsBoth(e.RunsFiles)
		c.runs, c.runsLower = both[0], both[1]
	}
	for _, op := range e.Operands {
		if restOfLine(op.Role, op.Rest) {
			c.optsFirst = true
		}
		for _, n := range op.Unless {
			for _, o := range c.opts[n] {
				if c.shifting == nil {
					c.shifting = map[*Option]bool{}
				}
				c.shifting[o] = true
			}
		}
	}
	for _, n := range e.WorkDirOptions {
		for _, o := range c.opts[n] {
			if c.elsewhere == nil {
				c.elsewhere = map[*Option]bool{}
			}
			c.elsewhere[o] = true
		}
	}
	if len(e.Subcommands) > 0 {
		c.subs = map[string]*compiledEntry{}
		for i := range e.Subcommands {
			s := &e.Subcommands[i]
			cs := compileEntryIn(s, c.longSingle)
			for _, n := range s.Names {
				c.subs[n] = cs
			}
		}
	}
	e.compiled = c
	return c
}

// catalogFamilies are the built-in entries, by family; each family file
// registers its entries in init.
var catalogFamilies [][]Entry

func register(es []Entry) []Entry {
	catalogFamilies = append(catalogFamilies, es)
	return es
}

// builtinCatalog is the compiled built-in catalogue, by program name.
var builtinCatalog = sync.OnceValue(func() map[string]*compiledEntry {
	m := map[string]*compiledEntry{}
	for _, fam := range catalogFamilies {
		for i := range fam {
			c := compileEntry(&fam[i])
			for _, n := range fam[i].Names {
				if _, dup := m[n]; dup {
					panic("hardline: catalogue names " + n + " twice")
				}
				m[n] = c
			}
		}
	}
	return m
})

// Catalog returns the built-in program catalogue: one entry per program or
// family, grouped by family. The result is a copy.
func Catalog() []Entry {
	builtinCatalog()
	var out []Entry
	for _, fam := range catalogFamilies {
		for _, e := range fam {
			out = append(out, copyEntry(e))
		}
	}
	return out
}

func copyEntry(e Entry) Entry {
	e.special, e.compiled = nil, nil
	e.Names = slices.Clone(e.Names)
	e.Options = slices.Clone(e.Options)
	for i := range e.Options {
		e.Options[i].Names = slices.Clone(e.Options[i].Names)
	}
	e.Operands = slices.Clone(e.Operands)
	e.Env = slices.Clone(e.Env)
	subs := e.Subcommands
	e.Subcommands = nil
	for _, s := range subs {
		e.Subcommands = append(e.Subcommands, copyEntry(s))
	}
	return e
}

// lookupEntry returns the built-in entry for a program name and the
// policy's entries for it.
func (a *Analyzer) lookupEntry(b string) (*compiledEntry, []*compiledEntry) {
	return builtinCatalog()[b], a.extra[b]
}

// envRoles are the environment variables of every entry, built-in and the
// policy's, by name; prefixes end in "*".
func (a *Analyzer) envRole(name string) (EnvVar, bool) {
	if v, ok := builtinEnv()[name]; ok {
		return v, true
	}
	if p := "npm_config_"; len(name) > len(p) && strings.EqualFold(name[:len(p)], p) {
		// npm reads its variables in any case, with '-' or '_'.
		if v, ok := builtinEnv()[p+strings.ReplaceAll(asciiLower(name[len(p):]), "-", "_")]; ok {
			return v, true
		}
	}
	for p, v := range builtinEnvPrefixes() {
		if strings.HasPrefix(name, p) {
			return v, true
		}
	}
	if v, ok := a.extraEnv[name]; ok {
		return v, true
	}
	for p, v := range a.extraEnv {
		if pre, ok := strings.CutSuffix(p, "*"); ok && strings.HasPrefix(name, pre) {
			return v, true
		}
	}
	return EnvVar{}, false
}

var builtinEnv = sync.OnceValue(func() map[string]EnvVar {
	m := map[string]EnvVar{}
	var walk func(es []Entry)
	walk = func(es []Entry) {
		for _, e := range es {
			for _, v := range e.Env {
				if !strings.HasSuffix(v.Name, "*") {
					m[v.Name] = v
				}
			}
			walk(e.Subcommands)
		}
	}
	for _, fam := range catalogFamilies {
		walk(fam)
	}
	return m
})

var builtinEnvPrefixes = sync.OnceValue(func() map[string]EnvVar {
	m := map[string]EnvVar{}
	for _, fam := range catalogFamilies {
		for _, e := range fam {
			for _, v := range e.Env {
				if p, ok := strings.CutSuffix(v.Name, "*"); ok {
					m[p] = v
				}
			}
		}
	}
	return m
})

// parsedLine is a command line read through an entry.
type parsedLine struct {
	ops     []field
	values  []roleValue
	flags   roleSet
	shifted bool // an option named by an operand's Unless was given
	// elsewhere: an option named by WorkDirOptions was given.
	elsewhere bool
	rest      []field // the command after a RoleCommand/RoleShellArgs flag
	restRole  Role
	sub       *compiledEntry
	subName   string
	subArgs   []field
	// hidden is 1 + the index in the line of the first word an option
	// took as its value that names a program, in an entry that runs its
	// operands as a command: the command itself, were the option one
	// that takes no value, or takes it only attached (see hiddenCommand).
	hidden int
}

// roleSet is the roles of the flags given on a line: a few at most.
type roleSet []Role

func (s *roleSet) add(r Role) {
	if !s.has(r) {
		*s = append(*s, r)
	}
}

func (s roleSet) has(r Role) bool { return slices.Contains(s, r) }

type roleValue struct {
	role Role
	f    field
	rest []field // the rest of the line, for RoleCommand, RoleShellArgs and a joined RoleScript
}

// parseLine reads args through an entry. ops is an empty slice with room
// for the operands (a line has at most len(args)).
func parseLine(ce *compiledEntry, args, ops []field) parsedLine {
	p := parsedLine{ops: ops}
	addValue := func(os []*Option, f field) {
		for _, o := range os {
			if flagRole(o.Role) {
				p.flags.add(o.Role)
				continue
			}
			g := f
			if o.Key != "" {
				k, v, ok := strings.Cut(g.val, "=")
				if !ok {
					k, v, ok = strings.Cut(g.val, " ")
				}
				if !ok || !keyMatches(o.Key, strings.TrimSpace(k)) {
					continue
				}
				g.val = v
			}
			if o.Role != "" && o.Role != RoleData {
				p.values = append(p.values, roleValue{role: o.Role, f: g})
			}
		}
	}
	// option applies an option that takes no value, or its values; it
	// reports whether the rest of the line is a command.
	option := func(os []*Option, i int, attached *field) (int, bool) {
		o := os[0]
		p.shifted = p.shifted || ce.shifting[o]
		p.elsewhere = p.elsewhere || ce.elsewhere[o]
		switch {
		case o.Takes == 0 && restOfLine(o.Role, false):
			p.rest, p.restRole = args[i+1:], o.Role
			return i, true
		case o.Takes == 0 || o.attachedOnly && attached == nil:
			for _, o := range os {
				if o.Role != "" {
					p.flags.add(o.Role)
				}
			}
		case attached != nil:
			addValue(os, *attached)
		default:
			for k := 0; k < o.Takes && i+1 < len(args); k++ {
				i++
				addValue(os, args[i])
				if ce.wraps && p.hidden == 0 {
					p.hidden = hiddenAfter(args, i-1, true) + 1
				}
			}
		}
		return i, false
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.val
		if name, f, ok := procSubstOption(a); ok {
			// A process substitution is an option's value when the word
			// starts with one that takes it.
			if os, ok := ce.option(name); ok && os[0].Takes > 0 {
				option(os, i, &f)
				continue
			}
		}
		if a.dyn || len(v) < 2 || (v[0] != '-' && v[0] != '+') {
			if len(p.ops) == 0 && ce.subs != nil && !a.dyn {
				if s, ok := ce.subs[v]; ok {
					p.sub, p.subName, p.subArgs = s, v, args[i+1:]
					return p
				}
			}
			p.ops = append(p.ops, a)
			if ce.optsFirst {
				p.ops = append(p.ops, args[i+1:]...)
				return p
			}
			continue
		}
		if v[0] == '+' {
			if ce.plus != nil {
				f := a
				f.val = v[1:]
				addValue([]*Option{ce.plus}, f)
			} else {
				p.ops = append(p.ops, a)
			}
			continue
		}
		if ce.longSingle && strings.HasPrefix(v, "--") && len(v) > 2 {
			v = v[1:] // Go's flag package reads --name as -name
		}
		if os, ok := ce.option(v); ok {
			var done bool
			if i, done = option(os, i, nil); done {
				return p
			}
			continue
		}
		if a.val == "--" {
			p.ops = append(p.ops, args[i+1:]...)
			return p
		}
		// --name=value; -name=value where options are long with one dash,
		// or where the entry knows -name as a whole option (go's
		// -coverprofile=FILE read as -c -o verprofile=FILE would miss the
		// file written).
		if name, value, ok := strings.Cut(v, "="); ok && (strings.HasPrefix(v, "--") || ce.longSingle || len(name) > 2 && ce.opts[name] != nil) {
			if os, ok := ce.option(name); ok && os[0].Takes > 0 {
				f := a
				f.val = value
				option(os, i, &f)
			}
			continue
		}
		if strings.HasPrefix(v, "--") || ce.longSingle {
			// An unknown long option, taken as a flag. Were it one that
			// takes the next word, the word after would start a wrapper's
			// command (see hiddenCommand).
			if ce.wraps && p.hidden == 0 && !strings.Contains(v, "=") {
				p.hidden = hiddenAfter(args, i, false) + 1
			}
			continue
		}
		// A group of short options: -rf, -oFILE, -C dir.
		for j := 1; j < len(v); j++ {
			os, ok := ce.opts["-"+v[j:j+1]]
			if !ok {
				continue
			}
			if os[0].Takes == 0 {
				var done bool
				if i, done = option(os, i, nil); done {
					return p
				}
				continue
			}
			if j+1 < len(v) {
				f := a
				f.val = v[j+1:]
				option(os, i, &f)
			} else {
				i, _ = option(os, i, nil)
			}
			break
		}
	}
	return p
}

// option returns the options spelled name. A long option may be
// abbreviated, as GNU getopt_long and git's parser allow, to any prefix
// that starts one long option of the entry (rm --r is rm --recursive, tar
// --use-compress-prog, git rebase --ex). A prefix that starts several is
// refused by those parsers, but the entry may not know every option of
// every program it names, so it is read as all of them, the stricter
// reading (see docs/security-model.md, Hardline): their roles all apply,
// except a harmless one (--he of --help and --header does not make the
// line harmless). A prefix of options that take different numbers of
// values is none of them: where its value ends is not known.
func (ce *compiledEntry) option(name string) ([]*Option, bool) {
	if os, ok := ce.opts[name]; ok {
		return os, true
	}
	if ce.longSingle || len(name) < len("--a") || !strings.HasPrefix(name, "--") {
		return nil, false
	}
	var found []*Option
	i, _ := slices.BinarySearch(ce.longs, name)
	for ; i < len(ce.longs) && strings.HasPrefix(ce.longs[i], name); i++ {
		for _, o := range ce.opts[ce.longs[i]] {
			if slices.Contains(found, o) {
				continue // another spelling of an option found
			}
			if len(found) > 0 && o.Takes != found[0].Takes {
				return nil, false
			}
			found = append(found, o)
		}
	}
	if len(found) > 1 {
		found = slices.DeleteFunc(found, func(o *Option) bool { return o.Role == RoleHarmless })
		// One that makes the rest of the line a command decides how
		// the line is read: it comes first.
		if j := slices.IndexFunc(found, func(o *Option) bool { return o.Takes == 0 && restOfLine(o.Role, false) }); j > 0 {
			found[0], found[j] = found[j], found[0]
		}
	}
	return found, len(found) > 0
}

func keyMatches(pat, k string) bool {
	if len(pat) > 2 && pat[0] == '*' && pat[len(pat)-1] == '*' {
		return strings.Contains(asciiLower(k), asciiLower(pat[1:len(pat)-1]))
	}
	if p, ok := strings.CutSuffix(pat, "*"); ok {
		return len(k) >= len(p) && strings.EqualFold(k[:len(p)], p)
	}
	return strings.EqualFold(pat, k)
}

// operandRoles gives the operands their roles and reports which had one.
// out is an empty slice the caller lends (a line rarely gives more than a
// few operands a role).
func operandRoles(e *Entry, ops []field, out []roleValue, shifted bool) ([]roleValue, []bool) {
	claimed := make([]bool, len(ops))
	operands := e.Operands
	if shifted {
		var buf [8]Operand
		operands = shiftOperands(buf[:0], operands)
	}
	for _, o := range operands {
		if o.Index < 0 && len(ops) >= 2 && -o.Index <= len(ops) {
			i := len(ops) + o.Index
			claimed[i] = true
			out = append(out, roleValue{role: o.Role, f: ops[i]})
		}
	}
	for _, o := range operands {
		if o.Index < 0 {
			continue
		}
		for i := o.Index; i < len(ops); i++ {
			if claimed[i] {
				if o.Rest {
					continue
				}
				break
			}
			if restOfLine(o.Role, o.Rest) {
				rest := ops[i:]
				for j := i; j < len(ops); j++ {
					claimed[j] = true
				}
				out = append(out, roleValue{role: o.Role, f: ops[i], rest: rest})
				break
			}
			claimed[i] = true
			out = append(out, roleValue{role: o.Role, f: ops[i]})
			if !o.Rest {
				break
			}
		}
	}
	return out, claimed
}

// shiftOperands appends to out the operands as they stand when the options
// an operand's Unless names were given: those operands are gone, and the
// later ones have moved up one place for each.
func shiftOperands(out []Operand, operands []Operand) []Operand {
	for _, o := range operands {
		if len(o.Unless) > 0 {
			continue
		}
		if o.Index >= 0 {
			gone := 0
			for _, u := range operands {
				if len(u.Unless) > 0 && u.Index < o.Index {
					gone++
				}
			}
			o.Index -= gone
		}
		out = append(out, o)
	}
	return out
}

// maxEntryNesting bounds the catalogue entries applied one inside another
// (see run.entries).
const maxEntryNesting = 64

// applyEntry judges a command line by a catalogue entry: the values and
// operands by their roles, the entry's own code, then the net over the
// operands that have no role.
func (r *run) applyEntry(sc *scope, ce *compiledEntry, b string, args []field, c ctx, cmd string) {
	if r.entries >= maxEntryNesting {
		r.tooComplex("programs run one another, or read files that name each other, deeper than the bound")
		return
	}
	r.entries++
	defer func() { r.entries-- }()
	p := parseLine(ce, args, r.calls.fields(len(args)))
	e := ce.e
	saved, savedStart := r.cwd, r.startCwd
	r.startCwd = saved
	defer func() { r.startCwd = savedStart }()
	before := len(r.written) // the files written before the program starts
	if len(e.binDirs) > 0 {
		defer r.withBinDirs(e.binDirs)()
	}
	roled, moved := r.applyRoles(sc, ce, p, b, c, cmd)
	if moved {
		defer func() { r.cwd = saved }()
	}
	if p.hidden > 0 && !p.elsewhere {
		r.next(sc, args[p.hidden-1:], c) // see hiddenCommand
	}
	if len(e.RunsFiles) > 0 && before > 0 {
		runs := ce.runs
		if r.a.fold {
			runs = ce.runsLower
		}
		r.runsFiles(runs, b, cmd, before, nil)
	}
	if len(e.RunsFiles) > 0 && r.cwd != "" && r.fetchedAt(r.cwd) {
		// A runner in a folder this command fetched (git clone URL && cd
		// repo && make) runs what it downloaded.
		r.finding(ruleRunsWritten, Dynamic, Ask, b+" runs files in "+r.cwd+", which this command downloads first", cmd, r.cwd)
	}
	if e.WritesWorkDir && !p.elsewhere && r.cwd != "" {
		// In a folder not known, as any write there, it is not judged.
		switch e.Family {
		case "network":
			// A download's names are known (noteDownloads): the folder
			// is not filled with files of names not read.
			r.judgeTreeWrite(sc, field{val: "."}, cmd)
			r.noteDownloads(p.ops)
		case "git":
			// A version control tool's work tree holds the repository's
			// own files (see gitMore); the sub-commands that write it say
			// so with their Family.
			r.judgeTreeWrite(sc, field{val: "."}, cmd)
		default:
			r.judgeWriteTree(sc, field{val: "."}, cmd)
		}
	}
	handled := false
	if e.special != nil {
		handled = e.special(r, sc, b, args, c, cmd)
	}
	// The files a task runner reads its tasks from by itself (see
	// runners).
	r.readRunnerFiles(sc, b, args, c, cmd)
	if e.shellDefault && c.in.kind != inNone && !commandGiven(e, p) {
		if runsElsewhere(e) {
			r.remoteStdin(sc, b, c, cmd) // vagrant ssh, gcloud compute ssh
		} else {
			c2 := c
			c2.depth++
			r.stdinScript(sc, c2, cmd, b)
		}
	}
	if p.sub != nil && !handled {
		r.applyEntry(sc, p.sub, r.calls.join(b, " ", p.subName), p.subArgs, c, cmd)
		return
	}
	if e.DataOnly {
		if p.sub == nil && len(e.Subcommands) > 0 {
			r.argsNet(sc, args, c, cmd)
		}
		return
	}
	// Operands without a role may be paths the program acts on.
	var buf [16]field // checkTargets and net keep no field: the list stays on the stack
	unroled := buf[:0]
	for i, f := range p.ops {
		if !roled[i] {
			unroled = append(unroled, f)
		}
	}
	if handled && e.judgesPaths {
		return
	}
	r.checkTargets(sc, unroled, cmd)
	if handled {
		return
	}
	r.wholeHome(b, unroled, cmd)
	for _, f := range unroled {
		r.net(sc, f, c, cmd)
	}
}

// commandGiven reports whether a parsed line gives the program a command
// to run: the rest of the line after a command flag, a value whose role is
// a command or a script, or an operand at the index of the entry's command
// operand.
func commandGiven(e *Entry, p parsedLine) bool {
	if p.rest != nil || slices.ContainsFunc(p.values, func(v roleValue) bool {
		return restOfLine(v.role, true) || v.role == RoleScript || v.role == RoleFilter
	}) {
		return true
	}
	for _, op := range e.Operands {
		if restOfLine(op.Role, true) && op.Index >= 0 && len(p.ops) > op.Index {
			return true
		}
	}
	return false
}

// runsElsewhere reports whether an entry's commands run on another host or
// in a container: an option or operand of it has a remote role.
func runsElsewhere(e *Entry) bool {
	remote := func(r Role) bool { return r == RoleRemoteCommand || r == RoleRemoteScript }
	return slices.ContainsFunc(e.Options, func(o Option) bool { return remote(o.Role) }) ||
		slices.ContainsFunc(e.Operands, func(o Operand) bool { return remote(o.Role) })
}

// chdir moves the run's working folder to f, resolved in the current one;
// where that cannot be known, the folder is unknown ("").
func (r *run) chdir(f field) {
	if f.dyn || f.glob {
		r.cwd = ""
	} else if res := r.resolve(f); res.ok {
		r.cwd = res.paths[len(res.paths)-1]
	} else {
		r.cwd = ""
	}
}

// applyRoles judges the values and operands of a parsed line and reports
// which operands had a role. A working folder it sets (git -C) stays set
// for the caller to restore.
func (r *run) applyRoles(sc *scope, ce *compiledEntry, p parsedLine, b string, c ctx, cmd string) (roled []bool, moved bool) {
	e := ce.e
	var obuf [8]roleValue // roles are judged here and kept nowhere: on the stack
	ops, roled := operandRoles(e, p.ops, obuf[:0], p.shifted)
	moved = false
	vals := ops
	if len(p.values) > 0 {
		vals = append(p.values, ops...)
	}
	recursive := p.flags.has(RoleRecursive) || c.findTree
	if p.flags.has(RoleExtract) && r.cwd != "" && !slices.ContainsFunc(vals, func(v roleValue) bool { return v.role == RoleWorkDir }) {
		r.noteFilled(field{val: r.cwd}) // extracted where the program starts
	}
	if e.filesFromStart && r.cwd != "" {
		// Relative to the folder the program starts in. Where that is not
		// known, the file is read in the folder it moves to, as for other
		// programs.
		vals = slices.Clone(vals)
		for i := range vals {
			if f := &vals[i].f; vals[i].role == RoleCommandFile && !f.dyn && f.val != "" && !r.a.isAbs(r.a.slash(f.val)) {
				f.val = strings.TrimSuffix(r.cwd, "/") + "/" + f.val
			}
		}
	}
	// The working folder first: later paths resolve there. Each folder is
	// judged where it is given, the folder before it (git -C a -C b).
	for _, v := range vals {
		if v.role != RoleWorkDir {
			continue
		}
		r.checkTargets(sc, []field{v.f}, cmd)
		if p.flags.has(RoleExtract) {
			r.judgeWriteTree(sc, v.f, cmd)
		}
		moved = true
		if e.systemdDirs && !v.f.dyn {
			if v.f.val = strings.TrimPrefix(v.f.val, "-"); v.f.val == "~" {
				v.f.val = r.a.home
			}
		}
		r.chdir(v.f)
	}
	if p.flags.has(RoleWorkDir) {
		// A working-folder option given without its folder: one not
		// known.
		moved = true
		r.cwd = ""
	}
	if e.Rule != "" {
		raise := !p.flags.has(RoleHarmless)
		if ce.triggers {
			raise = raise && p.flags.has(RoleTrigger)
		}
		if raise {
			ri, _ := ruleInfo(e.Rule)
			r.finding(ri.Name, ri.Kind, ri.Severity, b+": "+cmp.Or(e.Summary, ri.Summary), cmd, "")
		}
	}
	var buf [16]field // checkTargets keeps no field: the list stays on the stack
	targets := buf[:0]
	for _, v := range vals {
		switch v.role {
		case RoleRead, RoleReadTree, RoleServe, RoleWrite, RoleWriteTree, RoleDelete, RoleDeleteTree, RoleDevice, RoleCommandFile:
			targets = append(targets, v.f)
		}
	}
	r.checkTargets(sc, targets, cmd)
	if ce.serves && !slices.ContainsFunc(vals, func(v roleValue) bool { return v.role == RoleServe }) {
		r.serveFolder(field{val: "."}, b, cmd) // no root given: the working folder
	}
	// A word not known that may be an option ("$FLAGS", -$X) may be the
	// recursive flag: the static paths are then judged as if it were
	// given (rm $FLAGS ~ is rm -rf ~ when FLAGS is -rf).
	maybeRecursive := !recursive && slices.ContainsFunc(p.ops, func(f field) bool { return f.dyn && maybeOption(f) }) &&
		slices.ContainsFunc(e.Options, func(o Option) bool { return o.Role == RoleRecursive })
	for _, v := range vals {
		if v.role == RoleCommandFile {
			r.commandFile(sc, v.f, b, c, cmd, r.commandReader(sc, e, b, p.ops, c, cmd))
			continue
		}
		r.applyRole(sc, v, recursive || maybeRecursive && !v.f.dyn, b, c, cmd)
	}
	if p.rest != nil {
		r.applyRole(sc, roleValue{role: p.restRole, rest: p.rest}, recursive, b, c, cmd)
	}
	switch {
	case e.Stdin != "" && c.in.kind == inText:
		r.applyRole(sc, roleValue{role: e.Stdin, f: field{val: c.in.text}}, recursive, b, c, cmd)
	case (e.Stdin == RoleEscape || e.Stdin == RoleScript) && c.in.kind == inUnknown:
		// Commands in the program's own language from the network: a
		// shell escape among them runs here (curl URL | mysql). The known
		// pieces of the input are read all the same ({ cat x; echo CMD;
		// } | at now).
		r.commandInput(sc, b, c, cmd, func(text string) {
			r.applyRole(sc, roleValue{role: e.Stdin, f: field{val: text}}, recursive, b, c, cmd)
		})
	case (e.Stdin == RoleEscape || e.Stdin == RoleScript) && c.in.kind == inFile:
		// Commands in the program's own language from files (sqlite3 db
		// < x.sql, cat x.sql | mysql, at now < job.sh): read as the same
		// file given by an option is (commandFile).
		r.inputFiles(sc, b, c, cmd, func(f field) {
			r.commandFile(sc, f, b, c, cmd, func(text string) {
				r.applyRole(sc, roleValue{role: e.Stdin, f: field{val: text}}, recursive, b, c, cmd)
			})
		})
	case e.Stdin == RoleProgram && c.in.kind != inNone:
		// Code in another language on the input (irm URL | iex): not
		// read, as inline code is not.
		r.finding(ruleInlineInterp, Dynamic, Ask, b+" runs the code on its input, which the analyser cannot read", cmd, "")
	}
	return roled, moved
}

// applyRole judges one value by its role.
func (r *run) applyRole(sc *scope, v roleValue, recursive bool, b string, c ctx, cmd string) {
	f := v.f
	switch v.role {
	case RoleCommand:
		rest := v.rest
		if rest == nil {
			rest = []field{f}
		}
		if len(rest) == 0 {
			return
		}
		if len(rest) == 1 && (rest[0].dyn || strings.ContainsAny(rest[0].val, " \t\n;|&")) {
			// One word holding a command line: read as the shell would.
			if rest[0].dyn {
				r.finding(ruleEvalDynamic, Dynamic, Ask, b+" runs a command that comes from "+rest[0].why, cmd, "")
				return
			}
			r.reparseField(sc, rest[0], c, cmd, true)
			return
		}
		c2 := c
		c2.depth++ // a tree's paths handed on stay a tree's (timeout 5 cat $(find ~ ...))
		r.simple(sc, rest, c2)
	case RoleShellArgs:
		c2 := c
		c2.depth++
		r.shell(sc, "sh", v.rest, c2, cmd)
	case RoleScript, RoleFilter:
		// script -c bash, tmux new bash: the script's commands read the
		// program's input (the first reading below inherits it); a
		// filter's, the data the program gives it.
		r.scriptIn = c.in
		if v.role == RoleFilter {
			r.scriptIn = fedInput("the data " + b + " gives it")
		}
		defer func() { r.scriptIn = input{} }()
		if v.rest != nil {
			// Joined as a shell would (git submodule foreach), and each on
			// its own as a runner would (hyperfine A B).
			r.reparseFields(sc, v.rest, c, cmd, true)
			if len(v.rest) > 1 {
				for _, g := range v.rest {
					r.reparseField(sc, g, c, cmd, true)
				}
			}
			return
		}
		if f.dyn {
			r.finding(ruleEvalDynamic, Dynamic, Ask, b+" runs a command that comes from "+f.why, cmd, "")
			return
		}
		r.reparseField(sc, f, c, cmd, true)
	case RoleRemoteCommand:
		rest := v.rest
		if rest == nil {
			rest = []field{f}
		}
		r.remoteArgv(sc, b+" runs a command elsewhere", rest, c, cmd)
	case RoleRemoteScript:
		r.elsewhere(sc, b+" runs a command elsewhere", c, cmd, func(sub *run) {
			sub.applyRole(sc, roleValue{role: RoleScript, f: f, rest: v.rest}, recursive, b, c, cmd)
		})
	case RoleProgram:
		r.finding(ruleInlineInterp, Dynamic, Ask, b+" runs inline code the analyser cannot read", cmd, "")
		// The commands, deletions and paths it names as literals are
		// read as inline code's (bpftrace's system("...")).
		r.embeddedShell(sc, []field{f}, c, b, cmd)
	case RoleEscape:
		r.escape(sc, f, b, c, cmd)
	case RoleWrite:
		if f.contents {
			// find DIR -exec truncate -s0 {} +: every file under DIR is
			// written, as a tree written whole.
			r.judgeWriteTree(sc, f, cmd)
			break
		}
		r.judgeWrite(sc, f, ruleDiskWrite, cmd)
		r.noteWritten(f, "", false)
	case RoleWriteTree:
		r.judgeWriteTree(sc, f, cmd)
	case RoleDelete:
		r.judgeDelete(sc, f, recursive, cmd, b)
	case RoleDeleteTree:
		r.judgeDelete(sc, f, true, cmd, b)
	case RoleRead, RoleCommandFile:
		r.rawDiskRead(f, cmd)
		if recursive {
			r.readTree(f, b, cmd)
		}
	case RoleReadTree:
		r.rawDiskRead(f, cmd)
		r.readTree(f, b, cmd)
		args := r.callFields(sc)
		follows, copies := treeFollowsLinks(b, args, r.a)
		if copies && lastOperand(args, f) {
			break // a copy's last operand is where it copies to (gsutil cp gs://b/x .)
		}
		if copies {
			r.uploadedFolder(b, f, args, cmd)
		}
		if follows {
			// A reader that follows the links in a folder reads what
			// they lead to (gsutil cp -r . gs://b or 7z a x.7z . with a
			// link to ~/.ssh in the folder sends or archives the keys).
			r.linksBelow(sc, b, []field{f}, cmd)
		}
	case RoleServe:
		r.serveFolder(f, b, cmd)
	case RoleDevice:
		if f.contents {
			// find ~ -exec shred {} +: destroying every file under a
			// folder is as final as deleting it.
			r.judgeDelete(sc, f, true, cmd, b)
		}
		r.judgeDevice(sc, f, ruleWipeDevice, cmd, b)
	}
}

// uploadedFolder judges a folder a storage tool copies to a bucket or a
// remote (see treeFollowsLinks): a file at its top whose name says it
// holds a credential (.env, a key) goes with it, and asks as sending it
// does (secret-egress), unless one of the command's exclusions names it
// (--exclude '.env*', --exclude-pattern, -x).
func (r *run) uploadedFolder(b string, dir field, args []field, cmd string) {
	for _, abs := range r.resolve(dir).paths {
		names, ok := r.listed(abs)
		if !ok {
			return
		}
		for _, n := range names {
			if why, hit := r.a.credentialFile(n); hit && !excludedName(args, n) {
				r.finding(ruleSecretEgress, Path, Ask, b+" sends "+abs+", which holds "+n+", a file whose name says it holds a credential ("+why+"), to another host", cmd, "")
				return
			}
		}
	}
}

// callFields returns the words of the command being judged, expanded.
func (r *run) callFields(sc *scope) []field {
	if r.cmdCall == nil {
		return nil
	}
	return r.words(sc, r.cmdCall.Args)
}

// excludedName reports whether one of the exclusion options among args
// (--exclude, --exclude-pattern, --exclude-regex, -x) names the file
// name, by a pattern that matches it or a value that holds it.
func excludedName(args []field, name string) bool {
	for _, v := range optionValues(args, "--exclude", "--exclude-pattern", "--exclude-regex", "--exclude-from", "-x") {
		if m, _ := path.Match(v.val, name); !v.dyn && (m || strings.Contains(v.val, name)) {
			return true
		}
	}
	return false
}

// lastOperand reports whether f is the last of args, an operand: not the
// value of an option before it (oci ... --src-dir .).
func lastOperand(args []field, f field) bool {
	n := len(args)
	if n < 2 || args[n-1].dyn || args[n-1].val != f.val {
		return false
	}
	prev := args[n-2].val
	return !strings.HasPrefix(prev, "-") || strings.Contains(prev, "=")
}

// treeFollowsLinks reports whether b (a program, or a program and its
// sub-command) reads a folder it is given whole following the symbolic
// links in it, as the command given it (its words args) runs, and whether it copies (its
// last operand is then where it copies to). Storage tools uploading a
// folder: the AWS CLI unless --no-follow-symlinks, gsutil unless -e, b2
// unless --exclude-all-symlinks, oci unless --no-follow-symlinks; s3cmd
// with -F or --follow-symlinks, azcopy with --follow-symlinks, rclone
// with -L or --copy-links; az and any other storage tool, the stricter
// reading. Archivers: 7-Zip unless -snl, rar unless -ol.
func treeFollowsLinks(b string, args []field, a *Analyzer) (follows, copies bool) {
	prog, _, _ := strings.Cut(b, " ")
	given := func(opts ...string) bool {
		return slices.ContainsFunc(args, func(f field) bool {
			return !f.dyn && slices.ContainsFunc(opts, func(o string) bool {
				return f.val == o || strings.HasPrefix(f.val, o+"=") && !strings.HasSuffix(f.val, "=false")
			})
		})
	}
	switch prog {
	case "aws", "oci":
		return !given("--no-follow-symlinks"), true
	case "gsutil":
		return !given("-e"), true
	case "b2":
		return !given("--exclude-all-symlinks"), true
	case "s3cmd":
		return given("-F", "--follow-symlinks"), true
	case "azcopy":
		return given("--follow-symlinks"), true
	case "rclone":
		return given("-L", "--copy-links"), true
	case "az":
		return true, true
	case "7z", "7za", "7zr", "7zz":
		return !given("-snl"), false
	case "rar":
		return !given("-ol"), false
	}
	ce, _ := a.lookupEntry(prog)
	storage := ce != nil && ce.e.Family == "storage"
	return storage, storage
}

// serveFolder judges a folder a file server serves (RoleServe): read
// whole, so that a home folder or an ancestor of one blocks (see
// docs/security-model.md, Hardline). A folder that comes from elsewhere,
// or one relative to a working folder not known, asks.
func (r *run) serveFolder(dir field, b, cmd string) {
	switch {
	case dir.dyn:
		r.finding(ruleDynamicTarget, Dynamic, Ask, b+" serves a folder that comes from "+dir.why, cmd, "")
	case r.cwd == "" && !strings.HasPrefix(dir.val, "/"):
		r.finding(ruleDynamicTarget, Dynamic, Ask, b+" serves a folder in an unknown place", cmd, "")
	default:
		r.readTree(dir, b, cmd)
	}
}

// readTree blocks a recursive read of the home folder, of any user's home
// folder or of an ancestor of one: it would read every secret there.
func (r *run) readTree(f field, b, cmd string) {
	r.readsTreeOf(b, []field{f}, cmd)
}

// isAnyHome reports whether p is some user's home folder or an ancestor of
// the folders that hold them (/home, /Users, /root).
func (r *run) isAnyHome(p string) bool {
	k := r.a.key(p)
	switch r.a.goos {
	case "windows":
		if len(k) > 2 && k[1] == ':' {
			rest := k[2:]
			return rest == "/users" || strings.HasPrefix(rest, "/users/") && strings.Count(rest, "/") == 2
		}
		return false
	}
	// The folders of users' homes and the lone homes, as configured and
	// canonical, in comparison form (folded where the system folds case).
	for _, parent := range r.a.alias.parents {
		par := strings.TrimSuffix(parent, "/")
		if k == par || strings.HasPrefix(k, par+"/") && !strings.Contains(k[len(par)+1:], "/") {
			return true
		}
	}
	return slices.Contains(r.a.alias.lone, k)
}

// escapeRE-free scan: the shell escapes of programs' own command languages.
var escapePrefixes = []string{"!", "\\!", "shell ", "system ", "\\system ", ".shell ", ".system ", ".sh ", "platform shell ", ":!", "sh ", "|"}

// escapeFlags matches the flags a program's shell command takes before
// the command itself (ranger's shell -w, -p, -f, -c, -t, -s, -r).
var escapeFlags = regexp.MustCompile(`^-[a-z]+$`)

// escapeCode are commands of debuggers and editors that run code in a
// language the analyser does not read.
var escapeCode = []string{"python", "py ", "pi ", "guile", "gu ", "pipe ", "script ", "lua ", "perl ", "ruby ", "source ", "call system"}

// escape analyses the shell escapes in text of a program's own command
// language (a database shell, a debugger, a line editor, a pager).
func (r *run) escape(sc *scope, f field, b string, c ctx, cmd string) {
	if f.dyn {
		return
	}
	var scripts []string
	for line := range strings.SplitSeq(f.val, "\n") {
		if t := asciiLower(strings.TrimSpace(line)); slices.ContainsFunc(escapeCode, func(p string) bool {
			// (A database shell's source FILE is more SQL: see escapeIncludes.)
			return (t == strings.TrimSpace(p) || strings.HasPrefix(t, p)) && !(p == "source " && databaseShells[b])
		}) {
			r.finding(ruleInlineInterp, Dynamic, Ask, b+" runs code in another language given inline", cmd, "")
		}
		for stmt := range strings.SplitSeq(line, ";") {
			t := strings.TrimSpace(stmt)
			for _, pre := range escapePrefixes {
				if rest, ok := strings.CutPrefix(t, pre); ok && strings.TrimSpace(rest) != "" {
					rest = strings.TrimSpace(rest)
					scripts = append(scripts, rest)
					// A file manager's shell command takes its own flags
					// first (ranger's shell -w CMD): the command without
					// them is judged too.
					if w := strings.Fields(rest); len(w) > 1 && escapeFlags.MatchString(w[0]) {
						scripts = append(scripts, strings.TrimSpace(strings.TrimPrefix(rest, w[0])))
					}
					break
				}
			}
		}
		// psql's \o |cmd.
		for _, pre := range []string{"\\o |", "\\g |", "\\w |", "\\o|", "\\g|"} {
			if i := strings.Index(line, pre); i >= 0 {
				scripts = append(scripts, line[i+len(pre):])
			}
		}
		// psql's \setenv of the pager or the editor it runs (\setenv
		// PAGER 'cmd'): the value is a command, judged as --pager's is.
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "\\setenv "); ok {
			if name, v, ok := strings.Cut(strings.TrimSpace(rest), " "); ok && slices.Contains([]string{"PAGER", "PSQL_PAGER", "EDITOR", "PSQL_EDITOR", "VISUAL", "PSQL_WATCH_PAGER"}, name) {
				r.reparseField(sc, field{val: strings.Trim(strings.TrimSpace(v), "'")}, c, cmd, true)
			}
		}
	}
	// SQL's COPY ... TO/FROM PROGRAM 'cmd', over line breaks too. A command
	// in another form (E'...', $$...$$) is not read, so it asks.
	low := asciiLower(f.val)
	// SQL Server's xp_cmdshell 'cmd' (or N'cmd'), which runs cmd on the
	// server, this machine when it is local; one not written as a literal
	// asks.
	for i := strings.Index(low, "xp_cmdshell"); i >= 0; {
		rest := strings.TrimSpace(f.val[i+len("xp_cmdshell"):])
		rest = strings.TrimPrefix(strings.TrimPrefix(rest, "N"), "n")
		if j := strings.IndexByte(rest, '\''); j == 0 {
			if k := strings.IndexByte(rest[1:], '\''); k >= 0 {
				scripts = append(scripts, rest[1:1+k])
			}
		} else {
			r.finding(ruleInlineInterp, Dynamic, Ask, b+" runs a shell command on the server (xp_cmdshell) that the analyser cannot read", cmd, "")
		}
		k := strings.Index(low[i+1:], "xp_cmdshell")
		if k < 0 {
			break
		}
		i += 1 + k
	}
	for i := strings.Index(low, "program"); i >= 0; {
		rest := strings.TrimSpace(f.val[i+len("program"):])
		if strings.HasPrefix(rest, "'") {
			if j := strings.IndexByte(rest[1:], '\''); j >= 0 {
				scripts = append(scripts, rest[1:1+j])
			}
		} else if w := strings.Fields(low[:i]); len(w) > 0 && (w[len(w)-1] == "from" || w[len(w)-1] == "to") {
			r.finding(ruleInlineInterp, Dynamic, Ask, b+" runs a shell command from its own command language", cmd, "")
		}
		k := strings.Index(low[i+1:], "program")
		if k < 0 {
			break
		}
		i += 1 + k
	}
	// system("CMD") in gnuplot, maxima and awk-like languages, read as
	// inline code's shell calls are (shellCallPattern); a call whose
	// argument is no literal asks. Then `CMD` where the language
	// substitutes a command's output (gnuplot, psql's meta-commands; in
	// MySQL a backquote quotes a name).
	literals := 0
	for _, m := range shellCallPattern.FindAllStringSubmatch(f.val, maxEmbedded) {
		if strings.HasPrefix(m[0], "system") {
			scripts = append(scripts, unescapeLiteral(m[1]+m[2]+m[3]))
			literals++
		}
	}
	if len(systemCall.FindAllStringIndex(f.val, maxEmbedded+1)) > literals {
		r.finding(ruleInlineInterp, Dynamic, Ask, b+" runs a shell command built from an expression", cmd, "")
	}
	if b == "gnuplot" || b == "psql" {
		for rest := f.val; ; {
			i := strings.IndexByte(rest, '`')
			if i < 0 {
				break
			}
			j := strings.IndexByte(rest[i+1:], '`')
			if j < 0 {
				r.finding(ruleInlineInterp, Dynamic, Ask, b+" runs a shell command the analyser cannot read", cmd, "")
				break
			}
			scripts = append(scripts, rest[i+1:i+1+j])
			rest = rest[i+2+j:]
		}
	}
	scripts = append(scripts, dotCommandPipes(f.val)...)
	for _, s := range scripts {
		r.finding(ruleInlineInterp, Dynamic, Ask, b+" runs a shell command from its own command language", cmd, "")
		r.reparseField(sc, field{val: s}, c, cmd, true)
	}
	r.escapeFiles(sc, f.val, b, c, cmd)
	if databaseShells[b] {
		r.sqlFiles(sc, f.val, b, cmd)
	} else {
		r.quotedFiles(sc, f.val, cmd)
	}
	if b == "gnuplot" {
		for _, m := range gnuplotWrites.FindAllStringSubmatch(f.val, maxEmbedded) {
			r.judgeWrite(sc, r.literalPath(m[2]), ruleDiskWrite, cmd)
		}
	}
}

// gnuplotWrites finds the files gnuplot's commands write: set output,
// set print and set table's, and save's.
var gnuplotWrites = regexp.MustCompile(`(?i)\b(?:set\s+(?:output|print|table|o)|save(?:\s+(?:functions|variables|terminal|set|fit|changes))?)\s+(['"])([^'"]+)['"]`)

// quotedLiteral is a string in single or double quotes, in the command
// languages (and the expression languages of yq and its kin) that quote a
// file's name so: gnuplot's load 'FILE', yq's load("FILE").
var quotedLiteral = regexp.MustCompile(`'([^']*)'|"([^"]*)"`)

// quotedFiles judges the files a program's own language names in its
// quoted literals, as sqlFiles judges SQL's: a literal written as an
// absolute or ~/ path is read as a word naming a file the program reads
// (gnuplot -e "load '/home/me/.ssh/id_rsa'", yq
// 'load_str("/home/me/.aws/credentials")').
func (r *run) quotedFiles(sc *scope, text, cmd string) {
	if !strings.ContainsAny(text, `'"`) {
		return
	}
	for _, m := range quotedLiteral.FindAllStringSubmatch(text, maxEmbedded) {
		if f, ok := r.literalFile(m[1] + m[2]); ok {
			r.checkWords(sc, []field{f}, cmd)
			r.rawDiskRead(f, cmd)
		}
	}
}

// literalFile is literalPath's file, and whether the literal names one by
// an absolute path (~/ included, and a drive's on Windows); a relative
// name is more often text than a file.
func (r *run) literalFile(v string) (field, bool) {
	f := r.literalPath(v)
	return f, strings.HasPrefix(f.val, "/") || r.a.windows && len(f.val) > 2 && isLetter(f.val[0]) && f.val[1] == ':'
}

// literalPath is the file a literal of a program's own language names,
// ~ read as the home folder (such languages expand it, or the name is a
// folder called ~: the home folder is the stricter reading).
func (r *run) literalPath(v string) field {
	if v == "~" || strings.HasPrefix(v, "~/") {
		v = strings.TrimSuffix(r.a.home, "/") + v[1:]
	}
	return field{val: v}
}

// dotCommandPipes returns the commands sqlite3's and duckdb's dot-commands
// run through a pipe: .read '|CMD', .import '|CMD' TABLE, .output |CMD,
// .once '|CMD' (quoted, the whole command; unquoted, the rest of the line,
// more than the shell takes, so that nothing is missed).
func dotCommandPipes(text string) []string {
	var out []string
	for line := range strings.SplitSeq(text, "\n") {
		t := strings.TrimSpace(line)
		for _, pre := range []string{".read ", ".import ", ".output ", ".once ", ".excel ", ".log "} {
			rest, ok := strings.CutPrefix(t, pre)
			if !ok {
				continue
			}
			for ws := strings.Fields(rest); len(ws) > 1 && strings.HasPrefix(ws[0], "-"); ws = ws[1:] {
				rest = strings.TrimSpace(rest[strings.Index(rest, ws[0])+len(ws[0]):]) // .import --csv '|CMD' t
			}
			q := byte(0)
			if rest != "" && (rest[0] == '\'' || rest[0] == '"') {
				q, rest = rest[0], rest[1:]
			}
			cmd, ok := strings.CutPrefix(rest, "|")
			if !ok {
				continue
			}
			if q != 0 {
				if j := strings.IndexByte(cmd, q); j >= 0 {
					cmd = cmd[:j]
				}
			}
			if strings.TrimSpace(cmd) != "" {
				out = append(out, cmd)
			}
		}
	}
	return out
}

// systemCall is a call of system(), whatever its argument.
var systemCall = regexp.MustCompile(`\bsystem\s*\(`)

// Meta-commands of database shells that read, write or load a file.
var (
	escapeReads  = []string{".read ", ".import ", ".restore ", ".open ", "\\i ", "\\ir ", "\\include ", "\\include_relative ", "\\. "}
	escapeWrites = []string{".output ", ".once ", ".save ", ".backup ", ".excel ", "\\o ", "\\out ", "\\w ", "\\write ", "\\T ", "tee "}
	escapeLoads  = []string{".load "}
	// escapeIncludes read a file's text as more of the same language:
	// sqlite3's and duckdb's .read, psql's \i and \ir, mysql's source
	// and \., gdb's source.
	escapeIncludes = []string{".read ", "\\i ", "\\ir ", "\\include ", "\\include_relative ", "\\. ", "source "}
)

// maxIncluded bounds the command files a program's language includes
// that are judged, nested or not.
const maxIncluded = 16

// escapeFiles judges the files a database shell's meta-commands name:
// .read and \i read them, .output, .save and \o write them, and .load
// loads native code (asks).
func (r *run) escapeFiles(sc *scope, text, b string, c ctx, cmd string) {
	for line := range strings.SplitSeq(text, "\n") {
		t := strings.TrimSpace(line)
		name := func(pre string) (field, bool) {
			rest, ok := strings.CutPrefix(t, pre)
			if !ok {
				return field{}, false
			}
			ws := strings.Fields(rest)
			for len(ws) > 1 && strings.HasPrefix(ws[0], "-") {
				ws = ws[1:] // .open --readonly F, .once -x
			}
			if len(ws) == 0 {
				return field{}, false
			}
			v := ws[0]
			if pre == ".backup " || pre == ".save " {
				v = ws[len(ws)-1] // .backup ?DB? FILE
			}
			v = strings.Trim(v, `'"`)
			return field{val: v}, v != "" && !strings.HasPrefix(v, "|")
		}
		for _, pre := range escapeReads {
			if f, ok := name(pre); ok {
				r.checkWords(sc, []field{f}, cmd)
				r.rawDiskRead(f, cmd)
			}
		}
		for _, pre := range escapeWrites {
			if f, ok := name(pre); ok {
				r.checkWords(sc, []field{f}, cmd)
				r.judgeWrite(sc, f, ruleDiskWrite, cmd)
				if f.val == "~" || strings.HasPrefix(f.val, "~/") {
					// psql expands ~ in file names, sqlite3 does not:
					// both readings are judged.
					r.judgeWrite(sc, field{val: r.a.home + f.val[1:]}, ruleDiskWrite, cmd)
				}
			}
		}
		for _, pre := range escapeLoads {
			if _, ok := name(pre); ok {
				r.finding(ruleInlineInterp, Dynamic, Ask, b+" loads native code (.load)", cmd, "")
			}
		}
		for _, pre := range escapeIncludes {
			f, ok := name(pre)
			if !ok {
				continue
			}
			// The included file's commands run as the text's own: judged
			// by the same reader, whether the command writes the file or
			// it is on disk (echo '.shell rm -rf ~' > x.sql && sqlite3 db
			// '.read x.sql').
			if r.included++; r.included > maxIncluded {
				r.tooComplex(fmt.Sprintf("a program's command files include more than %d others", maxIncluded))
				return
			}
			r.commandFile(sc, f, b, c, cmd, func(text string) { r.escape(sc, field{val: text}, b, c, cmd) })
		}
	}
}

// ruleInfo returns the catalogue description of a rule.
func ruleInfo(name string) (RuleInfo, bool) {
	ri, ok := ruleIndex[name]
	return ri, ok
}

// ruleIndex is Rules by name, made once.
var ruleIndex = func() map[string]RuleInfo {
	m := map[string]RuleInfo{}
	for _, ri := range Rules() {
		m[ri.Name] = ri
	}
	return m
}()

// net tries an argument of a program that is not data-only as a command
// line: one with a blocking finding, or one whose shell runs code it
// downloads or reads from elsewhere (pipe-to-shell, eval-dynamic), makes
// the call ask (rule argument-command). Short words without a space, an
// operator, $IFS or a brace list ({rm,-rf,~}: words to bash) are not
// commands.
func (r *run) net(sc *scope, f field, c ctx, cmd string) {
	if !f.dyn {
		r.netScriptFile(sc, f.val, c, cmd)
	}
	if f.dyn || len(f.val) < 4 || !strings.ContainsAny(f.val, " \t\n;|&") && !strings.Contains(f.val, `",`) &&
		!strings.Contains(f.val, "IFS") && !(strings.ContainsRune(f.val, '{') && strings.ContainsRune(f.val, ',')) {
		return // no blank, operator, JSON list of words, $IFS or brace list that a shell splits into words
	}
	if sc.depth+c.depth+1 > r.a.maxDepth {
		// Not judged is not allowed: wrappers in front must not hide it.
		r.tooComplex("an argument that may be a command is deeper than the bound")
		return
	}
	texts := []string{f.val}
	if strings.ContainsAny(f.val, "\n\t") {
		// A program that splits the text at blanks itself runs one line
		// where a shell runs several ("rm${IFS}-rf${IFS}/root").
		texts = append(texts, strings.Join(strings.Fields(f.val), " "))
	}
	// git-style "!CMD", a file name that opens a pipe to a command
	// ("|CMD" to ImageMagick and Perl's open, "%pipe%CMD" to
	// Ghostscript), and a KEY=CMD value (terraform -var 'k=CMD', gs
	// -sOutputFile=%pipe%CMD).
	if t, ok := pipeOpen(f.val); ok {
		texts = append(texts, t)
	}
	// KEY=CMD and KEY = CMD (a configuration line), up to three keys deep
	// (--metadata=startup-script=CMD).
	for rest, k := f.val, 0; k < 3; k++ {
		i := strings.IndexByte(rest, '=')
		if i <= 0 || strings.ContainsAny(strings.TrimRight(rest[:i], " \t"), " \t") {
			break
		}
		rest = rest[i+1:]
		v := rest
		if t, ok := pipeOpen(v); ok {
			v = t
		}
		texts = append(texts, v)
	}
	// PREFIX:CMD, as many programs mark a command (exec:CMD, cmd:CMD, a
	// key binding's reload:CMD), up to three prefixes deep; and NAME(CMD)
	// (execute(CMD), system(CMD)).
	for rest, k := f.val, 0; k < 3; k++ {
		i := strings.IndexByte(rest, ':')
		if i <= 0 || !prefixWord(rest[:i]) {
			break
		}
		rest = rest[i+1:]
		texts = append(texts, rest)
	}
	if strings.HasSuffix(f.val, ")") {
		if m := callFormPattern.FindStringSubmatch(f.val); m != nil {
			texts = append(texts, m[1])
		}
	}
	texts = append(texts, embeddedCommands(f.val)...)
	for _, text := range texts {
		findings, complex := r.trialFindings(r.roots, r.cwd, func(sub *run) { sub.script(text, r.known(sc, c.pos), sc.depth+c.depth+1) })
		if complex {
			r.tooComplex("an argument holds a command over the bounds")
			return
		}
		for _, fd := range findings {
			// A command that would block, or a shell that runs code it
			// downloads or reads from elsewhere (curl URL | sh, sh -c
			// "$(curl URL)"), which asks when it is typed: through a
			// program that is not known, it must not pass where typed
			// it would ask. A command whose name alone is not known
			// ('$name $value') is text more often than not.
			switch {
			case fd.Severity == Block:
				r.finding(ruleArgumentCommand, Command, Ask, fmt.Sprintf("an argument of %s is a command that would be blocked (%s: %s)", commandName(cmd), fd.Rule, fd.Detail), cmd, fd.Path)
				return
			case fd.Rule == rulePipeToShell || fd.Rule == ruleEvalDynamic:
				r.finding(ruleArgumentCommand, Command, Ask, fmt.Sprintf("an argument of %s is a command that runs code it does not hold (%s: %s)", commandName(cmd), fd.Rule, fd.Detail), cmd, fd.Path)
				return
			}
		}
	}
}

// netScriptFile is net for an argument that names a shell script (x.sh,
// KEY=x.sh) of a program the catalogue does not know: it may run it (a
// hook, a watcher's command), so one on disk whose commands would be
// blocked makes the call ask, as the same commands given as the
// argument's text do; read, it is bound to an approval too (see
// readOnDisk). A known program's arguments are its entry's to say.
func (r *run) netScriptFile(sc *scope, v string, c ctx, cmd string) {
	if i := strings.LastIndexByte(v, '='); i >= 0 {
		v = v[i+1:] // --hook=x.sh
	}
	if !shellScriptExts[asciiLower(path.Ext(v))] || !r.unknownProgram(base(commandName(cmd))) {
		return // (the cheaper test first)
	}
	text, p, ok := r.readOnDisk(field{val: v}, commandName(cmd), cmd, false)
	if !ok {
		return
	}
	findings, complex := r.trialFindings(r.roots, r.cwd, func(sub *run) { sub.script(text, r.known(sc, c.pos), sc.depth+c.depth+1) })
	if complex {
		r.tooComplex("an argument names a script over the bounds")
		return
	}
	for _, fd := range findings {
		if fd.Severity == Block {
			r.finding(ruleArgumentCommand, Command, Ask, fmt.Sprintf("an argument of %s names the script %s, whose commands would be blocked (%s: %s)", commandName(cmd), p, fd.Rule, fd.Detail), cmd, p)
			return
		}
	}
}

// prefixWord reports whether s can be the prefix of PREFIX:CMD: letters,
// digits, '-', '_' and '.', at most 24 of them.
func prefixWord(s string) bool {
	if len(s) > 24 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !isAlnum(c) && c != '-' && c != '_' && c != '.' {
			return false
		}
	}
	return true
}

// callFormPattern is NAME(CMD) written whole: execute(rm -rf ~).
var callFormPattern = regexp.MustCompile(`^[A-Za-z_][\w.-]{0,23}\((.+)\)$`)

// pipeOpen returns the command of a word written as a program's way of
// running one in place of a file name: "!CMD" (git's aliases and many
// programs' escapes), "|CMD" (a pipe opened by ImageMagick, Perl's
// two-argument open and others) and "%pipe%CMD" (Ghostscript's output
// file).
func pipeOpen(s string) (string, bool) {
	t := strings.TrimLeft(s, " \t")
	for _, pre := range []string{"!", "|", "%pipe%", "%PIPE%"} {
		if rest, ok := strings.CutPrefix(t, pre); ok {
			return rest, true
		}
	}
	return "", false
}

// trial judges a command in a run of its own, with roots and a working
// folder, as judge applies it there, and returns the first finding that
// would block it; complex says the trial went over the bounds. unknown is
// the first finding that says a command the trial would run is not known
// (unknownCommand). The work it does counts against this run's bounds.
func (r *run) trial(roots []Root, cwd string, judge func(sub *run)) (fd Finding, blocked, complex bool, unknown *Finding) {
	findings, complex := r.trialFindings(roots, cwd, judge)
	if complex {
		return Finding{}, false, true, nil
	}
	for i, fd := range findings {
		if fd.Severity == Block {
			return fd, true, false, nil
		}
		if unknown == nil && unknownCommand[fd.Rule] {
			unknown = &findings[i]
		}
	}
	return Finding{}, false, false, unknown
}

// trialFindings applies judge to a run of its own, with roots and cwd,
// sharing this run's bounds and caches, and returns its findings and
// whether it went over a bound.
func (r *run) trialFindings(roots []Root, cwd string, judge func(sub *run)) ([]Finding, bool) {
	sub := &run{a: r.a, env: r.env, roots: roots, workDir: r.workDir, cwd: cwd, steps: r.steps, parsed: r.parsed, calls: r.calls}
	judge(sub)
	r.steps, r.parsed = sub.steps, sub.parsed
	return sub.findings, sub.complex
}

// unknownCommand are the rules of findings that say the command a shell
// would run is not known: its text comes from a value the analyser does not
// know (eval "$X", $cmd as a program) or from a download or another
// program's output piped into a shell.
var unknownCommand = map[string]bool{ruleEvalDynamic: true, ruleDynamicName: true, rulePipeToShell: true}

// elsewhere judges a command that runs on another host or in a container
// (ssh host CMD, docker exec c CMD): judge applies it to a run of its own,
// in a folder not known (relative paths there are the other side's) and
// with the home folder taken as a root, and a finding that would block it
// here makes the call ask (rule remote-command). The other side may be
// this machine under a name the analyser does not know (its host name, an
// alias in ~/.ssh/config), and a container may hold this machine's
// folders, mounted when it was made; its asks are the other side's
// business (see docs/security-model.md, Hardline). what says who runs it
// ("ssh runs a command elsewhere").
func (r *run) elsewhere(sc *scope, what string, c ctx, cmd string, judge func(sub *run)) {
	if sc.depth+c.depth+1 > r.a.maxDepth {
		r.tooComplex("a command run elsewhere is deeper than the bound")
		return
	}
	// The home folder is the other side's to work in: a folder in it is
	// judged as one in a root is (ssh host 'rm -rf ~/tmp/build'), while the
	// home folder itself, its credentials, the system and this machine's
	// roots and their ancestors are judged as here.
	roots := append(slices.Clip(r.roots), Root{Path: r.a.home, Writable: true})
	fd, blocked, complex, unknown := r.trial(roots, "", judge)
	switch {
	case complex:
		r.tooComplex("a command run elsewhere is over the bounds")
	case blocked:
		r.finding(ruleRemoteCommand, Command, Ask, fmt.Sprintf("%s that would be blocked here (%s: %s); the other side may be this machine or hold its folders", what, fd.Rule, fd.Detail), cmd, fd.Path)
	case unknown != nil:
		// What runs is not known at all: it may be anything, on a host
		// that may be this one.
		r.finding(ruleRemoteCommand, Command, Ask, fmt.Sprintf("%s that is not known (%s: %s); the other side may be this machine or hold its folders", what, unknown.Rule, unknown.Detail), cmd, "")
	}
}

// maxEmbedded bounds the texts embeddedCommands takes from one argument.
const maxEmbedded = 8

// embeddedCommands returns the texts inside an argument that a program may
// run as a command besides the whole: a short option's attached value
// (-c'CMD'), the value after "KEY: " (YAML-like), and each double-quoted
// string of JSON ({"cmd": "CMD"}), escapes decoded. Only texts with a
// blank are returned: a command with arguments.
func embeddedCommands(v string) []string {
	var out []string
	if len(v) > 2 && v[0] == '-' && v[1] != '-' && strings.ContainsAny(v[2:], " \t") {
		out = append(out, v[2:])
	}
	if i := strings.Index(v, ": "); i > 0 && !strings.ContainsAny(v[:i], " \t") {
		out = append(out, v[i+2:])
	}
	for rest := v; len(out) < maxEmbedded; {
		i := strings.IndexByte(rest, '"')
		if i < 0 {
			break
		}
		j := i + 1
		for j < len(rest) && rest[j] != '"' {
			if rest[j] == '\\' {
				j++
			}
			j++
		}
		if j >= len(rest) {
			break
		}
		if t, err := strconv.Unquote(rest[i : j+1]); err == nil && strings.ContainsAny(t, " \t") {
			out = append(out, t)
		}
		rest = rest[j+1:]
	}
	// A call of a language that runs its string through a shell
	// (system('rm -rf ~'), os.popen("...")), as inline code does.
	if holdsAny(v, shellCallMarkers) {
		for _, m := range shellCallPattern.FindAllStringSubmatch(v, maxEmbedded) {
			if len(out) < maxEmbedded {
				out = append(out, unescapeLiteral(m[1]+m[2]+m[3]))
			}
		}
	}
	// A macro or quote that runs its text through a shell as it expands:
	// RPM's %(CMD), Ruby's and Perl's %x(CMD), %x{CMD} and qx(CMD).
	for _, open := range []string{"%(", "%x(", "%x{", "qx(", "qx{"} {
		out = append(out, bracketBodies(v, open, maxEmbedded-len(out))...)
	}
	// A JSON array of strings is an argument vector (["rm", "-rf", "~"]):
	// each item one word, quoted so that the shell reads it back whole.
	for _, m := range jsonArgvPattern.FindAllString(v, maxEmbedded-min(len(out), maxEmbedded-1)) {
		var words []string
		for _, q := range jsonStringPattern.FindAllString(m, -1) {
			t, err := strconv.Unquote(q)
			if err != nil {
				words = nil
				break
			}
			words = append(words, shellQuoted(t))
		}
		if len(words) > 1 {
			out = append(out, strings.Join(words, " "))
		}
	}
	return out
}

// jsonArgvPattern is a JSON array of two strings or more; jsonStringPattern
// one of its strings.
var (
	jsonArgvPattern   = regexp.MustCompile(`\[\s*"(?:[^"\\]|\\.)*"(?:\s*,\s*"(?:[^"\\]|\\.)*")+\s*\]`)
	jsonStringPattern = regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)
)

func commandName(cmd string) string {
	name, _, _ := strings.Cut(cmd, " ")
	return name
}

// commandFile judges f, a file of commands the program runs in its own
// language, besides reading it (RoleCommandFile). Text the command
// supplies itself (see suppliedFile, and a file it wrote) is given to
// read; with no reader (nil), or when the text is not known, the call
// asks: the text was made to be run and cannot be read here. A file
// already on disk, in a root or a temporary folder, is given to read as
// well, and what blocks in it blocks (filesOnDisk); others are out of
// reach, as any program's files are (see docs/security-model.md,
// "Scripts read from files").
func (r *run) commandFile(sc *scope, f field, b string, c ctx, cmd string, read func(text string)) {
	r.rawDiskRead(f, cmd)
	if suppliedFile(f) {
		text, known := r.argText(sc, f, c)
		switch {
		case !known:
			r.finding(rulePipeToShell, Dynamic, Ask, b+" runs the commands of "+cmp.Or(f.why, f.val)+", which cannot be known before it runs", cmd, "")
		case read == nil:
			r.finding(ruleRunsWritten, Dynamic, Ask, b+" runs the commands of "+cmp.Or(f.why, f.val)+", which this command supplies in a language the analyser does not read", cmd, "")
		default:
			read(text)
		}
		return
	}
	if r.unknownFile(sc, f, b, c, cmd) {
		return
	}
	r.buildFileWritten(sc, []string{f.val}, c, b, cmd, read)
	// Read from disk whether or not its language is judged, so that an
	// approval binds what it holds; one not there is absent (another call
	// may write it first).
	r.filesOrAbsent([]string{f.val}, b, cmd, func(text, _ string) {
		if read != nil {
			read(text)
		}
	})
}

// unknownFile reports whether f, a file whose commands or code b runs,
// is named by a word not known (make -f "$F", psql < "$SQL"), and makes
// the call ask when it is, as bash "$X"'s script does (which file runs is
// not known before it runs), unless it is a for loop's item whose items
// are all known (each is judged as the loop runs).
func (r *run) unknownFile(sc *scope, f field, b string, c ctx, cmd string) bool {
	if !f.dyn {
		return false
	}
	if !sc.loopItem(f, c.pos) {
		r.finding(ruleDynamicName, Dynamic, Ask, b+" runs the commands of a file whose path comes from "+cmp.Or(f.why, f.val)+", which is not known before it runs", cmd, "")
	}
	return true
}

// commandReader returns the reader of an entry's command files, given the
// line's operands: its own (a makefile's recipes), or, for an entry whose standard input is a
// command language (Stdin RoleEscape or RoleScript), that input's; nil for
// none.
func (r *run) commandReader(sc *scope, e *Entry, b string, ops []field, c ctx, cmd string) func(text string) {
	switch {
	case e.readsCommands != nil:
		return func(text string) { e.readsCommands(r, sc, b, text, ops, c, cmd) }
	case e.Stdin == RoleEscape || e.Stdin == RoleScript:
		return func(text string) { r.applyRole(sc, roleValue{role: e.Stdin, f: field{val: text}}, false, b, c, cmd) }
	}
	return nil
}

// suppliedFile reports whether a program's file argument is text the
// command line itself supplies: the standard input or a descriptor (see
// descriptorFile).
func suppliedFile(f field) bool {
	return descriptorFile(f) || !f.dyn && isStdin(f.val)
}

// descriptorFile reports whether a file argument is a process
// substitution or an open descriptor (/dev/fd/N, /proc/self/fd/N), its
// number known or not (/dev/fd/$fd: bash's exec {fd}<<< TEXT names one so).
func descriptorFile(f field) bool {
	if f.why == whyProcSubst {
		return true
	}
	if !strings.HasPrefix(f.val, "/") {
		return false
	}
	p := throughProcRoots(f.val)
	if f.dyn {
		p += "/" // (the folder the number not known is in: /dev/fd/$fd)
	}
	return strings.HasPrefix(p, "/dev/fd/") || strings.HasPrefix(p, "/proc/self/fd/") || strings.HasPrefix(p, "/proc/thread-self/fd/")
}
