// Package policyfile reads toolgate's JSON policy file and builds the
// policy.Engine it describes.
//
// Loading is strict and reports every problem at once, each with its JSON
// path: unknown fields (names match exactly, case included), keys given
// twice, an unknown version, values of the wrong type, rules that try to
// allow, standing approvals for tools that may not have them, agents whose
// parents are unknown or form a cycle. A file that loads has been checked
// whole; a file that does not changes nothing.
//
// Relative root paths resolve against the policy file's folder and a
// leading "~" means the home folder. The file never holds a secret's value,
// only a reference to where the host finds it.
package policyfile

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"github.com/hashicorp/go-multierror"
	"github.com/toolgate/toolgate/delegation"
	"github.com/toolgate/toolgate/hardline"
	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/roots"
	"github.com/toolgate/toolgate/toolmeta"
)

// Version is the only policy file version this package reads.
const Version = 1

// MaxSize is the largest policy file Load reads.
const MaxSize = 16 << 20

// File is the policy file, field for field.
type File struct {
	Version           int                              `json:"version"`
	Mode              policy.Mode                      `json:"mode"`
	Interaction       policy.Interaction               `json:"interaction,omitempty"`
	Surfaces          map[policy.Surface]SurfaceConfig `json:"surfaces,omitempty"`
	Roots             []roots.Root                     `json:"roots"`
	Tools             map[string]toolmeta.Metadata     `json:"tools"`
	Rules             []policy.Rule                    `json:"rules,omitempty"`
	Hardline          Hardline                         `json:"hardline"`
	Agents            map[string]delegation.Definition `json:"agents,omitempty"`
	Secrets           []Secret                         `json:"secrets,omitempty"`
	SessionApprovals  []SessionApproval                `json:"sessionApprovals,omitempty"`
	StandingApprovals []policy.StandingApproval        `json:"standingApprovals,omitempty"`
}

// SurfaceConfig overrides settings for one execution surface.
type SurfaceConfig struct {
	Interaction policy.Interaction `json:"interaction"`
}

// Hardline adds to the built-in hardline rules; nothing here removes one.
type Hardline struct {
	SensitivePaths []string `json:"sensitivePaths,omitempty"`
}

// Secret names a configured secret by reference. Its value never appears
// in the policy file.
type Secret struct {
	// Name identifies the secret to agents and in audit output.
	Name string `json:"name"`
	// Env names the environment variable that holds the value.
	Env string `json:"env"`
}

// Policy is a loaded policy file with the engine it describes.
type Policy struct {
	// Path is the file the policy was read from, if any.
	Path string
	// File is the file as read, with root paths as written.
	File *File
	// Engine decides calls.
	Engine *policy.Engine
	// Roots are the canonical workspace roots.
	Roots *roots.Live
	// Tools is the tool registry.
	Tools *toolmeta.Registry
	// Approvals holds the file's session and standing approvals.
	Approvals *policy.Approvals
	// Agents are the folded authorities of the file's agents.
	Agents map[string]policy.Authority
	// Narrowings lists every grant an agent asked for and did not get.
	Narrowings []delegation.Narrowing
}

// Options change how a file is loaded.
type Options struct {
	// Home is the home folder "~" stands for; empty means the current
	// user's.
	Home string
}

// ErrRead is matched by the errors of Load that come from reading the file
// rather than from what it says.
var ErrRead = errors.New("policyfile: cannot read the policy file")

// Load reads and loads the policy file at path.
func Load(path string, opts Options) (*Policy, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrRead, err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxSize+1))
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrRead, path, err)
	}
	if len(data) > MaxSize {
		return nil, fmt.Errorf("%w: %s is larger than %d bytes", ErrRead, path, MaxSize)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrRead, err)
	}
	p, err := Parse(data, filepath.Dir(abs), opts)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	p.Path = path
	return p, nil
}

// Parse loads a policy from data; dir is the folder relative root paths
// resolve against. The error, when there is one, is a *multierror.Error
// listing every problem.
func Parse(data []byte, dir string, opts Options) (*Policy, error) {
	var errs *multierror.Error
	for _, err := range strictCheck(data, reflect.TypeFor[File]()) {
		errs = multierror.Append(errs, withPosition(data, err))
	}
	if errs != nil {
		return nil, format(errs)
	}
	var f File
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, format(multierror.Append(errs, decodeError(data, err)))
	}
	p, merr := build(&f, dir, opts)
	if merr != nil {
		return nil, format(merr)
	}
	return p, nil
}

func format(m *multierror.Error) error {
	m.ErrorFormat = func(es []error) string {
		var b strings.Builder
		fmt.Fprintf(&b, "%d problem", len(es))
		if len(es) != 1 {
			b.WriteString("s")
		}
		b.WriteString(" in the policy:")
		for _, e := range es {
			b.WriteString("\n  ")
			b.WriteString(strings.ReplaceAll(e.Error(), "\n", "\n    "))
		}
		return b.String()
	}
	return m
}

func decodeError(data []byte, err error) error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return fmt.Errorf("%s: %s is not allowed here (want %s)", te.Field, te.Value, te.Type)
	}
	return withPosition(data, err)
}

// withPosition rewrites "near byte N" as a line and column.
func withPosition(data []byte, err error) error {
	var se *json.SyntaxError
	if !errors.As(err, &se) {
		return err
	}
	off := min(int(se.Offset), len(data))
	line := 1 + bytes.Count(data[:off], []byte("\n"))
	col := off - bytes.LastIndexByte(data[:off], '\n')
	return fmt.Errorf("line %d, column %d: %s", line, col, se.Error())
}

func build(f *File, dir string, opts Options) (*Policy, *multierror.Error) {
	var errs *multierror.Error
	bad := func(format string, args ...any) { errs = multierror.Append(errs, fmt.Errorf(format, args...)) }
	badErr := func(prefix string, err error) {
		for _, e := range split(err) {
			errs = multierror.Append(errs, fmt.Errorf("%s%v", prefix, e))
		}
	}

	home := opts.Home
	if home == "" {
		h, err := os.UserHomeDir()
		if err != nil {
			bad("home: the home folder is unknown: %v", err)
		}
		home = h
	}

	if f.Version != Version {
		bad("version: %d is not a version this toolgate reads (want %d)", f.Version, Version)
	}
	if !f.Mode.Valid() {
		bad("mode: %q is not a mode (want allow, ask or deny)", f.Mode)
	}
	if f.Interaction != "" && !f.Interaction.Valid() {
		bad("interaction: %q is not an interaction (want attended or unattended)", f.Interaction)
	}
	surfaces := map[policy.Surface]policy.Interaction{}
	for _, s := range slices.Sorted(maps.Keys(f.Surfaces)) {
		if !s.Valid() {
			bad("surfaces.%s: not a surface (want one of %v)", s, policy.Surfaces())
			continue
		}
		if i := f.Surfaces[s].Interaction; !i.Valid() {
			bad("surfaces.%s.interaction: %q is not an interaction (want attended or unattended)", s, i)
		} else {
			surfaces[s] = i
		}
	}

	// Roots.
	rs := make([]roots.Root, len(f.Roots))
	for i, r := range f.Roots {
		if r.Path == "" {
			bad("roots[%d].path: a root needs a path", i)
		}
		r.Path = absPath(r.Path, dir, home)
		rs[i] = r
	}
	set, err := roots.NewSet(rs)
	if err != nil {
		badErr("", err)
	}

	// Tools: the valid ones are registered, so that the checks below that
	// name a tool report only their own problems.
	reg := new(toolmeta.Registry)
	for _, name := range slices.Sorted(maps.Keys(f.Tools)) {
		if err := reg.Register(map[string]toolmeta.Metadata{name: f.Tools[name]}); err != nil {
			badErr("tools: ", err)
		}
	}
	// listed reports whether the file names the tool, valid or not: an
	// invalid tool's own problem is reported above, not again for the
	// approvals that name it.
	listed := func(tool string) bool {
		_, ok := f.Tools[tool]
		return ok
	}

	// Rules.
	if err := policy.ValidateRules("rules", f.Rules); err != nil {
		badErr("", err)
	}

	// Hardline.
	hard, err := hardline.New(hardline.Config{SensitivePaths: f.Hardline.SensitivePaths, Home: home})
	if err != nil {
		badErr("hardline.sensitivePaths: ", err)
	}

	// Secrets.
	secretNames := map[string]bool{}
	for i, s := range f.Secrets {
		switch {
		case s.Name == "":
			bad("secrets[%d].name: a secret needs a name", i)
		case secretNames[s.Name]:
			bad("secrets[%d].name: %q is used twice", i, s.Name)
		}
		secretNames[s.Name] = true
		if s.Env == "" {
			bad("secrets[%d].env: a secret needs the environment variable that holds it", i)
		}
	}

	// Approvals.
	approvals := policy.NewApprovals()
	for i, s := range f.SessionApprovals {
		switch {
		case s.Session == "":
			bad("sessionApprovals[%d].session: a session approval needs a session", i)
		case s.Tool == "":
			bad("sessionApprovals[%d].tool: a session approval names one tool", i)
		case !listed(s.Tool):
			bad("sessionApprovals[%d].tool: %q is not a known tool", i, s.Tool)
		}
	}
	var standingIDs []string
	for i, s := range f.StandingApprovals {
		if _, ok := reg.Lookup(s.Tool); !ok && listed(s.Tool) {
			continue // the tool's own problem is reported above
		}
		if err := approvals.AddStanding(s, reg); err != nil {
			badErr(fmt.Sprintf("standingApprovals[%d].", i), err)
			continue
		}
		standingIDs = append(standingIDs, s.ID)
	}

	if errs != nil {
		// The agents and the engine build on everything above.
		return nil, errs
	}

	top := policy.Authority{
		Mode:              f.Mode,
		AllTools:          true,
		Rules:             f.Rules,
		Roots:             set.Roots(),
		Interaction:       f.Interaction,
		StandingApprovals: standingIDs,
		Secrets:           slices.Sorted(maps.Keys(secretNames)),
		MayDelegate:       true,
	}
	defs := make(map[string]delegation.Definition, len(f.Agents))
	for id, d := range f.Agents {
		defs[id] = resolveAgentRoots(d, dir, home)
	}
	agents, narrowings, err := delegation.Fold(top, defs, reg)
	if err != nil {
		badErr("", err)
		return nil, errs
	}

	live := roots.NewLive(set)
	engine, err := policy.New(policy.Config{
		Mode:              f.Mode,
		Interaction:       f.Interaction,
		Surfaces:          surfaces,
		Roots:             live,
		Tools:             reg,
		Rules:             f.Rules,
		Home:              home,
		Hardline:          hard,
		Agents:            agents,
		SessionApprovals:  approvals,
		StandingApprovals: approvals,
	})
	if err != nil {
		badErr("", err)
		return nil, errs
	}
	for i, s := range f.SessionApprovals {
		m, _ := reg.Lookup(s.Tool)
		b, err := bindSession(engine, m, s)
		if err == nil {
			err = approvals.AddSession(b)
		}
		if err != nil {
			bad("sessionApprovals[%d]: %v", i, err)
		}
	}
	if errs != nil {
		return nil, errs
	}
	return &Policy{File: f, Engine: engine, Roots: live, Tools: reg, Approvals: approvals, Agents: agents, Narrowings: narrowings}, nil
}

// absPath makes a root path absolute: "~" is the home folder, and a
// relative path is relative to the policy file's folder. It does not clean
// the path: symbolic links are resolved by package roots first.
func absPath(p, dir, home string) string {
	switch {
	case p == "~":
		return home
	case strings.HasPrefix(p, "~/") || (filepath.Separator == '\\' && strings.HasPrefix(p, `~\`)):
		return home + string(filepath.Separator) + p[2:]
	case filepath.IsAbs(p):
		return p
	}
	return dir + string(filepath.Separator) + p
}

// split returns one error for each problem an error reports: the errors
// of a multierror, or the lines of any other error (errors.Join puts one
// joined error on each line).
func split(err error) []error {
	var m *multierror.Error
	if errors.As(err, &m) {
		return m.Errors
	}
	var out []error
	for line := range strings.SplitSeq(err.Error(), "\n") {
		if strings.TrimSpace(line) != "" {
			out = append(out, errors.New(line))
		}
	}
	return out
}

// resolveAgentRoots makes an agent's root paths absolute the way the file's
// own roots are. A nil Roots (inherit the parent's) stays nil.
func resolveAgentRoots(d delegation.Definition, dir, home string) delegation.Definition {
	if d.Roots == nil {
		return d
	}
	rs := make([]delegation.RootRequest, len(d.Roots))
	for i, r := range d.Roots {
		if r.Path != "" {
			r.Path = absPath(r.Path, dir, home)
		}
		rs[i] = r
	}
	d.Roots = rs
	return d
}
