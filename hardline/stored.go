package hardline

import (
	"slices"
	"strings"
)

// Settings a tool keeps for its later runs are judged by what their value
// does there (see docs/security-model.md, Hardline): a command the tool
// runs (gh's editor, aws's credential_process, a kubeconfig user's exec
// command, a GNOME key binding's command), a server it sends its
// credentials to (a kubeconfig cluster's server), or a protection it keeps
// (git's safe.directory, kubectl's TLS check). Storing one asks
// (persistence), and a command is analysed as the script it is, so a
// stored command that would be blocked blocks.

// storedKind says what a stored setting's value does in the tool's later
// runs.
type storedKind int

const (
	// storedProgram is a command the tool runs later.
	storedProgram storedKind = iota
	// storedServer is a server the tool sends its credentials to: one
	// on this machine is everyday work.
	storedServer
	// storedOff is a protection the tool keeps, turned off by one of the
	// setting's off values.
	storedOff
)

// storedSetting is one setting of a tool's table.
type storedSetting struct {
	// key matches a setting's key, in lower case, by its last parts
	// (separated by '.' or '/'), each '*' one part: "credential_process"
	// matches profile.x.credential_process, "users.*.exec.command"
	// matches users.dev.exec.command.
	key  string
	kind storedKind
	// off are the values that turn a storedOff protection off, in lower
	// case; "/*" stands for any value ending in "/*" (git's prefix form).
	off []string
}

// storedSettings are the settings, by tool, whose value runs a command, says
// where credentials go or turns a protection off.
var storedSettings = map[string][]storedSetting{
	"gh":   {{key: "editor"}, {key: "pager"}, {key: "browser"}},
	"glab": {{key: "editor"}, {key: "browser"}},
	// aws runs credential_process for its credentials on every call, and
	// cli_pager for its output.
	"aws": {{key: "credential_process"}, {key: "cli_pager"}},
	// kubectl runs a user's exec command (and the gcp provider's
	// cmd-path) for a token on every call, and sends it to the cluster's
	// server (or through its proxy); insecure-skip-tls-verify drops the
	// server's check.
	"kubectl": {{key: "users.*.exec.command"}, {key: "users.*.auth-provider.config.cmd-path"},
		{key: "clusters.*.server", kind: storedServer}, {key: "clusters.*.proxy-url", kind: storedServer},
		{key: "clusters.*.insecure-skip-tls-verify", kind: storedOff, off: []string{"true"}}},
	// GNOME runs a custom key binding's command, and the default
	// terminal's program with its argument whenever a terminal is opened
	// (dconf and gsettings name the same keys).
	"gnome": {{key: "command"}, {key: "terminal.exec"}, {key: "terminal.exec-arg"}},
	// git's safe.directory '*' (or a tree of folders) runs the hooks and
	// the configuration's commands of repositories other users own;
	// protocol.file.allow always lets submodules clone local paths (the
	// way a repository reaches this machine's files); core.protectNTFS
	// and core.protectHFS false let a checkout write .git by another
	// spelling.
	"git": {{key: "safe.directory", kind: storedOff, off: []string{"*", "/*"}},
		{key: "protocol.*.allow", kind: storedOff, off: []string{"always"}}, {key: "protocol.allow", kind: storedOff, off: []string{"always"}},
		{key: "core.protectntfs", kind: storedOff, off: []string{"false", "no", "off", "0"}},
		{key: "core.protecthfs", kind: storedOff, off: []string{"false", "no", "off", "0"}}},
}

// storedSettingOf returns the setting of tool's table that key names.
func storedSettingOf(tool, key string) (storedSetting, bool) {
	parts := strings.FieldsFunc(asciiLower(key), func(r rune) bool { return r == '.' || r == '/' })
	for _, s := range storedSettings[tool] {
		pat := strings.FieldsFunc(s.key, func(r rune) bool { return r == '.' || r == '/' })
		if len(pat) > len(parts) {
			continue
		}
		tail := parts[len(parts)-len(pat):]
		if partsMatch(pat, tail) {
			return s, true
		}
	}
	return storedSetting{}, false
}

// partsMatch reports whether each part of pat matches the part of key at
// its place ('*' any one).
func partsMatch(pat, key []string) bool {
	for i, p := range pat {
		if p != "*" && p != key[i] {
			return false
		}
	}
	return true
}

// storeSetting judges storing value under key in tool's settings (see
// storedSettings); what names the command that stores it (gh config set).
func (r *run) storeSetting(sc *scope, tool, what string, key string, value field, c ctx, cmd string) {
	s, ok := storedSettingOf(tool, key)
	if !ok {
		return
	}
	switch s.kind {
	case storedProgram:
		if !value.dyn && (strings.Trim(value.val, ` '"`) == "" || value.val == "/dev/null") {
			return // none: aws configure set cli_pager ''
		}
		r.finding(rulePersistence, Command, Ask, what+" "+key+" stores a command the tool runs later", cmd, "")
		v := value
		if !v.dyn {
			v.val = gvariantString(v.val)
		}
		r.applyRole(sc, roleValue{role: RoleScript, f: v}, false, tool, c, cmd)
	case storedServer:
		if host, ok := serverHost(value); ok && loopback(host) {
			return
		}
		r.finding(rulePersistence, Command, Ask, what+" "+key+" stores a server the tool sends its credentials to on every later call", cmd, "")
	case storedOff:
		if s.turnsOff(value) {
			r.finding(rulePersistence, Command, Ask, what+" "+key+" turns off a protection the tool keeps on every later call", cmd, "")
		}
	}
}

// turnsOff reports whether value, stored under a storedOff setting, turns
// its protection off (a value not known may).
func (s storedSetting) turnsOff(value field) bool {
	v := asciiLower(strings.TrimSpace(value.val))
	return s.kind == storedOff && (value.dyn || slices.Contains(s.off, v) || slices.Contains(s.off, "/*") && strings.HasSuffix(v, "/*"))
}

// gvariantString is the text a GVariant string value holds ('rm -rf ~'
// is rm -rf ~), as dconf and gsettings take their values; any other
// value is itself.
func gvariantString(v string) string {
	t := strings.TrimSpace(v)
	if len(t) >= 2 && (t[0] == '\'' || t[0] == '"') && t[len(t)-1] == t[0] {
		return unescapeLiteral(t[1 : len(t)-1])
	}
	return v
}

// configSet is the handler of a tool's "config set KEY VALUE" (gh, glab):
// the setting is judged by the tool's table (storeSetting).
func configSet(tool, what string) handler {
	return func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
		ops := parseOpts(args, "h", []string{"--host"}, "").ops
		if len(ops) < 2 || ops[0].dyn {
			return true
		}
		r.storeSetting(sc, tool, what, ops[0].val, ops[1], c, cmd)
		return true
	}
}
