package hardline

import (
	"path"
	"slices"
	"strings"
)

// Containers: a container started with the host's root, home, system
// folders, engine socket or privileges acts on the host; what runs inside
// is otherwise not judged as a local operation.
var _ = register([]Entry{
	{Names: names("buildah"), Family: "containers", Summary: "buildah unshare CMD runs CMD on the host, in a user namespace that still sees the user's files; run runs a command in a working container",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			return r.unshareCommand(sc, args, c, "--mount", "-m")
		}},
	{Names: names("docker podman nerdctl"), Family: "containers", RunsFiles: composeFiles, Env: []EnvVar{{Name: "COMPOSE_FILE", Role: RoleCommandFile}}, Summary: "run, create and exec with host mounts or privileges ask; a command they run in the container that would be blocked here asks, and one that acts on a folder a run binds into it (-v, --mount) is judged as acting on that folder here; a compose file this command wrote asks (its services mount and run what it says); cp to the host writes; podman unshare runs its command on the host",
		judgesPaths: true, // containerPaths
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			if b == "podman" && r.unshareCommand(sc, args, c) {
				return true
			}
			r.container(b, args, cmd)
			r.engineCommand(sc, b, args, c, cmd)
			r.containerCopy(sc, args, cmd)
			r.containerPaths(sc, args, cmd)
			r.containerVolumes(b, args, cmd)
			r.remoteContext(b, args, cmd)
			return true
		}},
	{Names: names("docker-compose podman-compose"), Family: "containers", RunsFiles: composeFiles, Env: []EnvVar{{Name: "COMPOSE_FILE", Role: RoleCommandFile}}, Summary: "down -v deletes the project's volumes; a command exec or run runs in a service's container that would be blocked here asks; a compose file the command supplies asks",
		DataOnly: true,
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.containerVolumes(b, append([]field{{val: "compose"}}, args...), cmd)
			r.engineCommand(sc, b, append([]field{{val: "compose"}}, args...), c, cmd)
			return false
		}},
	{Names: names("kubectl oc"), Family: "containers", Summary: "cp to the host writes; a command exec, run or debug runs in a pod that would be blocked here asks; delete --all or of namespaces, nodes, volumes or resource definitions asks; kubectl diff runs KUBECTL_EXTERNAL_DIFF", DataOnly: true,
		Env:     []EnvVar{{Name: "KUBECTL_EXTERNAL_DIFF", Role: RoleCommand}, {Name: "KUBECONFIG", Role: RoleCommandFile}},
		Options: []Option{opt(RoleCommandFile, "--kubeconfig")},
		readsCommands: func(r *run, sc *scope, b, text string, ops []field, c ctx, cmd string) {
			kubeconfigCommands(r, sc, text, c)
		},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.infraDestroy(b, args, cmd)
			r.kubeCommand(sc, b, args, c, cmd)
			r.containerCopy(sc, args, cmd)
			r.kubeConfigRaw(args, cmd)
			r.kubeConfigSet(sc, args, c, cmd)
			r.kubeSecrets(args, cmd)
			r.kubeHostAccess(b, args, cmd)
			return true
		}},
})

// unshareCommand judges podman's and buildah's unshare CMD, which runs
// CMD on the host in a user namespace that still sees the user's files (a
// shell reading stdin when none is given), and reports whether args are
// such a line. valued are unshare's options that take a value.
func (r *run) unshareCommand(sc *scope, args []field, c ctx, valued ...string) bool {
	i := slices.IndexFunc(args, func(f field) bool { return !strings.HasPrefix(f.val, "-") })
	if i < 0 || args[i].val != "unshare" {
		return false
	}
	rest := args[i+1:]
	for len(rest) > 0 && strings.HasPrefix(rest[0].val, "-") {
		if slices.Contains(valued, rest[0].val) && len(rest) > 1 {
			rest = rest[1:] // its value
		}
		rest = rest[1:]
	}
	if len(rest) == 0 {
		rest = []field{{val: "sh"}} // a shell, reading stdin
	}
	r.next(sc, rest, c)
	return true
}

// kubeHostAccess asks before kubectl reaches past a pod into the node,
// which may be this machine (kind, minikube, k3s, a desktop's cluster):
// debug node/NAME (a privileged pod with the node's file system at
// /host) or --profile=sysadmin, a run whose --overrides make the pod
// privileged or share the node's processes, network or folders, and a
// proxy that serves the cluster's API beyond loopback or to any host.
func (r *run) kubeHostAccess(b string, args []field, cmd string) {
	words, _ := verbWords(args)
	if len(words) == 0 {
		return
	}
	ask := func(what string) { r.finding(ruleSystemAdmin, Command, Ask, b+" "+what, cmd, "") }
	switch words[0] {
	case "debug":
		if slices.ContainsFunc(args, func(f field) bool { return strings.HasPrefix(f.val, "node/") || strings.HasPrefix(f.val, "nodes/") }) ||
			slices.ContainsFunc(optionValues(args, "--profile"), func(f field) bool { return f.dyn || f.val == "sysadmin" }) {
			ask("debug runs a privileged pod on a node, with the node's file system and processes")
		}
	case "run", "create", "apply":
		for _, o := range optionValues(args, "--overrides") {
			low := strings.ReplaceAll(asciiLower(o.val), " ", "")
			if o.dyn || strings.Contains(low, `"privileged":true`) || strings.Contains(low, `"hostpid":true`) || strings.Contains(low, `"hostnetwork":true`) ||
				strings.Contains(low, `"hostipc":true`) || strings.Contains(low, `"hostpath"`) {
				ask("runs a pod its --overrides make privileged or share the node's processes, network or folders")
				return
			}
		}
	case "proxy":
		for _, o := range optionValues(args, "--address", "--accept-hosts") {
			if v := o.val; o.dyn || v != "127.0.0.1" && v != "localhost" && v != "::1" && !strings.HasPrefix(v, "^localhost$") && !strings.HasPrefix(v, "^127.0.0.1$") {
				ask("proxy serves the cluster's API, with this login's credentials, beyond this machine")
				return
			}
		}
		if slices.ContainsFunc(args, func(f field) bool { return f.val == "--disable-filter" || f.val == "--disable-filter=true" }) {
			ask("proxy --disable-filter serves the whole API, exec included")
		}
	}
}

// composeFiles are the files compose reads its services from.
var composeFiles = []string{"compose.yaml", "compose.yml", "docker-compose.yaml", "docker-compose.yml", "compose.override.yaml", "compose.override.yml",
	"docker-compose.override.yaml", "docker-compose.override.yml", "**/*compose*.yaml", "**/*compose*.yml"}

// buildValues are the options of an image build that take a value: short
// letters and long names. buildPaths are those whose value names a host
// file or folder; the others (a tag, a build argument, a platform) are data.
var (
	buildValues = []string{"--tag", "--build-arg", "--platform", "--target", "--label", "--network", "--progress",
		"--cache-from", "--cache-to", "--add-host", "--file", "--iidfile", "--metadata-file", "--output", "--secret",
		"--ssh", "--shm-size", "--ulimit", "--memory", "--memory-swap", "--cpu-shares", "--cpu-period", "--cpu-quota",
		"--cpuset-cpus", "--cpuset-mems", "--isolation", "--builder", "--build-context", "--annotation", "--attest",
		"--allow", "--provenance", "--sbom", "--cgroup-parent", "--security-opt", "--call"}
	buildPaths = []string{"-f", "--file", "--iidfile", "--metadata-file", "-o", "--output", "--secret", "--ssh", "--build-context"}
)

// containerPaths resolves the host paths an engine's command line names
// (see Entry.judgesPaths). For an image build they are the context and the
// files its options name; for any other sub-command every word that is not
// an option may be one, as for a program the catalogue does not describe.
func (r *run) containerPaths(sc *scope, args []field, cmd string) {
	sub := args
	for len(sub) > 0 && (sub[0].val == "image" || sub[0].val == "container" || sub[0].val == "buildx" || sub[0].val == "builder") {
		sub = sub[1:] // docker image save, docker container export, docker buildx build
	}
	if len(sub) > 0 && (sub[0].val == "save" || sub[0].val == "export") {
		// docker save -o FILE, docker export -o FILE: the archive is written.
		p := parseOpts(sub[1:], "o", []string{"--output"}, "")
		for _, f := range p.get("-o", "--output") {
			r.judgeWrite(sc, f, ruleDiskWrite, cmd)
		}
	}
	if len(sub) == 0 || sub[0].val != "build" {
		r.checkTargets(sc, args, cmd)
		return
	}
	p := parseOpts(sub[1:], "tfom", buildValues, "")
	r.checkTargets(sc, append(p.ops, p.get(buildPaths...)...), cmd)
	// The context is sent whole to the engine, which a Dockerfile can copy
	// into an image: a home folder as context reads every secret in it.
	if len(p.ops) > 0 {
		if ctx := p.ops[len(p.ops)-1]; ctx.val != "-" && !strings.Contains(ctx.val, "://") {
			r.readTree(ctx, "docker build", cmd)
		}
	}
}

// kubeSecrets flags kubectl commands that print a secret's data or a
// token: get of secrets with an output format that shows the data (yaml,
// json, jsonpath, templates, custom columns), and create token; and oc's
// whoami -t (--show-token) and serviceaccounts get-token and new-token,
// which print the session's or an account's token.
func (r *run) kubeSecrets(args []field, cmd string) {
	var words []string
	format, showToken := false, false
	for i, a := range args {
		v := a.val
		switch {
		case v == "-t" || v == "--show-token" || v == "--show-token=true":
			showToken = true
		case a.dyn:
			format = true // an unknown word may be either
		case v == "-o" || v == "--output":
			if i+1 < len(args) {
				format = format || showsData(args[i+1].val)
			}
		case strings.HasPrefix(v, "-o") && !strings.HasPrefix(v, "--"):
			format = format || showsData(strings.TrimPrefix(v[2:], "="))
		case strings.HasPrefix(v, "--output="):
			format = format || showsData(v[len("--output="):])
		case !strings.HasPrefix(v, "-"):
			words = append(words, asciiLower(v))
		}
	}
	// Global options' values (-n prod) come before the verb: find it.
	verb := slices.IndexFunc(words, func(w string) bool {
		return w == "get" || w == "create" || w == "describe" || w == "whoami" || w == "get-token" || w == "new-token"
	})
	if verb < 0 {
		return
	}
	words = words[verb:]
	switch {
	case words[0] == "whoami" && showToken:
		r.finding(ruleSensitivePath, Path, Block, "oc whoami --show-token prints the session's token", cmd, "")
	case words[0] == "get-token" || words[0] == "new-token":
		r.finding(ruleSensitivePath, Path, Block, "oc serviceaccounts "+words[0]+" prints a service account's token", cmd, "")
	case len(words) >= 2 && words[0] == "describe" && describesTokens(words[1:]):
		r.finding(ruleSensitivePath, Path, Block, "kubectl describe of a service account's token secret prints the token", cmd, "")
	case len(words) >= 2 && words[0] == "create" && words[1] == "token":
		r.finding(ruleSensitivePath, Path, Block, "kubectl create token prints a service account's token", cmd, "")
	case len(words) >= 2 && words[0] == "get" && format && slices.ContainsFunc(words[1:], func(w string) bool {
		for _, kind := range strings.Split(w, ",") {
			kind, _, _ = strings.Cut(kind, "/")
			if kind == "secret" || kind == "secrets" || kind == "all" {
				return true
			}
		}
		return false
	}):
		r.finding(ruleSensitivePath, Path, Block, "kubectl get of secrets in a format that shows their data prints the secrets", cmd, "")
	}
}

// describesTokens reports whether kubectl describe's words name secrets
// that may be service-account tokens, whose token describe prints in
// clear (of other secrets it prints only the sizes): every secret of a
// namespace (describe secrets, describe secret with no name), or one whose
// name says token (NAME-token-xxxxx, as Kubernetes named them).
func describesTokens(words []string) bool {
	kind, name, slash := strings.Cut(words[0], "/")
	if kind != "secret" && kind != "secrets" {
		return false
	}
	if !slash {
		if len(words) < 2 {
			return true
		}
		name = words[1]
	}
	for _, n := range strings.Split(name, ",") {
		if n == "" || strings.Contains(n, "token") {
			return true
		}
	}
	return false
}

// showsData reports whether a kubectl output format prints an object's
// data (not only names, ages and sizes).
func showsData(format string) bool {
	f, _, _ := strings.Cut(asciiLower(format), "=")
	switch f {
	case "", "wide", "name":
		return false
	}
	return true
}

// kubeConfigRaw flags kubectl config view --raw, which prints the
// kubeconfig's credentials (without --raw they are redacted).
func (r *run) kubeConfigRaw(args []field, cmd string) {
	var config, view, raw bool
	for _, a := range args {
		switch a.val {
		case "config":
			config = true
		case "view":
			view = config
		case "--raw", "--raw=true", "--flatten":
			raw = true
		}
	}
	if config && view && raw {
		r.finding(ruleSensitivePath, Path, Block, "kubectl config view --raw prints the kubeconfig's credentials", cmd, "")
	}
}

// kubeValued are kubectl's long options, global and of its config
// sub-commands, that take a value.
var kubeValued = []string{"--kubeconfig", "--context", "--cluster", "--user", "--namespace", "--server", "--proxy-url", "--exec-command",
	"--exec-arg", "--exec-env", "--exec-api-version", "--exec-interactive-mode", "--auth-provider", "--auth-provider-arg", "--token",
	"--username", "--password", "--client-certificate", "--client-key", "--certificate-authority", "--tls-server-name", "--as", "--as-group"}

// kubeConfigSet judges the kubectl config sub-commands that change what
// later calls do: set by kubectl's settings (see storedSettings), and the
// options of set-credentials (--exec-command, --auth-provider-arg
// cmd-path=) and set-cluster (--server, --proxy-url,
// --insecure-skip-tls-verify) that store the same settings; unset of the
// users or clusters (or one of them), delete-user and delete-cluster
// delete entries of the kubeconfig, credentials among them, that nothing
// brings back, and ask.
func (r *run) kubeConfigSet(sc *scope, args []field, c ctx, cmd string) {
	p := parseOpts(args, "n", kubeValued, "")
	ops := p.ops
	if len(ops) < 2 || ops[0].val != "config" {
		return
	}
	store := func(key string, v field) { r.storeSetting(sc, "kubectl", "kubectl config", key, v, c, cmd) }
	name := ""
	if len(ops) > 2 {
		name = ops[2].val
	}
	switch ops[1].val {
	case "set":
		if len(ops) > 3 && !ops[2].dyn {
			store(ops[2].val, ops[3])
		}
	case "unset":
		if len(ops) < 3 {
			return
		}
		k := asciiLower(strings.Trim(ops[2].val, "."))
		top, rest, _ := strings.Cut(k, ".")
		if ops[2].dyn || (top == "users" || top == "clusters" || top == "contexts" && rest == "") && !strings.Contains(rest, ".") {
			r.finding(ruleWriteOutside, Command, Ask, "kubectl config unset "+ops[2].val+" deletes entries of the kubeconfig, credentials among them", cmd, "")
		}
	case "delete-user", "delete-cluster":
		r.finding(ruleWriteOutside, Command, Ask, "kubectl config "+ops[1].val+" deletes an entry of the kubeconfig, with its credentials", cmd, "")
	case "set-credentials":
		for _, v := range p.get("--exec-command") {
			store("users."+name+".exec.command", v)
		}
		for _, v := range p.get("--auth-provider-arg") {
			if k, val, ok := strings.Cut(v.val, "="); ok {
				v.val = val
				store("users."+name+".auth-provider.config."+k, v)
			}
		}
	case "set-cluster":
		for _, v := range p.get("--server") {
			store("clusters."+name+".server", v)
		}
		for _, v := range p.get("--proxy-url") {
			store("clusters."+name+".proxy-url", v)
		}
		for _, v := range p.get("--insecure-skip-tls-verify") {
			store("clusters."+name+".insecure-skip-tls-verify", v)
		}
		if p.has("--insecure-skip-tls-verify") && len(p.get("--insecure-skip-tls-verify")) == 0 {
			store("clusters."+name+".insecure-skip-tls-verify", field{val: "true"})
		}
	}
}

// containerCopy judges docker cp and kubectl cp: a local destination is
// written.
func (r *run) containerCopy(sc *scope, args []field, cmd string) {
	if len(args) < 3 || args[0].val != "cp" {
		return
	}
	p := parseOpts(args[1:], "c", []string{"--container"}, "")
	if len(p.ops) < 2 {
		return
	}
	dst := p.ops[len(p.ops)-1]
	if !contains(dst.val, ":") {
		r.judgeWrite(sc, dst, ruleDiskWrite, cmd)
	}
	// A file copied out of a container or pod is read there, as exec's
	// cat of it is (kubectl cp pod:/etc/shadow . reads /etc/shadow).
	for _, src := range p.ops[:len(p.ops)-1] {
		if _, in, ok := strings.Cut(src.val, ":"); ok && !src.dyn && strings.HasPrefix(in, "/") {
			r.checkAsWritten(sc, []field{{val: in}}, cmd)
		}
	}
}

// containerVolumes asks before volumes are deleted: they hold data kept
// outside every container and, often, outside every root (docker volume
// rm and prune, system prune --volumes, podman system reset, compose down
// -v).
func (r *run) containerVolumes(b string, args []field, cmd string) {
	words, flags := verbWords(args)
	volumes := flags.has("-v", "--volumes")
	has := func(i int, names ...string) bool { return len(words) > i && slices.Contains(names, words[i]) }
	switch {
	case has(0, "volume") && has(1, "rm", "remove", "prune"),
		has(0, "system") && has(1, "prune") && volumes,
		has(0, "system") && has(1, "reset"),
		has(0, "compose") && slices.Contains(words, "down") && volumes:
		r.finding(ruleSystemAdmin, Command, Ask, b+" "+strings.Join(words[:min(len(words), 2)], " ")+" deletes container volumes and the data they hold", cmd, "")
	}
}

var _ = register([]Entry{
	{Names: names("vagrant"), Family: "containers", Summary: "vagrant destroy deletes the machines and their disks (infra-destroy); vagrant ssh -c runs a command in the machine, and without one its shell reads the standard input",
		Subcommands: []Entry{{Names: names("destroy"), DataOnly: true, Rule: ruleInfraDestroy},
			{Names: names("ssh"), DataOnly: true, Options: []Option{opt(RoleRemoteScript, "-c", "--command"), val("-p", "--plain")}, shellDefault: true}}},
	{Names: names("virsh"), Family: "containers", Summary: "virsh undefine with its storage, vol-delete, vol-wipe and pool-delete delete machines' disks (infra-destroy)",
		Subcommands: []Entry{{Names: names("vol-delete vol-wipe pool-delete"), DataOnly: true, Rule: ruleInfraDestroy},
			{Names: names("undefine"), DataOnly: true, Rule: ruleInfraDestroy, Options: []Option{flag(RoleTrigger, "--remove-all-storage", "--storage", "--wipe-storage")}}}},
	{Names: names("VBoxManage vboxmanage"), Family: "containers", Summary: "unregistervm --delete and closemedium --delete delete machines' disks (infra-destroy)",
		Subcommands: []Entry{{Names: names("unregistervm closemedium"), DataOnly: true, Rule: ruleInfraDestroy, Options: []Option{flag(RoleTrigger, "--delete", "--delete-all")}}}},
	{Names: names("qemu-system-x86_64 qemu-system-aarch64 qemu-system-arm qemu-system-i386 qemu-system-riscv64 qemu-system-ppc64 qemu-kvm kvm"), Family: "containers",
		Summary: "a disk the machine is given (-drive file=, -hda, -cdrom, -blockdev filename=) is read and written by the guest: a raw device there asks; a network's script= and downscript= are programs it runs; a folder it shares (-virtfs, -fsdev path=) is mounted into the guest", DataOnly: true,
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			for i := 0; i+1 < len(args); i++ {
				// QEMU takes its options with one dash or two.
				switch strings.TrimPrefix(strings.TrimPrefix(args[i].val, "-"), "-") {
				case "hda", "hdb", "hdc", "hdd", "cdrom", "fda", "fdb", "mtdblock", "sd", "pflash":
					r.rawDiskRead(args[i+1], cmd)
				case "drive", "blockdev":
					for kv := range strings.SplitSeq(args[i+1].val, ",") {
						if k, p, ok := strings.Cut(kv, "="); ok && (k == "file" || k == "filename") && !args[i+1].dyn {
							r.rawDiskRead(field{val: p}, cmd)
						}
					}
				case "netdev", "net", "nic":
					// tap,script=PATH,downscript=PATH: QEMU runs them as
					// the interface comes up and goes down.
					for kv := range strings.SplitSeq(args[i+1].val, ",") {
						if k, p, ok := strings.Cut(kv, "="); ok && (k == "script" || k == "downscript") && p != "no" && p != "" && !args[i+1].dyn {
							if !strings.ContainsRune(r.a.slash(p), '/') {
								p = "./" + p
							}
							r.next(sc, []field{{val: p}}, c)
						}
					}
				case "virtfs", "fsdev":
					// local,path=DIR,...: the guest reads and writes DIR.
					for kv := range strings.SplitSeq(args[i+1].val, ",") {
						if k, p, ok := strings.Cut(kv, "="); ok && k == "path" && !args[i+1].dyn {
							r.mountsSecret(b, field{val: "source=" + p}, cmd)
						}
					}
				}
			}
			return false
		}},
	{Names: names("lima"), Family: "containers", Summary: "lima CMD runs CMD in the default Lima machine, which mounts the home folder", DataOnly: true,
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.remoteArgv(sc, b+" runs a command in a virtual machine", args, c, cmd)
			return true
		}},
	{Names: names("limactl"), Family: "containers", Summary: "limactl shell INSTANCE CMD runs CMD in a Lima machine; delete deletes machines (infra-destroy)",
		Subcommands: []Entry{{Names: names("shell"), DataOnly: true, special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.remoteArgv(sc, b+" runs a command in a virtual machine", commandAfter(args, wrapSpec{val: "", long: []string{"--workdir", "--shell"}, pos: 1}), c, cmd)
			return true
		}}, {Names: names("delete rm remove"), DataOnly: true, Rule: ruleInfraDestroy}}},
	{Names: names("lxc incus multipass"), Family: "containers", Summary: "delete removes instances and their disks (infra-destroy); a command exec runs in an instance that would be blocked here asks",
		Subcommands: []Entry{{Names: names("delete rm"), DataOnly: true, Rule: ruleInfraDestroy},
			{Names: names("exec"), DataOnly: true, special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
				r.remoteArgv(sc, b+" runs a command in an instance", commandAfter(args, wrapSpec{val: "nd", long: []string{"--env", "--cwd", "--user", "--group", "--mode", "--project", "--working-directory"}, pos: 1}), c, cmd)
				return true
			}}}},
	{Names: names("terraform tofu terragrunt"), Family: "containers", RunsFiles: []string{"**/*.tf", "**/*.tf.json", "**/terragrunt.hcl"},
		Summary: "destroy and apply -destroy delete cloud resources (asks); show -json and state pull print the state's secrets in clear, output -json and -raw its sensitive outputs; a configuration this command wrote asks (its provisioners and external data sources run programs); their other arguments are tried by the generic net",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			if words, _ := verbWords(args); len(words) > 0 {
				json := slices.ContainsFunc(args, func(f field) bool {
					return f.val == "-json" || f.val == "--json" || f.val == "-raw" || f.val == "--raw"
				})
				switch {
				case words[0] == "show" && json, words[0] == "state" && len(words) > 1 && words[1] == "pull":
					r.finding(ruleSensitivePath, Command, Block, b+" "+words[0]+" prints the whole state, its secrets in clear", cmd, "")
				case words[0] == "output" && json:
					// As pulumi stack output --show-secrets: with -json or
					// -raw the outputs marked sensitive print in clear too.
					r.finding(ruleSensitivePath, Command, Block, b+" output prints the outputs marked sensitive in clear", cmd, "")
				}
			}
			return infraDestroyer(r, sc, b, args, c, cmd)
		}},
	{Names: names("hcloud linode-cli"), Family: "containers", Summary: "infrastructure tools: delete deletes cloud resources (asks); their other arguments are tried by the generic net",
		special: infraDestroyer},
	{Names: names("doctl"), Family: "containers", Summary: "delete deletes cloud resources (asks); auth token, registry docker-config and kubernetes cluster kubeconfig show print credentials; other arguments are tried by the generic net",
		special: infraDestroyer,
		// (The entry's special sees the sub-commands' words too.)
		Subcommands: []Entry{{Names: names("auth"), Subcommands: []Entry{{Names: names("token"), Rule: ruleSensitivePath, DataOnly: true}}},
			{Names: names("registry"), Subcommands: []Entry{{Names: names("docker-config"), Rule: ruleSensitivePath, DataOnly: true}}},
			{Names: names("kubernetes k8s k"), Subcommands: []Entry{{Names: names("cluster c"), Subcommands: []Entry{{Names: names("kubeconfig kcfg"), Subcommands: []Entry{{Names: names("show s"), Rule: ruleSensitivePath, DataOnly: true}}}}}}}}},
	{Names: names("pulumi"), Family: "containers", Summary: "destroy and down delete cloud resources (asks); --show-secrets and config get print the stack's secrets in clear; other arguments are tried by the generic net",
		Options: []Option{flag(RoleTrigger, "--show-secrets")}, Rule: ruleSensitivePath,
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			if words, _ := verbWords(args); len(words) >= 2 && words[0] == "config" && words[1] == "get" {
				r.finding(ruleSensitivePath, Path, Block, "pulumi config get prints a configuration value, secrets decrypted", cmd, "")
			}
			return infraDestroyer(r, sc, b, args, c, cmd)
		}},
})

// A command run in a container (docker exec c CMD, kubectl exec pod --
// CMD) acts on whatever the container holds, which may be this machine's
// folders mounted when the container was made: it is judged by elsewhere,
// and one that would be blocked here asks.

// engineGlobals are the options of docker, podman and nerdctl before the
// sub-command that take a value.
var engineGlobals = wrapSpec{val: "cHlan", long: []string{"--config", "--context", "--host", "--log-level", "--tlscacert", "--tlscert", "--tlskey",
	"--connection", "--url", "--identity", "--root", "--runroot", "--storage-driver", "--storage-opt", "--cgroup-manager", "--events-backend",
	"--namespace", "--address", "--snapshotter", "--cni-path", "--cni-netconfpath", "--data-root", "--hosts-dir", "--module", "--network-cmd-path",
	"--runtime", "--tmpdir", "--volumepath", "--imagestore", "--conmon", "--network-config-dir"}}

// engineRuns are the sub-commands that run a command in a container, with
// the options of each that take a value. compose's sub-commands name a
// service where the others name a container or an image.
var engineRuns = map[string]wrapSpec{
	"exec": {val: "euw", long: []string{"--env", "--env-file", "--user", "--workdir", "--detach-keys", "--preserve-fds", "--index"}},
	"run": {val: "acehlmpuvw", long: []string{"--add-host", "--annotation", "--attach", "--blkio-weight", "--blkio-weight-device", "--cap-add", "--cap-drop",
		"--cgroup-parent", "--cgroupns", "--cidfile", "--cpu-count", "--cpu-percent", "--cpu-period", "--cpu-quota", "--cpu-rt-period", "--cpu-rt-runtime",
		"--cpu-shares", "--cpus", "--cpuset-cpus", "--cpuset-mems", "--detach-keys", "--device", "--device-cgroup-rule", "--device-read-bps",
		"--device-read-iops", "--device-write-bps", "--device-write-iops", "--dns", "--dns-option", "--dns-search", "--domainname", "--entrypoint",
		"--env", "--env-file", "--expose", "--gpus", "--group-add", "--health-cmd", "--health-interval", "--health-retries", "--health-start-interval",
		"--health-start-period", "--health-timeout", "--hostname", "--io-maxbandwidth", "--io-maxiops", "--ip", "--ip6", "--ipc", "--isolation",
		"--kernel-memory", "--label", "--label-file", "--link", "--link-local-ip", "--log-driver", "--log-opt", "--mac-address", "--memory",
		"--memory-reservation", "--memory-swap", "--memory-swappiness", "--mount", "--name", "--network", "--net", "--network-alias", "--oom-score-adj",
		"--pid", "--pids-limit", "--platform", "--publish", "--pull", "--restart", "--runtime", "--security-opt", "--shm-size", "--stop-signal",
		"--stop-timeout", "--storage-opt", "--sysctl", "--tmpfs", "--ulimit", "--user", "--userns", "--uts", "--volume", "--volume-driver",
		"--volumes-from", "--workdir", "--arch", "--os", "--variant", "--cgroups", "--uidmap", "--gidmap", "--subuidname", "--subgidname", "--pod",
		"--secret", "--systemd", "--timezone", "--umask", "--init-path", "--conmon-pidfile", "--hostuser", "--personality", "--requires",
		"--sdnotify", "--seccomp-policy", "--tls-verify", "--authfile", "--creds", "--decryption-key", "--service-ports", "--use-aliases", "--profile"}},
}

// engineCommand judges the command a container engine runs in a container:
// docker exec [OPTIONS] CONTAINER CMD ARGS, docker run and create [OPTIONS]
// IMAGE [CMD ARGS] (with --entrypoint PROGRAM, the program first), and
// compose's exec and run [OPTIONS] SERVICE CMD ARGS.
func (r *run) engineCommand(sc *scope, b string, args []field, c ctx, cmd string) {
	args = skipOpts(args, engineGlobals)
	if len(args) > 0 && !args[0].dyn && args[0].val == "container" {
		args = args[1:]
	}
	if len(args) > 0 && !args[0].dyn && args[0].val == "compose" {
		globals := args[1:]
		args = skipOpts(globals, wrapSpec{val: "fp", long: []string{"--file", "--project-name", "--profile", "--env-file", "--project-directory", "--ansi", "--progress", "--parallel"}})
		// A compose file is a command file: its services mount and run
		// what it says (one on disk is out of reach). Options after the
		// sub-command are its own (compose logs -f follows).
		n := len(globals) - len(args)
		for n < len(globals) && strings.HasPrefix(globals[n].val, "-") {
			n++ // a word skipOpts did not read as an option (--file=<(...))
		}
		for _, f := range optionValues(globals[:n], "-f", "--file") {
			r.commandFile(sc, f, b+" compose", c, cmd, nil)
		}
	}
	if len(args) == 0 || args[0].dyn {
		return
	}
	sub := args[0].val
	if sub == "create" {
		sub = "run"
	}
	spec, ok := engineRuns[sub]
	if !ok {
		return
	}
	rest := args[1:]
	var entry []field
	for i := 0; i < len(rest); i++ {
		if rest[i].val == "--entrypoint" && i+1 < len(rest) {
			entry = []field{rest[i+1]}
		} else if v, ok := strings.CutPrefix(rest[i].val, "--entrypoint="); ok {
			entry = []field{{val: v, dyn: rest[i].dyn, why: rest[i].why}}
		}
	}
	spec.pos = 1 // the container, image or service
	if sub == "exec" && has(rest, "-l", "--latest") {
		spec.pos = 0 // podman exec --latest names no container
	}
	words := skipOpts(rest, spec)
	opts := rest[:len(rest)-len(words)]
	if len(entry) > 0 {
		words = append(entry, words...)
	}
	if sub == "run" && len(words) > 0 {
		r.mountedCommand(sc, b, opts, words, c, cmd)
	}
	if len(words) == 0 {
		// The image's own command, a shell in most base images, reads
		// the standard input (docker run -i alpine <<< CMD).
		r.remoteStdin(sc, b+" "+sub+" runs a container", c, cmd)
		return
	}
	r.remoteArgv(sc, b+" "+sub+" runs a command in a container", words, c, cmd)
}

// A mount is a host folder a container sees at another path.
type mount struct{ src, dst string }

// engineMounts returns the host folders a container run's options bind
// into it (-v SRC:DST, --volume, --mount type=bind,source=SRC,target=DST)
// and its working folder there (-w, --workdir). A named volume is no host
// folder; a source or destination not known is left out (the command is
// then judged as elsewhere, as before).
func engineMounts(opts []field) (mounts []mount, workdir string) {
	for i := 0; i < len(opts); i++ {
		v := opts[i].val
		name, val, hasVal := strings.Cut(v, "=")
		if !strings.HasPrefix(v, "--") {
			name, hasVal = v, false
			if len(v) > 2 && (v[:2] == "-v" || v[:2] == "-w") {
				name, val, hasVal = v[:2], strings.TrimPrefix(v[2:], "="), true // -v/x:/y, -v=/x:/y
			}
		}
		switch name {
		case "-v", "--volume", "--mount", "-w", "--workdir":
		default:
			continue
		}
		f := opts[i]
		if !hasVal {
			if i+1 >= len(opts) {
				break
			}
			i++
			f, val = opts[i], opts[i].val
		}
		if f.dyn {
			continue
		}
		switch name {
		case "-w", "--workdir":
			workdir = val
		case "--mount":
			var m mount
			bind := false
			for kv := range strings.SplitSeq(val, ",") {
				k, x, _ := strings.Cut(kv, "=")
				switch k {
				case "type":
					bind = x == "bind"
				case "source", "src":
					m.src = x
				case "target", "destination", "dst":
					m.dst = x
				}
			}
			if bind && m.src != "" && m.dst != "" {
				mounts = append(mounts, m)
			}
		default:
			parts := strings.Split(val, ":")
			if len(parts) >= 2 && parts[1] != "" && (strings.HasPrefix(parts[0], "/") || strings.HasPrefix(parts[0], ".")) {
				mounts = append(mounts, mount{src: parts[0], dst: parts[1]})
			}
		}
	}
	return mounts, workdir
}

// mountedCommand judges a command a container runs through the host
// folders its run binds into it: a word under a mount's destination is
// the host path under its source (docker run -v /:/host IMAGE rm -rf
// /host/root is rm -rf /root here; -v "$PWD":/w -w /w IMAGE rm -rf . is
// rm -rf "$PWD"). The command is judged here with those words mapped and
// every other absolute or home path left out (the container's own), and
// its findings on paths under a mount's source stand as they are: that
// folder is this machine's. The command as a whole is also judged as
// elsewhere (remoteArgv).
func (r *run) mountedCommand(sc *scope, b string, opts, words []field, c ctx, cmd string) {
	all, wd := engineMounts(opts)
	// The mounts whose source is known here, destinations clean.
	var mounts []mount
	for _, m := range all {
		if src, ok := r.lexicalAbs(m.src); ok {
			mounts = append(mounts, mount{src: src, dst: path.Clean(m.dst)})
		}
	}
	if len(mounts) == 0 {
		return
	}
	host := func(p string) (string, bool) {
		best := -1
		for i, m := range mounts {
			if (p == m.dst || prefixSlash(p, strings.TrimSuffix(m.dst, "/"))) && (best < 0 || len(m.dst) > len(mounts[best].dst)) {
				best = i
			}
		}
		if best < 0 {
			return "", false
		}
		m := mounts[best]
		return strings.TrimSuffix(m.src, "/") + "/" + strings.TrimPrefix(strings.TrimPrefix(p, m.dst), "/"), true
	}
	// chroot NEWROOT CMD in the container runs CMD with its paths under
	// NEWROOT (docker run -v /:/host IMAGE chroot /host rm -rf /home/dev
	// is rm -rf /home/dev here): the command judged is CMD, its absolute
	// paths read below NEWROOT.
	root := "/"
	for len(words) > 1 && !words[0].dyn && base(words[0].val) == "chroot" {
		rest := skipOpts(words[1:], chrootSpec)
		if len(rest) < 2 || rest[0].dyn || !strings.HasPrefix(rest[0].val, "/") {
			break
		}
		root = path.Join(root, rest[0].val)
		words = rest[1:]
	}
	// A word that may be a script is mapped as one (mapScript). Any other
	// word the mapping cannot follow is a value not known here: a path of
	// the container's own (/usr/lib), an option with one attached.
	own := field{dyn: true, why: "a path of the container's own"}
	inRoot := func(p string) (string, bool) { return host(path.Join(root, p)) }
	mapWord := func(w field) field {
		v := w.val
		switch {
		case w.dyn:
			return w
		case strings.ContainsAny(v, " \t\n;&|<>()$`\"'~"):
			return field{val: mapScript(v, inRoot)} // a script, or may be one
		case strings.HasPrefix(v, "/"):
			if h, ok := inRoot(path.Clean(v)); ok {
				return field{val: h, glob: w.glob}
			}
			return own
		}
		if i := strings.Index(v, "=/"); i >= 0 {
			if h, ok := inRoot(path.Clean(v[i+1:])); ok {
				return field{val: v[:i+1] + h}
			}
			return own
		}
		if strings.HasPrefix(v, "-") && strings.Contains(v, "/") {
			return own
		}
		return w
	}
	mapped := make([]field, len(words))
	mapped[0] = words[0]
	for i, w := range words[1:] {
		mapped[i+1] = mapWord(w)
	}
	cwd := ""
	if strings.HasPrefix(wd, "/") && root == "/" {
		cwd, _ = host(path.Clean(wd)) // chroot starts its command at the new root
	} else if root != "/" {
		cwd, _ = inRoot("/")
	}
	findings, complex := r.trialFindings(r.roots, cwd, func(sub *run) {
		// The words are matched against the sensitive paths as a
		// statement's are (cat /h/.ssh/id_rsa reads this machine's key),
		// then the command is applied.
		sub.checkWords(sc, mapped[1:], cmd)
		sub.applyRole(sc, roleValue{role: RoleCommand, f: mapped[0], rest: mapped}, false, "", c, cmd)
	})
	if complex {
		r.tooComplex("a container's command, read through its mounts, is over the bounds")
		return
	}
	for _, fd := range findings {
		if fd.Path != "" && slices.ContainsFunc(mounts, func(m mount) bool { return r.a.within(fd.Path, m.src) }) {
			r.finding(fd.Rule, fd.Kind, fd.Severity, b+" run binds this machine's "+fd.Path+" into the container: "+fd.Detail, cmd, fd.Path)
		}
	}
}

// chrootSpec is chroot's options: --userspec and --groups take a value.
var chrootSpec = wrapSpec{long: []string{"--userspec", "--groups"}}

// ownPath stands, in a container's script judged here, for a path of the
// container's own: a variable no script sets, so its value is not known.
const ownPath = "${TOOLGATE_CONTAINER_PATH}"

// mapScript rewrites the paths in text, a shell script a container runs,
// as mountedCommand maps words: an absolute path that starts a word under
// a mount's destination becomes the host path (host), and any other, and
// the container's home (~, $HOME), becomes ownPath, so that the script
// judged here names this machine's folders only where the container sees
// them.
func mapScript(text string, host func(string) (string, bool)) string {
	var b strings.Builder
	single := false // inside single quotes, where ownPath must step out
	own := func() {
		if single {
			b.WriteString("'\"" + ownPath + "\"'")
		} else {
			b.WriteString(ownPath)
		}
	}
	for i := 0; i < len(text); {
		starts := i == 0 || strings.IndexByte(" \t\n;&|<>()='\":", text[i-1]) >= 0
		switch {
		case text[i] == '\'':
			single = !single
			b.WriteByte('\'')
			i++
		case starts && text[i] == '/':
			j := i
			for j < len(text) && strings.IndexByte(" \t\n;&|<>()'\"`$:", text[j]) < 0 {
				j++
			}
			if h, ok := host(path.Clean(text[i:j])); ok {
				b.WriteString(h)
			} else {
				own()
			}
			i = j
		case starts && text[i] == '~':
			own()
			i++
		case strings.HasPrefix(text[i:], "${HOME}"):
			own()
			i += len("${HOME}")
		case strings.HasPrefix(text[i:], "$HOME") && (i+5 == len(text) || text[i+5] != '_' && !isAlnum(text[i+5])):
			own()
			i += len("$HOME")
		default:
			b.WriteByte(text[i])
			i++
		}
	}
	return b.String()
}

// remoteStdin judges the standard input a shell on another host or in a
// container reads as its script, given no command (see elsewhere).
func (r *run) remoteStdin(sc *scope, what string, c ctx, cmd string) {
	if c.in.kind == inNone {
		return
	}
	r.elsewhere(sc, what+" whose shell reads the standard input", c, cmd, func(sub *run) {
		c2 := c
		c2.depth++
		sub.stdinScript(sc, c2, cmd, "sh")
	})
}

// remoteArgv judges words, a command given as words that runs elsewhere
// (see elsewhere).
func (r *run) remoteArgv(sc *scope, what string, words []field, c ctx, cmd string) {
	if len(words) == 0 {
		return
	}
	r.elsewhere(sc, what, c, cmd, func(sub *run) {
		sub.applyRole(sc, roleValue{role: RoleCommand, f: words[0], rest: words}, false, "", c, cmd)
	})
}

// kubeValues are kubectl's and oc's options that take a value, before or
// after the sub-command.
var kubeValues = wrapSpec{val: "cnfsi", long: []string{"--container", "--namespace", "--filename", "--context", "--kubeconfig", "--cluster", "--user",
	"--server", "--token", "--as", "--as-group", "--as-uid", "--request-timeout", "--pod-running-timeout", "--image", "--target", "--profile",
	"--overrides", "--env", "--labels", "--port", "--restart", "--cache-dir", "--certificate-authority", "--client-certificate", "--client-key",
	"--tls-server-name", "--password", "--username", "--log-file", "--v", "--vmodule", "--copy-to", "--set-image", "--custom", "--shell"}}

// kubeCommand judges the command kubectl or oc runs in a pod: exec, run
// and debug with the command after "--" or after the pod's name (kubectl
// exec POD CMD, kubectl run NAME --image=I ARGS), and oc rsh POD CMD.
func (r *run) kubeCommand(sc *scope, b string, args []field, c ctx, cmd string) {
	args = skipOpts(args, kubeValues)
	if len(args) == 0 || args[0].dyn {
		return
	}
	sub := args[0].val
	switch sub {
	case "exec", "run", "debug", "rsh":
	default:
		return
	}
	words, ok := afterDashDash(args[1:])
	if !ok {
		// Options may follow the pod's name (kubectl run NAME --image=I
		// ARGS), as kubectl parses them anywhere before "--".
		if rest := skipOpts(args[1:], kubeValues); len(rest) > 0 {
			words = skipOpts(rest[1:], kubeValues)
		}
	}
	r.remoteArgv(sc, b+" "+sub+" runs a command in a pod", words, c, cmd)
}

// commandAfter returns the command words of a line that ends its options
// and names with "--" (lxc exec C -- CMD), or, without one, what follows
// the options and w.pos names (lxc exec C CMD).
func commandAfter(args []field, w wrapSpec) []field {
	if rest, ok := afterDashDash(args); ok {
		return rest
	}
	return skipOpts(args, w)
}

// afterDashDash returns the words after a line's "--" (kubectl exec POD --
// CMD), and whether it has one.
func afterDashDash(args []field) ([]field, bool) {
	if i := slices.IndexFunc(args, func(f field) bool { return !f.dyn && f.val == "--" }); i >= 0 {
		return args[i+1:], true
	}
	return nil, false
}

// remoteContext asks when docker context create or update stores an
// endpoint on another host (--docker host=ssh://HOST or tcp://HOST): the
// docker commands of later calls that use it run there, what they build
// and mount included (persistence, as kubectl config set-cluster --server
// does). A socket on this machine stores nothing new.
func (r *run) remoteContext(b string, args []field, cmd string) {
	words, _ := verbWords(args)
	if len(words) < 2 || words[0] != "context" {
		return // (only create and update take --docker host=)
	}
	for _, f := range args {
		if f.dyn && strings.Contains(f.val, "host=") {
			r.finding(rulePersistence, Command, Ask, b+" context "+words[1]+" stores an endpoint that comes from "+f.why, cmd, "")
			return
		}
		for kv := range strings.SplitSeq(f.val, ",") {
			host, ok := strings.CutPrefix(kv, "host=")
			if !ok {
				continue
			}
			if scheme, rest, ok := strings.Cut(host, "://"); ok && scheme != "unix" && scheme != "npipe" {
				if h, _, _ := splitHostPath(authority(rest)); !loopback(h) {
					r.finding(rulePersistence, Command, Ask, b+" context "+words[1]+" stores the endpoint "+host+" on another host, where later docker commands that use it run", cmd, "")
					return
				}
			}
		}
	}
}
