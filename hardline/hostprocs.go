package hardline

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// hostProc is a process the host or the user's session cannot lose (see
// docs/security-model.md, the host itself). pkill, killall, pgrep, pidof,
// ps, lsof and fuser select processes by name, command line, user, port
// or file; a selection that reaches one of these signals it.
type hostProc struct {
	// names are the process's names as ps -o comm shows them (the kernel
	// keeps 15 characters: gnome-session-b) and as killall and pidof
	// compare them (whole).
	names []string
	// lines are typical command lines, which pkill -f and ps aux read.
	lines []string
	// pid is the ID it usually has in a listing: 1 for init.
	pid string
	// what says what is lost with it.
	what string
	// service marks a system service its manager restarts or the user can
	// start again: signalling it asks (system-admin), as systemctl kill
	// does. The others block (kill-all).
	service bool
}

// hostProcs is the table of processes the host or the session needs. The
// desktop, the login and the shells are the user's session: killing them
// ends it, and with it the program that runs the command. Developer
// programs (node, python, java, vite, nginx, postgres, tmux) are not here.
var hostProcs = []*hostProc{
	{names: []string{"init", "systemd", "launchd", "runit", "openrc-init", "s6-svscan", "tini", "dumb-init"}, pid: "1",
		lines: []string{"/sbin/init", "/sbin/init splash", "/lib/systemd/systemd --system --deserialize 31", "/usr/lib/systemd/systemd --switched-root --system --deserialize 17", "/lib/systemd/systemd --user", "/sbin/launchd", "/sbin/tini --", "/usr/bin/dumb-init --"},
		what:  "init, the first process, with which the host or the container stops"},
	{names: []string{"sshd", "sshd-session", "sshd-auth", "dropbear", "xrdp", "xrdp-sesman"}, pid: "873",
		lines: []string{"/usr/sbin/sshd -D", "sshd: /usr/sbin/sshd -D [listener] 0 of 10-100 startups", "sshd: dev [priv]", "sshd: dev@pts/0", "sshd-session: dev [priv]", "/usr/sbin/sshd -i", "/usr/sbin/dropbear -F -R", "/usr/sbin/xrdp --nodaemon"},
		what:  "the remote-access server (SSH, RDP), the way into the host"},
	{names: []string{"systemd-logind", "elogind", "login", "gdm", "gdm3", "gdm-session-worker", "gdm-session-wor", "sddm", "sddm-helper", "lightdm", "lxdm", "xdm", "greetd", "loginwindow"}, pid: "871",
		lines: []string{"/lib/systemd/systemd-logind", "/usr/lib/systemd/systemd-logind", "/usr/sbin/gdm3", "gdm-session-worker [pam/gdm-password]", "/usr/bin/sddm", "/usr/sbin/lightdm", "/bin/login -p --", "/System/Library/CoreServices/loginwindow.app/Contents/MacOS/loginwindow console"},
		what:  "the login or session manager, with which the user's sessions end"},
	{names: []string{"dbus-daemon", "dbus-broker", "dbus-broker-launch", "dbus-broker-lau"}, pid: "870",
		lines: []string{"/usr/bin/dbus-daemon --system --address=systemd: --nofork --nopidfile --systemd-activation --syslog-only", "/usr/bin/dbus-daemon --session --address=systemd: --nofork --nopidfile --systemd-activation --syslog-only", "/usr/bin/dbus-broker-launch --scope system --audit", "dbus-broker --log 4 --controller 9 --audit"},
		what:  "the message bus the session and the system's services talk through"},
	{names: []string{"Xorg", "X", "Xwayland", "WindowServer"}, pid: "1450",
		lines: []string{"/usr/lib/xorg/Xorg vt2 -displayfd 3 -auth /run/user/1000/gdm/Xauthority -nolisten tcp", "/usr/bin/X :0 vt7 -nolisten tcp", "/usr/bin/Xwayland :0 -rootless -noreset", "/System/Library/PrivateFrameworks/SkyLight.framework/Resources/WindowServer -daemon"},
		what:  "the display server, with which every window of the session closes"},
	{names: []string{"gnome-shell", "gnome-session-binary", "gnome-session-b", "gnome-session", "kwin_wayland", "kwin_x11", "plasmashell", "ksmserver", "xfce4-session", "xfwm4", "mutter", "cinnamon", "cinnamon-session", "mate-session", "lxqt-session", "lxsession", "sway", "Hyprland", "weston", "i3"}, pid: "1502",
		lines: []string{"/usr/bin/gnome-shell", "/usr/libexec/gnome-session-binary --systemd-service --session=ubuntu", "/usr/bin/kwin_wayland --wayland-fd 7 --socket wayland-0", "/usr/bin/plasmashell --no-respawn", "/usr/bin/ksmserver", "xfce4-session", "/usr/bin/sway", "/usr/bin/Hyprland"},
		what:  "the desktop's shell or session, with which the session ends"},
	{names: []string{"bash", "zsh", "sh", "dash", "fish", "ksh", "tcsh", "csh"}, pid: "2231",
		lines: []string{"-bash", "/bin/bash", "/usr/bin/bash --login", "-zsh", "/usr/bin/zsh", "/bin/sh", "/usr/bin/fish"},
		what:  "the shells, among them the user's terminals and the one that runs this command"},
	{names: []string{"dockerd", "containerd", "NetworkManager", "systemd-networkd", "systemd-resolved", "systemd-journald", "systemd-udevd", "udevd", "polkitd", "cron", "crond", "rsyslogd", "wpa_supplicant", "kubelet", "snapd"}, pid: "912", service: true,
		lines: []string{"/usr/bin/dockerd -H fd:// --containerd=/run/containerd/containerd.sock", "/usr/bin/containerd", "/usr/sbin/NetworkManager --no-daemon", "/lib/systemd/systemd-networkd", "/lib/systemd/systemd-resolved", "/lib/systemd/systemd-journald", "/lib/systemd/systemd-udevd", "/usr/lib/polkit-1/polkitd --no-debug", "/usr/sbin/cron -f -P", "/usr/sbin/rsyslogd -n -iNONE", "/sbin/wpa_supplicant -u -s -O /run/wpa_supplicant", "/usr/bin/kubelet", "/usr/lib/snapd/snapd"},
		what:  "a system service (the container engine, the network, the journal, device events, cron)"},
}

// remoteAccess is the entry of the SSH and RDP servers, which ports 22 and
// 3389 lead to.
var remoteAccess = hostProcs[1]

// remotePorts are the ports and service names of remote access.
var remotePorts = map[string]bool{"22": true, "ssh": true, "3389": true, "ms-wbt-server": true}

// hostProcByName returns the entry that has name as one of its names.
func hostProcByName(name string, fold bool) *hostProc {
	for _, h := range hostProcs {
		for _, n := range h.names {
			if n == name || fold && strings.EqualFold(n, name) {
				return h
			}
		}
	}
	return nil
}

// procList is what a command's output holds when it lists processes:
// nearly every process, or some the host needs.
type procList struct {
	// all, when set, says the listing holds nearly every process (of the
	// host, a user, a terminal or a session), or a range of IDs.
	all string
	// pidOnly says its lines are process IDs alone (ps -o pid=, pgrep,
	// pidof, lsof -t); else each line shows a user, an ID and a command.
	pidOnly bool
	// suffix ends each line (lsof's network columns).
	suffix string
	// hosts are the processes of hostProcs the listing holds.
	hosts []*hostProc
}

// everything marks l as listing nearly every process, which also holds
// every process the host needs.
func (l *procList) everything(what string) {
	l.all = what
	l.hosts = hostProcs
}

// empty reports whether the listing holds nothing that matters.
func (l procList) empty() bool { return l.all == "" && len(l.hosts) == 0 }

// why is the listing's verdict as a field's why: whyAllPids (kill-all,
// block), whyServicePids (system-admin, ask) or "".
func (l procList) why() string {
	if l.all != "" {
		return whyAllPids
	}
	why := ""
	for _, h := range l.hosts {
		if !h.service {
			return whyAllPids
		}
		why = whyServicePids
	}
	return why
}

// genericPids and genericLines stand for the other processes of a
// listing: a filter that keeps all of them keeps nearly every process.
var (
	genericPids  = []string{"2", "731", "4242", "65000"}
	genericLines = []string{
		"root 2 0.0 0.0 0 0 ? S 09:00 0:00 [kthreadd]",
		"dev 4242 1.2 0.5 123456 7890 pts/0 Sl+ 10:00 0:01 node server.js",
		"www-data 731 0.0 0.1 5432 1234 ? S 09:00 0:00 nginx: worker process",
	}
)

// samples are the lines a listing shows for h.
func (l procList) samples(h *hostProc) []string {
	if l.pidOnly {
		return []string{h.pid}
	}
	// Each line is shown as root's and as the user's (the session's
	// shells and desktop run as the user), so that a filter on the user
	// column (grep -v root, awk '$1 == "dev"') keeps it either way.
	out := make([]string, 0, 2*(len(h.names)+len(h.lines)))
	for _, s := range slices.Concat(h.names, h.lines) {
		for _, user := range [...]string{"root", "dev"} {
			out = append(out, user+" "+h.pid+" 0.0 0.1 167744 13136 ? Ss 09:00 0:02 "+s+l.suffix)
		}
	}
	return out
}

// filter keeps the lines match selects (the others with invert), as grep
// does to a listing.
func (l *procList) filter(match func(string) bool, invert bool) {
	if l.all != "" {
		gen := genericLines
		if l.pidOnly {
			gen = genericPids
		}
		every := true
		for _, g := range gen {
			if !match(g + l.suffix) {
				every = false
				break
			}
		}
		if every == invert {
			l.all = "" // the filter picks some processes
		}
	}
	var kept []*hostProc
	for _, h := range l.hosts {
		if slices.ContainsFunc(l.samples(h), func(s string) bool { return match(s) != invert }) {
			kept = append(kept, h)
		}
	}
	l.hosts = kept
}

// procPattern compiles a process pattern as pkill, pgrep and killall -r
// read it: a POSIX extended regular expression, found anywhere in the
// name (anchored with exact), case-folded with fold. GNU's word
// boundaries \< and \> are \b. A pattern Go cannot read reports false.
func procPattern(p string, fold, exact bool) (*regexp.Regexp, bool) {
	p = strings.NewReplacer(`\<`, `\b`, `\>`, `\b`).Replace(p)
	if exact {
		p = `^(?:` + p + `)$`
	}
	if fold {
		p = `(?i)` + p
	}
	re, err := regexp.Compile(p)
	return re, err == nil
}

// hostsMatching returns the entries of hostProcs that match selects by a
// name, or with lines by a command line too.
func hostsMatching(match func(string) bool, lines bool) []*hostProc {
	var out []*hostProc
	for _, h := range hostProcs {
		if slices.ContainsFunc(h.names, match) || lines && slices.ContainsFunc(h.lines, match) {
			out = append(out, h)
		}
	}
	return out
}

// signalOption reports whether v is a signal given as an option (-9,
// -KILL, -SIGTERM, -USR1, -RTMIN+3), which kill, pkill, killall and skill
// take before their own options.
func signalOption(v string) bool {
	if len(v) < 2 || v[0] != '-' {
		return false
	}
	s := strings.TrimPrefix(v[1:], "SIG")
	if isDigits(s) {
		return true
	}
	s = strings.TrimRight(s, "0123456789+-")
	switch s {
	case "HUP", "INT", "QUIT", "ILL", "TRAP", "ABRT", "IOT", "BUS", "FPE", "KILL", "USR", "SEGV", "PIPE", "ALRM", "TERM", "STKFLT",
		"CHLD", "CLD", "CONT", "STOP", "TSTP", "TTIN", "TTOU", "URG", "XCPU", "XFSZ", "VTALRM", "PROF", "WINCH", "IO", "POLL", "PWR", "SYS", "RTMIN", "RTMAX", "EMT", "INFO", "LOST":
		return true
	}
	return false
}

// pkillSpec and killallSpec are the option grammars of procps' pkill and
// pgrep (with BSD's) and of psmisc's killall (with BSD's -c, -t and -j).
var (
	pkillSpec   = wrapSpec{val: "dgGOPstuUFrqL", long: []string{"--signal", "--delimiter", "--pgroup", "--group", "--older", "--parent", "--session", "--terminal", "--euid", "--uid", "--pidfile", "--runstates", "--queue", "--cgroup", "--ns", "--nslist", "--env", "--logpidfile"}}
	killallSpec = wrapSpec{val: "suoynZctj", long: []string{"--signal", "--user", "--older-than", "--younger-than", "--ns", "--context"}}
)

// killSelection judges what pkill, pgrep, killall, skill or pidof select
// with args: nearly every process, init, or a process the host or the
// session needs (hostProcs). pkill and pgrep read their pattern as an
// extended regular expression found anywhere in the process name (-f: the
// command line; -x: the whole name; -i: any case); killall compares whole
// names (a path by its last name) unless -r (BSD: -m) makes them
// expressions, -I ignores case; pidof and skill compare whole names. A
// pattern Go's regular expressions cannot read counts as matching (the
// stricter reading).
func killSelection(b string, args []field) procList {
	var l procList
	l.pidOnly = true
	args = slices.DeleteFunc(slices.Clone(args), func(f field) bool { return !f.dyn && signalOption(f.val) })
	if b == "pidof" {
		p := parseOpts(args, "oSd", nil, "")
		for _, f := range p.ops {
			if !f.dyn {
				l.hosts = appendNew(l.hosts, hostProcByName(base(f.val), false))
			}
		}
		return l
	}
	if what, ok := selectsAll(b, args); ok {
		l.everything(what)
		return l
	}
	if b == "skill" {
		p := parseOpts(args, "cuptn", []string{"--command", "--user", "--pid", "--tty"}, "")
		for _, f := range append(p.ops, p.get("-c", "--command")...) {
			if !f.dyn {
				l.hosts = appendNew(l.hosts, hostProcByName(f.val, false))
			}
		}
		return l
	}
	if b != "pkill" && b != "pgrep" && b != "killall" {
		return l
	}
	spec := pkillSpec
	if b == "killall" {
		spec = killallSpec
	}
	p := parseOpts(args, spec.val, spec.long, "")
	if b != "killall" {
		if strings.ContainsRune(p.short, 'v') || p.has("--inverse") {
			l.everything("-v signals every process the pattern does not match")
			return l
		}
		for _, f := range p.get("-P", "--parent") {
			for v := range strings.SplitSeq(f.val, ",") {
				if isInitPid(v) {
					l.everything("-P " + v + " signals every child of init")
					return l
				}
			}
		}
		if fs := p.get("-F", "--pidfile"); len(fs) > 0 {
			for _, f := range fs {
				if !f.dyn {
					l.hosts = appendNew(l.hosts, pidFileHost(f.val))
				}
			}
			return l // the process a file names
		}
		if len(p.get("-P", "--parent")) > 0 {
			return l // the children of one process
		}
		if strings.ContainsRune(p.short, 'l') || strings.ContainsRune(p.short, 'a') || p.has("--list-name") || p.has("--list-full") {
			l.pidOnly = false
		}
	}
	full := b != "killall" && (strings.ContainsRune(p.short, 'f') || p.has("--full"))
	fold := strings.ContainsRune(p.short, 'i') || p.has("--ignore-case")
	regex := b != "killall" || strings.ContainsRune(p.short, 'r') || strings.ContainsRune(p.short, 'm') || p.has("--regexp")
	if b == "killall" {
		fold = strings.ContainsRune(p.short, 'I') || p.has("--ignore-case")
	}
	exact := strings.ContainsRune(p.short, 'x') || p.has("--exact")
	for _, f := range p.ops {
		if f.dyn {
			continue
		}
		var match func(string) bool
		switch {
		case !regex:
			name := f.val
			if strings.Contains(name, "/") {
				name = base(name) // the program at that path
			}
			match = func(s string) bool { return s == name || fold && strings.EqualFold(s, name) }
		default:
			re, ok := procPattern(f.val, fold, exact)
			if !ok {
				match = func(string) bool { return true }
			} else {
				match = re.MatchString
			}
		}
		named := match
		if full && regex {
			// pkill -f reads command lines: a process is named by the
			// pattern when the pattern is its whole name, or holds it
			// (-f sshd, -f /usr/sbin/sshd), not when the name merely
			// holds the pattern (-f server and ksmserver).
			whole, ok := procPattern(f.val, fold, true)
			named = func(n string) bool { return !ok || whole.MatchString(n) || len(n) > 2 && strings.Contains(f.val, n) }
		}
		for _, h := range hostsMatching(named, false) {
			l.hosts = appendNew(l.hosts, h)
		}
		if full {
			// pkill -f: a pattern that some of the host's processes'
			// command lines hold but not their names (pkill -f server
			// matches KDE's ksmserver, -f dev an SSH session of user
			// dev) is as likely meant for a program of the user's: it
			// asks, as a system service does. One that matches the lines
			// of several kinds of process is a pattern of everything
			// (pkill -f bin, -f d) and blocks.
			var lineOnly []*hostProc
			for _, h := range hostsMatching(match, true) {
				if !slices.Contains(l.hosts, h) {
					lineOnly = append(lineOnly, h)
				}
			}
			for _, h := range lineOnly {
				if len(lineOnly) < 3 && !h.service {
					hc := *h
					hc.service = true
					h = &hc
				}
				l.hosts = appendNew(l.hosts, h)
			}
		}
	}
	return l
}

// appendNew appends h to hs unless it is nil or there already.
func appendNew(hs []*hostProc, h *hostProc) []*hostProc {
	if h == nil || slices.Contains(hs, h) {
		return hs
	}
	return append(hs, h)
}

// killHosts raises the finding a selection of processes to signal calls
// for: kill-all (block) for nearly every process, init or a process the
// host or session needs; system-admin (ask) for a system service.
func (r *run) killHosts(b string, l procList, cmd string) {
	switch {
	case l.all != "":
		r.finding(ruleKillAll, Command, Block, b+" "+l.all, cmd, "")
	case l.why() == whyAllPids:
		for _, h := range l.hosts {
			if !h.service {
				r.finding(ruleKillAll, Command, Block, b+" signals "+h.what, cmd, "")
				return
			}
		}
	case l.why() == whyServicePids:
		r.finding(ruleSystemAdmin, Command, Ask, b+" signals "+l.hosts[0].what, cmd, "")
	}
}

// maxKillPids is the most process IDs one kill may be given before it is
// a range of them: a list that long is no choice of processes, and any
// range of the ID space holds processes the host needs.
const maxKillPids = 64

// portHosts returns the remote-access server when spec, a port list as
// lsof -i or fuser write it (22, ssh, 1-1024, 22,80), holds port 22 or
// 3389.
func portHosts(spec string) []*hostProc {
	for p := range strings.SplitSeq(spec, ",") {
		if remotePorts[p] {
			return []*hostProc{remoteAccess}
		}
		lo, hi, ok := strings.Cut(p, "-")
		a, err1 := strconv.Atoi(lo)
		z, err2 := strconv.Atoi(hi)
		if ok && err1 == nil && err2 == nil && (a <= 22 && 22 <= z || a <= 3389 && 3389 <= z) {
			return []*hostProc{remoteAccess}
		}
	}
	return nil
}

// lsofAddrRE is an address lsof -i reads: [46][protocol][@host][:port].
var lsofAddrRE = regexp.MustCompile(`^[46]?(?i:tcp|udp)?(@[^:]*)?(:[^:]*)?$`)

// lsofSelection is what lsof lists: with -i, the processes using the
// network or a port (22 is the SSH server's); with -u, every process of a
// user; with -c, the commands whose names begin so; with files, the
// processes using them (the root, a system or home folder: every process;
// a program by its path); with no selection, every process.
func (r *run) lsofSelection(args []field) procList {
	var l procList
	l.pidOnly = hasShort(args, 't')
	if !l.pidOnly {
		l.suffix = " 3u IPv4 20615 0t0 TCP *:ssh (LISTEN) *:22"
	}
	selected := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.dyn {
			selected = true
			continue
		}
		v := a.val
		if len(v) > 1 && v[0] == '-' && v[1] != '-' {
			// Flags may lead a cluster: -ti:8080, -nPiTCP:22.
			rest := strings.TrimLeft(v[1:], "tnPlVRwbahUXNM")
			if rest == "" {
				continue
			}
			v = "-" + rest
		}
		// next consumes the following word as the option's value; optional
		// values are taken only when the word is not an option.
		next := func(optional bool) (string, bool) {
			if i+1 >= len(args) || optional && (args[i+1].dyn || strings.HasPrefix(args[i+1].val, "-") || strings.HasPrefix(args[i+1].val, "+")) {
				return "", false
			}
			i++
			return args[i].val, true
		}
		switch {
		case strings.HasPrefix(v, "-i"):
			selected = true
			spec := v[2:]
			if spec == "" && i+1 < len(args) && !args[i+1].dyn && args[i+1].val != "" && lsofAddrRE.MatchString(args[i+1].val) {
				spec, _ = next(false)
			}
			if j := strings.LastIndexByte(spec, ':'); j >= 0 {
				l.hosts = append(l.hosts, portHosts(spec[j+1:])...)
			} else {
				l.hosts = append(l.hosts, remoteAccess) // every process using the network
			}
		case strings.HasPrefix(v, "-u"):
			selected = true
			u := v[2:]
			if u == "" {
				u, _ = next(false)
			}
			if !strings.HasPrefix(u, "^") {
				l.everything("signals every process of a user")
			}
		case strings.HasPrefix(v, "-c"):
			selected = true
			name := v[2:]
			if name == "" {
				name, _ = next(false)
			}
			var match func(string) bool
			if end := strings.LastIndexByte(name, '/'); len(name) > 2 && name[0] == '/' && end > 0 {
				re, ok := procPattern(name[1:end], strings.HasSuffix(name, "/i"), false)
				match = func(string) bool { return true }
				if ok {
					match = re.MatchString
				}
			} else {
				match = func(s string) bool { return name != "" && strings.HasPrefix(s, name) }
			}
			l.hosts = append(l.hosts, hostsMatching(match, false)...)
		case strings.HasPrefix(v, "-p"):
			selected = true
			pids := v[2:]
			if pids == "" {
				pids, _ = next(false)
			}
			if slices.ContainsFunc(strings.Split(pids, ","), isInitPid) {
				l.everything("signals init")
			}
		case v == "-d" || v == "-k" || v == "-A" || v == "-e" || v == "-E" || v == "-z":
			next(false)
		case v == "-g" || v == "-s" || v == "-F" || v == "-T" || v == "-S" || v == "-r" || v == "-o" || v == "-D":
			next(true)
		case v == "+D" || v == "+d":
			if f := i + 1; f < len(args) {
				i++
				selected = true
				r.lsofPath(&l, args[f])
			}
		case strings.HasPrefix(v, "-") || strings.HasPrefix(v, "+"):
		default:
			selected = true
			r.lsofPath(&l, a)
		}
	}
	if !selected {
		l.everything("signals every process that has a file open")
	}
	return l
}

// lsofPath adds what lsof or fuser lists for a file: the root, a system
// or home folder or an ancestor of one (a mount point holds every open
// file of its file system) lists every process; a program the host needs,
// by its path, lists it.
func (r *run) lsofPath(l *procList, f field) {
	if f.dyn {
		return
	}
	for _, t := range r.resolve(f).paths {
		switch r.classify(t) {
		case clFSRoot, clHome, clSystem, clAncestor:
			l.everything("signals every process using " + t + ": on it are the processes of the whole host")
			return
		}
	}
	if strings.Contains(f.val, "/") {
		l.hosts = appendNew(l.hosts, hostProcByName(base(f.val), false))
	}
}

// pidFileHost returns the entry whose process ID the file at path holds:
// /run/sshd.pid, /var/run/crond.pid, /run/dbus/pid (dbus-daemon). Pid
// files elsewhere
// (a project's server.pid) are the project's own.
func pidFileHost(path string) *hostProc {
	if !strings.HasPrefix(path, "/run/") && !strings.HasPrefix(path, "/var/run/") && !strings.HasPrefix(path, "/private/var/run/") {
		return nil
	}
	stem := base(path)
	if stem == "pid" {
		stem = base(path[:strings.LastIndexByte(path, '/')])
	}
	stem = strings.TrimSuffix(stem, ".pid")
	for _, n := range []string{stem, stem + "d", stem + "-daemon"} {
		if h := hostProcByName(n, false); h != nil {
			return h
		}
	}
	return nil
}

// seqCount returns how many numbers seq prints with args, -1 for without
// end (seq inf), and whether args are numbers seq reads.
func seqCount(args []field) (int, bool) {
	p := parseOpts(args, "sft", []string{"--separator", "--format", "--terminator"}, "")
	var n []float64
	for _, f := range p.ops {
		if f.dyn {
			return 0, false
		}
		v, err := strconv.ParseFloat(f.val, 64)
		if err != nil {
			return 0, false
		}
		n = append(n, v)
	}
	first, inc, last := 1.0, 1.0, 0.0
	switch len(n) {
	case 1:
		last = n[0]
	case 2:
		first, last = n[0], n[1]
	case 3:
		first, inc, last = n[0], n[1], n[2]
	default:
		return 0, false
	}
	switch {
	case inc == 0 || inc > 0 && last > 1e15 || inc < 0 && last < -1e15:
		return -1, true
	case inc > 0 && last < first || inc < 0 && last > first:
		return 0, true
	}
	return int((last-first)/inc) + 1, true
}

// psSelection is what ps lists: every process (-e, -A, ax), every process
// of a user, terminal or session (-u, -U, -t, -s, -g, -G, BSD's x), the
// children of init (--ppid 1), the commands -C names; a listing of
// given IDs, or of the terminal's own processes, holds nothing that
// matters.
func psSelection(args []field) procList {
	var l procList
	l.pidOnly = true
	format := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.dyn {
			continue
		}
		v := a.val
		value := func(rest string) (string, bool) {
			if rest != "" {
				return rest, true
			}
			if i+1 < len(args) && !args[i+1].dyn {
				i++
				return args[i].val, true
			}
			return "", false
		}
		switch {
		case strings.HasPrefix(v, "--"):
			name, val, hasVal := strings.Cut(v, "=")
			takes := slices.Contains([]string{"--user", "--User", "--group", "--Group", "--tty", "--sid", "--ppid", "--pid", "--quick-pid", "--format", "--cols", "--columns", "--rows", "--lines", "--sort", "--width", "--context"}, name)
			if takes && !hasVal {
				val, hasVal = value("")
			}
			switch name {
			case "--user", "--User", "--group", "--Group", "--tty", "--sid":
				l.everything("signals every process of a user, terminal or session")
			case "--everyone":
				l.everything("signals every process")
			case "--ppid":
				if slices.ContainsFunc(strings.Split(val, ","), isInitPid) {
					l.everything("signals every child of init")
				}
			case "--format":
				format = true
				l.pidOnly = hasVal && pidColumn(val)
			}
		case strings.HasPrefix(v, "-") && len(v) > 1:
			for j := 1; j < len(v); j++ {
				c := v[j]
				switch {
				case c == 'e' || c == 'A':
					l.everything("signals every process")
					continue
				case c == 'f' || c == 'l' || c == 'F':
					l.pidOnly = false
					continue
				case !strings.ContainsRune("uUgGtsCpqoOk", rune(c)):
					continue
				}
				val, _ := value(v[j+1:])
				switch c {
				case 'u', 'U', 'g', 'G', 't', 's':
					l.everything("signals every process of a user, terminal or session")
				case 'C':
					for n := range strings.SplitSeq(val, ",") {
						l.hosts = appendNew(l.hosts, hostProcByName(n, false))
					}
				case 'o', 'O':
					format = true
					l.pidOnly = pidColumn(val)
				}
				break // the rest of the word was the value
			}
		default:
			// BSD options: a (every terminal's) with x (without one) is
			// every process; x alone every process of the user.
			if strings.ContainsRune(v, 'x') {
				l.everything("signals every process")
			}
			if strings.ContainsAny(v, "uvjls") && !format {
				l.pidOnly = false
			}
			if strings.ContainsRune(v, 'o') && i+1 < len(args) {
				i++
				format = true
				l.pidOnly = pidColumn(args[i].val)
			}
		}
	}
	if !format && !l.empty() {
		l.pidOnly = false // PID TTY TIME CMD and the like
	}
	return l
}

// pidColumn reports whether a ps format is the process ID alone.
func pidColumn(format string) bool {
	c, _, _ := strings.Cut(format, "=")
	return c == "pid" || c == "PID"
}

// pidListing returns what the first stage of a pipeline lists, fs its
// words, st its statement: pgrep, pidof, ps, lsof, ls /proc, seq, a pid
// file of /run read by cat or < FILE, PowerShell's Get-Process.
func (r *run) pidListing(sc *scope, st *syntax.Stmt) (procList, bool) {
	if st.Cmd == nil && len(st.Redirs) == 1 && st.Redirs[0].Op == syntax.RdrIn {
		// $(< /run/sshd.pid)
		f := r.word(sc, st.Redirs[0].Word)
		if h := pidFileHost(f.val); !f.dyn && h != nil {
			return procList{pidOnly: true, hosts: []*hostProc{h}}, true
		}
		return procList{}, false
	}
	fs := r.argv(sc, st)
	if fs == nil {
		return procList{}, false
	}
	fs = innerCommand(fs) // sudo ps -e lists them too
	args := fs[1:]
	var l procList
	switch b := base(fs[0].val); b {
	case "pgrep", "pidof":
		l = killSelection(b, args)
	case "ps":
		if len(args) == 0 && r.a.windows {
			l.everything("stops every process Get-Process lists") // PowerShell's ps is Get-Process
			return l, true
		}
		l = psSelection(args)
	case "lsof":
		l = r.lsofSelection(args)
	case "seq":
		n, ok := seqCount(args)
		if !ok || n >= 0 && n <= maxKillPids {
			return l, false
		}
		l.pidOnly = true
		l.all = "is given a range of more than " + strconv.Itoa(maxKillPids) + " process IDs, which holds processes the host needs"
	case "ls":
		for _, a := range args {
			if !a.dyn && (a.val == "/proc" || a.val == "/proc/") {
				l.pidOnly = true
				l.everything("signals every process /proc lists")
			}
		}
	case "cat":
		for _, a := range args {
			if !a.dyn {
				l.hosts = appendNew(l.hosts, pidFileHost(a.val))
			}
		}
		l.pidOnly = true
	default:
		if getProcess(b) && getsEveryProcess(args) {
			l.everything("stops every process Get-Process lists")
		}
	}
	return l, !l.empty()
}

// pidSources are the programs whose output may list processes; a pipeline
// or substitution that starts with another is not read further (most are
// not listings of processes).
var pidSources = map[string]bool{"pgrep": true, "pidof": true, "ps": true, "lsof": true, "seq": true, "ls": true, "cat": true}

// substPids tells what process IDs a command substitution or a pipe's
// writer prints: whyAllPids for nearly every process, init or a process
// the host or session needs (kill $(pgrep -f .), kill $(pidof sshd), ps
// -e | grep -v ^1$ | xargs kill, seq 2 65535 | xargs kill), whyServicePids
// for a system service's, else "". A later stage of its pipeline that
// picks lines is read as the filter it is: grep, grep -v and awk's /RE/
// keep the lines they match (or do not), and what remains decides; sed,
// pgrep and PowerShell's filters pick some processes.
func (r *run) substPids(sc *scope, stmts []*syntax.Stmt) string {
	if len(stmts) != 1 {
		return ""
	}
	// The first stage's name decides before anything is expanded or
	// gathered.
	if first := firstStage(stmts[0]); first.Cmd != nil {
		call, ok := first.Cmd.(*syntax.CallExpr)
		if !ok || len(call.Args) == 0 {
			return ""
		}
		if n := base(call.Args[0].Lit()); !pidSources[n] && !wrapsCommand(n) && !getProcess(n) {
			return ""
		}
	}
	if pipeLonger(stmts[0], maxPidStages) {
		// Each stage is read every time a reader asks: a pipeline this
		// long from a listing of processes is not read, and asks.
		return whySomePids
	}
	stages := pipeStages(stmts[0])
	l, ok := r.pidListing(sc, stages[0])
	if !ok {
		return ""
	}
	some := false // a stage kept an unknown part of l
	for _, st := range stages[1:] {
		if nl, ok := r.pidListing(sc, st); ok {
			// A stage that lists processes itself (pgrep, pidof, cat of
			// a pid file) prints its own list, whatever it is given.
			l, some = nl, false
			continue
		}
		if l.empty() {
			continue // a filter keeps nothing of nothing
		}
		fs := r.argv(sc, st)
		if fs == nil {
			// A stage that is no plain command (a group, a loop, a
			// name built at run time) passes on some unknown part.
			some = true
			continue
		}
		res := filterKeeps
		switch b := base(fs[0].val); b {
		case "grep", "egrep", "fgrep", "rg", "ag":
			res = grepFilter(&l, b, fs[1:])
		case "awk", "gawk", "mawk", "nawk":
			res = awkFilter(&l, fs[1:])
		case "sed", "gsed":
			res = sedFilter(&l, fs[1:])
		case "findstr":
			res = filterUnknown
		case "Where-Object", "where-object", "where", "?", "Select-Object", "select-object", "select", "Select-String", "select-string", "sls":
			return "" // PowerShell's filters pick some processes
		}
		switch res {
		case filterNone:
			l = procList{}
		case filterUnknown:
			// A filter the analyser cannot read (a condition on a
			// column, a pattern from a file or a variable) picks some
			// lines of a listing that still holds processes the host
			// needs: which, it cannot tell, so kill asks unless a
			// later filter leaves none of them.
			some = true
		}
	}
	if some && !l.empty() {
		return whySomePids
	}
	return l.why()
}

// maxPidStages bounds the stages of a pipeline substPids reads; a longer
// one that starts with a listing of processes asks.
const maxPidStages = 256

// pipeLonger reports whether the pipeline st has more than n stages,
// counting no further.
func pipeLonger(st *syntax.Stmt, n int) bool {
	for stages := 1; ; stages++ {
		if stages > n {
			return true
		}
		b := asPipe(st)
		if b == nil {
			return false
		}
		st = b.X
	}
}

// filterResult is what a filter stage of a process listing does to it.
type filterResult uint8

const (
	// filterKeeps: the filter was applied to the listing (it may keep
	// every line).
	filterKeeps filterResult = iota
	// filterNone: the stage's output lists no process (grep -c, -q, -l).
	filterNone
	// filterUnknown: the stage keeps some lines the analyser cannot tell.
	filterUnknown
)

// grepFilter applies grep with args to l: filterNone when the output is
// no listing of processes (-c, -l, -q), filterUnknown when the lines it
// picks cannot be told (-f FILE, a pattern from a variable or one Go
// cannot compile). A pattern that leaves lines out (-v) of an unknown
// kind keeps the rest, which is what is judged.
func grepFilter(l *procList, b string, args []field) filterResult {
	p := parseOpts(args, "eABCfmdD", []string{"--regexp", "--file", "--max-count", "--after-context", "--before-context", "--context", "--devices", "--directories", "--label", "--color", "--colour", "--include", "--exclude"}, "")
	if strings.ContainsAny(p.short, "clLq") || p.has("--count") || p.has("--quiet") || p.has("--silent") || p.has("--files-with-matches") || p.has("--files-without-match") {
		return filterNone
	}
	if strings.ContainsRune(p.short, 'f') || p.has("--file") {
		return filterUnknown
	}
	invert := strings.ContainsRune(p.short, 'v') || p.has("--invert-match")
	pats := p.get("-e", "--regexp")
	if len(pats) == 0 {
		if len(p.ops) == 0 {
			return filterUnknown
		}
		pats = p.ops[:1]
	}
	fixed := b == "fgrep" || strings.ContainsRune(p.short, 'F') || p.has("--fixed-strings")
	ere := b != "grep" || strings.ContainsAny(p.short, "EP") || p.has("--extended-regexp") || p.has("--perl-regexp")
	fold := strings.ContainsAny(p.short, "iy") || p.has("--ignore-case")
	word := strings.ContainsRune(p.short, 'w') || p.has("--word-regexp")
	line := strings.ContainsRune(p.short, 'x') || p.has("--line-regexp")
	var res []*regexp.Regexp
	for _, f := range pats {
		if f.dyn {
			if invert {
				return filterKeeps // leaves out some unknown lines: judged as keeping them
			}
			return filterUnknown // picks some unknown lines
		}
		for pat := range strings.SplitSeq(f.val, "\n") {
			switch {
			case fixed:
				pat = regexp.QuoteMeta(pat)
			case !ere:
				pat = breToERE(pat)
			}
			if word {
				pat = `\b(?:` + pat + `)\b`
			}
			re, ok := procPattern(pat, fold, line)
			if !ok {
				if invert {
					return filterKeeps // a pattern Go cannot read leaves out some lines
				}
				return filterUnknown // and picks some
			}
			res = append(res, re)
		}
	}
	l.filter(func(s string) bool {
		return slices.ContainsFunc(res, func(re *regexp.Regexp) bool { return re.MatchString(s) })
	}, invert)
	return filterKeeps
}

// breToERE rewrites a GNU basic regular expression as an extended one:
// \( \) \{ \} \| \+ \? are operators, their plain forms literal.
func breToERE(p string) string {
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c == '\\' && i+1 < len(p) && strings.IndexByte("(){}|+?", p[i+1]) >= 0:
			b.WriteByte(p[i+1])
			i++
		case c == '\\' && i+1 < len(p):
			b.WriteByte(c)
			b.WriteByte(p[i+1])
			i++
		case strings.IndexByte("(){}|+?", c) >= 0:
			b.WriteByte('\\')
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// awkFilter applies an awk program to l. The program may have one
// pattern and one action that prints (or none, which prints the line).
// The pattern is a conjunction (&&) of conditions, each read on its own:
// /RE/ and !/RE/ pick lines by a regular expression, $N ~ /RE/ and
// $N == "TEXT" lines with a column that matches (read on every column,
// since the listing's columns are not known), NR > N, $N != "TEXT" and
// $N !~ /RE/ are read as keeping every line (they leave out some), and
// any other condition, an action that decides (if, next), a program from
// a file or a variable are filterUnknown, unless the conditions read
// already leave no process the host needs.
func awkFilter(l *procList, args []field) filterResult {
	prog, found := "", false
	for i := 0; i < len(args) && !found; i++ {
		a := args[i]
		switch {
		case a.dyn:
			return filterUnknown
		case a.val == "--":
			if i+1 >= len(args) || args[i+1].dyn {
				return filterUnknown
			}
			prog, found = args[i+1].val, true
		case a.val == "-f" || strings.HasPrefix(a.val, "-f") || strings.HasPrefix(a.val, "--file"):
			return filterUnknown // the program is in a file
		case a.val == "-F" || a.val == "-v" || a.val == "--field-separator" || a.val == "--assign":
			i++ // the option's value
		case strings.HasPrefix(a.val, "-") && len(a.val) > 1:
		default:
			prog, found = a.val, true
		}
	}
	if !found {
		return filterUnknown
	}
	pattern, action, ok := awkSplit(prog)
	if !ok || !awkPrintAction(action) {
		return filterUnknown
	}
	unknown := false
	for cond := range strings.SplitSeq(pattern, "&&") {
		switch awkCondition(l, strings.TrimSpace(cond)) {
		case filterUnknown:
			unknown = true
		case filterNone:
			return filterNone
		}
	}
	if unknown && !l.empty() {
		return filterUnknown
	}
	return filterKeeps
}

// awkSplit splits an awk program into its pattern and its action (with
// its braces), skipping regular expressions and strings; ok is false for
// a program with more than one rule or with || or parentheses in its
// pattern.
func awkSplit(prog string) (pattern, action string, ok bool) {
	prog = strings.TrimSpace(prog)
	for i := 0; i < len(prog); i++ {
		switch c := prog[i]; c {
		case '\\':
			i++
		case '/', '"':
			end := closingDelim(prog, i+1, c)
			if end < 0 {
				return "", "", false
			}
			i = end
		case '{':
			if !strings.HasSuffix(prog, "}") || strings.Count(prog[i:], "{") != 1 {
				return "", "", false
			}
			pattern, action = prog[:i], prog[i:]
			return pattern, action, !strings.ContainsAny(pattern, "()|")
		}
	}
	return prog, "", !strings.ContainsAny(prog, "()|{}")
}

// closingDelim returns the index of the delimiter d that closes a
// regular expression or string starting at i, skipping backslash
// escapes; -1 when none does.
func closingDelim(s string, i int, d byte) int {
	for ; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case d:
			return i
		}
	}
	return -1
}

// awkPrintRE is an action that prints and decides nothing.
var awkPrintRE = regexp.MustCompile(`^\{\s*(?:printf?\b[^;{}?]*;?\s*)?\}$`)

// awkPrintAction reports whether action, with its braces, only prints
// (or is empty: the line is printed).
func awkPrintAction(action string) bool {
	return action == "" || awkPrintRE.MatchString(action)
}

var (
	// awkLineNumberRE skips a listing's first lines: NR > 1, FNR>=2.
	awkLineNumberRE = regexp.MustCompile(`^F?NR\s*(?:>|>=|!=)\s*\d+$`)
	// awkMatchRE picks lines by a regular expression, on the line or a
	// column: /RE/, !/RE/, $11 ~ /RE/, $1 !~ /RE/.
	awkMatchRE = regexp.MustCompile(`^(!?)\s*(?:\$(\d+)\s*(!?)~\s*)?/((?:[^/\\]|\\.)*)/$`)
	// awkEqualRE compares a column with a text or a number.
	awkEqualRE = regexp.MustCompile(`^\$(\d+)\s*(==|!=)\s*(?:"((?:[^"\\]|\\.)*)"|(-?\d+))$`)
)

// awkCondition applies one condition of an awk pattern to l.
func awkCondition(l *procList, cond string) filterResult {
	if cond == "" || awkLineNumberRE.MatchString(cond) {
		return filterKeeps
	}
	if m := awkMatchRE.FindStringSubmatch(cond); m != nil {
		re, ok := procPattern(m[4], false, false)
		switch {
		case !ok:
			return filterUnknown
		case m[2] != "" && m[2] != "0":
			if m[3] == "!" {
				return filterKeeps // a column that does not match leaves out some lines
			}
			l.filter(func(line string) bool { return slices.ContainsFunc(strings.Fields(line), re.MatchString) }, false)
		default:
			l.filter(re.MatchString, m[1] == "!" || m[3] == "!")
		}
		return filterKeeps
	}
	if m := awkEqualRE.FindStringSubmatch(cond); m != nil {
		if m[2] == "!=" {
			return filterKeeps
		}
		want := m[3] + m[4]
		if m[1] == "0" {
			l.filter(func(line string) bool { return line == want }, false)
		} else {
			l.filter(func(line string) bool { return slices.Contains(strings.Fields(line), want) }, false)
		}
		return filterKeeps
	}
	return filterUnknown
}

// sedFilter applies a sed script to l: lines deleted by /RE/d (kept by
// /RE/!d), printed by /RE/p under -n; line-number addresses (1d, 2,$p,
// q) and substitutions are read as keeping every line. A script from a
// file or a variable, in-place editing and any other command are
// filterUnknown.
func sedFilter(l *procList, args []field) filterResult {
	quiet, ere := false, false
	var scripts []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a.dyn:
			return filterUnknown
		case a.val == "-e" || a.val == "--expression":
			if i+1 >= len(args) || args[i+1].dyn {
				return filterUnknown
			}
			i++
			scripts = append(scripts, args[i].val)
		case strings.HasPrefix(a.val, "--expression="):
			scripts = append(scripts, strings.TrimPrefix(a.val, "--expression="))
		case a.val == "-n" || a.val == "--quiet" || a.val == "--silent":
			quiet = true
		case a.val == "-E" || a.val == "-r" || a.val == "--regexp-extended":
			ere = true
		case a.val == "--posix" || a.val == "-u" || a.val == "--unbuffered" || a.val == "--sandbox":
		case strings.HasPrefix(a.val, "-") && len(a.val) > 1:
			// -f FILE, -i, -z and the like, or letters run together.
			if strings.Trim(a.val[1:], "nEr") != "" {
				return filterUnknown
			}
			quiet = quiet || strings.ContainsRune(a.val, 'n')
			ere = ere || strings.ContainsAny(a.val, "Er")
		case len(scripts) == 0:
			scripts = append(scripts, a.val)
		default:
			return filterUnknown // a file to read, not the listing
		}
	}
	if len(scripts) == 0 {
		return filterUnknown
	}
	var printed []*regexp.Regexp // under -n, the lines /RE/p prints
	printsAll := false
	for _, script := range scripts {
		cmds, ok := sedCommands(script)
		if !ok {
			return filterUnknown
		}
		for _, c := range cmds {
			var re *regexp.Regexp
			if c.re != "" {
				pat := c.re
				if !ere {
					pat = breToERE(pat)
				}
				if re, ok = procPattern(pat, false, false); !ok {
					return filterUnknown
				}
			}
			switch {
			case c.cmd == 's' && c.prints:
				printsAll = true // s/RE/.../p: read as printing any line
			case c.cmd == 's' || c.cmd == 'q' || c.cmd == 'd' && re == nil:
				// A substitution, an end or a deleted line number: read
				// as keeping every line.
			case c.cmd == 'd':
				l.filter(re.MatchString, !c.not)
			case c.cmd == 'p' && (re == nil || c.not):
				printsAll = true
			case c.cmd == 'p':
				printed = append(printed, re)
			default:
				return filterUnknown
			}
		}
	}
	if quiet && !printsAll {
		l.filter(func(line string) bool {
			return slices.ContainsFunc(printed, func(re *regexp.Regexp) bool { return re.MatchString(line) })
		}, false)
	}
	return filterKeeps
}

// sedCommand is one command of a sed script: its letter, the regular
// expression of its address ("" for a line number or none) and whether
// the address is negated (!).
type sedCommand struct {
	cmd byte
	re  string
	not bool
	// prints marks a substitution with the p flag, which prints the
	// lines it changes under -n.
	prints bool
}

// sedCommands parses a sed script of d, p, q and s commands with line
// number or /RE/ addresses; ok is false for anything else.
func sedCommands(script string) ([]sedCommand, bool) {
	var out []sedCommand
	i := 0
	skip := func() {
		for i < len(script) && (script[i] == ' ' || script[i] == '\t') {
			i++
		}
	}
	// address reads a line number, $ or /RE/ at i; re is the expression.
	address := func() (re string, ok bool) {
		switch {
		case i < len(script) && script[i] == '/':
			end := closingDelim(script, i+1, '/')
			if end < 0 {
				return "", false
			}
			re, i = script[i+1:end], end+1
			return re, true
		case i < len(script) && script[i] == '$':
			i++
			return "", true
		}
		start := i
		for i < len(script) && script[i] >= '0' && script[i] <= '9' {
			i++
		}
		return "", i > start
	}
	for {
		for i < len(script) && strings.IndexByte(" \t\n;", script[i]) >= 0 {
			i++
		}
		if i >= len(script) {
			return out, true
		}
		var c sedCommand
		if script[i] == '/' || script[i] == '$' || script[i] >= '0' && script[i] <= '9' {
			re, ok := address()
			if !ok {
				return nil, false
			}
			c.re = re
			if i < len(script) && script[i] == ',' {
				i++
				re2, ok := address()
				if !ok || re != "" || re2 != "" {
					return nil, false // a range bounded by a pattern
				}
			}
		}
		skip()
		if i < len(script) && script[i] == '!' {
			c.not = true
			i++
			skip()
		}
		if i >= len(script) {
			return nil, false
		}
		c.cmd = script[i]
		i++
		switch c.cmd {
		case 'd', 'p', 'q':
		case 's':
			if i >= len(script) || script[i] == '\\' || script[i] == '\n' {
				return nil, false
			}
			d := script[i]
			mid := closingDelim(script, i+1, d)
			if mid < 0 {
				return nil, false
			}
			end := closingDelim(script, mid+1, d)
			if end < 0 {
				return nil, false
			}
			i = end + 1
			for i < len(script) && strings.IndexByte("gpiIm0123456789", script[i]) >= 0 {
				c.prints = c.prints || script[i] == 'p'
				i++
			}
			c.re = "" // the substitution's expression picks no line
		default:
			return nil, false
		}
		skip()
		if i < len(script) && script[i] != ';' && script[i] != '\n' {
			return nil, false
		}
		out = append(out, c)
	}
}
