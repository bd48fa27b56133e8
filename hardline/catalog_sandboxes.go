package hardline

import "strings"

// Sandboxes, namespaces and resource limiters: each runs the command after
// its options (and positional arguments), so the command is judged as if it
// ran alone. What a sandbox would prevent is not credited.
var _ = register([]Entry{
	wrapper("sandboxes", "runs the command with a lower priority", "n", []string{"--adjustment"}, 0, "nice"),
	wrapper("sandboxes", "runs the command with an I/O class", "cnpPu", []string{"--class", "--classdata", "--pid", "--pgid", "--uid"}, 0, "ionice"),
	wrapper("sandboxes", "runs the command with other buffering", "ioe", []string{"--input", "--output", "--error"}, 0, "stdbuf"),
	wrapper("sandboxes", "timeout DURATION CMD", "sk", []string{"--signal", "--kill-after"}, 1, "timeout", "gtimeout"),
	wrapper("sandboxes", "chroot DIR CMD runs CMD under DIR", "", []string{"--userspec", "--groups"}, 1, "chroot"),
	wrapper("sandboxes", "chrt PRIO CMD", "", nil, 1, "chrt"),
	wrapper("sandboxes", "taskset MASK CMD", "", nil, 1, "taskset"),
	wrapper("sandboxes", "runs the command on chosen CPUs and memory", "CNmipP", nil, 0, "numactl"),
	wrapper("sandboxes", "runs the command in a control group", "g", nil, 0, "cgexec"),
	wrapper("sandboxes", "runs the command in another process's namespaces", "tSGwr", []string{"--target", "--setuid", "--setgid", "--wd", "--root"}, 0, "nsenter"),
	wrapper("sandboxes", "runs the command in new namespaces", "SGRw", []string{"--setuid", "--setgid", "--root", "--wd", "--map-user", "--map-group", "--propagation"}, 0, "unshare"),
	wrapper("sandboxes", "runs the command under a rootfs", "rbwqk", []string{"--rootfs", "--bind", "--cwd", "--qemu", "--kernel-release"}, 0, "proot"),
	wrapper("sandboxes", "runs the command under a sandbox profile", "fpD", nil, 0, "sandbox-exec"),
	wrapper("sandboxes", "runs the command in a chroot", "cdu", []string{"--chroot", "--directory", "--user"}, 0, "schroot"),
	wrapper("sandboxes", "runs the command in a firejail sandbox", "", nil, 0, "firejail"),
	wrapper("sandboxes", "runs the command without fsync", "", nil, 0, "eatmydata", "nocache", "catchsegv", "with-contenv", "dumb-init", "tini", "dbus-run-session", "dbus-launch", "unbuffer", "flatpak-spawn", "host-spawn", "distrobox-host-exec"),
	wrapper("sandboxes", "runs the command as fake root", "lsib", nil, 0, "fakeroot", "fakechroot"),
	wrapper("sandboxes", "runs the command with a fake clock", "fm", nil, 1, "faketime"),
	wrapper("sandboxes", "runs the command for another architecture", "", nil, 1, "setarch"),
	wrapper("sandboxes", "runs the command for another architecture", "", nil, 0, "linux32", "linux64", "i386", "x86_64"),
	{Names: names("runcon"), Family: "sandboxes", Summary: "runs the command with an SELinux context (CONTEXT CMD or -t TYPE CMD)",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			rest := skipOpts(args, wrapSpec{val: "trul"})
			if len(rest) > 0 && len(rest) < len(args) || len(rest) > 0 && strings.Count(rest[0].val, ":") < 2 {
				r.next(sc, rest, c)
			} else if len(rest) > 1 {
				r.next(sc, rest[1:], c)
			}
			return true
		}},
	wrapper("sandboxes", "runs the command with limits", "lpe", []string{"--limit", "--pid", "--exe"}, 0, "cpulimit"),
	wrapper("sandboxes", "runs the command with limits", "p", []string{"--pid", "--output", "--cpu", "--as", "--nofile", "--nproc", "--core", "--data", "--fsize", "--memlock", "--rss", "--stack"}, 0, "prlimit"),
	wrapper("sandboxes", "runs the command with a bandwidth limit", "udwtnsL", nil, 0, "trickle"),
	wrapper("sandboxes", "runs the command through a proxy", "uaPif", nil, 0, "torsocks", "proxychains", "proxychains4", "tsocks"),
	wrapper("sandboxes", "runs the command with an agent", "aEPt", nil, 0, "ssh-agent"),
	wrapper("sandboxes", "runs the command with a virtual display", "nsfe", []string{"--server-num", "--server-args", "--auth-file", "--error-file"}, 0, "xvfb-run"),
	wrapper("sandboxes", "keeps the host awake while the command runs", "tw", nil, 0, "caffeinate", "systemd-inhibit"),
	wrapper("sandboxes", "runs the command in a minimal jail", "ucgSbkPvT", []string{"--config"}, 0, "minijail0", "nsjail", "landrun", "isolate"),
	wrapper("sandboxes", "runs the command in a container on the host's files", "Z", []string{"--container", "--name", "--additional-flags"}, 0, "distrobox-enter", "toolbox-run"),
	{Names: names("bwrap bubblewrap"), Family: "sandboxes", Summary: "runs the command after its options; --bind and friends take two values",
		Options: append([]Option{
			{Names: names("--bind --ro-bind --dev-bind --bind-try --ro-bind-try --dev-bind-try --symlink --setenv --file --bind-data --ro-bind-data --chmod"), Takes: 2},
			opt(RoleWorkDir, "--chdir")},
			vals("", "--tmpfs", "--proc", "--dev", "--dir", "--remount-ro", "--unsetenv", "--uid", "--gid", "--hostname", "--exec-label", "--file-label", "--seccomp", "--add-seccomp-fd", "--info-fd", "--json-status-fd", "--block-fd", "--sync-fd", "--userns", "--userns2", "--pidns", "--lock-file", "--cap-add", "--cap-drop", "--perms", "--size", "--argv0", "--mqueue", "--tmp-overlay", "--ro-overlay", "--overlay-src", "--args")...),
		Operands: []Operand{operand(0, RoleCommand)}},
	{Names: names("systemd-nspawn"), Family: "sandboxes", Summary: "runs the command in a container over a folder",
		Options:  append([]Option{opt(RoleReadTree, "-D", "--directory")}, vals("MiuUbp", "--machine", "--image", "--user", "--bind", "--bind-ro", "--chdir", "--setenv", "--network-interface", "--property", "--capability")...),
		Operands: []Operand{operand(0, RoleCommand)}},
	{Names: names("capsh"), Family: "sandboxes", Summary: "the arguments after -- are a shell's (capsh -- -c CMD)",
		Options: []Option{flag(RoleShellArgs, "--")}},
	{Names: names("systemd-run"), Family: "sandboxes", Summary: "runs the command as a transient unit; --on-* schedules it (persistence)",
		Options: append([]Option{opt(RoleWorkDir, "--working-directory"), {Names: names("--on-active --on-boot --on-startup --on-unit-active --on-unit-inactive --on-calendar --on-clock-change --on-timezone-change --timer-property --path-property --socket-property"), Takes: 1, Role: RoleTrigger}},
			vals("pEuMHs", "--property", "--unit", "--description", "--setenv", "--slice", "--machine", "--host", "--uid", "--gid", "--nice", "--service-type")...),
		Operands: []Operand{operand(0, RoleCommand)}, Rule: rulePersistence},
	{Names: names("flatpak"), Family: "sandboxes", Summary: "flatpak run --command=PROGRAM runs a program",
		Subcommands: []Entry{{Names: names("run"), Options: []Option{opt(RoleCommand, "--command"), val("--branch", "--arch", "--runtime", "--filesystem", "--env", "--cwd")}, Operands: []Operand{operand(0, RoleData), operands(1, RoleData)}}}},
})
