package policy

import (
	"fmt"
	"slices"
	"strings"

	"github.com/toolgate/toolgate/roots"
	"github.com/toolgate/toolgate/toolmeta"
)

// MaxPathsPerCall bounds the path values one call may carry, so that a call
// cannot make one evaluation resolve paths without end. A call over it is
// denied as malformed.
const MaxPathsPerCall = 4096

// MaxLookupsPerCall bounds the file-system lookups (Lstat, Readlink) that
// one evaluation makes, over every path argument and every path its shell
// command names. Ordinary paths cost a few lookups each, so MaxPathsPerCall
// of them fit; paths multiplied through chains of symbolic links exhaust it
// within a fraction of a second instead of minutes. Past it the call is
// denied with root.unresolvable.
const MaxLookupsPerCall = 1 << 16

// pathArg is one path value of a call, with the argument that gave it.
type pathArg struct {
	arg, value string
	workdir    bool // the exec tool's working folder
}

// callArgs are the arguments a tool's metadata declares, read from a call.
type callArgs struct {
	command    string
	hasCommand bool
	target     string
	hasTarget  bool
	paths      []pathArg
	// undeclared are the call's keys the metadata does not declare, sorted
	// (checkArgKeys), which step 2 reads too (otherPaths, callEnv,
	// callInputs): the same call gives the same messages and targets.
	undeclared []string
}

// collectArgs reads the arguments the metadata declares. A declared
// argument that the call omits is an error unless the metadata lists it as
// optional; an omitted optional path or working folder is the primary
// root, the folder such tools default to. A key that is not a declared
// argument but equals one after Unicode case folding is an error: hosts
// that decode arguments with encoding/json match keys that way and would
// read it in place of the declared one.
//
// a is the evaluation's, zero but for paths, which may have room for the
// common call's paths (prepare).
func collectArgs(a *callArgs, c *Call, m *toolmeta.Metadata, set *roots.Set) error {
	undeclared, err := checkArgKeys(c.Args, m)
	if err != nil {
		return err
	}
	a.undeclared = undeclared
	if m.CommandArgument != "" {
		s, ok, err := stringArg(c.Args, m.CommandArgument, "the command")
		switch {
		case err != nil:
			return err
		case !ok:
			return fmt.Errorf("argument %q: the command is missing", m.CommandArgument)
		case strings.TrimSpace(s) == "":
			// Nothing to judge, and a host may read an empty command as
			// "start a shell": refused like a missing one.
			return fmt.Errorf("argument %q: the command is empty", m.CommandArgument)
		}
		a.command, a.hasCommand = s, true
	}
	if m.TargetArgument != "" {
		s, ok, err := stringArg(c.Args, m.TargetArgument, "the target")
		switch {
		case err != nil:
			return err
		case !ok && !m.Optional(m.TargetArgument):
			return fmt.Errorf("argument %q: the target is missing", m.TargetArgument)
		}
		a.target, a.hasTarget = s, ok
	}
	for _, name := range m.PathArguments {
		if err := a.addPaths(c.Args, m, name, false, set); err != nil {
			return err
		}
	}
	if m.WorkdirArgument != "" {
		if err := a.addPaths(c.Args, m, m.WorkdirArgument, true, set); err != nil {
			return err
		}
	}
	return nil
}

// stringArg reads a declared argument that must be a string. A JSON null
// counts as missing.
func stringArg(args map[string]any, name, what string) (string, bool, error) {
	v, ok := args[name]
	if !ok || v == nil {
		return "", false, nil
	}
	s, ok := v.(string)
	if !ok {
		return "", false, fmt.Errorf("argument %q: %s must be a string, not %T", name, what, v)
	}
	return s, true, nil
}

// addPaths appends the values of one path argument (a string, or a list of
// strings for a path argument; a string for the working folder). An empty
// list names no path, as an omitted argument does: a tool given one works
// where it would without the argument, so it is judged as omitted.
func (a *callArgs) addPaths(args map[string]any, m *toolmeta.Metadata, name string, workdir bool, set *roots.Set) error {
	v, ok := args[name]
	if !ok || v == nil || (!workdir && emptyList(v)) {
		if !m.Optional(name) {
			return fmt.Errorf("argument %q: the path is missing or an empty list, and the tool's metadata does not list it as optional", name)
		}
		// An omitted optional path is the folder such tools default to.
		pr, ok := set.Primary()
		if !ok {
			return fmt.Errorf("argument %q: the path is omitted and there is no primary root to default to", name)
		}
		return a.add(name, pr.Path, workdir, 1)
	}
	switch v := v.(type) {
	case string:
		return a.add(name, v, workdir, 1)
	case []string:
		if workdir {
			break
		}
		if err := a.room(len(v)); err != nil {
			return err
		}
		for _, s := range v {
			a.paths = append(a.paths, pathArg{arg: name, value: s})
		}
		return nil
	case []any:
		if workdir {
			break
		}
		if err := a.room(len(v)); err != nil {
			return err
		}
		for i, x := range v {
			s, ok := x.(string)
			if !ok {
				return fmt.Errorf("argument %q[%d]: a path must be a string, not %T", name, i, x)
			}
			a.paths = append(a.paths, pathArg{arg: name, value: s})
		}
		return nil
	}
	if workdir {
		return fmt.Errorf("argument %q: the working folder must be a string, not %T", name, v)
	}
	return fmt.Errorf("argument %q: a path must be a string or a list of strings, not %T", name, v)
}

// emptyList reports whether v is a list that holds nothing.
func emptyList(v any) bool {
	switch v := v.(type) {
	case []string:
		return len(v) == 0
	case []any:
		return len(v) == 0
	}
	return false
}

func (a *callArgs) add(name, value string, workdir bool, n int) error {
	if err := a.room(n); err != nil {
		return err
	}
	a.paths = append(a.paths, pathArg{arg: name, value: value, workdir: workdir})
	return nil
}

// room checks the bound before any path is collected.
func (a *callArgs) room(n int) error {
	if len(a.paths)+n > MaxPathsPerCall {
		return fmt.Errorf("the call names more than %d paths, the most one call may check", MaxPathsPerCall)
	}
	return nil
}

// declaredPresent counts the declared arguments args holds, by lookup,
// which is cheaper than ranging over the map.
func declaredPresent(args map[string]any, m *toolmeta.Metadata) int {
	n := 0
	for _, name := range [...]string{m.CommandArgument, m.TargetArgument, m.WorkdirArgument} {
		if _, ok := args[name]; ok && name != "" {
			n++
		}
	}
	for _, name := range m.PathArguments {
		if _, ok := args[name]; ok {
			n++
		}
	}
	return n
}

// checkArgKeys refuses a key that is not a declared argument but collides
// with one (toolmeta.ArgumentsCollide): {"command": "ls", "Command": "rm -rf
// ~"} or {"Path": "/etc/shadow"}. A host decoding arguments with
// encoding/json would read such a key in place of the declared one. It
// returns the keys the metadata does not declare, sorted; nil for the
// common call, whose every key is declared.
func checkArgKeys(args map[string]any, m *toolmeta.Metadata) ([]string, error) {
	if len(args) == 0 || len(args) == declaredPresent(args, m) {
		return nil, nil // every key is a declared argument
	}
	var others []string
	for k := range args {
		if m.Declares(k) {
			continue
		}
		if d, ok := foldsToDeclared(k, m); ok {
			return []string{k}, fmt.Errorf("argument %q: differs from the declared argument %q only in case; a host that matches keys without case could read it in place of %q", k, d, d)
		}
		others = append(others, k)
	}
	slices.Sort(others)
	return others, nil
}

func foldsToDeclared(k string, m *toolmeta.Metadata) (string, bool) {
	for _, d := range [...]string{m.CommandArgument, m.TargetArgument, m.WorkdirArgument} {
		if d != "" && toolmeta.ArgumentsCollide(k, d) {
			return d, true
		}
	}
	for _, d := range m.PathArguments {
		if toolmeta.ArgumentsCollide(k, d) {
			return d, true
		}
	}
	return "", false
}
