package hardline

import (
	"slices"
	"strings"
)

// Sandboxes, namespaces and resource limiters: each runs the command after
// its options (and positional arguments), so the command is judged as if it
// ran alone. What a sandbox would prevent is not credited.
var _ = register([]Entry{
	wrapper("sandboxes", "runs the command with a lower priority", "n", []string{"--adjustment"}, 0, "nice"),
	wrapper("sandboxes", "aa-exec runs the command under an AppArmor profile", "pn", []string{"--profile", "--namespace"}, 0, "aa-exec"),
	wrapper("sandboxes", "landrun runs the command under Landlock rules", "", []string{"--ro", "--rox", "--rw", "--rwx", "--bind-tcp", "--connect-tcp", "--env", "--log-level"}, 0, "landrun"),
	wrapper("sandboxes", "SELinux's sandbox runs the command in a confined domain", "HTtlWwiIs", []string{"--homedir", "--tmpdir", "--type", "--level", "--windowmanager", "--include", "--includefile"}, 0, "sandbox"),
	{Names: names("nsjail"), Family: "sandboxes", Summary: "runs the command after -- in a namespace jail; a chroot of / is the host",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			if i := slices.IndexFunc(args, func(f field) bool { return f.val == "--" }); i >= 0 && i+1 < len(args) {
				c2 := c
				c2.depth++
				r.next(sc, args[i+1:], c2)
				return true
			}
			return false
		}},
	wrapper("sandboxes", "runs the command with an I/O class", "cnpPu", []string{"--class", "--classdata", "--pid", "--pgid", "--uid"}, 0, "ionice"),
	wrapper("sandboxes", "runs the command with other buffering", "ioe", []string{"--input", "--output", "--error"}, 0, "stdbuf"),
	{Names: names("rlwrap"), Family: "sandboxes", Summary: "runs the command with line editing; -l writes a log, -z runs a filter command line",
		Options: []Option{opt(RoleWrite, "-l", "--logfile"), opt(RoleScript, "-z", "--filter"),
			val("-b", "--break-chars", "-C", "--command-name", "-D", "--history-no-dupes", "-e", "--extra-char-after-completion", "-f", "--file",
				"-g", "--forget-matching", "-H", "--history-filename", "-O", "--only-cook", "-P", "--pre-given", "-q", "--quote-characters",
				"-s", "--histsize", "-S", "--substitute-prompt", "-t", "--set-term-name", "-w", "--wait-before-prompt")},
		Operands: []Operand{operand(0, RoleCommand)}},
	wrapper("sandboxes", "timeout DURATION CMD", "sk", []string{"--signal", "--kill-after"}, 1, "timeout", "gtimeout"),
	// chroot moves to DIR's / before it runs the command (unless
	// --skip-chdir, rare enough that the move is always read): relative
	// paths are DIR's. Absolute ones are read as this machine's: the
	// program must be found under DIR, which is then a system's tree.
	shellByDefault(Entry{Names: names("chroot"), Family: "sandboxes", Summary: "chroot DIR CMD runs CMD in DIR, under DIR",
		Options: vals("", "--userspec", "--groups"), Operands: []Operand{operand(0, RoleWorkDir), operand(1, RoleCommand)}}),
	wrapper("sandboxes", "chrt PRIO CMD", "", nil, 1, "chrt"),
	wrapper("sandboxes", "taskset MASK CMD", "", nil, 1, "taskset"),
	wrapper("sandboxes", "runs the command on chosen CPUs and memory", "CNmipP", nil, 0, "numactl"),
	wrapper("sandboxes", "runs the command in a control group", "g", nil, 0, "cgexec"),
	// nsenter's -w, --wd, -r and --root take their folder only attached
	// (-w/srv, --wd=/srv): alone they are flags, and -w alone moves to the
	// target process's folder, not known.
	shellByDefault(Entry{Names: names("nsenter"), Family: "sandboxes", Summary: "runs the command in another process's namespaces; -w/--wd moves to a folder",
		Options:  append([]Option{attachedOnly(RoleWorkDir, "-w", "--wd"), attachedOnly("", "-r", "--root")}, vals("tSG", "--target", "--setuid", "--setgid")...),
		Operands: []Operand{operand(0, RoleCommand)}}),
	shellByDefault(Entry{Names: names("unshare"), Family: "sandboxes", Summary: "runs the command in new namespaces; -w/--wd moves to a folder",
		Options:  append([]Option{opt(RoleWorkDir, "-w", "--wd")}, vals("SGR", "--setuid", "--setgid", "--root", "--map-user", "--map-group", "--propagation")...),
		Operands: []Operand{operand(0, RoleCommand)}}),
	{Names: names("proot"), Family: "sandboxes", Summary: "runs the command under a rootfs; -w/--cwd moves to a folder",
		Options:  append([]Option{opt(RoleWorkDir, "-w", "--cwd")}, vals("rbqk", "--rootfs", "--bind", "--qemu", "--kernel-release")...),
		Operands: []Operand{operand(0, RoleCommand)}},
	wrapper("sandboxes", "runs the command under a sandbox profile (-f file, -p text, -n name, -D key=value)", "fpDn", nil, 0, "sandbox-exec"),
	{Names: names("schroot"), Family: "sandboxes", Summary: "runs the command in a chroot; -d/--directory moves to a folder",
		Options:  append([]Option{opt(RoleWorkDir, "-d", "--directory")}, vals("cu", "--chroot", "--user")...),
		Operands: []Operand{operand(0, RoleCommand)}},
	// firejail's options are all --NAME=VALUE; --private-cwd alone moves
	// to the home folder, read here as a folder not known.
	shellByDefault(Entry{Names: names("firejail"), Family: "sandboxes", Summary: "runs the command in a firejail sandbox; --private-cwd moves to a folder",
		Options: []Option{attachedOnly(RoleWorkDir, "--private-cwd")}, Operands: []Operand{operand(0, RoleCommand)}}),
	wrapper("sandboxes", "runs the command in a user namespace", "", []string{"--net", "--mtu", "--cidr", "--port-driver", "--copy-up", "--state-dir", "--subid-source", "--propagation", "--publish", "-p"}, 0, "rootlesskit"),
	{Names: names("apptainer singularity"), Family: "sandboxes", Summary: "exec runs a command in a container that binds the home folder and the working folder by default: it is judged as run here; run and shell run the image's own script or a shell",
		Subcommands: []Entry{
			{Names: names("exec"), Options: vals("BWe", "--bind", "--mount", "--env", "--env-file", "--home", "--pwd", "--workdir", "--overlay", "--security", "--app", "--network", "--network-args", "--hostname", "--scratch", "--apply-cgroups", "--fusemount", "--dns"),
				Operands: []Operand{operand(0, RoleData)},
				special:  apptainerBinds},
			{Names: names("run shell"), Options: vals("BWe", "--bind", "--mount", "--env", "--env-file", "--home", "--pwd", "--workdir", "--overlay", "--security", "--app", "--network"),
				Operands: []Operand{operands(0, RoleData)}}}},
	wrapper("sandboxes", "runs the command without fsync", "", nil, 0, "eatmydata", "nocache", "catchsegv", "with-contenv", "dumb-init", "tini", "catatonit", "dbus-run-session", "dbus-launch", "unbuffer", "flatpak-spawn", "host-spawn", "distrobox-host-exec"),
	{Names: names("fakeroot fakechroot"), Family: "sandboxes", Summary: "runs the command as fake root; -s saves its database to a file",
		Options: []Option{opt(RoleWrite, "-s"), opt(RoleRead, "-i"), val("-l", "-b", "--lib", "--faked")}, Operands: []Operand{operand(0, RoleCommand)}},
	wrapper("sandboxes", "runs the command with a fake clock (-f and -m are flags)", "p", []string{"--date-prog"}, 1, "faketime"),
	{Names: names("setarch"), Family: "sandboxes", Summary: "setarch ARCH [flags] CMD runs CMD",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			if len(args) > 1 {
				if rest := skipOpts(args[1:], wrapSpec{}); len(rest) > 0 {
					r.next(sc, rest, c)
				}
			}
			return true
		}},
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
	wrapper("sandboxes", "runs the command with a bandwidth limit", "udwtnL", nil, 0, "trickle"),
	wrapper("sandboxes", "runs the command through a proxy", "upaPf", nil, 0, "torsocks", "proxychains", "proxychains4", "tsocks"),
	wrapper("sandboxes", "runs the command with an agent", "aEPt", nil, 0, "ssh-agent"),
	{Names: names("xvfb-run"), Family: "sandboxes", Summary: "runs the command with a virtual display; -e and -f are written",
		Options:  []Option{opt(RoleWrite, "-e", "--error-file", "-f", "--auth-file"), val("-n", "--server-num", "-s", "--server-args", "-p", "--xauth-protocol")},
		Operands: []Operand{operand(0, RoleCommand)}},
	wrapper("sandboxes", "keeps the host awake while the command runs", "tw", nil, 0, "caffeinate"),
	wrapper("sandboxes", "runs the command holding an inhibitor lock", "", []string{"--what", "--who", "--why", "--mode"}, 0, "systemd-inhibit"),
	wrapper("sandboxes", "runs the command in a minimal jail", "ucgSbkPT", []string{"--config"}, 0, "minijail0", "isolate"),
	wrapper("sandboxes", "runs the command in a container on the host's files", "Z", []string{"--container", "--name", "--additional-flags"}, 0, "toolbox-run"),
	{Names: names("distrobox-enter"), Family: "sandboxes", Summary: "runs the command after -- in a container that shares the home folder",
		Options: []Option{flag(RoleCommand, "--", "-e", "--exec"), val("-n", "--name", "-a", "--additional-flags", "--container")}, special: distroboxOperands, shellDefault: true},
	{Names: names("distrobox"), Family: "sandboxes", Summary: "distrobox enter runs the command after -- in a container that shares the home folder",
		Subcommands: []Entry{{Names: names("enter"), Options: []Option{flag(RoleCommand, "--", "-e", "--exec"), val("-n", "--name", "-a", "--additional-flags")}, special: distroboxOperands, shellDefault: true}}},
	{Names: names("toolbox"), Family: "sandboxes", Summary: "toolbox run runs the command in a container that shares the home folder",
		Subcommands: []Entry{{Names: names("run"), Options: vals("cdr", "--container", "--distro", "--release"), Operands: []Operand{operand(0, RoleCommand)}},
			{Names: names("enter"), Options: vals("cdr", "--container", "--distro", "--release"), shellDefault: true}}},
	{Names: names("bwrap bubblewrap"), Family: "sandboxes", Summary: "runs the command after its options; --bind and friends take two values",
		Options: append([]Option{
			{Names: names("--bind --ro-bind --dev-bind --bind-try --ro-bind-try --dev-bind-try --symlink --setenv --file --bind-data --ro-bind-data --chmod"), Takes: 2},
			opt(RoleWorkDir, "--chdir")},
			vals("", "--tmpfs", "--proc", "--dev", "--dir", "--remount-ro", "--unsetenv", "--uid", "--gid", "--hostname", "--exec-label", "--file-label", "--seccomp", "--add-seccomp-fd", "--info-fd", "--json-status-fd", "--block-fd", "--sync-fd", "--userns", "--userns2", "--pidns", "--lock-file", "--cap-add", "--cap-drop", "--perms", "--size", "--argv0", "--mqueue", "--tmp-overlay", "--ro-overlay", "--overlay-src", "--args")...),
		Operands: []Operand{operand(0, RoleCommand)}},
	{Names: names("systemd-nspawn"), Family: "sandboxes", Summary: "runs the command in a container over a folder",
		Options:  append([]Option{opt(RoleReadTree, "-D", "--directory")}, vals("MiuUbp", "--machine", "--image", "--user", "--bind", "--bind-ro", "--chdir", "--setenv", "--network-interface", "--property", "--capability")...),
		Operands: []Operand{operand(0, RoleCommand)}},
	{Names: names("capsh"), Family: "sandboxes", Summary: "the arguments after -- are a shell's (capsh -- -c CMD), or those of the program --shell names",
		Options: []Option{flag(RoleShellArgs, "--")},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			var prog *field
			for i, a := range args {
				if v, ok := strings.CutPrefix(a.val, "--shell="); ok {
					f := a
					f.val = v
					prog = &f
				}
				if a.val == "--" && prog != nil {
					r.next(sc, append([]field{*prog}, args[i+1:]...), c)
					break
				}
			}
			return false
		}},
	{Names: names("machinectl"), Family: "sandboxes", Summary: "machinectl shell [USER@]HOST PROGRAM ARGS runs the program (on this machine when HOST is empty or .host)",
		Subcommands: []Entry{{Names: names("shell"), Options: vals("EM", "--setenv", "--uid", "--machine", "--host"), Operands: []Operand{operand(0, RoleData), operand(1, RoleCommand)}, shellDefault: true}}},
	{Names: names("systemd-run"), Family: "sandboxes", Summary: "runs the command as a transient unit; -p Exec*= properties run commands too; --on-* schedules it (persistence)",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			for _, p := range parseOpts(args, "pEuMHs", []string{"--property", "--setenv", "--unit", "--description", "--slice", "--machine", "--host", "--uid", "--gid", "--nice", "--service-type", "--working-directory"}, "").get("-p", "--property") {
				k, v, ok := strings.Cut(p.val, "=")
				if !ok || !strings.HasPrefix(strings.TrimSpace(k), "Exec") || strings.HasSuffix(k, "Paths") || strings.HasSuffix(k, "Path") {
					continue
				}
				if p.dyn {
					r.finding(ruleEvalDynamic, Dynamic, Ask, "systemd-run runs a command that comes from "+p.why, cmd, "")
					continue
				}
				r.reparseField(sc, field{val: strings.TrimLeft(strings.TrimSpace(v), "@-:+!|")}, c, cmd, true)
			}
			return false
		},
		Options: append([]Option{opt(RoleWorkDir, "--working-directory"), keyed(RoleWorkDir, "WorkingDirectory", "-p", "--property"), {Names: names("--on-active --on-boot --on-startup --on-unit-active --on-unit-inactive --on-calendar --on-clock-change --on-timezone-change --timer-property --path-property --socket-property"), Takes: 1, Role: RoleTrigger}},
			vals("pEuMHs", "--property", "--unit", "--description", "--setenv", "--slice", "--machine", "--host", "--uid", "--gid", "--nice", "--service-type")...),
		Operands: []Operand{operand(0, RoleCommand)}, Rule: rulePersistence, systemdDirs: true},
	{Names: names("flatpak"), Family: "sandboxes", Summary: "flatpak run --command=PROGRAM APP ARGS runs PROGRAM ARGS; remote-add stores a package source",
		Subcommands: []Entry{{Names: names("remote-add"), Summary: "stores a package source", DataOnly: true, Rule: rulePackageSource},
			{Names: names("run"), Options: []Option{opt(RoleCommand, "--command"), val("--branch", "--arch", "--runtime", "--filesystem", "--env", "--cwd")}, Operands: []Operand{operand(0, RoleData), operands(1, RoleData)},
				special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
					var prog *field
					for i := 0; i < len(args); i++ {
						a := args[i]
						switch {
						case a.val == "--command" && i+1 < len(args):
							prog = &args[i+1]
							i++
						case strings.HasPrefix(a.val, "--command="):
							f := a
							f.val = a.val[len("--command="):]
							prog = &f
						case slices.Contains([]string{"--branch", "--arch", "--runtime", "--filesystem", "--env", "--cwd"}, a.val):
							i++
						case !strings.HasPrefix(a.val, "-") || a.dyn:
							// APP: the rest of the line is the program's arguments.
							if prog != nil {
								r.next(sc, append([]field{*prog}, args[i+1:]...), c)
							}
							return false
						}
					}
					return false
				}}}},
})

// distroboxOperands judges distrobox-enter's operands when no -- or -e
// names the command: they are read as a command, as a wrapper's would be.
func distroboxOperands(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
	if has(args, "--", "-e", "--exec") {
		return false
	}
	if ops := parseOpts(args, "na", []string{"--name", "--additional-flags", "--container"}, "").ops; len(ops) > 0 {
		r.next(sc, ops, c)
	}
	return true
}

// apptainerBinds judges the command apptainer and singularity exec run
// through the host folders -B and --bind map into the container (SRC,
// SRC:DST, a comma list; --mount type=bind) and --pwd's folder there, as
// a container engine's -v and -w are (see mountedCommand): exec -B
// /:/host IMAGE rm -rf /host/home/dev is rm -rf /home/dev here.
func apptainerBinds(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
	var opts []field
	i := 0
	for ; i < len(args) && strings.HasPrefix(args[i].val, "-") && !args[i].dyn; i++ {
		name, val, hasVal := strings.Cut(args[i].val, "=")
		if len(name) > 2 && name[1] == 'B' && name[0] == '-' {
			name, val, hasVal = "-B", name[2:], true
		}
		switch name {
		case "-B", "--bind", "--mount", "--pwd", "-e", "--env", "--env-file", "--home", "--workdir", "-W", "--overlay", "--security", "--app", "--network", "--network-args", "--hostname", "--scratch", "--apply-cgroups", "--fusemount", "--dns":
		default:
			continue
		}
		if !hasVal {
			if i+1 >= len(args) {
				break
			}
			i++
			val = args[i].val
			if args[i].dyn {
				continue
			}
		}
		switch name {
		case "-B", "--bind":
			for spec := range strings.SplitSeq(val, ",") {
				src, dst, _ := strings.Cut(spec, ":")
				dst, _, _ = strings.Cut(dst, ":") // :ro, :rw
				if dst == "" {
					dst = src
				}
				if src != "" {
					opts = append(opts, field{val: "-v"}, field{val: src + ":" + dst})
					// What runs inside reads what the bind exposes, as a
					// container engine's -v: a sensitive path blocks, a
					// folder that holds one asks.
					r.mountsSecret(b, field{val: src + ":" + dst}, cmd)
				}
			}
		case "--mount":
			opts = append(opts, field{val: "--mount"}, field{val: strings.ReplaceAll(val, "destination=", "target=")})
		case "--pwd":
			opts = append(opts, field{val: "-w"}, field{val: val})
		}
	}
	// The image, then the command. Without binds of its own the command
	// is judged as run here (apptainer binds the home and the working
	// folder by default). With them it is judged through them and through
	// those default binds (and /tmp), where a bind's destination is no
	// host folder.
	if i+1 >= len(args) {
		return false
	}
	if len(opts) == 0 {
		r.next(sc, args[i+1:], c)
		return false
	}
	defaults := []field{{val: "-v"}, {val: r.a.home + ":" + r.a.home}, {val: "-v"}, {val: "/tmp:/tmp"}}
	if r.cwd != "" {
		defaults = append(defaults, field{val: "-v"}, field{val: r.cwd + ":" + r.cwd})
	}
	r.mountedCommand(sc, b, append(defaults, opts...), args[i+1:], c, cmd)
	r.remoteArgv(sc, b+" runs a command in a container", args[i+1:], c, cmd)
	return true
}
