package hardline

// Terminal multiplexers, terminals and detached runners: they run a command
// given as words or as one script, often later or out of sight.
var tmuxCommandSubs = []Entry{
	{Names: names("new-session new new-window neww split-window splitw respawn-pane respawnp respawn-window respawnw display-popup popup"),
		Summary: "the command the new pane runs",
		Options: append([]Option{opt(RoleWorkDir, "-c")}, vals("efFlnstxyST")...), Operands: []Operand{operands(0, RoleScript)}},
	{Names: names("run-shell run"), Summary: "shell commands run by the server",
		Options: append([]Option{opt(RoleWorkDir, "-c")}, vals("dt")...), Operands: []Operand{operands(0, RoleScript)}},
	{Names: names("if-shell if"), Summary: "a shell condition, then tmux commands",
		Options: vals("t"), Operands: []Operand{operand(0, RoleScript)},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.tmuxCommands(sc, parseOpts(args, "t", nil, "").ops, 1, c, cmd)
			return true
		}},
	{Names: names("send-keys send"), Summary: "keys typed into a pane, often a shell",
		Options: vals("tNX"), Operands: []Operand{operands(0, RoleScript)}},
	{Names: names("pipe-pane pipep"), Summary: "a command fed the pane's output", Options: vals("t"), Operands: []Operand{operands(0, RoleScript)}},
	{Names: names("bind-key bind set-hook set-option set setw set-window-option command-prompt confirm-before confirm display-menu menu source-file source"),
		Summary: "key bindings, hooks and prompts run tmux commands later", Rule: rulePersistence,
		Options: vals("tTNFIpxyMcbo"),
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.tmuxCommands(sc, parseOpts(args, "tTNFIpxyMcbo", nil, "").ops, 1, c, cmd)
			return true
		}},
	{Names: names("ls list-sessions list-windows lsw list-panes lsp attach attach-session a kill-session kill-server kill-window kill-pane detach has-session has display-message display capture-pane capturep select-window selectw select-pane selectp rename-session rename-window resize-pane switch-client list-keys lsk show-options show info start-server start"),
		Summary: "inspection and session management", DataOnly: true, Options: vals("tsFfcSEbnl")},
}

var _ = register([]Entry{
	{Names: names("tmux byobu"), Family: "multiplexers", Summary: "sub-commands that start panes, run shell commands or type keys have their commands analysed",
		Options: vals("cfLSTdx"), Subcommands: tmuxCommandSubs,
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.tmuxChain(sc, args, c, cmd)
			return true
		}},
	{Names: names("screen"), Family: "multiplexers", Summary: "the command after the options runs in a new window; -X stuff types into one",
		Options:      append([]Option{opt(RoleRead, "-c")}, vals("SpTeht")...),
		OptionsFirst: true, Operands: []Operand{operand(0, RoleCommand)},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			for i, a := range args {
				if a.val == "-X" && i+1 < len(args) {
					r.screenCommand(sc, args[i+1:], c, cmd)
					return true
				}
			}
			return false
		}},
	wrapper("multiplexers", "dtach -c/-A/-n SOCKET CMD runs a detached command", "aAcner", nil, 0, "dtach"),
	wrapper("multiplexers", "abduco -c/-A/-n NAME CMD runs a detached command", "aAcne", nil, 0, "abduco"),
	{Names: names("zellij"), Family: "multiplexers", Summary: "zellij run and action write-chars run commands",
		Subcommands: []Entry{{Names: names("run r"), Options: append([]Option{opt(RoleWorkDir, "--cwd")}, vals("nd", "--name", "--direction", "--height", "--width", "--x", "--y")...), Operands: []Operand{operand(0, RoleCommand)}},
			{Names: names("action ac"), Subcommands: []Entry{{Names: names("write-chars new-pane"), Operands: []Operand{operands(0, RoleScript)}}}}}},
	{Names: names("xterm uxterm urxvt rxvt st alacritty foot kitty konsole terminator xfce4-terminal mate-terminal lxterminal tilix qterminal sakura terminology wezterm gnome-terminal ptyxis kgx cool-retro-term"),
		Family: "multiplexers", Summary: "-e, -x, --command and -- run a command in a new terminal",
		Options: append([]Option{flag(RoleCommand, "-e", "-x", "--", "--exec"), opt(RoleScript, "--command"), opt(RoleWorkDir, "--working-directory", "--workdir", "-d")},
			vals("gTnfo", "--geometry", "--title", "--class", "--name", "--profile", "--config-file", "--font", "-fn", "-fg", "-bg", "-title", "--role", "--tab-with-profile", "--window-with-profile")...)},
	wrapper("multiplexers", "runs the command immune to hangups", "", nil, 0, "nohup", "chronic", "ts", "sem"),
	wrapper("multiplexers", "runs the command in a new session", "", nil, 0, "setsid"),
	wrapper("multiplexers", "runs the command as a daemon", "acelopu", nil, 0, "daemonize", "daemon"),
	{Names: names("start-stop-daemon"), Family: "multiplexers", Summary: "--exec and --startas name the program; its arguments follow --",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			p := parseOpts(args, "xadpnucgrsRNk", []string{"--exec", "--startas", "--chdir", "--pidfile", "--name", "--user", "--chuid", "--group", "--chroot", "--signal", "--retry", "--nicelevel", "--umask"}, "")
			prog := append(p.get("-a", "--startas"), p.get("-x", "--exec")...)
			if len(prog) > 0 {
				r.next(sc, append([]field{prog[0]}, p.ops...), c)
			}
			return true
		},
		Options: []Option{opt(RoleWorkDir, "-d", "--chdir"), val("-p", "--pidfile", "-n", "--name", "-u", "--user", "-c", "--chuid", "-g", "--group", "-r", "--chroot", "-s", "--signal", "-R", "--retry", "-N", "--nicelevel", "-k", "--umask")}},
	{Names: names("pueue tsp task-spooler"), Family: "multiplexers", Summary: "queued commands run later",
		Subcommands: []Entry{{Names: names("add"), Options: append([]Option{opt(RoleWorkDir, "-w", "--working-directory")}, vals("gdl", "--group", "--delay", "--label", "--after", "--priority")...), Operands: []Operand{operands(0, RoleScript)}}},
		Operands:    []Operand{operand(0, RoleCommand)}},
})

// tmuxChain analyses a tmux line: its global options (-c runs a shell
// command), then each tmux command, separated by ";" words (tmux new -d 'x'
// \; send-keys 'y' Enter), read through the sub-command entries.
func (r *run) tmuxChain(sc *scope, args []field, c ctx, cmd string) {
	ce := builtinCatalog()["tmux"]
	i := 0
	for i < len(args) && len(args[i].val) > 1 && args[i].val[0] == '-' && !args[i].dyn {
		if args[i].val == "-c" && i+1 < len(args) {
			r.reparseField(sc, args[i+1], c, cmd, true)
		}
		if os, ok := ce.opts[args[i].val]; ok && os[0].Takes > 0 {
			i++
		}
		i++
	}
	var seg []field
	judge := func() {
		if len(seg) == 0 {
			return
		}
		if sub, ok := ce.subs[seg[0].val]; ok && !seg[0].dyn {
			r.applyEntry(sc, sub, "tmux "+seg[0].val, seg[1:], c, cmd)
		} else {
			for _, f := range seg {
				r.net(sc, f, c, cmd)
			}
		}
		seg = nil
	}
	for _, a := range args[min(i, len(args)):] {
		if a.val == ";" || a.val == "\\;" {
			judge()
			continue
		}
		seg = append(seg, a)
	}
	judge()
}

// tmuxCommands analyses operands (from index from) that are tmux commands
// themselves (if-shell's branches, bind-key's command, hooks).
func (r *run) tmuxCommands(sc *scope, ops []field, from int, c ctx, cmd string) {
	for i := from; i < len(ops); i++ {
		f := ops[i]
		if f.dyn {
			r.finding(ruleEvalDynamic, Dynamic, Ask, "tmux runs a command that comes from "+f.why, cmd, "")
			continue
		}
		r.reparseField(sc, field{val: "tmux " + f.val}, c, cmd, true)
	}
}

// screenCommand analyses screen -X COMMAND ARGS: stuff types text into a
// window, exec and screen run programs.
func (r *run) screenCommand(sc *scope, args []field, c ctx, cmd string) {
	if len(args) == 0 {
		return
	}
	switch args[0].val {
	case "stuff", "exec", "screen", "eval":
		rest := args[1:]
		if args[0].val == "stuff" && len(rest) > 0 {
			f := rest[0]
			f.val = unescapeStuff(f.val)
			rest = []field{f}
		}
		r.reparseFields(sc, rest, c, cmd, true)
	}
}

// unescapeStuff turns screen's \n, \r and ^M into newlines.
func unescapeStuff(s string) string {
	out := []byte{}
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\' && i+1 < len(s) && (s[i+1] == 'n' || s[i+1] == 'r'):
			out = append(out, '\n')
			i++
		case s[i] == '^' && i+1 < len(s) && (s[i+1] == 'M' || s[i+1] == 'J'):
			out = append(out, '\n')
			i++
		default:
			out = append(out, s[i])
		}
	}
	return string(out)
}
