package hardline

import (
	"cmp"
	"mvdan.cc/sh/v3/syntax"
	"path"
	"slices"
	"strings"
)

// Shells, privilege wrappers and shell builtins that run, change or define
// commands.
var _ = register([]Entry{
	{Names: names(shellNames),
		Family: "shells", Summary: "-c SCRIPT is analysed; a script from stdin, a pipe or a process substitution is judged",
		Env: []EnvVar{{Name: "BASH_ENV", Role: RoleProgram}, {Name: "ENV", Role: RoleProgram},
			{Name: "PROMPT_COMMAND", Role: RoleScript}, {Name: "PS0", Role: RoleScript}, {Name: "PS1", Role: RoleScript},
			{Name: "PS4", Role: RoleScript}, {Name: "SHELLOPTS", Role: RoleData}},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.shell(sc, b, args, c, cmd)
			return true
		}},
	{Names: names("sudo"), Family: "privilege", Summary: "runs the command after its options; -e edits files (writes)",
		Options:      vals("ugpCDrtTUh", "--user", "--group", "--prompt", "--close-from", "--chdir", "--role", "--type", "--command-timeout", "--other-user", "--host"),
		OptionsFirst: true, Env: []EnvVar{{Name: "SUDO_ASKPASS", Role: RoleCommand}, {Name: "SUDO_EDITOR", Role: RoleCommand}},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.sudo(sc, args, c, cmd, func(rest []field) { r.next(sc, rest, c) })
			return true
		}},
	{Names: names("sudoedit doasedit"), Family: "privilege", Summary: "edits files as another user: each is written",
		Options: vals("ugpCDrtTUh"), Operands: []Operand{operands(0, RoleWrite)}},
	{Names: names("doas"), Family: "privilege", Summary: "runs the command as another user; -s runs a shell, which reads stdin",
		Options: vals("uC"),
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			rest := skipOpts(args, wrapSpec{val: "uC"})
			if len(rest) == 0 && slices.ContainsFunc(args, func(f field) bool { return strings.HasPrefix(f.val, "-") && strings.ContainsRune(f.val, 's') }) {
				rest = []field{{val: "sh"}}
			}
			r.next(sc, rest, c)
			return true
		}},
	shellByDefault(wrapper("privilege", "runs the command as another user", "", []string{"--user"}, 0, "pkexec")),
	wrapper("privilege", "runs the command as another user", "uDg", []string{"--user", "--group", "--chdir", "--unit", "--property", "--description", "--slice", "--setenv", "--nice", "--machine"}, 0, "run0"),
	wrapper("privilege", "runs the command as another user", "", nil, 1, "gosu", "su-exec", "setuidgid", "s6-setuidgid", "envuidgid"),
	wrapper("privilege", "runs the command with other credentials", "", []string{"--reuid", "--regid", "--groups", "--inh-caps", "--bounding-set", "--securebits", "--selinux-label", "--apparmor-profile", "--ruid", "--euid", "--rgid", "--egid"}, 0, "setpriv"),
	wrapper("privilege", "runs the command as another user (runit)", "uUbe/nlLmdofcprt", nil, 0, "chpst"),
	wrapper("privilege", "runs the command as another user (Windows)", "", nil, 0, "runas"),
	{Names: names("su runuser"), Family: "privilege", Summary: "-c SCRIPT is analysed; runuser -u USER CMD runs CMD",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.su(sc, b, args, c, cmd, func(rest []field) { r.next(sc, rest, c) })
			return true
		}},
	{Names: names("newgrp"), Family: "privilege", Summary: "starts a shell with another group, which reads stdin",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.next(sc, []field{{val: "sh"}}, c)
			return true
		}},
	{Names: names("sg"), Family: "privilege", Summary: "sg GROUP -c SCRIPT and sg GROUP CMD run a command; sg GROUP alone starts a shell, which reads stdin",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			switch {
			case len(args) >= 3 && args[1].val == "-c":
				r.reparseField(sc, args[2], c, cmd, true)
			case len(args) >= 2:
				r.reparseFields(sc, args[1:], c, cmd, true)
			default:
				c2 := c
				c2.depth++
				r.stdinScript(sc, c2, cmd, b)
			}
			return true
		}},
	{Names: names("open"), Family: "shells", Summary: "macOS open: a .command or .tool file, or any file given to a terminal application (-a Terminal, iTerm, ...), runs as a script; the words after --args go to the application",
		Options: []Option{val("-a", "-b", "-u", "--env", "--stdin", "--stdout", "--stderr", "--arch")},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.openFiles(sc, b, args, c, cmd)
			return false
		}},
	{Names: names("env"), Family: "shells", Summary: "assignments, -i, -u, -C DIR, -S STRING, then the command",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.envCmd(sc, args, c, cmd, func(rest []field) { r.next(sc, rest, c) })
			return true
		}},
	{Names: names("command"), Family: "shells", Summary: "runs the command; -v and -V only look it up",
		judgesPaths: true, // a name looked up, or a command analysed with its own entry
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			rest := args
			for len(rest) > 0 && strings.HasPrefix(rest[0].val, "-") && !rest[0].dyn {
				if strings.ContainsAny(rest[0].val, "vV") {
					return true // command -v: a lookup
				}
				rest = rest[1:]
			}
			r.next(sc, rest, c)
			return true
		}},
	wrapper("shells", "runs the command", "", nil, 0, "builtin", "then", "do", "else", "!", "coproc", "arch"),
	wrapper("shells", "replaces the shell with the command", "a", nil, 0, "exec"),
	{Names: names("time"), Family: "shells", Summary: "runs and times the command; -o writes the timings",
		Options:  []Option{opt(RoleWrite, "-o", "--output"), val("-f", "--format")},
		Operands: []Operand{operand(0, RoleCommand)}},
	{Names: names("busybox toybox"), Family: "shells", Summary: "runs the applet named by the first argument",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			if len(args) > 0 && !strings.HasPrefix(args[0].val, "--") {
				r.next(sc, args, c)
			}
			return true
		}},
	{Names: names("eval"), Family: "shells", Summary: "the words joined are analysed as a script",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.reparseFields(sc, args, c, cmd, false)
			return true
		}},
	{Names: names("source ."), Family: "shells", Summary: "a script from stdin or a process substitution is judged; on Windows, PowerShell's . { BLOCK } runs the block",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			if len(args) == 0 {
				return true
			}
			if r.a.windows && b == "." && !args[0].dyn && strings.HasPrefix(args[0].val, "{") {
				// PowerShell's dot-sourcing of a script block runs it
				// (bash would source a file named {).
				r.powershellScript(sc, args, c)
				return true
			}
			r.scriptArg(sc, b, args[0], c, cmd) // as bash's script operand
			return true
		}},
	{Names: names("trap"), Family: "shells", Summary: "the handler is analysed as a script; -p, -l and -P only print",
		judgesPaths: true, // signal names and the handler, which is analysed
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			rest := args
			for len(rest) > 0 && !rest[0].dyn && len(rest[0].val) > 1 && rest[0].val[0] == '-' {
				v := rest[0].val
				rest = rest[1:]
				if v == "--" {
					break
				}
				if strings.ContainsAny(v, "lpP") {
					return true // trap -p, -l, -P: a listing
				}
			}
			if len(rest) > 1 && rest[0].val != "-" {
				if rest[0].dyn {
					r.finding(ruleEvalDynamic, Dynamic, Ask, "trap runs a handler that comes from "+rest[0].why, cmd, "")
					return true
				}
				r.script(rest[0].val, r.known(sc, c.pos), sc.depth+c.depth+1)
			}
			return true
		}},
	{Names: names("alias"), Family: "shells", Summary: "the alias's text is analysed, and so is a later use of the alias",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.alias(sc, args, c)
			return true
		}},
	{Names: names("cd pushd popd chdir"), Family: "shells", Summary: "followed: later relative paths resolve in the new folder",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.cd(sc, b, args, c, cmd)
			return true
		}},
	{Names: names("xargs"), Family: "shells", Summary: "the command runs with items from stdin: known items are substituted, unknown ones are dynamic",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.xargs(sc, args, c)
			return true
		}},
	{Names: names("parallel"), Family: "shells", Summary: "the command runs with each item; a one-word command is a script; PARALLEL adds options",
		// PARALLEL's options are read before the line's: --rpl defines
		// replacement strings that are Perl code, --ssh and --filter run
		// commands, and the rest name files written or sent.
		Env: []EnvVar{{Name: "PARALLEL", Role: RoleEscape, Markers: []string{"--rpl", "--ssh", "--sshlogin", "-S", "--filter", "--results", "--joblog",
			"--tmpdir", "--workdir", "--wd", "--return", "--cleanup", "--basefile", "--bf", "--transfer", "--env", "--tmux", "--shebang"}}},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.parallel(sc, b, args, c, cmd, parallelSpec)
			return true
		}},
	{Names: names("rush gargs"), Family: "shells", Summary: "the command template runs through a shell once for each input line, {} standing for it; under a rush.json, rush is also Rush, whose projects' scripts and global commands are analysed (see runners)",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.parallel(sc, b, args, c, cmd, rushSpec)
			return true
		}},
	{Names: names("xe"), Family: "shells", Summary: "the command runs with items from stdin ({} or appended); -s runs a shell script with them",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.xe(sc, args, c)
			return true
		}},
	{Names: names("watch"), Family: "shells", Summary: "the command runs through sh -c unless -x",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.watch(sc, args, c, cmd, func(rest []field) { r.next(sc, rest, c) })
			return true
		}},
	{Names: names("flock"), Family: "shells", Summary: "flock FILE -c SCRIPT or flock FILE CMD",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			// -c SCRIPT may come before or after the lock file.
			for i, f := range args {
				script, ok := strings.CutPrefix(f.val, "--command=")
				switch {
				case f.dyn:
				case (f.val == "-c" || f.val == "--command") && i+1 < len(args):
					r.reparseField(sc, args[i+1], c, cmd, true)
					return true
				case ok:
					g := f
					g.val = script
					r.reparseField(sc, g, c, cmd, true)
					return true
				}
			}
			rest := skipOpts(args, wrapSpec{val: "wE", long: []string{"--timeout", "--wait", "--conflict-exit-code"}, pos: 1})
			r.next(sc, skipOpts(rest, wrapSpec{val: "wE"}), c)
			return true
		}},
	{Names: names("script"), Family: "shells", Summary: "script -c SCRIPT records a command; the typescript and -O, -I, -B, -T are written; BSD's script FILE CMD runs CMD",
		Options: []Option{opt(RoleScript, "-c", "--command"), opt(RoleWrite, "-I", "--log-in", "-O", "--log-out", "-B", "--log-io", "-T", "--log-timing", "-t", "--timing"),
			val("-E", "--echo", "-m", "--logging-format", "--output-limit", "-F")},
		Operands: []Operand{operand(0, RoleWrite), operand(1, RoleCommand)}, shellDefault: true,
		// The shell script starts, and tmux, screen, xterm, flock -c,
		// GNU parallel, fzf's previews, sudo -s, vim's :shell and many
		// more: a program, run as such wherever it is set.
		Env: []EnvVar{{Name: "SHELL", Role: RoleCommand}}},
	{Names: names("wsl"), Family: "shells", Summary: "runs a command in a Linux distribution; --unregister deletes a distribution with its files (system-admin)",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			if slices.ContainsFunc(args, func(f field) bool { v := asciiLower(f.val); return v == "--unregister" || v == "--uninstall" }) {
				r.finding(ruleSystemAdmin, Command, Ask, "wsl --unregister deletes a Linux distribution and every file in it", cmd, "")
				return true
			}
			rest := skipOpts(args, wrapSpec{val: "du", long: []string{"--distribution", "--user", "--cd"}})
			if len(rest) > 0 && (rest[0].val == "-e" || rest[0].val == "--exec" || rest[0].val == "--") {
				rest = rest[1:]
			}
			r.next(sc, rest, c)
			return true
		}},
	{Names: names("cmd"), Family: "shells", Summary: "cmd.exe /c runs cmd syntax the analyser does not read whole (asks); its commands are judged too",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			for i, f := range args {
				// cmd reads /C (/K, /R) with the line after it, in the same
				// word or not (cmd "/c rd /s /q DIR", cmd /c"rd ..."), after
				// other switches run together or not (cmd /v/c, /V:ON/C),
				// and joins the rest of its own command line into it.
				if j := cmdRunSwitch(f.val); j >= 0 {
					r.finding(ruleInlineInterp, Dynamic, Ask, "cmd.exe "+f.val[j:j+2]+" runs cmd syntax the analyser does not read", cmd, "")
					line := args[i+1:]
					if rest := f.val[j+2:]; rest != "" {
						line = append([]field{{val: rest, dyn: f.dyn}}, line...)
					}
					r.cmdScript(sc, line, c)
					return true
				}
			}
			return true
		}},
	{Names: names("compgen"), Family: "shells", Summary: "-C runs its command and -F calls its function, in a script too; -W's word list is expanded, command substitutions run",
		DataOnly: true, special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.compgen(sc, args, c, cmd)
			return true
		}},
	{Names: names("complete"), Family: "shells", Summary: "-C's command runs and -F's function is called when a word is completed (in an interactive shell, later), analysed as compgen's are now; -W's word list is expanded then",
		DataOnly: true, special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.compgen(sc, args, c, cmd)
			return true
		}},
	{Names: names("bind"), Family: "shells", Summary: "-x KEYSEQ:COMMAND runs COMMAND when the keys are pressed (in an interactive shell, later), analysed as a script",
		DataOnly: true, special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			eachShortValue(args, "mqurfx", func(opt byte, value field) {
				if opt != 'x' {
					return
				}
				if value.dyn {
					r.finding(ruleEvalDynamic, Dynamic, Ask, "bind -x binds keys to a command that comes from "+cmp.Or(value.why, "an expansion"), cmd, "")
					return
				}
				if command, ok := boundCommand(value.val); ok {
					r.reparseField(sc, field{val: command}, c, cmd, true)
				}
			})
			return true
		}},
	{Names: names("echo true false : exit return shift set shopt export declare typeset local readonly jobs fg bg disown umask help times caller dirs logout compopt suspend"),
		Family: "shells", Summary: "builtins whose arguments are text", DataOnly: true},
	{Names: names("type"), Family: "shells", Summary: "bash's type names commands; cmd's type prints files, a raw disk device among them (raw-disk-read)",
		DataOnly: true, special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			if r.a.windows {
				for _, f := range args {
					r.rawDiskRead(f, cmd)
				}
			}
			return true
		}},
	{Names: names("printf read unset wait getopts test [ ulimit let"),
		Family: "shells", Summary: "builtins whose arguments name variables (printf -v, read, test -v) or are arithmetic (let, ulimit): a subscript in them runs its command substitutions",
		DataOnly: true, special: namedVariables},
	{Names: names("mapfile readarray"), Family: "shells", Summary: "the array's name is a variable's; the -C callback runs as a command with an index and each line read appended",
		DataOnly: true, judgesPaths: true, // the callback, which is analysed
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.mapfileCallback(sc, args, c, cmd)
			return namedVariables(r, sc, b, args, c, cmd)
		}},
	{Names: names("hash"), Family: "shells", Summary: "hash -p FILE NAME makes NAME run FILE: it asks, and later uses of NAME are judged as FILE's program",
		DataOnly: true, judgesPaths: true,
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			if p := parseOpts(args, "p", nil, ""); len(p.get("-p")) > 0 {
				for _, name := range p.ops {
					r.noteCommandName(name, p.get("-p")[0])
				}
			}
			return hashAsks(r, sc, b, args, c, cmd)
		}},
	{Names: names("enable"), Family: "shells", Summary: "enable -f loads a builtin from a shared object: code the analyser cannot read (asks)",
		DataOnly: true, judgesPaths: true,
		special: asksOnFlag('f', ruleInlineInterp, "enable -f loads a shared object into the shell, code the analyser cannot read")},
	{Names: names("fc"), Family: "shells", Summary: "fc -s runs a history entry again, fc -e after an editor: entries history -s added are judged, others ask; fc -l lists",
		DataOnly: true, judgesPaths: true, special: fcRerun},
	{Names: names("history"), Family: "shells", Summary: "-w and -a write the history to a file; -r and -n read one into it; -s adds an entry, which fc -s runs",
		DataOnly: true, judgesPaths: true,
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			write, read := false, false
			var files []field
			for i, f := range args {
				switch {
				case !f.dyn && shortFlag(f.val, 's'):
					// history -s ARGS adds ARGS, joined, as one entry.
					r.noteHistory(sc, args[i+1:])
					return true
				case !f.dyn && shortFlag(f.val, 'c'):
					sc.history, sc.historyUnknown = nil, false
				case !f.dyn && len(f.val) > 1 && f.val[0] == '-' && f.val != "--":
					write = write || strings.ContainsAny(f.val, "wa")
					read = read || strings.ContainsAny(f.val, "rn")
				default:
					files = append(files, f)
				}
			}
			if read {
				sc.historyUnknown = true // entries from a file fc -s may run
			}
			if !write && !read || len(files) == 0 {
				return true
			}
			r.checkTargets(sc, files, cmd)
			if write {
				for _, f := range files {
					r.judgeWrite(sc, f, ruleDiskWrite, cmd)
				}
			}
			return true
		}},
})

// fcRerun judges bash's fc: -l lists the history; -s runs an entry again
// (after OLD=NEW replaces OLD in it), and without -s an entry is run after
// an editor has changed it. Entries come from history -s (or a file
// history -r read): those the script added are judged as the command fc
// runs, each of them, with and without the replacement; others ask.
func fcRerun(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
	var reps [][2]string
	rerun, list := false, false
	for _, f := range args {
		switch {
		case f.dyn:
			rerun = true // an option not known may be -s
		case shortFlag(f.val, 'l'):
			list = true
		case shortFlag(f.val, 's'):
			rerun = true
		case strings.Contains(f.val, "=") && !strings.HasPrefix(f.val, "-"):
			old, nw, _ := strings.Cut(f.val, "=")
			reps = append(reps, [2]string{old, nw})
		}
	}
	if list && !rerun {
		return true
	}
	if !rerun {
		r.finding(ruleEvalDynamic, Dynamic, Ask, "fc runs a history entry after an editor has changed it", cmd, "")
	}
	if sc.historyUnknown || len(sc.history) == 0 {
		r.finding(ruleEvalDynamic, Dynamic, Ask, "fc runs a command from the shell's history, which is not known", cmd, "")
	}
	for _, h := range sc.history {
		r.reparseField(sc, field{val: h}, c, cmd, false)
		for _, rp := range reps {
			if rp[0] != "" && strings.Contains(h, rp[0]) {
				r.reparseField(sc, field{val: strings.Replace(h, rp[0], rp[1], 1)}, c, cmd, false)
			}
		}
	}
	return true
}

// noteHistory records the entry history -s adds: its words joined.
func (r *run) noteHistory(sc *scope, words []field) {
	if len(words) == 0 {
		return
	}
	if slices.ContainsFunc(words, func(f field) bool { return f.dyn }) || len(sc.history) >= maxHistory {
		sc.historyUnknown = true
		return
	}
	sc.history = append(sc.history, joinFields(words))
}

// maxHistory bounds the history entries a script's analysis keeps; past
// it, fc -s asks.
const maxHistory = 16

// asksOnFlag is the handler of a builtin whose arguments are text unless
// the short option flag is given (or an argument is not known): then it
// asks under rule, saying why.
func asksOnFlag(flag byte, rule, why string) handler {
	return func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
		if slices.ContainsFunc(args, func(f field) bool { return f.dyn || shortFlag(f.val, flag) }) {
			r.finding(rule, Dynamic, Ask, why, cmd, "")
		}
		return true
	}
}

// shortFlag reports whether v is a cluster of short options holding c.
func shortFlag(v string, c byte) bool {
	return len(v) > 1 && v[0] == '-' && v[1] != '-' && strings.IndexByte(v[1:], c) >= 0
}

// alias analyses alias definitions and records them for later uses.
func (r *run) alias(sc *scope, args []field, c ctx) {
	for _, f := range args {
		if i := strings.IndexByte(f.val, '='); i > 0 {
			r.script(f.val[i+1:], r.known(sc, c.pos), sc.depth+c.depth+1)
			if r.aliases == nil {
				r.aliases = map[string]string{}
			}
			if f.dyn {
				r.aliases[f.val[:i]] = "" // a name whose meaning is not known
			} else {
				r.aliases[f.val[:i]] = f.val[i+1:]
			}
		}
	}
}

// hashAsks asks for hash -p, as BASH_CMDS does.
var hashAsks = asksOnFlag('p', ruleDynamicName, "hash -p makes a command name run another program, so later commands cannot be judged by their names")

// bashCmds judges an assignment to BASH_CMDS, bash's table of the programs
// command names run (BASH_CMDS[ls]=/bin/rm, BASH_CMDS=([ls]=/bin/rm)): it
// asks, as hash -p does, and later uses of a name given an installed
// program are judged as that program.
func (r *run) bashCmds(sc *scope, as *syntax.Assign) {
	note := func(idx syntax.ArithmExpr, val *syntax.Word) {
		if idx == nil || val == nil {
			return
		}
		name := r.nodeText(sc, idx)
		if w, ok := idx.(*syntax.Word); ok {
			name = r.word(sc, w).val
		}
		r.noteCommandName(field{val: name}, r.word(sc, val))
	}
	assignElements(as, note)
	r.finding(ruleDynamicName, Dynamic, Ask, "BASH_CMDS makes a command name run another program, so later commands cannot be judged by their names", r.nodeText(sc, as), "")
}

// bashAliases judges an assignment to BASH_ALIASES, bash's table of
// aliases (BASH_ALIASES[ls]='rm -rf ~', BASH_ALIASES+=([ls]=...)): an
// element is an alias, which a shell that expands aliases runs in place of
// the name, so each element's text is judged as alias's is, and the
// assignment asks, as BASH_CMDS does: later commands cannot be judged by
// their names (see docs/security-model.md, Hardline).
func (r *run) bashAliases(sc *scope, as *syntax.Assign) {
	assignElements(as, func(_ syntax.ArithmExpr, val *syntax.Word) {
		if val == nil {
			return
		}
		if f := r.word(sc, val); !f.dyn {
			r.script(f.val, r.known(sc, val.Pos().Offset()), sc.depth+1)
		}
	})
	r.finding(ruleDynamicName, Dynamic, Ask, "BASH_ALIASES defines aliases, which a shell that expands them runs in place of command names, so later commands cannot be judged by their names", r.nodeText(sc, as), "")
}

// assignElements calls f with the index and value of the assignment as
// (NAME[KEY]=VALUE, or NAME=VALUE without an index) and of each element
// of its array (NAME=([KEY]=VALUE ...)).
func assignElements(as *syntax.Assign, f func(idx syntax.ArithmExpr, val *syntax.Word)) {
	f(as.Index, as.Value)
	if as.Array != nil {
		for _, e := range as.Array.Elems {
			f(e.Index, e.Value)
		}
	}
}

// noteCommandName records that the command name name runs the program at
// file (hash -p, BASH_CMDS): a later use of the name is judged as that
// program when it is one the catalogue knows.
func (r *run) noteCommandName(name, file field) {
	if !name.dyn && !file.dyn && name.val != "" && r.a.catalogued(base(file.val)) {
		r.bindProgram(name.val, base(file.val))
	}
}

// cmdRunSwitch returns where cmd.exe's /C, /K or /R starts in a word of
// its switches (/c, /v/c, /Q/V:ON/C...), or -1 when the word has none:
// each switch before it is a letter, with a :VALUE for /A /U /Q /D /E /F
// /V /T.
func cmdRunSwitch(w string) int {
	for i := 0; i+1 < len(w) && w[i] == '/'; {
		switch asciiLower(w[i+1 : i+2]) {
		case "c", "k", "r":
			return i
		}
		j := strings.IndexByte(w[i+1:], '/')
		if j < 0 || !isLetter(w[i+1]) {
			return -1
		}
		if sw := w[i+1 : i+1+j]; len(sw) > 1 && sw[1] != ':' {
			return -1 // not a switch: text with a slash in it
		}
		i += 1 + j
	}
	return -1
}

// terminalApps are the applications (lower-cased, without .app) that run
// a script file macOS's open gives them.
var terminalApps = setOf("terminal", "iterm", "iterm2", "warp", "alacritty", "kitty", "hyper", "wezterm", "ghostty", "tabby")

// openFiles judges macOS's open: each file it opens that runs as a script
// (a .command or .tool file, or any file when the application is a
// terminal) is read from disk as a script run by its path is (scriptAt),
// and one the command wrote first is judged as run (runsWritten). The
// words after --args are the application's.
func (r *run) openFiles(sc *scope, b string, args []field, c ctx, cmd string) {
	if i := slices.IndexFunc(args, func(f field) bool { return f.val == "--args" && !f.dyn }); i >= 0 {
		args = args[:i]
	}
	p := parseOpts(args, "abu", []string{"--env", "--stdin", "--stdout", "--stderr", "--arch"}, "")
	terminal := false
	for _, app := range p.get("-a") {
		name := asciiLower(strings.TrimSuffix(strings.TrimSuffix(base(app.val), "/"), ".app"))
		terminal = terminal || app.dyn || terminalApps[name]
	}
	for _, op := range p.ops {
		ext := asciiLower(path.Ext(op.val))
		if !terminal && ext != ".command" && ext != ".tool" {
			continue
		}
		if !strings.ContainsRune(op.val, '/') && !op.dyn {
			op.val = "./" + op.val // a file in the working folder, not a name on PATH
		}
		r.runsWritten(sc, op, base(op.val), nil, c, cmd)
		r.scriptAt(sc, op, nil, false, b, c, cmd)
	}
}

// boundCommand returns the command of bind -x's KEYSEQ:COMMAND: what
// follows the colon after the key sequence, which may be quoted ("\C-x":
// CMD) and hold a colon then.
func boundCommand(v string) (string, bool) {
	i := 0
	if strings.HasPrefix(v, `"`) {
		for i = 1; i < len(v) && v[i] != '"'; i++ {
			if v[i] == '\\' {
				i++
			}
		}
	}
	j := strings.IndexByte(v[min(i, len(v)):], ':')
	if j < 0 {
		return "", false
	}
	return strings.TrimSpace(v[i+j+1:]), true
}

// Programs that run every program in a folder, and launchers of desktop
// entries, whose Exec line is a command.
var _ = register([]Entry{
	{Names: names("run-parts"), Family: "shells", Summary: "runs every program in the folder it is given, judged as a loop over the folder's files runs them; --test and --list only name them",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.runParts(sc, args, c, cmd)
			return true
		}},
	{Names: names("dex gtk-launch exo-open"), Family: "shells", Summary: "runs the Exec line of the desktop entries (.desktop files) it is given",
		special: desktopLauncher},
})

// desktopLauncher is the special of a program or sub-command that runs
// the desktop entries it is given (see desktopEntries).
func desktopLauncher(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
	r.desktopEntries(sc, b, args, c, cmd)
	return false
}

// runParts judges run-parts DIR: it runs each program in DIR (whose name
// is letters, digits, - and _, unless --lsbsysinit or --regex says
// otherwise), judged here as for f in DIR/*; do "$f"; done runs every
// file, which reads those on disk and those this command wrote. --test
// and --list run nothing.
func (r *run) runParts(sc *scope, args []field, c ctx, cmd string) {
	p := parseOpts(args, "a", []string{"--arg", "--umask", "--regex"}, "")
	if p.has("--test") || p.has("--list") || len(p.ops) == 0 {
		return
	}
	dir := p.ops[len(p.ops)-1]
	if dir.dyn {
		r.finding(ruleDynamicName, Dynamic, Ask, "run-parts runs every program in a folder that comes from "+dir.why, cmd, "")
		return
	}
	r.reparseField(sc, field{val: "for f in " + shellQuoted(strings.TrimSuffix(dir.val, "/")) + `/*; do "$f"; done`}, c, cmd, true)
	// The programs this command wrote there, which the loop's pattern,
	// matched on disk, does not list.
	res := r.resolve(dir)
	if !res.ok || len(r.written) == 0 {
		return
	}
	d := r.a.key(strings.TrimSuffix(res.paths[len(res.paths)-1], "/"))
	var ps []string
	for p := range r.written {
		if path.Dir(p) == d {
			ps = append(ps, p)
		}
	}
	slices.Sort(ps)
	for _, p := range ps {
		if w := r.written[p]; w.known {
			r.reparseField(sc, field{val: w.content + w.tail}, c, cmd, true)
		} else {
			r.finding(ruleRunsWritten, Dynamic, Ask, "run-parts runs "+p+", which this command writes first", cmd, p)
		}
	}
}

// desktopEntries judges the desktop entries a launcher is given: the Exec
// line of each .desktop file whose text is known (written by this
// command, or on disk) is a command, its field codes (%f, %u, ...)
// standing for a file not known.
func (r *run) desktopEntries(sc *scope, b string, args []field, c ctx, cmd string) {
	for _, f := range args {
		if f.dyn || !strings.HasSuffix(asciiLower(f.val), ".desktop") {
			continue
		}
		text, ok := r.argText(sc, f, c)
		if !ok {
			text, _, ok = r.readOnDisk(f, b, cmd, false)
		}
		if !ok {
			continue
		}
		for line := range strings.SplitSeq(text, "\n") {
			if exec, ok := strings.CutPrefix(strings.TrimSpace(line), "Exec="); ok {
				exec = strings.NewReplacer("%%", "%", "%f", `"$F"`, "%F", `"$F"`, "%u", `"$F"`, "%U", `"$F"`, "%i", "", "%c", "", "%k", "").Replace(exec)
				r.reparseField(sc, field{val: exec}, c, cmd, true)
			}
		}
	}
}
