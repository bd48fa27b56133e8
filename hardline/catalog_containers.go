package hardline

// Containers: a container started with the host's root, home, system
// folders, engine socket or privileges acts on the host; what runs inside
// is otherwise not judged as a local operation.
var _ = register([]Entry{
	{Names: names("docker podman nerdctl"), Family: "containers", Summary: "run, create and exec with host mounts or privileges ask; cp to the host writes",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.container(b, args, cmd)
			r.containerCopy(sc, args, cmd)
			return true
		}},
	{Names: names("kubectl oc"), Family: "containers", Summary: "cp to the host writes; exec runs remotely (not judged)", DataOnly: true,
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.containerCopy(sc, args, cmd)
			r.kubeConfigRaw(args, cmd)
			return true
		}},
})

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
