// Package childenv builds the environment of a child process that a host
// starts on a model's behalf: an MCP server, a shell command it runs after
// the policy allowed it, a language server.
//
// It sits after the decision, where the host executes an allowed call:
// whatever the policy allowed, the child receives only an explicit
// allowlist of the parent's variables plus the variables the per-server
// configuration sets. Everything else the parent holds (API keys, tokens,
// cloud credentials, unrelated settings) stays behind.
//
// Two lists are applied whatever the configuration says:
//
//   - Hooks (Hook) never pass, neither from the parent nor from the
//     configuration: variables that make an interpreter or the dynamic
//     loader run code the command did not name, such as NODE_OPTIONS,
//     NODE_PATH, LD_PRELOAD and the other LD_ variables, DYLD_*,
//     PYTHONSTARTUP, PYTHONPATH, PERL5OPT, RUBYOPT, BASH_ENV,
//     JAVA_TOOL_OPTIONS.
//   - Credentials (Credential) never pass from the parent: names holding
//     TOKEN, SECRET, PASSWORD, API_KEY, CREDENTIAL, AUTH, COOKIE, SESSION,
//     PRIVATE, ACCESS_KEY, a name ending in _KEY or holding _KEY_, and the
//     agent sockets SSH_AUTH_SOCK and GPG_AGENT_INFO. A server that needs a credential gets it only
//     from its own configuration (Config.Set), where the host put a value
//     it resolved for that server.
//
// On Windows, variable names are compared ignoring case, as Windows does;
// elsewhere the allowlist is exact and the two lists above ignore case.
// This is a policy on what a child is given, not a sandbox: a child can
// still read files the user can read.
//
// See docs/security-model.md, Secrets and child processes.
package childenv

import (
	"errors"
	"fmt"
	"maps"
	"runtime"
	"slices"
	"strings"
)

// DefaultAllow lists the parent variables a child inherits unless
// Config.NoDefaults is set: what programs need to find their tools, home,
// locale, terminal and temporary folder, on Unix and Windows.
var DefaultAllow = []string{
	"PATH", "HOME", "USER", "LOGNAME", "SHELL", "TERM", "TZ", "TMPDIR",
	"LANG", "LANGUAGE", "LC_ALL", "LC_CTYPE", "LC_MESSAGES", "LC_COLLATE", "LC_NUMERIC", "LC_TIME",
	"SYSTEMROOT", "SYSTEMDRIVE", "WINDIR", "COMSPEC", "PATHEXT", "TEMP", "TMP",
	"USERPROFILE", "HOMEDRIVE", "HOMEPATH", "APPDATA", "LOCALAPPDATA", "PROGRAMDATA",
	"PROGRAMFILES", "PROGRAMFILES(X86)", "COMMONPROGRAMFILES", "NUMBER_OF_PROCESSORS", "PROCESSOR_ARCHITECTURE",
}

// Config is what one server or command may receive beyond DefaultAllow.
// The zero Config passes DefaultAllow alone.
type Config struct {
	// Inherit names more parent variables the child may receive. A hook
	// or a credential named here is still refused (see Validate).
	Inherit []string `json:"inherit,omitempty"`
	// Set gives the child variables with their values, from the server's
	// configuration; they override the parent's. This is the one way a
	// credential reaches a child. A hook named here is refused.
	Set map[string]string `json:"set,omitempty"`
	// NoDefaults leaves DefaultAllow out: the child inherits only Inherit.
	NoDefaults bool `json:"noDefaults,omitempty"`
}

// hooks are the variables that make a runtime or loader run code; a
// trailing '*' matches any suffix.
var hooks = []string{
	"NODE_OPTIONS", "NODE_PATH", "NODE_REPL_EXTERNAL_MODULE", "NPM_CONFIG_NODE_OPTIONS",
	"LD_*", "DYLD_*", "GCONV_PATH", "MALLOC_*",
	"PYTHONSTARTUP", "PYTHONPATH", "PYTHONHOME", "PYTHONINSPECT", "PYTHONUSERBASE", "PYTHONBREAKPOINT",
	"PERL5OPT", "PERL5LIB", "PERLLIB", "PERL5DB", "RUBYOPT", "RUBYLIB",
	"BASH_ENV", "ENV", "PROMPT_COMMAND", "ZDOTDIR", "SHELLOPTS", "BASHOPTS", "IFS",
	"JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS", "DOTNET_STARTUP_HOOKS", "CORECLR_*", "COR_*",
	"GIT_SSH_COMMAND", "GIT_EXEC_PATH", "GIT_CONFIG_*", "SSLKEYLOGFILE",
}

// credentialParts make a variable a credential wherever they occur in its
// name.
var credentialParts = []string{
	"TOKEN", "SECRET", "PASSWORD", "PASSWD", "PASSPHRASE", "CREDENTIAL", "APIKEY", "API_KEY",
	"AUTH", "COOKIE", "SESSION", "PRIVATE", "ACCESS_KEY", "ACCESSKEY", "_KEY_",
}

var credentialNames = []string{"SSH_AUTH_SOCK", "GPG_AGENT_INFO"}

func matches(pattern, upper string) bool {
	if p, ok := strings.CutSuffix(pattern, "*"); ok {
		return strings.HasPrefix(upper, p)
	}
	return upper == pattern
}

// Hook reports whether the variable name makes an interpreter or the
// dynamic loader run code; such a variable never reaches a child.
func Hook(name string) bool {
	u := strings.ToUpper(name)
	for _, h := range hooks {
		if matches(h, u) {
			return true
		}
	}
	return false
}

// Credential reports whether the variable name implies a credential; such
// a variable never passes from the parent.
func Credential(name string) bool {
	u := strings.ToUpper(name)
	if strings.HasSuffix(u, "_KEY") || slices.Contains(credentialNames, u) {
		return true
	}
	for _, p := range credentialParts {
		if strings.Contains(u, p) {
			return true
		}
	}
	return false
}

// Build returns the environment for a child, as "NAME=value" entries
// sorted by name: the parent's variables that DefaultAllow (unless
// NoDefaults) or cfg.Inherit name, except hooks and credentials, then
// cfg.Set, except hooks and invalid names. Where the parent holds a name
// twice, the last wins, as in os/exec. parent is typically os.Environ().
func Build(parent []string, cfg Config) []string {
	allowed := map[string]bool{}
	if !cfg.NoDefaults {
		for _, n := range DefaultAllow {
			allowed[key(n)] = true
		}
	}
	for _, n := range cfg.Inherit {
		allowed[key(n)] = true
	}
	env := map[string]string{}
	for _, kv := range parent {
		name, _, ok := strings.Cut(kv, "=")
		if !ok || validName(name) != nil || !allowed[key(name)] || Hook(name) || Credential(name) {
			continue
		}
		env[key(name)] = kv
	}
	for name, v := range cfg.Set {
		if validName(name) != nil || Hook(name) || strings.IndexByte(v, 0) >= 0 {
			continue
		}
		env[key(name)] = name + "=" + v
	}
	out := make([]string, 0, len(env))
	for _, kv := range env {
		out = append(out, kv)
	}
	slices.Sort(out)
	return out
}

func key(name string) string {
	if runtime.GOOS == "windows" {
		return strings.ToUpper(name)
	}
	return name
}

func validName(name string) error {
	if name == "" || strings.ContainsAny(name, "=\x00") {
		return fmt.Errorf("%q is not a variable name", name)
	}
	return nil
}

// ErrRefused is matched by Validate's errors.
var ErrRefused = errors.New("childenv: variable refused")

// Validate reports every entry of cfg that Build would ignore: invalid
// names, hooks and credentials in Inherit, hooks in Set, values holding a
// NUL byte. Each error names the field and the variable and matches
// ErrRefused. A host calls it when it loads a server's configuration, so
// a mistake is reported rather than silently dropped.
func (c Config) Validate() error {
	var errs []error
	bad := func(format string, args ...any) {
		errs = append(errs, fmt.Errorf("%w: "+format, append([]any{ErrRefused}, args...)...))
	}
	for i, n := range c.Inherit {
		switch {
		case validName(n) != nil:
			bad("inherit[%d]: %q is not a variable name", i, n)
		case Hook(n):
			bad("inherit[%d]: %s makes programs run code the command did not name; it never reaches a child", i, n)
		case Credential(n):
			bad("inherit[%d]: %s looks like a credential; give it to the server in set instead", i, n)
		}
	}
	for _, n := range slices.Sorted(maps.Keys(c.Set)) {
		switch {
		case validName(n) != nil:
			bad("set: %q is not a variable name", n)
		case Hook(n):
			bad("set.%s: it makes programs run code the command did not name; it never reaches a child", n)
		case strings.IndexByte(c.Set[n], 0) >= 0:
			bad("set.%s: the value holds a NUL byte", n)
		}
	}
	return errors.Join(errs...)
}
