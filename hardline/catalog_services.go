package hardline

// Services, schedules, accounts and security settings: changes ask.
var _ = register([]Entry{
	{Names: names("crontab"), Family: "services", Summary: "crontab -r blocks; installing a crontab asks (persistence)",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			if containsAny(parseOpts(args, "uc", nil, "").short, "r") {
				r.finding(ruleCrontabRemove, Command, Block, "crontab -r removes every cron job of the user without confirmation", cmd, "")
			}
			r.admin(b, args, cmd)
			return true
		}},
	{Names: names("at batch"), Family: "services", Summary: "schedules commands to run later (persistence); the here-document is analysed",
		Stdin: RoleScript,
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.admin(b, args, cmd)
			return true
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
	{Names: names("userdel deluser useradd adduser usermod groupdel delgroup groupmod chpasswd chage vipw vigr visudo pwconv dscl sysadminctl net setenforce csrutil spctl auditctl modprobe insmod rmmod update-alternatives passwd iptables ip6tables nft ufw firewall-cmd pfctl ebtables arptables service launchctl rc-service sv"),
		Family: "services", Summary: "account, kernel-module, firewall and service changes ask; listings are fine; launchctl reboot stops the host and asuser, bsexec and submit run commands",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.admin(b, args, cmd)
			r.serviceMore(sc, b, args, c, cmd)
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
})

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
