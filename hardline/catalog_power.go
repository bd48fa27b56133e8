package hardline

import (
	"regexp"
	"slices"
	"strings"
)

// Processes and power: signals to everything or to init, and stopping,
// restarting or suspending the host.
var _ = register([]Entry{
	{Names: names("kill"), Family: "processes and power", Summary: "kill -1 and signals to pid 1 block",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.kill(args, cmd)
			return true
		}},
	{Names: names("killall5"), Family: "processes and power", Summary: "signals every process", Rule: ruleKillAll},
	{Names: names("pkill killall pkill.exe taskkill skill slay"), Family: "processes and power", Summary: "a pattern that matches every process, init or every process of root blocks",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.killPattern(b, args, cmd)
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
	{Names: names("init telinit"), Family: "processes and power", Summary: "runlevels 0 and 6 stop or restart the host",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			if len(args) > 0 && (args[0].val == "0" || args[0].val == "6" || args[0].val == "1" || asciiLower(args[0].val) == "s") {
				r.finding(ruleShutdown, Command, Block, b+" "+args[0].val+" stops or restarts the host", cmd, "")
			}
			return true
		}},
	{Names: names("systemctl loginctl"), Family: "processes and power", Summary: "power sub-commands and power targets block; service changes ask",
		Env: []EnvVar{{Name: "SYSTEMD_PAGER", Role: RoleCommand}, {Name: "SYSTEMD_EDITOR", Role: RoleCommand}},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
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
			if dbusPowerRE.MatchString(line) {
				r.finding(ruleShutdown, Command, Block, b+" asks the system bus to stop, restart or suspend the host", cmd, "")
			}
			return true
		}},
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
	for _, f := range rest {
		if f.val == "-1" {
			r.finding(ruleKillAll, Command, Block, "kill -1 signals every process the user may signal", cmd, "")
			return
		}
		if f.val == "1" {
			r.finding(ruleKillAll, Command, Block, "kill 1 signals init, which stops the host", cmd, "")
			return
		}
	}
}

// killPattern judges pkill and killall: a pattern that matches every
// process (., .*, -r .), init or systemd, or every process of root blocks.
func (r *run) killPattern(b string, args []field, cmd string) {
	p := parseOpts(args, "ugtGPsFnOoU", []string{"--signal", "--user", "--group", "--older-than", "--younger-than", "--session", "--terminal", "--parent", "--pidfile", "--ns", "--nslist", "--euid", "--uid"}, "")
	all := func(v string) bool {
		return v == "." || v == ".*" || v == "" || v == "^" || v == "$" || v == ".+" || v == "init" || v == "systemd" || v == "launchd" ||
			v == "sshd" || v == "^.*$" || v == "wininit.exe" || v == "csrss.exe"
	}
	for _, u := range p.get("-u", "--euid", "-U", "--uid", "--user") {
		if u.val == "root" || u.val == "0" {
			r.finding(ruleKillAll, Command, Block, b+" signals every process of root", cmd, "")
			return
		}
	}
	for _, f := range p.ops {
		if f.dyn {
			continue
		}
		if all(f.val) || b == "taskkill" && asciiLower(f.val) == "/im" {
			if b == "taskkill" {
				continue
			}
			r.finding(ruleKillAll, Command, Block, b+" "+f.val+" signals every process or init", cmd, "")
			return
		}
	}
}
