package hardline

import (
	"iter"
	"path"
	"slices"
	"strings"
)

// Services, schedules, accounts and security settings: changes ask.
var _ = register([]Entry{
	{Names: names("crontab"), Family: "services", Summary: "crontab -r blocks; installing a crontab asks (persistence), and the commands of a table whose text is known (from stdin, or a file this command wrote) are analysed",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			p := parseOpts(args, "uc", nil, "")
			if containsAny(p.short, "r") {
				r.finding(ruleCrontabRemove, Command, Block, "crontab -r removes every cron job of the user without confirmation", cmd, "")
			}
			r.admin(b, args, cmd)
			table, known := "", false
			switch {
			case len(p.ops) == 0 || len(p.ops) == 1 && p.ops[0].val == "-" && !p.ops[0].dyn:
				table, known = c.in.text, c.in.kind == inText
				if !known && c.in.partial != "" {
					table, known = c.in.partial, true // (crontab -l; echo LINE) | crontab -
				}
			case len(p.ops) == 1:
				if w, _, ok := r.writtenAt(p.ops[0]); ok && w.known {
					table, known = w.content, true
				}
			}
			if known {
				if lines := cronCommands(table); len(lines) > 0 {
					r.script(strings.Join(lines, "\n"), r.known(sc, c.pos), sc.depth+c.depth+1)
				}
			}
			return true
		}},
	{Names: names("anacron"), Family: "services", Summary: "-t names the table whose jobs it runs now and later, each job's command read as a crontab's are; -S is the folder its timestamps are written into",
		Options: []Option{opt(RoleCommandFile, "-t"), opt(RoleWriteTree, "-S")},
		readsCommands: func(r *run, sc *scope, b, text string, ops []field, c ctx, cmd string) {
			if lines := anacronCommands(text); len(lines) > 0 {
				r.script(strings.Join(lines, "\n"), r.known(sc, c.pos), sc.depth+c.depth+1)
			}
		}},
	{Names: names("at batch"), Family: "services", Summary: "schedules commands to run later (persistence); the here-document is analysed",
		Stdin: RoleScript,
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.admin(b, args, cmd)
			return true
		}},
	{Names: names("defaults"), Family: "services", Summary: "defaults write of the login window's hooks or the login items stores a program macOS runs at every login",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			for i, a := range args {
				if a.val != "write" {
					continue
				}
				for _, d := range args[i+1:] {
					if d.dyn {
						r.finding(rulePersistence, Command, Ask, "defaults write to a domain not known may store a program macOS runs at login", cmd, "")
						return true
					}
					if v := asciiLower(strings.TrimSuffix(path.Base(d.val), ".plist")); v == "com.apple.loginwindow" || v == "com.apple.loginitems" {
						r.finding(rulePersistence, Command, Ask, "defaults write "+d.val+" stores a program macOS runs at every login", cmd, "")
					} else if strings.HasPrefix(d.val, "/Library/") || v == "com.apple.alf" {
						// The system's domains (the firewall's com.apple.alf,
						// anything under /Library/Preferences): every user's.
						r.finding(ruleSystemAdmin, Command, Ask, "defaults write "+d.val+" changes the system's settings, the firewall's among them", cmd, "")
					}
					return true
				}
			}
			return true
		}},
	{Names: names("xattr"), Family: "services", Summary: "macOS: removing a file's quarantine attribute (-d com.apple.quarantine, or -c clearing all) lets it run without Gatekeeper's check of a download",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			_, flags := verbWords(args)
			if flags.short('c') || slices.ContainsFunc(args, func(f field) bool { return f.dyn || asciiLower(f.val) == "com.apple.quarantine" }) && flags.short('d') {
				r.finding(ruleSystemAdmin, Command, Ask, "xattr removes a file's quarantine, which Gatekeeper checks a downloaded program by", cmd, "")
			}
			return false
		}},
	{Names: names("tccutil profiles"), Family: "services", Summary: "macOS: tccutil reset takes back the privacy permissions the user granted; profiles install (and -I) installs a configuration profile, which may add trusted certificates, a proxy or device management",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			words, flags := verbWords(args)
			switch {
			case b == "tccutil" && len(words) > 0 && asciiLower(words[0]) == "reset":
				r.finding(ruleSystemAdmin, Command, Ask, "tccutil reset takes back privacy permissions the user granted", cmd, "")
			case b == "profiles" && (len(words) > 0 && (words[0] == "install" || words[0] == "remove") || flags.short('I') || flags.short('R')):
				r.finding(ruleSystemAdmin, Command, Ask, "profiles installs or removes a configuration profile (trusted certificates, a proxy, device management)", cmd, "")
			}
			return false
		}},
	{Names: names("schtasks"), Family: "services", Summary: "schtasks /create schedules a command",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			for _, a := range args {
				if v := asciiLower(a.val); v == "/create" || v == "/change" || v == "/delete" {
					r.finding(rulePersistence, Command, Ask, "schtasks schedules a command", cmd, "")
				}
			}
			return true
		}},
	{Names: names("userdel deluser useradd adduser usermod groupdel delgroup groupmod chpasswd chage vipw vigr visudo pwconv dscl sysadminctl net setenforce aa-teardown aa-disable aa-complain csrutil spctl auditctl modprobe insmod rmmod update-alternatives setcap passwd iptables ip6tables nft ufw firewall-cmd pfctl ebtables arptables service launchctl rc-service sv"),
		Family: "services", Summary: "account, kernel-module, file-capability, firewall and service changes ask; listings are fine; launchctl reboot stops the host and asuser, bsexec and submit run commands",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.admin(b, args, cmd)
			r.serviceMore(sc, b, args, c, cmd)
			return true
		}},
	{Names: names("fdesetup nvram bless tmutil systemsetup"), Family: "services",
		Summary: "macOS: turning disk encryption off or changing its recovery keys, firmware variables, the boot volume, Time Machine's backups and the system's settings ask; fdesetup authrestart restarts the host; listings are fine",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			words, flags := verbWords(args)
			first := ""
			if len(words) > 0 {
				first = asciiLower(words[0])
			}
			ask := func(what string) { r.finding(ruleSystemAdmin, Command, Ask, b+" "+what, cmd, "") }
			switch b {
			case "fdesetup":
				switch first {
				case "authrestart":
					r.finding(ruleShutdown, Command, Block, "fdesetup authrestart restarts the host", cmd, "")
				case "", "status", "list", "isactive", "haspersonalrecoverykey", "hasinstitutionalrecoverykey", "showdeferralinfo", "supportsauthrestart", "validaterecovery", "help", "version":
				default:
					ask("changes the disk's encryption or its recovery keys")
				}
			case "nvram":
				if flags.has("-c", "-d", "-f") || slices.ContainsFunc(args, func(f field) bool { return f.dyn || strings.Contains(f.val, "=") }) {
					ask("changes or clears the firmware's variables")
				}
			case "bless":
				if flags.has("--setBoot", "--nextonly", "--legacy", "--mount", "--device") && !flags.has("--info", "--getBoot") {
					ask("changes the volume the host boots from")
				}
			case "tmutil":
				switch first {
				case "delete", "deletelocalsnapshots", "thinlocalsnapshots", "deleteinprogress":
					r.finding(ruleInfraDestroy, Command, Ask, "tmutil "+first+" deletes backups", cmd, "")
				case "disable", "disablelocal", "removedestination", "setdestination", "setquota", "addexclusion":
					ask("changes where and whether Time Machine backs up")
				}
			case "systemsetup":
				if slices.ContainsFunc(args, func(f field) bool { return f.dyn || strings.HasPrefix(asciiLower(f.val), "-set") }) {
					ask("changes the system's settings")
				}
			}
			return true
		}},
	{Names: names("ip ifconfig ifup ifdown nmcli tc route wg-quick rfkill netplan networksetup resolvectl scutil"), Family: "services",
		Summary: "changing interfaces, addresses, routes, traffic control, radios, DNS servers or the system's proxies asks (ip link set eth0 down, nmcli networking off, networksetup -setwebproxy, resolvectl dns eth0 ADDR); listings are fine; ip netns exec and ip vrf exec run a command",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			if b == "ip" {
				// ip netns exec NAME CMD and ip vrf exec NAME CMD run CMD.
				for i := 0; i+2 < len(args); i++ {
					if (args[i].val == "netns" || args[i].val == "vrf") && args[i+1].val == "exec" {
						r.next(sc, args[i+3:], c)
						return true
					}
				}
			}
			r.netConfig(b, args, cmd)
			return true
		}},
	{Names: names("timedatectl"), Family: "services", Summary: "setting the clock, the time zone or time synchronisation asks (a clock moved breaks certificate checks, logs and one-time codes)",
		Subcommands: []Entry{{Names: names("set-time set-timezone set-ntp set-local-rtc"), Rule: ruleSystemAdmin, DataOnly: true}}},
	{Names: names("hwclock"), Family: "services", Summary: "setting the hardware clock, or the system clock from it, asks", Rule: ruleSystemAdmin, DataOnly: true,
		Options: []Option{flag(RoleTrigger, "--set", "--systohc", "-w", "--hctosys", "-s", "--adjust", "-a", "--systz"), val("--date", "-f", "--rtc")}},
	{Names: names("date gdate"), Family: "services", Summary: "-f and -r read a file (an invalid date is printed back); -s, --set and an operand of digits (MMDDhhmm[[CC]YY][.ss]) set the clock (asks); a +FORMAT only prints", DataOnly: true,
		Options: []Option{opt(RoleRead, "-f", "--file", "-r", "--reference"), val("-d", "--date", "--rfc-3339")},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			for _, a := range args {
				v := a.val
				digits := strings.TrimLeft(strings.Split(v, ".")[0], "0123456789") == "" && len(strings.Split(v, ".")[0]) >= 8
				if a.dyn || v == "-s" || strings.HasPrefix(v, "--set") || strings.HasPrefix(v, "-s") && len(v) > 2 && !strings.HasPrefix(v, "--") || digits {
					if a.dyn && strings.HasPrefix(v, "+") {
						continue // a format from a variable
					}
					r.finding(ruleSystemAdmin, Command, Ask, b+" sets the system clock", cmd, "")
					break
				}
			}
			return false // -f and -r are read
		}},
	{Names: names("hostnamectl"), Family: "services", Summary: "setting the host's name or identity asks",
		Subcommands: []Entry{{Names: names("set-hostname set-icon-name set-chassis set-deployment set-location"), Rule: ruleSystemAdmin, DataOnly: true}}},
	{Names: names("hostname"), Family: "services", Summary: "hostname NAME, -F FILE and -b set the host's name (asks); its other options only print", DataOnly: true,
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			for _, a := range args {
				if !strings.HasPrefix(a.val, "-") || a.val == "-F" || a.val == "--file" || a.val == "-b" || a.val == "--boot" {
					r.finding(ruleSystemAdmin, Command, Ask, "hostname sets the host's name", cmd, "")
					break
				}
			}
			return true
		}},
	{Names: names("gpasswd newusers groupadd addgroup pw net1"), Family: "services", Summary: "group membership and batch account changes ask (gpasswd -a USER sudo grants root)", Rule: ruleSystemAdmin,
		Options: []Option{flag(RoleHarmless, "-h", "--help")}},
	{Names: names("incrontab fcrontab"), Family: "services", Summary: "installing an incron or fcron table schedules commands (persistence)", Rule: rulePersistence,
		Options: []Option{flag(RoleHarmless, "-l", "--list", "-h", "--help", "-r", "--remove")}},
	{Names: names("chsh lchsh"), Family: "services", Summary: "chsh -s changes the program every login runs (persistence)", Rule: rulePersistence,
		Options: []Option{{Names: names("-s --shell"), Takes: 1, Role: RoleTrigger}}},
	{Names: names("journalctl"), Family: "services", Summary: "--vacuum-* deletes the system journal (asks)", Rule: ruleSystemAdmin,
		Options: []Option{{Names: names("--vacuum-time --vacuum-size --vacuum-files"), Takes: 1, Role: RoleTrigger}, val("-u", "--unit", "-n", "--lines", "-p", "--priority", "-b", "--boot", "-S", "--since", "-U", "--until", "-o", "--output", "-t", "--identifier", "-D", "--directory", "--file", "-M", "--machine")}},
	{Names: names("update-rc.d chkconfig rc-update sc sc.exe reg reg.exe systemd-tmpfiles tmpreaper tmpwatch"), Family: "services", Summary: "service removal, Windows service and registry changes (Run keys are persistence) and temporary-file cleaners ask or are judged as deletes",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.serviceTools(sc, b, args, c, cmd)
			return true
		}},
	{Names: names("getent"), Family: "services", Summary: "getent shadow and gshadow read the password hashes",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			for _, a := range args {
				if a.val == "shadow" || a.val == "gshadow" {
					r.finding(ruleSensitivePath, Path, Block, "getent "+a.val+" reads the password hashes", cmd, "/etc/"+a.val)
					return true
				}
			}
			return true
		}},
	{Names: names("dconf"), Family: "services", Summary: "dconf write of a key GNOME runs as a command (a custom key binding's command) stores it (persistence), and the command is analysed",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			ops := parseOpts(args, "", nil, "").ops
			if len(ops) > 2 && ops[0].val == "write" && !ops[1].dyn {
				r.storeSetting(sc, "gnome", "dconf write", ops[1].val, ops[2], c, cmd)
			}
			if len(ops) > 1 && (ops[0].val == "write" || ops[0].val == "reset" || ops[0].val == "load") && (ops[1].dyn || strings.HasPrefix(ops[1].val, "/system/proxy")) {
				r.finding(ruleSystemAdmin, Command, Ask, "dconf changes the desktop's proxy, through which its web traffic goes", cmd, "")
			}
			return false
		}},
	{Names: names("gsettings"), Family: "services", Summary: "gsettings set of a key GNOME runs as a command (a custom key binding's command, the default terminal's exec and exec-arg) stores it (persistence), and the command is analysed",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			ops := parseOpts(args, "", []string{"--schemadir"}, "").ops
			if len(ops) > 3 && ops[0].val == "set" && !ops[2].dyn {
				key := ops[2].val
				if !ops[1].dyn {
					key = ops[1].val + "." + key // the schema's last names say which key it is (terminal exec)
				}
				r.storeSetting(sc, "gnome", "gsettings set", key, ops[3], c, cmd)
			}
			if len(ops) > 2 && (ops[0].val == "set" || ops[0].val == "reset") && (ops[1].dyn || strings.HasPrefix(ops[1].val, "org.gnome.system.proxy")) {
				r.finding(ruleSystemAdmin, Command, Ask, "gsettings changes the desktop's proxy, through which its web traffic goes", cmd, "")
			}
			return false
		}},
	{Names: names("xdg-mime xdg-settings"), Family: "services", Summary: "xdg-mime default and xdg-settings set store the program (a .desktop file) the desktop opens a type of file or URL with, or its default browser: its Exec line runs on every later open (persistence)",
		DataOnly:    true,
		Subcommands: []Entry{{Names: names("default set"), Rule: rulePersistence, DataOnly: true}}},
	{Names: names("gnome-extensions"), Family: "services", Summary: "install of an extension's file: GNOME Shell runs its code at every login (persistence)",
		Subcommands: []Entry{{Names: names("install"), Rule: rulePersistence, Options: vals("", "--force")}}},
	{Names: names("code code-insiders codium cursor windsurf positron"), Family: "services",
		Summary: "--install-extension of a .vsix file or a URL: the editor runs the extension's code at every start (persistence); an extension from the marketplace by its name is everyday; tunnel, and serve-web beyond this machine or without its token, let a remote editor run a shell here (system-admin)",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.editorServer(b, args, cmd)
			for i, a := range args {
				v, ok := strings.CutPrefix(a.val, "--install-extension=")
				if !ok && a.val == "--install-extension" && i+1 < len(args) {
					v, ok, a = args[i+1].val, true, args[i+1]
				}
				if ok && (a.dyn || extensionFile(v)) {
					r.finding(rulePersistence, Command, Ask, b+" --install-extension "+v+" installs an extension from a file or a URL: the editor runs its code at every start", cmd, "")
				}
			}
			r.mayWrite(sc, b, args, cmd) // the rest of its arguments, as a program's the catalogue does not describe
			return false
		}},
})

// editorServer judges an editor's remote access: code tunnel lets the
// editor signed in to the same account reach this machine's shell and
// files from anywhere, as an SSH server does (its status, kill, prune,
// rename, user and unregister only manage it); code serve-web serves the
// editor, terminal and all, which asks when it listens beyond this machine
// or without its connection token.
func (r *run) editorServer(b string, args []field, cmd string) {
	ops := parseOpts(args, "", []string{"--host", "--port", "--connection-token", "--connection-token-file", "--server-base-path", "--server-data-dir", "--name", "--cli-data-dir"}, "")
	if len(ops.ops) == 0 || ops.ops[0].dyn {
		return
	}
	switch ops.ops[0].val {
	case "tunnel":
		if len(ops.ops) > 1 && slices.Contains([]string{"status", "kill", "prune", "rename", "user", "unregister", "help"}, ops.ops[1].val) {
			return
		}
		r.finding(ruleSystemAdmin, Command, Ask, b+" tunnel lets the editor signed in to the same account run a shell and reach the files here, from anywhere", cmd, "")
	case "serve-web":
		open := slices.ContainsFunc(args, func(f field) bool { return f.val == "--without-connection-token" })
		for _, h := range ops.get("--host") {
			open = open || h.dyn || listensBeyond(h.val)
		}
		if open {
			r.finding(ruleSystemAdmin, Command, Ask, b+" serve-web serves the editor and its terminal beyond this machine or without its connection token", cmd, "")
		}
	}
}

// serviceMore judges what admin does not: service, rc-service and sv
// stopping or restarting a service (ask), and launchctl's reboot (block),
// asuser/bsexec/submit (the command runs) and setenv (a variable every
// later program inherits).
func (r *run) serviceMore(sc *scope, b string, args []field, c ctx, cmd string) {
	ops := parseOpts(args, "", nil, "").ops
	switch b {
	case "service", "rc-service":
		for _, o := range ops {
			switch o.val {
			case "stop", "restart", "force-reload", "zap", "pause":
				r.finding(ruleSystemAdmin, Command, Ask, b+" "+o.val+" stops or restarts a service", cmd, "")
				return
			}
		}
	case "sv":
		if len(ops) > 0 {
			switch ops[0].val {
			case "down", "d", "stop", "kill", "k", "exit", "x", "restart", "t", "term", "force-stop", "force-restart", "force-shutdown", "shutdown":
				r.finding(ruleSystemAdmin, Command, Ask, "sv "+ops[0].val+" stops or restarts a service", cmd, "")
			}
		}
	case "launchctl":
		if len(args) == 0 {
			return
		}
		switch args[0].val {
		case "reboot":
			r.finding(ruleShutdown, Command, Block, "launchctl reboot restarts or stops the host", cmd, "")
		case "asuser", "bsexec":
			if len(args) > 2 {
				r.next(sc, args[2:], c)
			}
		case "submit":
			var prog []field
			for i, a := range args {
				if a.val == "-p" && i+1 < len(args) {
					prog = []field{args[i+1]}
				}
				if a.val == "--" {
					r.next(sc, append(prog, args[i+1:]...), c)
					break
				}
			}
		case "setenv":
			if len(args) > 2 && !args[1].dyn {
				r.envAssign(sc, args[1].val, args[2], c, cmd)
				r.finding(ruleSystemAdmin, Command, Ask, "launchctl setenv sets a variable every later program inherits", cmd, "")
			}
		case "config", "limit", "kill", "bootout", "remove", "stop":
			r.finding(ruleSystemAdmin, Command, Ask, "launchctl "+args[0].val+" changes services or limits", cmd, "")
		}
	}
}

// serviceTools judges update-rc.d, chkconfig, rc-update, sc, reg,
// systemd-tmpfiles and the temporary-file cleaners.
func (r *run) serviceTools(sc *scope, b string, args []field, c ctx, cmd string) {
	low := make([]string, len(args))
	for i, a := range args {
		low[i] = asciiLower(a.val)
	}
	line := strings.Join(low, " ")
	ask := func(rule, why string) { r.finding(rule, Command, Ask, b+" "+why, cmd, "") }
	switch b {
	case "update-rc.d":
		if strings.Contains(line, "remove") || strings.Contains(line, "disable") {
			ask(ruleSystemAdmin, "removes or disables a service")
		}
	case "chkconfig":
		if strings.Contains(line, " off") || strings.Contains(line, "--del") {
			ask(ruleSystemAdmin, "disables a service")
		}
	case "rc-update":
		if strings.HasPrefix(line, "del") || strings.HasPrefix(line, "delete") {
			ask(ruleSystemAdmin, "removes a service from a runlevel")
		}
		if strings.HasPrefix(line, "add") {
			ask(rulePersistence, "adds a service to a runlevel")
		}
	case "sc", "sc.exe":
		if len(low) > 0 {
			switch low[0] {
			case "stop", "delete", "config", "pause", "failure", "sdset":
				ask(ruleSystemAdmin, low[0]+" changes a Windows service")
			case "create":
				ask(rulePersistence, "creates a Windows service")
			}
		}
	case "reg", "reg.exe":
		if len(low) > 1 && (low[0] == "add" || low[0] == "import" || low[0] == "load" || low[0] == "restore" || low[0] == "copy") {
			if registryRunsCode(line) || low[0] != "add" {
				ask(rulePersistence, "changes a registry key that runs programs")
			}
		}
		if len(low) > 1 && low[0] == "delete" && (strings.HasPrefix(low[1], "hklm") || strings.HasPrefix(low[1], "hkey_local_machine")) {
			ask(ruleSystemAdmin, "deletes machine registry keys")
		}
		if len(low) > 1 && low[0] == "delete" && registryWide(low[1]) {
			ask(ruleSystemAdmin, "deletes "+low[1]+", "+registryWideWhat)
		}
		if hive := secretHive(low); hive != "" && (low[0] == "save" || hive != "system") {
			r.finding(ruleSensitivePath, Path, Block, b+" "+low[0]+" copies the "+strings.ToUpper(hive)+" hive, which holds the machine's password hashes or the key to them", cmd, "")
		}
	case "systemd-tmpfiles":
		remove := strings.Contains(line, "--remove") || strings.Contains(line, "--clean")
		create := strings.Contains(line, "--create")
		if c.in.kind == inText && slices.ContainsFunc(args, func(f field) bool { return isStdin(f.val) }) {
			for l := range strings.SplitSeq(c.in.text, "\n") {
				f := strings.Fields(l)
				if len(f) < 2 {
					continue
				}
				t := field{val: f[1]}
				switch strings.TrimRight(f[0], "!+-=~^$?") {
				case "R", "D":
					if remove || f[0][0] == 'R' && create {
						r.judgeDelete(sc, t, true, cmd, b)
					}
				case "r":
					if remove {
						r.judgeDelete(sc, t, false, cmd, b)
					}
				case "f", "F", "w", "L", "C", "c", "b", "p", "d", "v", "q", "Q":
					if create {
						r.judgeWrite(sc, t, ruleDiskWrite, cmd)
					}
				}
			}
		} else if remove {
			ask(ruleSystemAdmin, "removes files named by the system's tmpfiles configuration")
		}
	case "tmpreaper", "tmpwatch":
		// tmpwatch [options] HOURS DIR...: everything old in each folder
		// is deleted.
		ops := parseOpts(args, "dDXUMx", []string{"--exclude", "--exclude-user", "--exclude-pattern", "--protect"}, "").ops
		for i, o := range ops {
			if i == 0 {
				continue
			}
			o.contents = true
			r.judgeDelete(sc, o, true, cmd, b)
		}
	}
}

// registryCodeKeys are the registry keys and values (in lower case) that
// make Windows, a shell or a program run a command or load a library:
// the Run keys (and RunOnce, RunServices, Policies\Explorer\Run),
// Winlogon's Shell and Userinit, Image File Execution Options and
// SilentProcessExit debuggers, services, AppInit and AppCert DLLs, a file
// type's or protocol's shell\...\command (and ms-settings' UAC bypass),
// cmd's AutoRun, a logon script in the Environment key, the .NET
// profiler variables, COM servers (InprocServer32, LocalServer32,
// TreatAs), Active Setup's StubPath, LSA and print-monitor packages,
// netsh helpers, Session Manager's BootExecute, SafeBoot's AlternateShell,
// the startup folders' places, a screen saver, Office's test DLL, shell
// extensions and browser helpers, Winsock providers, and the policies that
// switch defences off.
var registryCodeKeys = newMarkers(`\run`, "winlogon", "image file execution options", "silentprocessexit", `\services\`,
	"appinit_dlls", "appcertdlls", `\command`, "autorun", "userinitmprlogonscript", "cor_profiler",
	"coreclr_profiler", "inprocserver32", "localserver32", "treatas", "active setup", `\control\lsa`, `\print\monitors`,
	`\microsoft\netsh`, "session manager", "safeboot", "shell folders", "scrnsave", "office test", "shellex",
	"shellserviceobjectdelayload", "shellexecutehooks", "browser helper objects", `\winsock2\`, `\policies\`,
	"windows defender", `windows nt\currentversion\windows`, "gpextensions", `\protocols\`)

// registryRunsCode reports whether line, a registry command's words in
// lower case, names a key or value that makes something run a command or
// load code (see registryCodeKeys).
func registryRunsCode(line string) bool { return holdsAny(line, registryCodeKeys) }

// registryDrive reports whether line, a PowerShell command's words in
// lower case, names the registry through its drives (HKCU:, HKLM:) or
// provider (Registry::).
func registryDrive(line string) bool { return holdsAny(line, registryDrives) }

// registryHives are the SAM and SECURITY hives through PowerShell's
// drives and provider: every local account's password hash, and the key
// to them.
var registryHives = newMarkers(`hklm:\sam`, `hklm:\security`, `hklm:/sam`, `hklm:/security`, `registry::hkey_local_machine\sam`,
	`registry::hkey_local_machine\security`, `registry::hklm\sam`, `registry::hklm\security`)

// registryWideWhat says what registryWide keys hold.
const registryWideWhat = "a user's whole registry hive or a key every program keeps its settings under, or the file associations by which Windows runs programs"

// registryWide reports whether key, a registry key as reg or PowerShell
// names it in lower case with backslashes (psRegistry turns PowerShell's
// slashes into them) (HKCU\Software, HKEY_CURRENT_USER, HKCU:\,
// Registry::HKEY_USERS\SID), is a user's hive or a key right below it
// (Software, Environment, Control Panel: every program's settings), a
// loaded user hive (HKU\SID) or a key right below one, or any key of
// HKCR (file associations and classes: deleting exefile or .exe stops
// programs from starting) or HKCC. Deleting one is not a program's own
// clean-up; HKLM's keys ask on their own.
func registryWide(key string) bool {
	key = strings.TrimPrefix(key, "registry::")
	hive, rest, _ := strings.Cut(key, `\`)
	hive = strings.TrimSuffix(hive, ":")
	rest = strings.Trim(rest, `\`)
	depth := 0
	if rest != "" {
		depth = strings.Count(rest, `\`) + 1
	}
	switch hive {
	case "hkcu", "hkey_current_user":
		return depth <= 1
	case "hku", "hkey_users":
		return depth <= 2
	case "hkcr", "hkey_classes_root", "hkcc", "hkey_current_config":
		return true
	}
	return false
}

// registryDrives are the registry's PowerShell drives and provider path.
var registryDrives = newMarkers("hkcu:", "hklm:", "hku:", "hkcr:", "hkcc:", "registry::")

// psRegistry judges PowerShell's item and property cmdlets on the
// registry: a change to a key or value that runs code asks (persistence),
// as reg add does, and a change to or a removal of the machine's keys
// asks (system-admin), as reg delete HKLM does.
func psRegistry(r *run, b string, args []field, cmd string) {
	line := strings.ReplaceAll(lowerLine(args), "/", `\`) // HKCU:/Software/... is HKCU:\Software\...
	if !registryDrive(line) {
		return
	}
	ask := func(rule, why string) { r.finding(rule, Command, Ask, b+" "+why, cmd, "") }
	if holdsAny(line, registryHives) {
		r.finding(ruleSensitivePath, Path, Block, b+" reads the SAM or SECURITY hive, which holds the machine's password hashes", cmd, "")
		return
	}
	n := asciiLower(b)
	if n == "remove-item" || n == "ri" || n == "del" || n == "erase" || n == "rd" || n == "rmdir" || n == "rm" {
		for _, w := range strings.Fields(line) {
			if registryWide(w) {
				ask(ruleSystemAdmin, "deletes "+w+", "+registryWideWhat)
				break
			}
		}
	}
	switch {
	case n == "get-itemproperty" || n == "gp" || n == "get-itempropertyvalue" || n == "gpv":
		// Reading a key changes nothing.
	case registryRunsCode(line) && n != "remove-itemproperty" && n != "rp" && n != "clear-itemproperty" && n != "clp" && n != "remove-item" && n != "ri":
		// (Taking a value or key away runs nothing.)
		ask(rulePersistence, "changes a registry key that runs programs")
	case strings.Contains(line, "hklm:") || strings.Contains(line, "registry::hkey_local_machine") || strings.Contains(line, "registry::hklm"):
		ask(ruleSystemAdmin, "changes the machine's registry keys")
	}
}

// netConfigVerbs are the words of network configuration tools that change
// the host's networking rather than show it.
var netConfigVerbs = map[string]bool{"set": true, "add": true, "del": true, "delete": true, "flush": true, "replace": true, "change": true,
	"append": true, "prepend": true, "down": true, "up": true, "off": true, "on": true, "modify": true, "disconnect": true, "connect": true,
	"block": true, "unblock": true, "apply": true, "reapply": true, "attach": true, "detach": true, "mod": true, "edit": true,
	"import": true, "clone": true}

// resolvectlSetters are resolvectl's verbs that set a link's DNS
// configuration when given a value after the link.
var resolvectlSetters = map[string]bool{"dns": true, "domain": true, "default-route": true, "llmnr": true, "mdns": true,
	"dnssec": true, "dnsovertls": true, "nta": true}

// netConfig judges network configuration tools: a verb that changes
// interfaces, addresses, routes, queues or radios asks (system-admin).
func (r *run) netConfig(b string, args []field, cmd string) {
	var ops []string
	for i := 0; i < len(args); i++ {
		v := args[i].val
		if args[i].dyn {
			ops = append(ops, "")
			continue
		}
		if strings.HasPrefix(v, "-") {
			if b == "ip" && (v == "-n" || v == "-netns" || v == "-f" || v == "-family" || v == "-b" || v == "-batch" || v == "-rc" || v == "-rcvbuf") {
				if v == "-b" || v == "-batch" {
					r.finding(ruleSystemAdmin, Command, Ask, "ip -batch runs commands from a file", cmd, "")
					return
				}
				i++
			}
			continue
		}
		ops = append(ops, asciiLower(v))
	}
	change := false
	switch b {
	case "ifup", "ifdown", "wg-quick":
		// -a and --all bring every interface up or down.
		change = len(ops) > 0 || b != "wg-quick" && slices.ContainsFunc(args, func(f field) bool {
			return f.val == "--all" || len(f.val) > 1 && f.val[0] == '-' && f.val[1] != '-' && strings.IndexByte(f.val, 'a') > 0
		})
	case "ifconfig":
		change = len(ops) >= 2
	case "netplan":
		change = len(ops) > 0 && (ops[0] == "apply" || ops[0] == "try" || ops[0] == "set")
	case "networksetup":
		// -setwebproxy, -setdnsservers, -createnetworkservice, ...: the
		// -get and -list options only print.
		change = slices.ContainsFunc(args, func(f field) bool {
			v := asciiLower(f.val)
			return f.dyn || strings.HasPrefix(v, "-set") || strings.HasPrefix(v, "-create") || strings.HasPrefix(v, "-remove") ||
				strings.HasPrefix(v, "-delete") || strings.HasPrefix(v, "-add") || strings.HasPrefix(v, "-switchto") || strings.HasPrefix(v, "-import") ||
				strings.HasPrefix(v, "-duplicate") || strings.HasPrefix(v, "-rename") || strings.HasPrefix(v, "-order")
		})
	case "scutil":
		change = slices.ContainsFunc(args, func(f field) bool { return f.val == "--set" || f.dyn })
	case "resolvectl":
		change = len(ops) > 0 && (ops[0] == "revert" || resolvectlSetters[ops[0]] && len(ops) > 2)
	default:
		for _, o := range ops {
			if netConfigVerbs[o] || o == "" {
				change = true
				break
			}
		}
	}
	if change {
		r.finding(ruleSystemAdmin, Command, Ask, b+" changes the host's networking", cmd, "")
	}
}

// cronCommands are the commands of a crontab's lines: what follows the
// five time fields or an @keyword, skipping comments and assignments.
func cronCommands(table string) []string {
	var out []string
	for line := range contentLines(table) {
		n := 5
		if line[0] == '@' {
			n = 1
		}
		if rest := afterFields(line, n); rest != "" {
			out = append(out, rest)
		}
	}
	return out
}

// anacronCommands returns the commands of an anacrontab's jobs: a job is
// a period (days, or @daily, @weekly, @monthly), a delay in minutes, an
// identifier and the command, the rest of the line. A line that sets a
// variable (SHELL=/bin/sh) has fewer fields and is none.
func anacronCommands(table string) []string {
	var out []string
	for line := range contentLines(table) {
		if rest := afterFields(line, 3); rest != "" {
			out = append(out, rest)
		}
	}
	return out
}

// contentLines yields the lines of text that hold something, blanks
// around them taken off, but those that start with '#' (comments).
func contentLines(text string) iter.Seq[string] {
	return func(yield func(string) bool) {
		for line := range strings.SplitSeq(text, "\n") {
			if line = strings.TrimSpace(line); line != "" && line[0] != '#' && !yield(line) {
				return
			}
		}
	}
}

// afterFields returns what follows the first n fields of a line (fields
// separated by blanks and tabs), without the blanks around it: "" when the
// line has no more.
func afterFields(line string, n int) string {
	rest := strings.TrimLeft(line, " \t")
	for range n {
		i := strings.IndexAny(rest, " \t")
		if i < 0 {
			return ""
		}
		rest = strings.TrimLeft(rest[i:], " \t")
	}
	return strings.TrimRight(rest, " \t")
}

// secretHive returns the local machine's hive a reg save or reg export
// (low: its words in lower case) copies when that is the SAM, SECURITY or
// SYSTEM hive, or a key in one ("sam", "security", "system"); else "".
// The SAM holds the accounts' password hashes and SECURITY the cached
// logons and LSA secrets; the SYSTEM hive holds the key that opens them,
// which only a saved hive (its keys' class names) carries.
func secretHive(low []string) string {
	if len(low) < 2 || low[0] != "save" && low[0] != "export" {
		return ""
	}
	key := low[1]
	for _, root := range []string{"hklm", "hkey_local_machine"} {
		if rest, ok := strings.CutPrefix(key, root+`\`); ok {
			switch hive, _, _ := strings.Cut(rest, `\`); hive {
			case "sam", "security", "system":
				return hive
			}
		}
	}
	return ""
}

// extensionFile reports whether an editor's --install-extension value
// names a file or a URL (a .vsix, a path, https://...) rather than an
// extension of the marketplace (publisher.name, publisher.name@1.2.3).
func extensionFile(v string) bool {
	return strings.HasSuffix(asciiLower(v), ".vsix") || strings.ContainsAny(v, "/\\") || strings.Contains(v, "://")
}

// Windows's own defences and records: Microsoft Defender's switches and
// exclusions, the firewall, the event logs, the script execution policy,
// and a service created (see docs/security-model.md, Hardline). Each asks.
var _ = register([]Entry{
	{Names: names("Set-MpPreference set-mppreference Add-MpPreference add-mppreference"), Family: "services",
		Summary:  "Microsoft Defender: a -Disable... switch set, or an exclusion added, turns protection off (system-admin)",
		DataOnly: true, special: winDefender},
	{Names: names("netsh netsh.exe"), Family: "services", Summary: "netsh advfirewall ... state off and firewall set opmode disable turn the firewall off (system-admin)",
		DataOnly: true, special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			line := lowerLine(args)
			if strings.Contains(line, "firewall") && (strings.Contains(line, "state off") || strings.Contains(line, "opmode disable") || strings.Contains(line, "mode=disable")) {
				r.finding(ruleSystemAdmin, Command, Ask, b+" turns the firewall off", cmd, "")
			}
			return true
		}},
	{Names: names("Set-NetFirewallProfile set-netfirewallprofile"), Family: "services", Summary: "-Enabled False turns the firewall off (system-admin)",
		DataOnly: true, special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			if line := lowerLine(args); strings.Contains(line, "-enabled false") || strings.Contains(line, "-enabled:$false") || strings.Contains(line, "-enabled 0") {
				r.finding(ruleSystemAdmin, Command, Ask, b+" turns the firewall off", cmd, "")
			}
			return true
		}},
	{Names: names("wevtutil wevtutil.exe"), Family: "services", Summary: "cl and clear-log empty an event log (system-admin)",
		DataOnly: true, special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			if len(args) > 0 && !args[0].dyn && (asciiLower(args[0].val) == "cl" || asciiLower(args[0].val) == "clear-log") {
				r.finding(ruleSystemAdmin, Command, Ask, b+" empties an event log", cmd, "")
			}
			return true
		}},
	{Names: names("Clear-EventLog clear-eventlog Remove-EventLog remove-eventlog"), Family: "services", Summary: "empties or removes an event log", Rule: ruleSystemAdmin, DataOnly: true},
	{Names: names("Set-ExecutionPolicy set-executionpolicy"), Family: "services", Summary: "lets PowerShell run any script (Unrestricted, Bypass)",
		DataOnly: true, special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			if line := lowerLine(args); strings.Contains(line, "unrestricted") || strings.Contains(line, "bypass") || slices.ContainsFunc(args, func(f field) bool { return f.dyn }) {
				r.finding(ruleSystemAdmin, Command, Ask, b+" lets PowerShell run scripts it would refuse", cmd, "")
			}
			return true
		}},
	{Names: names("pivot_root switch_root ctrlaltdel chcpu chmem add-shell remove-shell update-shells pwunconv grpconv grpunconv shadowconfig update-passwd installkernel e4crypt pam-auth-update locale-gen update-locale systemd-firstboot systemd-machine-id-setup systemd-repart systemd-cryptenroll systemd-sysusers mkhomedir_helper iconvconfig chfn depmod kextload kextunload ipcrm"),
		Family: "services", Summary: "change the host's root folder, processors, memory, login shells, account files, kernel modules, boot entries, machine identity, locale, disk encryption keys or shared memory (system-admin)",
		Rule: ruleSystemAdmin, DataOnly: true, Options: []Option{flag(RoleHarmless, "--help", "--version")}},
	{Names: names("ldconfig"), Family: "services", Summary: "rebuilds the dynamic linker's cache every program loads its libraries by (system-admin); -p only prints it",
		Rule: ruleSystemAdmin, DataOnly: true, Options: []Option{flag(RoleHarmless, "-p", "--print-cache", "--help", "--version")}},
	{Names: names("dpkg-divert dpkg-statoverride"), Family: "services", Summary: "divert a system file to another name, or override its owner and mode (system-admin); --list and --truename only print",
		Rule: ruleSystemAdmin, DataOnly: true, Options: []Option{flag(RoleHarmless, "--list", "--listpackage", "--truename", "--help", "--version")}},
	{Names: names("kmutil systemd-sysext systemd-confext"), Family: "services", Summary: "load, unload or merge kernel extensions and system images (system-admin); listings are fine",
		DataOnly: true, Subcommands: []Entry{{Names: names("load unload install create rebuild clear-staging configure-boot trigger-panic-medic merge unmerge refresh"),
			Summary: "loads, unloads or merges them", Rule: ruleSystemAdmin, DataOnly: true}}},
	{Names: names("dmesg"), Family: "services", Summary: "-C, -c, -D, -E and -n clear the kernel's messages or change what reaches the console (system-admin); reading them is fine",
		Rule: ruleSystemAdmin, DataOnly: true, Options: []Option{flag(RoleTrigger, "-C", "--clear", "-c", "--read-clear", "-D", "--console-off", "-E", "--console-on"), opt(RoleTrigger, "-n", "--console-level")}},
	{Names: names("softwareupdate"), Family: "services", Summary: "macOS: installing updates, which may restart the host, asks (system-admin); listing them is fine",
		Rule: ruleSystemAdmin, DataOnly: true, Options: []Option{flag(RoleTrigger, "-i", "--install", "-R", "--restart", "--schedule", "--fetch-full-installer", "--install-rosetta", "--background")}},
	{Names: names("pg_dropcluster dropuser"), Family: "services", Summary: "drop a PostgreSQL cluster with its data, or a role (infra-destroy)",
		Rule: ruleInfraDestroy, DataOnly: true, Options: []Option{flag(RoleHarmless, "--help", "--version")}},
	{Names: names("Add-Type add-type"), Family: "interpreters", Summary: "PowerShell: compiles C#, or another .NET language, given inline or in files, and loads it into the session, where any statement may run it (inline-interpreter)",
		Rule: ruleInlineInterp, DataOnly: true},
	{Names: names("New-Service new-service"), Family: "services", Summary: "creates a Windows service, a program started with the system (persistence), as sc create does", Rule: rulePersistence, DataOnly: true},
	{Names: names("ntdsutil ntdsutil.exe"), Family: "credentials", Summary: "ifm makes a copy of the domain's account database (every account's password hash)",
		DataOnly: true, special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			if strings.Contains(lowerLine(args), "ifm") {
				r.finding(ruleSensitivePath, Path, Block, b+" ifm copies the domain's account database, every account's password hash", cmd, "")
			}
			return true
		}},
})

// winDefender judges Set-MpPreference and Add-MpPreference: a -Disable...
// parameter given a true value (or none), or an -Exclusion... added,
// turns Microsoft Defender's protection off where it reaches.
func winDefender(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
	for i, a := range args {
		v := asciiLower(a.val)
		name, val, hasVal := strings.Cut(v, ":")
		switch {
		case strings.HasPrefix(name, "-exclusion"):
			r.finding(ruleSystemAdmin, Command, Ask, b+" excludes files or programs from Microsoft Defender's scans", cmd, "")
			return true
		case strings.HasPrefix(name, "-disable"):
			if !hasVal && i+1 < len(args) && !strings.HasPrefix(args[i+1].val, "-") {
				val, hasVal = asciiLower(args[i+1].val), true
			}
			if !hasVal || val != "$false" && val != "0" && val != "false" {
				r.finding(ruleSystemAdmin, Command, Ask, b+" switches part of Microsoft Defender's protection off", cmd, "")
				return true
			}
		}
	}
	return true
}

// lowerLine is args' values joined by spaces, in lower case.
func lowerLine(args []field) string {
	vals := make([]string, len(args))
	for i, a := range args {
		vals[i] = asciiLower(a.val)
	}
	return strings.Join(vals, " ")
}
