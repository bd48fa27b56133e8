package hardline

import (
	"fmt"
	"regexp"
	"strings"
)

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
	{Names: names("send-keys send"), Summary: "keys typed into a pane, often a shell; key names (Space, Enter) and -H hex codes are read as the text they type",
		Options: vals("tNX"), Operands: []Operand{operands(0, RoleScript)},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.tmuxKeys(sc, args, c, cmd)
			return false
		}},
	{Names: names("set-environment setenv"), Summary: "variables every new pane's shell starts with", Options: vals("t"),
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			if ops := parseOpts(args, "t", nil, "").ops; len(ops) > 1 && !ops[0].dyn {
				r.envAssign(sc, ops[0].val, ops[1], c, cmd)
			}
			return true
		}},
	{Names: names("save-buffer saveb"), Summary: "the file is written", Options: vals("b"), Operands: []Operand{operand(0, RoleWrite)}, DataOnly: true},
	{Names: names("pipe-pane pipep"), Summary: "a command fed the pane's output", Options: vals("t"), Operands: []Operand{operands(0, RoleScript)}},
	{Names: names("source-file source"), Summary: "each file is a list of tmux commands, run now", Options: vals("t"), Operands: []Operand{operands(0, RoleCommandFile)}, readsCommands: tmuxFile},
	{Names: names("bind-key bind set-hook set-option set setw set-window-option command-prompt confirm-before confirm display-menu menu"),
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
	{Names: names("tmux byobu"), Family: "multiplexers", Summary: "sub-commands that start panes, run shell commands or type keys have their commands analysed, as have the #(CMD) of formats",
		Options: append([]Option{opt(RoleCommandFile, "-f")}, vals("cLSTdx")...), Subcommands: tmuxCommandSubs, readsCommands: tmuxFile,
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.tmuxChain(sc, args, c, cmd)
			return true
		}},
	{Names: names("screen"), Family: "multiplexers", Summary: "the command after the options runs in a new window; -X stuff types into one; SCREENRC names a configuration that runs commands",
		Env:          []EnvVar{{Name: "SCREENRC", Role: RoleProgram}, {Name: "SYSSCREENRC", Role: RoleProgram}},
		Options:      append([]Option{opt(RoleCommandFile, "-c"), opt(RoleWrite, "-Logfile")}, vals("SpTeht")...),
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
	{Names: names("dvtm"), Family: "multiplexers", Summary: "each operand is a command run in its own window", Options: vals("mdhtsc"), Operands: []Operand{operands(0, RoleScript)}},
	wrapper("multiplexers", "abduco -c/-A/-n NAME CMD runs a detached command", "aAcne", nil, 0, "abduco"),
	{Names: names("zellij"), Family: "multiplexers", Summary: "zellij run and action write-chars run commands",
		Options: vals("slcn", "--session", "--layout", "--config", "--config-dir", "--data-dir", "--max-panes", "--new-session-with-layout"),
		Subcommands: []Entry{{Names: names("run r"), Options: append([]Option{opt(RoleWorkDir, "--cwd")}, vals("nd", "--name", "--direction", "--height", "--width", "--x", "--y")...), Operands: []Operand{operand(0, RoleCommand)}},
			{Names: names("action ac"), Subcommands: []Entry{{Names: names("write-chars new-pane"), Operands: []Operand{operands(0, RoleScript)}}}}}},
	{Names: names("alacritty"), Family: "multiplexers", Summary: "-e and --command run the rest of the line in a new terminal",
		Options: []Option{flag(RoleCommand, "-e", "--command", "-x", "--exec", "--"), opt(RoleWorkDir, "--working-directory"), val("-T", "--title", "--class", "--config-file", "-o", "--option", "--socket")},
		Subcommands: []Entry{{Names: names("msg"), Subcommands: []Entry{{Names: names("create-window"),
			Options: []Option{flag(RoleCommand, "-e", "--command"), opt(RoleWorkDir, "--working-directory"), val("-T", "--title", "--class", "-o", "--option")}}}}}},
	{Names: names("kitty kitten"), Family: "multiplexers", Summary: "the command after the options runs in a new terminal; @ launch runs one and @ send-text types into one",
		OptionsFirst: true,
		Options: []Option{opt(RoleWorkDir, "-d", "--directory", "--working-directory"), opt(RoleRead, "--session"), flag(RoleCommand, "-e", "--", "-x", "--exec"),
			val("-c", "--config", "-o", "--override", "--class", "--name", "-T", "--title", "--listen-on", "--start-as", "--instance-group", "--watcher", "-w")},
		Operands: []Operand{operand(0, RoleCommand)},
		Subcommands: []Entry{{Names: names("@"), Options: vals("", "--to", "--password"), Subcommands: []Entry{
			{Names: names("launch"), OptionsFirst: true, Options: []Option{opt(RoleWorkDir, "--cwd"), val("--type", "--title", "--tab-title", "--window-title", "--location", "--env", "--var", "--match", "-m", "--os-window-title", "--next-to", "--bias", "--color", "--spacing", "--watcher", "--marker", "--source-window")}, Operands: []Operand{operand(0, RoleCommand)}},
			{Names: names("send-text"), Options: vals("m", "--match", "--match-tab", "--from-file"), Operands: []Operand{operands(0, RoleScript)},
				special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
					for _, o := range parseOpts(args, "m", []string{"--match", "--match-tab", "--from-file"}, "").ops {
						if !o.dyn {
							r.reparseField(sc, field{val: unescapeStuff(o.val)}, c, cmd, true)
						}
					}
					return false
				}}}}}},
	{Names: names("foot footclient"), Family: "multiplexers", Summary: "the command after the options runs in a new terminal",
		OptionsFirst: true,
		Options:      []Option{opt(RoleWorkDir, "-D", "--working-directory"), flag(RoleCommand, "-e", "-x", "--exec", "--"), val("-c", "--config", "-o", "--override", "-t", "--term", "-T", "--title", "-a", "--app-id", "-w", "--window-size-pixels", "-W", "--window-size-chars", "-f", "--font", "-s", "--server", "-p", "--print-pid", "-l", "--log-colorize", "-d", "--log-level")},
		Operands:     []Operand{operand(0, RoleCommand)}},
	{Names: names("wezterm"), Family: "multiplexers", Summary: "wezterm start and cli spawn run a command; cli send-text types into a pane",
		Options: []Option{flag(RoleCommand, "-e", "-x", "--exec", "--"), val("--config-file", "--config")},
		Subcommands: []Entry{{Names: names("start ssh connect"), OptionsFirst: true, Options: []Option{opt(RoleWorkDir, "--cwd"), val("--class", "--domain", "--workspace", "--position")}, Operands: []Operand{operand(0, RoleCommand)}},
			{Names: names("cli"), Subcommands: []Entry{{Names: names("spawn split-pane"), OptionsFirst: true, Options: []Option{opt(RoleWorkDir, "--cwd"), val("--pane-id", "--domain-name", "--window-id", "--workspace", "--percent", "--cells")}, Operands: []Operand{operand(0, RoleCommand)}},
				{Names: names("send-text"), Options: vals("", "--pane-id"), Operands: []Operand{operands(0, RoleScript)}}}}}},
	wrapper("multiplexers", "runs the command in the user's preferred terminal", "", nil, 0, "xdg-terminal-exec", "contour"),
	{Names: names("xterm uxterm urxvt rxvt st konsole terminator xfce4-terminal mate-terminal lxterminal tilix qterminal sakura terminology gnome-terminal ptyxis kgx cool-retro-term x-terminal-emulator ghostty rio"),
		Family: "multiplexers", Summary: "-e, -x, --command and -- run a command in a new terminal",
		Options: append([]Option{flag(RoleCommand, "-e", "-x", "--", "--exec"), opt(RoleScript, "--command"), opt(RoleWorkDir, "--working-directory", "--workdir", "-d")},
			vals("gTnfo", "--geometry", "--title", "--class", "--name", "--profile", "--config-file", "--font", "-fn", "-fg", "-bg", "-title", "--role", "--tab-with-profile", "--window-with-profile")...)},
	wrapper("multiplexers", "runs the command immune to hangups", "", nil, 0, "nohup", "chronic", "ts"),
	wrapper("multiplexers", "GNU parallel's sem runs the command when a slot is free", "j", []string{"--id", "--jobs", "--semaphoretimeout", "--st", "--semaphorename"}, 0, "sem"),
	wrapper("multiplexers", "runs the command in a new session", "", nil, 0, "setsid"),
	wrapper("multiplexers", "queues the command to run later", "", nil, 0, "nq", "fq"),
	wrapper("multiplexers", "runs the command if stdin is not empty", "", nil, 0, "ifne"),
	wrapper("multiplexers", "runs the command with its compressed arguments uncompressed", "", nil, 0, "zrun"),
	{Names: names("pee mispipe"), Family: "multiplexers", Summary: "each operand is a shell command it runs (moreutils)",
		Options: vals(""), Operands: []Operand{operands(0, RoleScript)}},
	wrapper("multiplexers", "lckdo LOCKFILE CMD runs CMD holding a lock", "W", nil, 1, "lckdo"),
	wrapper("multiplexers", "runs the command unless another copy runs, or again and again", "", nil, 0,
		"run-one", "run-this-one", "keep-one-running", "run-one-constantly", "run-one-until-success", "run-one-until-failure"),
	wrapper("multiplexers", "runs the command again until it succeeds", "tdmx", []string{"--tries", "--delay", "--min", "--max", "--until"}, 0, "retry"),
	{Names: names("daemonize"), Family: "multiplexers", Summary: "runs the command as a daemon; -o, -e, -p and -l are written",
		Options: []Option{opt(RoleWrite, "-o", "-e", "-p", "-l"), opt(RoleWorkDir, "-c"), val("-E", "-u")}, Operands: []Operand{operand(0, RoleCommand)}},
	{Names: names("daemon"), Family: "multiplexers", Summary: "runs the command after the options as a daemon; its output and pid files are written",
		Options: []Option{opt(RoleWrite, "-o", "--output", "-O", "--stdout", "-E", "--stderr", "-l", "--errlog", "-b", "--dbglog", "-F", "--pidfile"), opt(RoleWorkDir, "-D", "--chdir"),
			val("-n", "--name", "-u", "--user", "-R", "--chroot", "-m", "--umask", "-e", "--env", "-X", "--command", "-P", "--pidfiles", "-L", "--delay", "-M", "--limit", "-A", "--acceptable", "-C", "--config")},
		Operands: []Operand{operand(0, RoleCommand)}},
	{Names: names("start-stop-daemon"), Family: "multiplexers", Summary: "--exec and --startas name the program; its arguments follow --",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			p := parseOpts(args, "xadpnucgrsRNk", []string{"--exec", "--startas", "--chdir", "--pidfile", "--name", "--user", "--chuid", "--group", "--chroot", "--signal", "--retry", "--nicelevel", "--umask"}, "")
			prog := append(p.get("-a", "--startas"), p.get("-x", "--exec")...)
			if len(prog) > 0 {
				r.next(sc, append([]field{prog[0]}, p.ops...), c)
			}
			if strings.ContainsRune(p.short, 'K') || p.has("--stop") {
				// Stopping init, or every process of root, stops the host.
				for _, f := range append(prog, p.get("-n", "--name")...) {
					if b := base(f.val); b == "init" || b == "systemd" || b == "launchd" {
						r.finding(ruleKillAll, Command, Block, "start-stop-daemon --stop signals init, which stops the host", cmd, "")
						return true
					}
				}
				for _, u := range p.get("-u", "--user") {
					if u.val == "root" || u.val == "0" {
						r.finding(ruleKillAll, Command, Block, "start-stop-daemon --stop signals every process of root", cmd, "")
						return true
					}
				}
			}
			return true
		},
		Options: []Option{opt(RoleWorkDir, "-d", "--chdir"), val("-p", "--pidfile", "-n", "--name", "-u", "--user", "-c", "--chuid", "-g", "--group", "-r", "--chroot", "-s", "--signal", "-R", "--retry", "-N", "--nicelevel", "-k", "--umask")}},
	{Names: names("pueue tsp task-spooler"), Family: "multiplexers", Summary: "queued commands run later",
		Options:     vals("LDNWc", "--config", "--profile"),
		Subcommands: []Entry{{Names: names("add"), Options: append([]Option{opt(RoleWorkDir, "-w", "--working-directory")}, vals("gdl", "--group", "--delay", "--label", "--after", "--priority")...), Operands: []Operand{operands(0, RoleScript)}}},
		Operands:    []Operand{operand(0, RoleCommand)}},
	{Names: names("fzf fzf-tmux sk"), Family: "multiplexers", Summary: "--preview and sk's --cmd are shell commands; a --bind action execute(...), become(...), reload(...), preview(...) or transform(...) runs its command; FZF_DEFAULT_COMMAND runs one",
		Options: []Option{opt(RoleScript, "--preview", "-c", "--cmd"), val("--bind", "-q", "--query", "-d", "--delimiter", "-n", "--nth", "--with-nth", "--header", "--prompt", "--height", "--layout", "--preview-window", "--color", "--expect", "--history", "-f", "--filter")},
		Env: []EnvVar{{Name: "FZF_DEFAULT_COMMAND", Role: RoleScript}, {Name: "SKIM_DEFAULT_COMMAND", Role: RoleScript},
			{Name: "FZF_DEFAULT_OPTS", Role: RoleEscape, Markers: fzfCommandMarkers}, {Name: "SKIM_DEFAULT_OPTIONS", Role: RoleEscape, Markers: fzfCommandMarkers}},
		DataOnly: true,
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			var texts []string
			for _, bind := range optionValues(args, "--bind") {
				if bind.dyn {
					r.finding(ruleEvalDynamic, Dynamic, Ask, b+" --bind comes from "+bind.why+" and may run commands", cmd, "")
					continue
				}
				for _, text := range fzfBindCommands(bind.val) {
					r.reparseField(sc, field{val: text}, c, cmd, true)
					texts = append(texts, text)
				}
			}
			for _, p := range optionValues(args, "--preview") {
				if !p.dyn {
					texts = append(texts, p.val)
				}
			}
			r.fzfItems(sc, texts, c)
			return false
		}},
})

// fzfPlaceholder matches fzf's placeholders for the items it reads: {},
// {+}, {q}, {n}, {1}, {-1}, {2..}, {+f} and their kin.
var fzfPlaceholder = regexp.MustCompile(`\{[+sfrqn]*[-0-9.,]*\}`)

// fzfItems judges the commands fzf runs with the items it reads (a
// preview, a --bind action's command) once for each source of items, as
// xargs's command is: fzf puts an item in place of a placeholder, quoted,
// so a plain command is read with the item among its words, and any
// other as sh -c 'CMD "$1"' with the item as $1. The
// items are fzf's input, or the working folder's files when it has none
// (fzf's default source lists them): ls ~ | fzf --preview 'rm -rf {}'
// deletes in the home folder, as ls ~ | xargs rm -rf does.
func (r *run) fzfItems(sc *scope, texts []string, c ctx) {
	in := c.in
	if in.kind == inNone {
		in = input{kind: inUnknown, words: []field{{val: "."}}, find: true, detail: "the working folder's files"}
	}
	const item = "\x00fzf-item"
	for _, text := range texts {
		if !fzfPlaceholder.MatchString(text) {
			continue
		}
		if !strings.ContainsAny(text, "|&;<>()$`\\\"'\n") {
			// A plain command: its words, the item standing in a
			// placeholder's place with what the input's items are (a
			// start point of find stands for everything under it).
			var fs []field
			for _, w := range strings.Fields(fzfPlaceholder.ReplaceAllLiteralString(text, item)) {
				fs = append(fs, field{val: w})
			}
			r.feed(sc, fs, in, item, c)
			continue
		}
		script := fzfPlaceholder.ReplaceAllLiteralString(text, `"$1"`)
		r.feed(sc, []field{{val: "sh"}, {val: "-c"}, {val: script}, {val: "fzf"}, {val: item}}, in, item, c)
	}
}

// tmuxChain analyses a tmux line: its global options (-c runs a shell
// command), then each tmux command, separated by ";" words (tmux new -d 'x'
// \; send-keys 'y' Enter), read through the sub-command entries.
func (r *run) tmuxChain(sc *scope, args []field, c ctx, cmd string) {
	ce := builtinCatalog()["tmux"]
	// A format's #(CMD) runs CMD in a shell wherever tmux expands the
	// format: display -p, -F of the list commands, status lines, titles.
	for _, a := range args {
		if a.dyn {
			continue
		}
		for _, text := range tmuxFormatCommands(a.val) {
			r.reparseField(sc, field{val: text}, c, cmd, true)
		}
	}
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

// tmuxFormatCommands returns the shell commands of a tmux format's #(...)
// (#(cut -c1-5 /etc/hostname)), an unclosed one running to the end; at
// most maxEmbedded.
func tmuxFormatCommands(v string) []string {
	var out []string
	for i := 0; i+1 < len(v) && len(out) < maxEmbedded; i++ {
		if v[i] != '#' || v[i+1] != '(' {
			continue
		}
		j := closingBracket(v, i+1, '(', ')')
		out = append(out, v[i+2:j])
		i = j
	}
	return out
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
	case "eval":
		// Each argument is a screen command line of its own.
		for _, a := range args[1:] {
			if !a.dyn {
				r.reparseField(sc, field{val: "screen -X " + a.val}, c, cmd, true)
			}
		}
		return
	case "bind", "bindkey":
		// bind KEY COMMAND ARGS: the command runs on the key, later.
		if len(args) > 2 {
			r.finding(rulePersistence, Command, Ask, "screen bind runs a command on a key later", cmd, "")
			r.screenCommand(sc, args[2:], c, cmd)
		}
		return
	case "at":
		if len(args) > 2 {
			r.screenCommand(sc, args[2:], c, cmd)
		}
		return
	case "setenv":
		if len(args) > 2 && !args[1].dyn {
			r.envAssign(sc, args[1].val, args[2], c, cmd)
		}
		return
	case "logfile", "hardcopy", "writebuf", "bufferfile":
		if len(args) > 1 {
			r.judgeWrite(sc, args[len(args)-1], ruleDiskWrite, cmd)
		}
		return
	case "stuff", "exec", "screen":
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

// tmuxKeyNames are tmux key names and the text they type.
var tmuxKeyNames = map[string]string{"Space": " ", "Enter": "\n", "C-m": "\n", "KPEnter": "\n", "C-j": "\n", "Tab": "\t", "C-i": "\t", "Escape": ""}

// tmuxKeys judges send-keys written key by key (r m Space - r f Enter) or
// as hex codes (-H 72 6d ...): the text they type is analysed.
func (r *run) tmuxKeys(sc *scope, args []field, c ctx, cmd string) {
	p := parseOpts(args, "tNX", nil, "")
	hex := strings.ContainsRune(p.short, 'H')
	var text strings.Builder
	for _, o := range p.ops {
		if o.dyn {
			return
		}
		switch k, ok := tmuxKeyNames[o.val]; {
		case hex:
			var b byte
			if _, err := fmt.Sscanf(o.val, "%x", &b); err != nil {
				return
			}
			text.WriteByte(b)
		case ok:
			text.WriteString(k)
		default:
			text.WriteString(o.val)
		}
	}
	if t := text.String(); strings.TrimSpace(t) != "" {
		r.reparseField(sc, field{val: t}, c, cmd, true)
	}
}

// fzfCommandMarkers are the words in fzf's default options that run
// commands.
var fzfCommandMarkers = []string{"--preview", "--bind", "execute", "become", "reload", "transform", "--listen"}

// fzfRunning are the fzf --bind actions whose argument is a shell command.
var fzfRunning = regexp.MustCompile(`(?:execute(?:-silent|-multi)?|become|reload(?:-sync)?|change-preview|preview|(?:bg-)?transform[a-z-]*)([(\[{<~!@#$%^&*;/|:])`)

// fzfBindCommands returns the shell commands of fzf's --bind actions
// (enter:execute(vim {})+abort, ctrl-r:reload:ls): an action's argument runs
// to the delimiter's closer ((), [], {}, <>, or the same character), or,
// after ':', to the end of the value. At most maxEmbedded.
func fzfBindCommands(v string) []string {
	var out []string
	for _, m := range fzfRunning.FindAllStringSubmatchIndex(v, maxEmbedded) {
		open := v[m[2]]
		rest := v[m[3]:]
		if open == ':' {
			out = append(out, rest)
			continue
		}
		closer := open
		switch open {
		case '(':
			closer = ')'
		case '[':
			closer = ']'
		case '{':
			closer = '}'
		case '<':
			closer = '>'
		}
		if i := strings.IndexByte(rest, closer); i >= 0 {
			rest = rest[:i]
		}
		out = append(out, rest)
	}
	return out
}

// tmuxFile reads a tmux configuration (tmux -f, source-file): each line
// that is not blank or a comment is a tmux command, analysed as tmux's
// own command line would be.
func tmuxFile(r *run, sc *scope, b, text string, _ []field, c ctx, cmd string) {
	var lines []field
	for line := range strings.SplitSeq(text, "\n") {
		if t := strings.TrimSpace(line); t != "" && t[0] != '#' {
			lines = append(lines, field{val: t})
		}
	}
	r.tmuxCommands(sc, lines, 0, c, cmd)
}

// closingBracket returns the index of the bracket that closes the one at
// s[start] (open), brackets nested in between counted; len(s) when none
// does.
func closingBracket(s string, start int, open, close byte) int {
	depth := 0
	for j := start; j < len(s); j++ {
		switch s[j] {
		case open:
			depth++
		case close:
			if depth--; depth == 0 {
				return j
			}
		}
	}
	return len(s)
}
