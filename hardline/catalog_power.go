package hardline

import (
	"cmp"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Processes and power: signals to everything or to init, and stopping,
// restarting or suspending the host.
var _ = register([]Entry{
	{Names: names("kill"), Family: "processes and power", Summary: "kill -1, kill 0 and signals to pid 1 block; with PowerShell's parameters (kill -Name *) it is Stop-Process",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.kill(args, cmd)
			psUnixKill(r, sc, args, c, cmd)
			return true
		}},
	{Names: names("ipmitool racadm"), Family: "processes and power",
		Summary:  "a server's management controller: powering off, resetting or cycling this machine (no -H, -r) stops the host (shutdown), another's asks; changing its boot device, users, network, settings or firmware, a raw command and racadm systemerase ask (system-admin); readings are fine",
		DataOnly: true, special: managementController},
	{Names: names("upsmon upsdrvctl upscmd"), Family: "processes and power", Summary: "upsmon -c fsd, upsdrvctl shutdown and upscmd's load.off and shutdown commands cut the power of the machines a UPS feeds, this one among them (shutdown)",
		DataOnly: true, special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			line := lowerLine(args)
			if b == "upsmon" && strings.Contains(line, "fsd") || b == "upsdrvctl" && strings.Contains(line, "shutdown") ||
				b == "upscmd" && (strings.Contains(line, "load.off") || strings.Contains(line, "shutdown.") || slices.ContainsFunc(args, func(f field) bool { return f.dyn })) {
				r.finding(ruleShutdown, Command, Block, b+" has the UPS cut the power of the machines it feeds", cmd, "")
			}
			return true
		}},
	{Names: names("killall5"), Family: "processes and power", Summary: "signals every process", Rule: ruleKillAll},
	{Names: names("xkill"), Family: "processes and power", Summary: "xkill -all closes every window of the desktop session, every program's unsaved work with it (kill-all); without it, the one clicked",
		Rule: ruleKillAll, DataOnly: true, Options: []Option{flag(RoleTrigger, "-all", "-a"), val("-display", "-id", "-button", "-frame")}},
	{Names: names("fuser"), Family: "processes and power", Summary: "-k signals every process using a file or, with -m, a mount: given the root, a system folder, a home folder or an ancestor of one, that is every process; the files are not read",
		DataOnly: true,
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			p := parseOpts(args, "n", []string{"--namespace"}, "")
			if !strings.ContainsRune(p.short, 'k') && !p.has("--kill") {
				return false
			}
			space := ""
			if ns := p.get("-n", "--namespace"); len(ns) > 0 {
				space = ns[len(ns)-1].val
			}
			for _, o := range p.ops {
				if o.dyn {
					continue
				}
				// A port (22/tcp, ssh/tcp, -n tcp 22) is the processes
				// using it; a program's path the processes running it.
				if l := fuserHosts(o.val, space); !l.empty() {
					r.killHosts("fuser -k", l, cmd)
					return false
				}
				for _, t := range r.resolve(o).paths {
					switch r.classify(t) {
					case clFSRoot, clHome, clSystem, clAncestor:
						r.finding(ruleKillAll, Command, Block, "fuser -k signals every process using "+t+": on it are the processes of the whole host", cmd, t)
						return false
					}
				}
			}
			return false
		}},
	{Names: names("pkill killall pkill.exe taskkill skill slay"), Family: "processes and power", Summary: "a pattern that matches every process, init or every process of root blocks, and so do an inverted match and the children of init",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.killPattern(b, args, cmd)
			r.killMore(b, args, cmd)
			return true
		}},
	{Names: names("shutdown reboot halt poweroff"), Family: "processes and power", Summary: "stop or restart the host (shutdown -c, -k only warn)",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			p := parseOpts(args, "", nil, "")
			if strings.ContainsAny(p.short, "ck") || p.has("--help") || slices.ContainsFunc(args, func(f field) bool { return asciiLower(f.val) == "/a" }) {
				return true
			}
			r.finding(ruleShutdown, Command, Block, b+" stops or restarts the host", cmd, "")
			return true
		}},
	{Names: names("pm-suspend pm-hibernate pm-suspend-hybrid rtcwake zzz ZZZ s2ram s2disk"), Family: "processes and power", Summary: "suspend the host", Rule: ruleShutdown,
		Options: []Option{flag(RoleHarmless, "--help", "-h", "--version")}},
	{Names: names("openrc-shutdown s6-linux-init-shutdown"), Family: "processes and power", Summary: "stop, restart or re-execute the host (-c cancels, -D is a dry run, -w only writes the record)",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			p := parseOpts(args, "t", []string{"--time", "--shutdown-time"}, "")
			if strings.ContainsAny(p.short, "cDw") || p.has("--cancel") || p.has("--dry-run") || p.has("--write-only") || p.has("--help") || len(args) == 0 {
				return true
			}
			r.finding(ruleShutdown, Command, Block, b+" stops or restarts the host", cmd, "")
			return true
		}},
	{Names: names("s6-poweroff s6-reboot s6-halt"), Family: "processes and power", Summary: "stop or restart the host", Rule: ruleShutdown,
		Options: []Option{flag(RoleHarmless, "--help", "-h")}},
	{Names: names("pmset"), Family: "processes and power", Summary: "pmset sleepnow puts the host to sleep; pmset's settings ask",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			for _, f := range args {
				switch f.val {
				case "sleepnow":
					r.finding(ruleShutdown, Command, Block, "pmset sleepnow puts the host to sleep", cmd, "")
					return true
				case "-g", "displaysleepnow":
					return true // reading the settings; the display alone
				}
			}
			if len(args) > 0 {
				r.finding(ruleSystemAdmin, Command, Ask, "pmset changes the host's power settings", cmd, "")
			}
			return true
		}},
	{Names: names("init telinit runit-init"), Family: "processes and power", Summary: "runlevels 0 and 6 stop or restart the host",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			if len(args) > 0 && (args[0].val == "0" || args[0].val == "6" || args[0].val == "1" || asciiLower(args[0].val) == "s") {
				r.finding(ruleShutdown, Command, Block, b+" "+args[0].val+" stops or restarts the host", cmd, "")
			}
			return true
		}},
	{Names: names("systemctl loginctl"), Family: "processes and power", Summary: "power sub-commands and power targets block; service changes ask",
		Env: []EnvVar{{Name: "SYSTEMD_PAGER", Role: RoleFilter}, {Name: "SYSTEMD_EDITOR", Role: RoleCommand}},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.systemctlMore(b, args, cmd)
			for i, f := range args {
				switch f.val {
				case "poweroff", "reboot", "halt", "kexec", "soft-reboot", "emergency", "rescue", "suspend", "hibernate", "hybrid-sleep", "suspend-then-hibernate", "sleep":
					r.finding(ruleShutdown, Command, Block, b+" "+f.val+" stops or restarts the host", cmd, "")
				case "isolate", "start", "restart", "reload-or-restart", "try-restart", "enable", "set-default":
					for _, t := range args[i+1:] {
						if shutdownTargetRE.MatchString(t.val) && strings.HasSuffix(t.val, ".target") || f.val == "isolate" && shutdownTargetRE.MatchString(t.val) {
							r.finding(ruleShutdown, Command, Block, b+" "+f.val+" "+t.val+" stops or restarts the host", cmd, "")
						}
					}
				}
			}
			r.admin("systemctl", args, cmd)
			return true
		}},
	{Names: names("dbus-send busctl gdbus qdbus"), Family: "processes and power", Summary: "calls of logind's or systemd's power methods block",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			line := strings.Join(fieldVals(args), " ")
			if dbusPowerRE.MatchString(line) || dbusStopRE.MatchString(line) {
				r.finding(ruleShutdown, Command, Block, b+" asks the system bus to stop, restart or suspend the host", cmd, "")
			}
			if dbusAdminRE.MatchString(line) {
				r.finding(ruleSystemAdmin, Command, Ask, b+" asks systemd or logind to change units, sessions or the next boot", cmd, "")
			}
			r.dbusTransientUnit(sc, args, c)
			return true
		}},
	{Names: names("gnome-session-quit xfce4-session-logout lxqt-leave lxsession-logout mate-session-save cinnamon-session-quit"), Family: "processes and power", Summary: "desktop session tools that power off, restart or suspend the host, or log the user out without a prompt (gnome-session-quit --no-prompt, xfce4-session-logout --logout), as the D-Bus calls do; a logout the user confirms in a dialog is theirs",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			noPrompt := slices.ContainsFunc(args, func(f field) bool { return f.val == "--no-prompt" || f.val == "--force" })
			logout := false
			for _, a := range args {
				switch v := strings.TrimLeft(a.val, "-"); v {
				case "power-off", "poweroff", "reboot", "halt", "suspend", "hibernate", "hybrid-sleep", "shutdown", "shutdown-dialog":
					r.finding(ruleShutdown, Command, Block, b+" "+a.val+" stops, restarts or suspends the host", cmd, "")
					return true
				case "logout", "log-out", "force-logout":
					logout = true
					// These log out at once; the GNOME and Cinnamon tools
					// ask first unless --no-prompt.
					noPrompt = noPrompt || b == "xfce4-session-logout" || b == "lxqt-leave" || b == "mate-session-save" || v == "force-logout"
				}
			}
			if b == "gnome-session-quit" || b == "cinnamon-session-quit" {
				logout = true // logging out is what they do when given nothing else
			}
			if logout && noPrompt {
				r.finding(ruleShutdown, Command, Block, b+" ends the user's session and every program in it, without asking", cmd, "")
			}
			return true
		}},
	{Names: names("rundll32 rundll32.exe"), Family: "processes and power", Summary: "powrprof.dll,SetSuspendState suspends the host; shell32's ShellExec_RunDLL runs a program; comsvcs.dll's MiniDump dumps a process's memory (raw-disk-read, as procdump); javascript: and vbscript: run script code the analyser cannot read (inline-interpreter); a DLL this command wrote first asks",
		RunsFiles: []string{"**/*.dll", "**/*.DLL", "**/*.cpl", "**/*.ocx"},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			line := asciiLower(strings.Join(fieldVals(args), " "))
			if strings.Contains(line, "powrprof") && strings.Contains(line, "setsuspendstate") {
				r.finding(ruleShutdown, Command, Block, "rundll32 suspends the host", cmd, "")
			}
			if strings.Contains(line, "comsvcs") && strings.Contains(line, "minidump") || strings.Contains(line, "comsvcs") && strings.Contains(line, "#24") {
				// comsvcs.dll's MiniDump (ordinal #24) writes a process's
				// memory to a file: lsass's holds the logged-on users'
				// credentials.
				r.finding(ruleRawDiskRead, Path, Ask, b+" dumps a running process's memory (comsvcs.dll MiniDump), every secret in it", cmd, "")
			}
			if strings.Contains(line, "javascript:") || strings.Contains(line, "vbscript:") {
				r.finding(ruleInlineInterp, Dynamic, Ask, b+" runs script code the analyser cannot read", cmd, "")
			}
			for i, a := range args {
				if l := asciiLower(a.val); (strings.Contains(l, "shellexec_rundll") || strings.Contains(l, "url.dll,fileprotocolhandler")) && i+1 < len(args) {
					r.next(sc, args[i+1:], c)
				}
			}
			return true
		}},
	{Names: names("wmic wmic.exe"), Family: "processes and power", Summary: "wmic os ... reboot or shutdown stops the host; process call create runs a command",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			line := asciiLower(strings.Join(fieldVals(args), " "))
			if strings.Contains(line, "os") && (strings.Contains(line, "reboot") || strings.Contains(line, "shutdown") || strings.Contains(line, "win32shutdown")) {
				r.finding(ruleShutdown, Command, Block, "wmic stops or restarts the host", cmd, "")
			}
			if strings.Contains(line, "shadowcopy") && strings.Contains(line, "delete") {
				r.finding(ruleSystemAdmin, Command, Ask, "wmic shadowcopy delete removes the volume's backups", cmd, "")
			}
			for i, a := range args {
				if asciiLower(a.val) == "create" && i+1 < len(args) {
					// process call create "CMD": Windows starts the line
					// as Start-Process does (startLine).
					startLine(r, sc, args[i+1:], c, cmd)
				}
			}
			return true
		}},
	{Names: names("acpitool"), Family: "processes and power", Summary: "-s and -S suspend the host",
		Options: []Option{flag(RoleTrigger, "-s", "--suspend", "-S", "--Suspend")}, Rule: ruleShutdown},
	{Names: names("sysctl"), Family: "processes and power", Summary: "sysctl -w and NAME=VALUE change kernel parameters",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			p := parseOpts(args, "", nil, "")
			if strings.ContainsRune(p.short, 'w') || slices.ContainsFunc(p.ops, func(f field) bool { return strings.Contains(f.val, "=") }) {
				r.finding(ruleKernelParam, Command, Block, "sysctl changes kernel parameters", cmd, "")
			}
			r.admin(b, args, cmd)
			return true
		}},
})

var dbusPowerRE = regexp.MustCompile(`(?i)(login1|systemd1|ConsoleKit|gnome\.SessionManager|kde\.(ksmserver|Shutdown)).*\b(PowerOff|Reboot|Halt|Suspend|Hibernate|HybridSleep|KExec|SuspendThenHibernate|Shutdown|RequestShutdown|RequestReboot|logout)\b|StartUnit.*(poweroff|reboot|halt|kexec|rescue|emergency)\.target`)

func (r *run) kill(args []field, cmd string) {
	rest := args
	if len(rest) > 0 && strings.HasPrefix(rest[0].val, "-") && rest[0].val != "--" {
		if rest[0].val == "-s" || rest[0].val == "-n" || rest[0].val == "--signal" {
			rest = rest[min(2, len(rest)):]
		} else if rest[0].val != "-l" && rest[0].val != "-L" {
			rest = rest[1:]
		} else {
			return
		}
	}
	if len(rest) > 0 && rest[0].val == "--" {
		rest = rest[1:]
	}
	// A list of more process IDs than maxKillPids is a range of them,
	// not a choice (kill -9 {2..65535}).
	pids := 0
	for _, f := range rest {
		if _, ok := pidNumber(f.val); ok && !f.dyn {
			pids++
		}
		if f.dyn && f.why == whyLargeBrace {
			pids += maxBraceFields
		}
	}
	if pids > maxKillPids {
		r.finding(ruleKillAll, Command, Block, "kill is given a range of more than "+strconv.Itoa(maxKillPids)+" process IDs, which holds processes the host needs", cmd, "")
		return
	}
	for _, f := range rest {
		if f.dyn && f.why == whyAllPids {
			r.finding(ruleKillAll, Command, Block, "kill is given "+whyAllPids, cmd, "")
			return
		}
		if f.dyn && (f.why == whyServicePids || f.why == whySomePids) {
			r.finding(ruleSystemAdmin, Command, Ask, "kill is given "+f.why, cmd, "")
			return
		}
		if f.dyn {
			switch {
			case f.why == "$$" && strings.HasPrefix(f.val, "-"):
				// kill -- -$$ is kill 0 (the shell leads its group or
				// shares the starting program's).
				r.finding(ruleKillAll, Command, Block, "kill -$$ signals every process of the shell's group, which holds the program that started the command unless it gave the command a group of its own", cmd, "")
				return
			case f.why == "$PPID" && strings.HasPrefix(f.val, "-"):
				r.finding(ruleKillAll, Command, Block, "kill -$PPID signals every process of the group of the program that started the command", cmd, "")
				return
			case f.why == "$PPID":
				r.finding(ruleSystemAdmin, Command, Ask, "kill $PPID signals the program that started the command", cmd, "")
				return
			}
			continue
		}
		switch pid, ok := pidNumber(f.val); {
		case ok && pid == 0:
			// As pkill -g 0 does.
			r.finding(ruleKillAll, Command, Block, "kill "+f.val+" signals every process of the shell's group, which holds the program that started the command unless it gave the command a group of its own", cmd, "")
			return
		case ok && pid == -1:
			r.finding(ruleKillAll, Command, Block, "kill "+f.val+" is -1, which signals every process the user may signal", cmd, "")
			return
		case ok && pid == 1:
			r.finding(ruleKillAll, Command, Block, "kill "+f.val+" is 1, which signals init and stops the host", cmd, "")
			return
		}
	}
}

// fuserHosts is what fuser selects by the name v in the name space
// space (-n tcp): a port as fuser writes it (22/tcp, ssh/tcp,
// 22,host,80/tcp) or a program by its path (/usr/sbin/sshd).
func fuserHosts(v, space string) procList {
	l := procList{pidOnly: true}
	port, proto, ok := strings.Cut(v, "/")
	if ok && (proto == "tcp" || proto == "udp") {
		space = proto
	} else {
		port = v
	}
	if space == "tcp" || space == "udp" {
		port, _, _ = strings.Cut(port, ",")
		l.hosts = portHosts(port)
		return l
	}
	if strings.HasPrefix(v, "/") {
		l.hosts = appendNew(nil, hostProcByName(base(v), false))
	}
	return l
}

// isInitPid reports whether v is init's process ID as kill, strace or a
// debugger reads it (see pidNumber).
func isInitPid(v string) bool {
	n, ok := pidNumber(v)
	return ok && n == 1
}

// pidNumber reads a process ID as kill reads it, bash's builtin and
// procps' alike: blanks around it, a sign and leading zeros are allowed,
// so "+1", "0001", " 1" and "-01" are init or every process, as 1 and -1
// are. Anything else (a job, 0x1, 1.0, a number past 18 digits) is no
// number.
func pidNumber(v string) (int, bool) {
	v = strings.Trim(v, " \t")
	sign := 1
	if v != "" && (v[0] == '+' || v[0] == '-') {
		if v[0] == '-' {
			sign = -1
		}
		v = v[1:]
	}
	if !isDigits(v) {
		return 0, false
	}
	v = strings.TrimLeft(v, "0")
	if len(v) > 18 {
		return 0, false // past what kill accepts
	}
	n := 0
	for i := 0; i < len(v); i++ {
		n = n*10 + int(v[i]-'0')
	}
	return sign * n, true
}

// killPattern judges pkill, killall and skill: a selection of nearly
// every process (., .*, -r ., -u USER with no pattern, -v, -P 1), of
// init or of root's processes, or of a process the host or the session
// needs (pkill ssh, killall -r s, pkill -f /usr/sbin/sshd, pkill bash)
// blocks; of a system service (pkill dockerd) asks. See killSelection.
func (r *run) killPattern(b string, args []field, cmd string) {
	r.killHosts(b, killSelection(b, args), cmd)
}

// selectsAll reports whether pkill, killall or pgrep with args select
// every process, init or every process of root, and says which.
func selectsAll(b string, args []field) (string, bool) {
	p := parseOpts(args, "ugtGPsFnOoU", []string{"--signal", "--user", "--group", "--older-than", "--younger-than", "--session", "--terminal", "--parent", "--pidfile", "--ns", "--nslist", "--euid", "--uid"}, "")
	all := func(v string) bool {
		return v == "." || v == ".*" || v == "" || v == "^" || v == "$" || v == ".+" || v == "init" || v == "systemd" || v == "launchd" ||
			v == "sshd" || v == "^.*$" || v == "wininit.exe" || v == "csrss.exe"
	}
	for _, u := range p.get("-u", "--euid", "-U", "--uid", "--user") {
		if u.val == "root" || u.val == "0" {
			return "signals every process of root", true
		}
	}
	// No pattern: the selectors alone choose, every process of a user,
	// session, terminal or group (pkill -u dev is kill -1 as dev).
	selectors := []string{"-u", "--euid", "-U", "--uid", "--user", "-t", "--terminal", "-s", "--session", "-g", "--pgroup", "-G", "--group"}
	if b == "killall" {
		selectors = []string{"-u", "--user"} // killall's -s is the signal
	}
	if sel := p.get(selectors...); len(p.ops) == 0 && len(sel) > 0 && b != "taskkill" && b != "slay" {
		return "with no pattern signals every process it selects", true
	}
	for _, f := range p.ops {
		if f.dyn {
			continue
		}
		if all(f.val) || b == "taskkill" && asciiLower(f.val) == "/im" {
			if b == "taskkill" {
				continue
			}
			return f.val + " signals every process or init", true
		}
	}
	return "", false
}

// getsEveryProcess reports whether PowerShell's Get-Process with args
// lists every process: no name or ID, or a name of wildcards only; the
// common parameters (-ErrorAction 0) and switches (-IncludeUserName)
// select nothing.
func getsEveryProcess(args []field) bool {
	for i := 0; i < len(args); i++ {
		f := args[i]
		if f.dyn {
			return false
		}
		if len(f.val) > 1 && f.val[0] == '-' && isLetter(f.val[1]) {
			n, attached, hasValue := strings.Cut(asciiLower(f.val[1:]), ":")
			switch {
			case psPrefix("name", n) || psPrefix("processname", n):
				v := attached
				if !hasValue {
					if i+1 >= len(args) || args[i+1].dyn {
						return false
					}
					i++
					v = args[i].val
				}
				if strings.Trim(v, "*?,") != "" {
					return false
				}
			case psCommonValue(n):
				if !hasValue {
					i++
				}
			case len(n) >= 2 && (psPrefix("id", n) || psPrefix("inputobject", n)):
				return false
			}
			continue
		}
		if strings.Trim(f.val, "*?,") != "" {
			return false // a name, the first positional parameter
		}
	}
	return true
}

// getProcess reports whether n names PowerShell's Get-Process (gps).
func getProcess(n string) bool {
	n = asciiLower(n)
	return n == "get-process" || n == "gps"
}

// powerUnitRE are units whose start stops, restarts or suspends the host.
var powerUnitRE = regexp.MustCompile(`^(systemd-)?(poweroff|reboot|halt|kexec|soft-reboot|suspend|hibernate|hybrid-sleep|suspend-then-hibernate)(\.service|\.target)?$|^(sleep|ctrl-alt-del|exit|final|shutdown|rescue|emergency)\.target$`)

// systemctlMore judges what the power special does not: power units given
// as services (systemd-reboot.service) or sleep targets, exit and
// switch-root (block), and default, set-property, preset-all, revert and
// loginctl's session, user and linger changes (ask).
func (r *run) systemctlMore(b string, args []field, cmd string) {
	p := parseOpts(args, "HMpstn", []string{"--host", "--machine", "--property", "--signal", "--type", "--lines", "--kill-whom", "--kill-value", "--root", "--state", "--job-mode", "--what", "--output", "--timestamp", "--drop-in", "--when", "--message"}, "")
	if len(p.ops) == 0 {
		return
	}
	verb := p.ops[0].val
	user := p.has("--user")
	switch {
	case b == "systemctl" && (verb == "start" || verb == "restart" || verb == "isolate" || verb == "reload-or-restart" || verb == "enable" || verb == "set-default" || verb == "try-restart"):
		for _, u := range p.ops[1:] {
			if !user && powerUnitRE.MatchString(u.val) {
				r.finding(ruleShutdown, Command, Block, b+" "+verb+" "+u.val+" stops, restarts or suspends the host", cmd, "")
				return
			}
		}
	case b == "systemctl" && (verb == "exit" || verb == "switch-root") && !user:
		r.finding(ruleShutdown, Command, Block, b+" "+verb+" stops the service manager and the host with it", cmd, "")
	case b == "systemctl" && (verb == "default" || verb == "set-property" || verb == "preset-all" || verb == "preset" || verb == "revert" || verb == "daemon-reexec" || verb == "exit"):
		r.finding(ruleSystemAdmin, Command, Ask, b+" "+verb+" changes what runs on the host", cmd, "")
	case b == "loginctl" && (verb == "terminate-user" || verb == "kill-user"):
		for _, u := range p.ops[1:] {
			if u.val == "root" || u.val == "0" {
				r.finding(ruleKillAll, Command, Block, b+" "+verb+" root signals every process of root", cmd, "")
				return
			}
		}
		r.finding(ruleSystemAdmin, Command, Ask, b+" "+verb+" ends a user's processes", cmd, "")
	case b == "loginctl" && (verb == "terminate-session" || verb == "kill-session" || verb == "terminate-seat" || verb == "flush-devices" || verb == "attach"):
		r.finding(ruleSystemAdmin, Command, Ask, b+" "+verb+" ends sessions or moves devices", cmd, "")
	case b == "loginctl" && verb == "enable-linger":
		r.finding(rulePersistence, Command, Ask, "loginctl enable-linger keeps a user's services running without a login", cmd, "")
	}
}

// killMore judges slay USER and taskkill of the processes Windows cannot
// run without.
func (r *run) killMore(b string, args []field, cmd string) {
	if b == "slay" {
		// slay USER signals every process of USER, as pkill -u USER does.
		for _, a := range args {
			if a.dyn || !strings.HasPrefix(a.val, "-") {
				r.finding(ruleKillAll, Command, Block, "slay signals every process of "+cmp.Or(a.val, "a user not known"), cmd, "")
				return
			}
		}
		return
	}
	if b == "taskkill" {
		// taskkill /IM NAME of a process Windows or the session cannot
		// run without.
		named := false
		var filters []string
		for i, a := range args {
			v := asciiLower(a.val)
			if i+1 >= len(args) || args[i+1].dyn {
				continue
			}
			switch v {
			case "/im", "-im":
				named = true
				if n := args[i+1].val; n == "*" || windowsHostProc(n) {
					r.finding(ruleKillAll, Command, Block, "taskkill ends "+n+", which stops the host or ends the session", cmd, "")
					return
				}
			case "/pid", "-pid":
				named = true
				if args[i+1].val == "4" || args[i+1].val == "0" {
					r.finding(ruleKillAll, Command, Block, "taskkill ends the System process", cmd, "")
					return
				}
			case "/fi", "-fi":
				filters = append(filters, args[i+1].val)
			}
		}
		// With no /IM or /PID, filters alone choose: every process of a
		// user or session, every running one, a range of IDs, or a
		// process the host needs by its image name.
		for _, f := range filters {
			if named {
				break
			}
			if why, ok := taskkillFilterAll(f); ok {
				r.finding(ruleKillAll, Command, Block, "taskkill /FI \""+f+"\" "+why, cmd, "")
				return
			}
		}
		return
	}
}

// windowsHostProcs are the processes Windows cannot run without (csrss,
// wininit, winlogon, smss, lsass, services, System: ending one stops or
// restarts the host) and the session's shell (explorer, sihost: ending one
// closes the desktop), by name without .exe, in lower case.
var windowsHostProcs = map[string]bool{"csrss": true, "wininit": true, "winlogon": true, "smss": true, "lsass": true,
	"services": true, "system": true, "explorer": true, "sihost": true}

// windowsHostProc reports whether name, with or without .exe, in any
// case, is one of windowsHostProcs.
func windowsHostProc(name string) bool {
	n := asciiLower(name)
	return windowsHostProcs[strings.TrimSuffix(n, ".exe")]
}

// taskkillFilterAll reports whether a taskkill /FI filter ("FIELD OP
// VALUE") alone selects every process of a user or session, every
// running process, a range of process IDs, or a process the host needs,
// and says which.
func taskkillFilterAll(filter string) (string, bool) {
	w := strings.Fields(asciiLower(filter))
	if len(w) < 3 {
		return "", false
	}
	field, op, val := w[0], w[1], strings.Join(w[2:], " ")
	switch {
	case field == "username" || field == "session" || field == "sessionname":
		return "ends every process of a user or session", true
	case field == "status" && (op == "eq" && val == "running" || op == "ne" && val != "running"):
		return "ends every running process", true
	case field == "pid" && op != "eq":
		return "ends a range of process IDs, every process but a few", true
	case field == "imagename" && (op == "eq" && (strings.Trim(val, "*") == "" || windowsHostProc(val)) || op == "ne"):
		return "ends a process the host needs, or every process but one", true
	}
	return "", false
}

// dbusStopRE are calls that stop the service manager or kill init.
var dbusStopRE = regexp.MustCompile(`(?i)systemd1.*\b(Exit|SwitchRoot)\b|KillUnit.*\binit\.scope\b|\b(logoutAndShutdown|logoutAndReboot)\b`)

// dbusAdminRE are calls that change units, sessions or the next boot.
var dbusAdminRE = regexp.MustCompile(`(?i)\b(StopUnit|KillUnit|MaskUnitFiles|DisableUnitFiles|EnableUnitFiles|LinkUnitFiles|StartTransientUnit|SetRebootToFirmwareSetup|SetRebootToBootLoaderMenu|SetRebootToBootLoaderEntry|TerminateUser|KillUser|TerminateSession|KillSession|SetUserLinger)\b`)

// dbusTransientUnit judges busctl call ... StartTransientUnit with an
// ExecStart property (a(sasb) 1 PATH N ARGV... BOOL): the command runs.
func (r *run) dbusTransientUnit(sc *scope, args []field, c ctx) {
	for i := 0; i+4 < len(args); i++ {
		if !strings.HasPrefix(args[i].val, "Exec") || args[i+1].val != "a(sasb)" {
			continue
		}
		n, err := strconv.Atoi(args[i+4].val)
		if err != nil || n <= 0 || i+5+n > len(args) {
			continue
		}
		r.next(sc, args[i+5:i+5+n], c)
	}
}

// managementController judges ipmitool and racadm, which talk to a
// server's management controller (IPMI, Dell's iDRAC): this machine's
// when no host is named (ipmitool -H, racadm -r). Powering a machine off,
// resetting or cycling it stops this host (shutdown) or asks for another;
// changing the controller or the machine's settings asks; reading them is
// fine.
func managementController(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
	val, host := "HUPIpfkyLACNRtbBTmlOoeS", "H"
	if b == "racadm" {
		val, host = "rupf", "r"
	}
	p := parseOpts(args, val, nil, "")
	words := make([]string, 0, len(p.ops))
	for _, o := range p.ops {
		if o.dyn {
			r.finding(ruleSystemAdmin, Command, Ask, b+" is given a command that is not known", cmd, "")
			return true
		}
		words = append(words, asciiLower(o.val))
	}
	at := func(i int) string {
		if i < len(words) {
			return words[i]
		}
		return ""
	}
	remote := slices.ContainsFunc(p.values, func(v optValue) bool { return v.name == "-"+host })
	power, change := false, false
	switch b {
	case "ipmitool":
		verb := ""
		switch {
		case at(0) == "power":
			verb = at(1)
		case at(0) == "chassis" && at(1) == "power":
			verb = at(2)
		}
		power = slices.Contains([]string{"off", "reset", "cycle", "soft", "diag"}, verb)
		change = slices.Contains([]string{"raw", "exec", "bootdev", "hpm", "fwum", "ime"}, at(0)) ||
			slices.Contains([]string{"set", "clear", "reset", "write", "edit", "disable", "enable", "bootdev", "bootparam", "policy", "upgrade", "add", "delete", "thresh"}, at(1))
	case "racadm":
		switch at(0) {
		case "serveraction":
			power = slices.Contains([]string{"powerdown", "powercycle", "hardreset", "graceshutdown", "nmi"}, at(1))
		case "systemerase":
			if !remote {
				r.finding(ruleWipeDevice, Command, Block, "racadm systemerase erases this machine's disks and settings", cmd, "")
				return true
			}
			change = true
		case "set", "config", "racreset", "racresetcfg", "jobqueue", "storage", "update", "fwupdate", "sslcertupload", "sshpkauth", "license", "raid", "bioscert", "closessn", "clrsel", "remoteimage", "vflashsd", "vflashpartition", "lclog", "systemconfig":
			change = true
		}
	}
	switch {
	case power && !remote:
		r.finding(ruleShutdown, Command, Block, b+" powers this machine off, or resets it, through its management controller", cmd, "")
	case power:
		r.finding(ruleSystemAdmin, Command, Ask, b+" powers another machine off, or resets it, through its management controller", cmd, "")
	case change:
		r.finding(ruleSystemAdmin, Command, Ask, b+" "+strings.Join(words[:min(len(words), 2)], " ")+" changes a management controller or the machine's settings", cmd, "")
	}
	return true
}
