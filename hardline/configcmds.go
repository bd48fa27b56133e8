package hardline

import (
	"strings"
)

// Configuration files that name commands their program runs: a kubeconfig's
// exec credential plugins (kubectl, helm and every client of the Kubernetes
// API run them to get a token) and an AWS configuration's
// credential_process (the AWS CLI and SDKs run it for credentials). A file
// named by KUBECONFIG, --kubeconfig, AWS_CONFIG_FILE or
// AWS_SHARED_CREDENTIALS_FILE (and a compose file COMPOSE_FILE names, whose
// services' binds and commands are judged as compose's own file's are: see
// runners) is read as a makefile make finds is (in a
// root or a temporary folder, bound to an approval; text the command
// supplies itself, as written), and each command in it is judged as a
// program run with its arguments. Those in a home's own ~/.kube/config or
// ~/.aws/config lie where a write asks already and are not read.

// configCommandReader returns the reader of the file an environment
// variable names, or nil.
func configCommandReader(name string) func(r *run, sc *scope, text string, c ctx) {
	switch name {
	case "KUBECONFIG":
		return kubeconfigCommands
	case "AWS_CONFIG_FILE", "AWS_SHARED_CREDENTIALS_FILE":
		return awsProcessCommands
	case "COMPOSE_FILE":
		return func(r *run, sc *scope, text string, c ctx) { r.runnerCommands(sc, "compose", text, c, "") }
	case "PSQLRC":
		// psql runs its startup file's meta-commands (\! CMD, \setenv
		// PAGER) as it starts, as -f runs a file's.
		return func(r *run, sc *scope, text string, c ctx) { r.escape(sc, field{val: text}, "psql", c, "psql") }
	}
	return nil
}

// configFileVar judges a variable whose value names a configuration file
// of commands (RoleCommandFile): each file of a KUBECONFIG list (':'
// separated, ';' on Windows) is read by the variable's reader.
func (r *run) configFileVar(sc *scope, name string, f field, c ctx, cmd string) {
	read := configCommandReader(name)
	if read == nil {
		return
	}
	if f.dyn {
		return // as a command file an option names from a value not known (make -f "$F"): out of reach
	}
	sep := ":"
	if r.a.windows {
		sep = ";"
	}
	for _, p := range strings.Split(f.val, sep) {
		if p = strings.TrimSpace(p); p != "" {
			r.commandFile(sc, field{val: p}, name, c, cmd, func(text string) { read(r, sc, text, c) })
		}
	}
}

// kubeconfigCommands judges the exec credential plugins of a kubeconfig:
// each "command:" with the items of the "args:" that follows it (a block
// list, "- ITEM" lines, or a flow list, [a, b]), run without a shell.
func kubeconfigCommands(r *run, sc *scope, text string, c ctx) {
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		v, ok := yamlValue(lines[i], "command")
		if !ok || v == "" {
			continue
		}
		argv := []field{{val: v}}
		for j := i + 1; j < len(lines) && j < i+64; j++ {
			l := strings.TrimSpace(lines[j])
			if l == "" || strings.HasPrefix(l, "#") {
				continue
			}
			a, ok := yamlValue(lines[j], "args")
			if !ok {
				if _, other := yamlKey(lines[j]); other && !strings.HasPrefix(l, "-") {
					if k, _ := yamlKey(lines[j]); k == "command" {
						break
					}
					continue // env:, apiVersion: and the other keys of the plugin
				}
				continue
			}
			if strings.HasPrefix(a, "[") {
				for _, item := range strings.Split(strings.Trim(a, "[]"), ",") {
					if item = unquoteValue(item); item != "" {
						argv = append(argv, field{val: item})
					}
				}
				break
			}
			for k := j + 1; k < len(lines); k++ {
				item, isItem := strings.CutPrefix(strings.TrimSpace(lines[k]), "-")
				if !isItem {
					break
				}
				argv = append(argv, field{val: unquoteValue(item)})
			}
			break
		}
		r.toProgram(func() { r.embeddedArgv(sc, argv, "", c) })
	}
}

// awsProcessCommands judges the credential_process lines of an AWS
// configuration or credentials file: the AWS CLI splits the value into
// words as a shell would, and runs it.
func awsProcessCommands(r *run, sc *scope, text string, c ctx) {
	for l := range strings.SplitSeq(text, "\n") {
		k, v, ok := strings.Cut(l, "=")
		if !ok || asciiLower(strings.TrimSpace(k)) != "credential_process" {
			continue
		}
		if v = strings.TrimSpace(v); v != "" {
			r.toProgram(func() { r.reparseField(sc, field{val: v}, c, "credential_process = "+v, true) })
		}
	}
}

// yamlKey returns the key of a YAML mapping line ("  key: value", "- key:
// value") and whether the line has one.
func yamlKey(l string) (string, bool) {
	l = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), "-"))
	k, _, ok := strings.Cut(l, ":")
	if !ok || k == "" || strings.ContainsAny(k, " \t\"'") {
		return "", false
	}
	return k, true
}

// yamlValue returns the value of line l when it is the mapping key key, a
// scalar with its quotes taken off (unquoteValue), a flow list as written.
func yamlValue(l, key string) (string, bool) {
	k, ok := yamlKey(l)
	if !ok || k != key {
		return "", false
	}
	_, v, _ := strings.Cut(l, ":")
	v = strings.TrimSpace(v)
	if strings.HasPrefix(v, "[") {
		return v, true
	}
	return unquoteValue(v), true
}

// toProgram runs judge on a command whose output its program takes (a
// credential plugin's token goes to kubectl or the AWS CLI, not to the
// agent), dropping the findings judge made that a credential tool prints
// a secret (sensitive-path with no path: aws eks get-token, gcloud auth
// print-access-token); a secret file it names, and everything else, stand.
// A dropped finding is forgotten (r.seen) as well as taken out: the same
// command run by the agent itself later must still be found.
func (r *run) toProgram(judge func()) {
	n := len(r.findings)
	judge()
	kept := r.findings[:n]
	for _, f := range r.findings[n:] {
		if f.Rule != ruleSensitivePath || f.Path != "" {
			kept = append(kept, f)
		} else {
			delete(r.seen, f)
		}
	}
	r.findings = kept
}
