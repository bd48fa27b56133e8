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
		Family: "services", Summary: "account, kernel-module, firewall and service changes ask; listings are fine",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.admin(b, args, cmd)
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
