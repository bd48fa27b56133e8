package hardline

// Containers: a container started with the host's root, home, system
// folders, engine socket or privileges acts on the host; what runs inside
// is otherwise not judged as a local operation.
var _ = register([]Entry{
	{Names: names("docker podman nerdctl"), Family: "containers", Summary: "run, create and exec with host mounts or privileges ask; cp to the host writes",
		judgesPaths: true, // containerPaths
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.container(b, args, cmd)
			r.containerCopy(sc, args, cmd)
			r.containerPaths(sc, args, cmd)
			return true
		}},
	{Names: names("kubectl oc"), Family: "containers", Summary: "cp to the host writes; exec runs remotely (not judged)", DataOnly: true,
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.containerCopy(sc, args, cmd)
			r.kubeConfigRaw(args, cmd)
			return true
		}},
})

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
	for len(sub) > 0 && (sub[0].val == "image" || sub[0].val == "buildx" || sub[0].val == "builder") {
		sub = sub[1:]
	}
	if len(sub) == 0 || sub[0].val != "build" {
		r.checkTargets(sc, args, cmd)
		return
	}
	p := parseOpts(sub[1:], "tfom", buildValues, "")
	r.checkTargets(sc, append(p.ops, p.get(buildPaths...)...), cmd)
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
}
