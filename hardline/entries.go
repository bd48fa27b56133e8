package hardline

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
)

// ErrInvalidEntry is the error every EntryError wraps.
var ErrInvalidEntry = errors.New("invalid catalogue entry")

// EntryError is one problem of a policy's catalogue entry (Config.Commands,
// the policy file's commands section). Path names the field at fault, as
// "commands[2].options[0].role".
type EntryError struct {
	Path    string
	Problem string
}

// Error returns "PATH: PROBLEM".
func (e *EntryError) Error() string { return e.Path + ": " + e.Problem }

// Unwrap returns ErrInvalidEntry.
func (e *EntryError) Unwrap() error { return ErrInvalidEntry }

// maxEntryDepth bounds the nesting of sub-commands in a policy's entry.
const maxEntryDepth = 4

// ValidateCommands checks a policy's catalogue entries and reports every
// problem, joined with errors.Join, each an *EntryError whose path starts
// with "commands[i]". Entries only add to the built-in catalogue: an entry
// for a built-in program is applied besides the built-in one, so nothing
// it says can weaken what the built-in entry finds.
func ValidateCommands(entries []Entry) error {
	var errs []error
	for i := range entries {
		errs = validateEntry(errs, &entries[i], fmt.Sprintf("commands[%d]", i), 0)
	}
	return errors.Join(errs...)
}

func validRole(r Role) bool { return slices.Contains(roleNames, r) }

func validateEntry(errs []error, e *Entry, at string, depth int) []error {
	bad := func(path, format string, args ...any) {
		errs = append(errs, &EntryError{Path: path, Problem: fmt.Sprintf(format, args...)})
	}
	if depth > maxEntryDepth {
		bad(at, "sub-commands nest deeper than %d", maxEntryDepth)
		return errs
	}
	if len(e.Names) == 0 {
		bad(at+".names", "at least one program name is required")
	}
	for i, n := range e.Names {
		if n == "" || strings.ContainsAny(n, "/\\ \t\n=") {
			bad(fmt.Sprintf("%s.names[%d]", at, i), "%q is not a program name (no folder, space or '=')", n)
		}
	}
	for i, o := range e.Options {
		p := fmt.Sprintf("%s.options[%d]", at, i)
		if len(o.Names) == 0 {
			bad(p+".names", "at least one option name is required")
		}
		for j, n := range o.Names {
			if n != "+" && (len(n) < 2 || n[0] != '-' || strings.ContainsAny(n, " =\t")) {
				bad(fmt.Sprintf("%s.names[%d]", p, j), "%q is not an option (-x, --long, -long or +)", n)
			}
		}
		if o.Takes < 0 || o.Takes > 2 {
			bad(p+".takes", "%d values: an option takes 0, 1 or 2", o.Takes)
		}
		switch {
		case o.Role != "" && !validRole(o.Role):
			bad(p+".role", "%q is not a role", o.Role)
		case flagRole(o.Role) && o.Takes != 0 && o.Role != RoleTrigger && o.Role != RoleHarmless:
			bad(p+".role", "%q is a flag's role; takes must be 0", o.Role)
		case o.Takes == 0 && o.Role != "" && !flagRole(o.Role) && !restOfLine(o.Role, false):
			bad(p+".role", "%q needs a value; takes must be 1 or 2", o.Role)
		}
		if o.Key != "" && o.Takes == 0 {
			bad(p+".key", "a key needs a value; takes must be 1 or 2")
		}
	}
	for i, op := range e.Operands {
		p := fmt.Sprintf("%s.operands[%d]", at, i)
		if !validRole(op.Role) || flagRole(op.Role) {
			bad(p+".role", "%q is not an operand's role", op.Role)
		}
		if op.Index < -64 || op.Index > 64 {
			bad(p+".index", "%d is out of range (-64..64)", op.Index)
		}
		if op.Rest && op.Index < 0 {
			bad(p+".rest", "rest applies to a non-negative index")
		}
		if len(op.Unless) > 0 && (op.Index < 0 || op.Rest) {
			bad(p+".unless", "unless applies to one operand at a non-negative index")
		}
		for j, n := range op.Unless {
			if !slices.ContainsFunc(e.Options, func(o Option) bool { return slices.Contains(o.Names, n) }) {
				bad(fmt.Sprintf("%s.unless[%d]", p, j), "%q is not one of the entry's options", n)
			}
		}
	}
	if len(e.WorkDirOptions) > 0 && !e.WritesWorkDir {
		bad(at+".workDirOptions", "workDirOptions apply when writesWorkDir is set")
	}
	for j, n := range e.WorkDirOptions {
		if !slices.ContainsFunc(e.Options, func(o Option) bool { return slices.Contains(o.Names, n) }) {
			bad(fmt.Sprintf("%s.workDirOptions[%d]", at, j), "%q is not one of the entry's options", n)
		}
	}
	for j, f := range e.RunsFiles {
		if f == "" || strings.HasPrefix(f, "/") || strings.Contains(f, "\\") || slices.Contains(strings.Split(f, "/"), "..") || !doublestar.ValidatePattern(f) {
			bad(fmt.Sprintf("%s.runsFiles[%d]", at, j), "%q is not a pattern relative to the working folder (no leading /, .. or backslash)", f)
		}
	}
	if e.Stdin != "" && (!validRole(e.Stdin) || flagRole(e.Stdin)) {
		bad(at+".stdin", "%q is not a role for standard input", e.Stdin)
	}
	for i, v := range e.Env {
		p := fmt.Sprintf("%s.env[%d]", at, i)
		if name := strings.TrimSuffix(v.Name, "*"); !isName(name) {
			bad(p+".name", "%q is not a variable name", v.Name)
		}
		switch v.Role {
		case RoleScript, RoleFilter, RoleCommand, RoleProgram, RoleData, RoleWrite:
			if len(v.Markers) > 0 {
				bad(p+".markers", "markers apply to role %q only", RoleEscape)
			}
		case RoleEscape:
			if len(v.Markers) == 0 {
				bad(p+".markers", "role %q needs markers", RoleEscape)
			}
		case RoleCommandFile:
			if configCommandReader(v.Name) == nil {
				bad(p+".role", "role %q applies only to the variables whose files the analyser reads (KUBECONFIG, AWS_CONFIG_FILE, AWS_SHARED_CREDENTIALS_FILE, COMPOSE_FILE, PSQLRC), not %q", RoleCommandFile, v.Name)
			}
		default:
			bad(p+".role", "%q is not a variable's role (script, command, program, escape, write, data, or commandFile for a configuration the analyser reads)", v.Role)
		}
	}
	if e.Rule != "" {
		if _, ok := ruleInfo(e.Rule); !ok {
			bad(at+".rule", "%q is not a rule (see hardline.Rules)", e.Rule)
		}
	}
	for i := range e.Subcommands {
		errs = validateEntry(errs, &e.Subcommands[i], fmt.Sprintf("%s.subcommands[%d]", at, i), depth+1)
	}
	return errs
}

// compileExtra prepares a policy's entries: they apply besides the
// built-in entry of the same program, and their variables besides the
// built-in ones.
func (a *Analyzer) compileExtra(entries []Entry) {
	for _, e := range entries {
		c := copyEntry(e)
		ce := compileEntry(&c)
		for _, n := range c.Names {
			if a.extra == nil {
				a.extra = map[string][]*compiledEntry{}
			}
			a.extra[n] = append(a.extra[n], ce)
		}
		var walk func(e *Entry)
		walk = func(e *Entry) {
			for _, v := range e.Env {
				if a.extraEnv == nil {
					a.extraEnv = map[string]EnvVar{}
				}
				if _, dup := a.extraEnv[v.Name]; !dup {
					a.extraEnv[v.Name] = v
				}
			}
			for i := range e.Subcommands {
				walk(&e.Subcommands[i])
			}
		}
		walk(&c)
	}
}
