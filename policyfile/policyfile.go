package policyfile

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/toolgate/toolgate/delegation"
	"github.com/toolgate/toolgate/hardline"
	"github.com/toolgate/toolgate/internal/suggest"
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
	Rules             []Rule                           `json:"rules,omitempty"`
	Hardline          Hardline                         `json:"hardline"`
	Commands          []hardline.Entry                 `json:"commands,omitempty"`
	Agents            map[string]delegation.Definition `json:"agents,omitempty"`
	Secrets           []Secret                         `json:"secrets,omitempty"`
	SessionApprovals  []SessionApproval                `json:"sessionApprovals,omitempty"`
	StandingApprovals []policy.StandingApproval        `json:"standingApprovals,omitempty"`
}

// SurfaceConfig overrides settings for one execution surface.
type SurfaceConfig struct {
	Interaction policy.Interaction `json:"interaction"`
}

// Hardline adds to the built-in hardline rules; nothing here removes one
// (see docs/security-model.md, Hardline).
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
	// Hosts are the hosts the value may be sent to (a name covers its
	// subdomains). A shell command that sends $Env anywhere else asks
	// (hardline secret-egress; see docs/security-model.md, Hardline).
	Hosts []string `json:"hosts,omitempty"`
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
	// BindingKey is the engine's policy.Config.BindingKey; nil means a
	// key drawn afresh for each process.
	BindingKey []byte
}

// Load reads and loads the policy file at path. Its error is an *Error
// listing every problem, or wraps ErrRead when the file cannot be read.
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
		var e *Error
		if errors.As(err, &e) {
			e.File = path
		}
		return nil, err
	}
	p.Path = path
	return p, nil
}

// Parse loads a policy from data; dir is the folder relative root paths
// resolve against. The error, when there is one, is an *Error listing
// every problem of every loading phase.
func Parse(data []byte, dir string, opts Options) (*Policy, error) {
	if p := checkText(data); p != nil {
		return nil, &Error{Problems: []*Problem{p}}
	}
	l := &loader{dir: dir, opts: opts, file: new(File)}
	if !l.decode(data) {
		return nil, l.problems.error()
	}
	l.loadHome()
	l.loadSettings()
	l.loadRoots()
	l.loadTools()
	l.loadRules()
	l.loadHardline()
	l.loadRuleExamples()
	l.loadSecrets()
	l.loadStandingApprovals()
	l.loadAgents()
	l.buildEngine()
	l.loadSessionApprovals()
	if len(l.problems.problems) > 0 {
		return nil, l.problems.error()
	}
	return &Policy{File: l.file, Engine: l.engine, Roots: l.live, Tools: l.tools, Approvals: l.approvals,
		Agents: l.agents, Narrowings: l.narrowings}, nil
}

// loader carries one load through its phases. Each phase reads what the
// earlier ones could build and notes what it could not, so that a later
// phase neither stops nor reports a problem again.
type loader struct {
	dir  string
	opts Options
	file *File

	problems problemList
	// shapeBad are the paths the keys-and-types phase found bad; the later
	// phases report nothing at or below them, since the value there was
	// not read.
	shapeBad map[string]bool

	home       string
	surfaces   map[policy.Surface]policy.Interaction
	set        *roots.Set // the roots that are valid, when some are not
	rootsOK    bool
	tools      *toolmeta.Registry
	rulesOK    bool
	hard       *hardline.Analyzer
	secrets    []string
	approvals  *policy.Approvals
	standing   []string
	agents     map[string]policy.Authority
	badAgents  map[string]bool
	narrowings []delegation.Narrowing
	live       *roots.Live
	engine     *policy.Engine
}

// report records p unless the keys-and-types phase already found its
// place bad.
func (l *loader) report(p *Problem) {
	if l.shapeBad[""] {
		return // the document is not an object: nothing after it was read
	}
	for i := len(p.Path); i > 0; i-- {
		if i == len(p.Path) || p.Path[i] == '.' || p.Path[i] == '[' {
			if l.shapeBad[p.Path[:i]] {
				return
			}
		}
	}
	l.problems.add(p)
}

// bad reports a problem with a value's meaning.
func (l *loader) bad(path, format string, args ...any) {
	l.report(&Problem{Path: path, Msg: fmt.Sprintf(format, args...), Err: ErrValue})
}

// badErr reports every problem err holds, placed under the JSON path at.
func (l *loader) badErr(at string, err error) {
	for _, e := range leaves(err) {
		l.report(problemOf(at, e))
	}
}

// decode is the keys-and-types phase, then the decoding of what it
// approved. It reports false when the document is not JSON at all.
func (l *loader) decode(data []byte) bool {
	if checkShape(data, reflect.TypeFor[File](), &l.problems) {
		return false
	}
	l.shapeBad = make(map[string]bool, len(l.problems.problems))
	for _, p := range l.problems.problems {
		l.shapeBad[p.Path] = true
	}
	// encoding/json skips a value that does not fit and fills in the rest;
	// every such value was reported above.
	var te *json.UnmarshalTypeError
	if err := json.Unmarshal(data, l.file); err != nil && !errors.As(err, &te) {
		l.report(&Problem{Msg: err.Error(), Err: fmt.Errorf("%w: %w", ErrSyntax, err)})
		return false
	}
	return true
}

func (l *loader) loadHome() {
	l.home = l.opts.Home
	if l.home == "" {
		h, err := os.UserHomeDir()
		if err != nil {
			l.report(&Problem{Msg: fmt.Sprintf("the home folder, which ~ stands for, is unknown: %v", err), Err: ErrValue})
		}
		l.home = h
	}
}

func (l *loader) loadSettings() {
	f := l.file
	if f.Version != Version {
		l.bad("version", "%d is not a version this toolgate reads (want %d)", f.Version, Version)
	}
	if !f.Mode.Valid() {
		l.bad("mode", "%q is not a mode (want allow, ask or deny)", f.Mode)
	}
	if f.Interaction != "" && !f.Interaction.Valid() {
		l.bad("interaction", "%q is not an interaction (want attended or unattended)", f.Interaction)
	}
	l.surfaces = map[policy.Surface]policy.Interaction{}
	names := make([]string, 0, len(policy.Surfaces()))
	for _, s := range policy.Surfaces() {
		names = append(names, string(s))
	}
	for _, s := range slices.Sorted(maps.Keys(f.Surfaces)) {
		at := key("surfaces", string(s))
		if !s.Valid() {
			l.bad(at, "not a surface; want one of %s%s", strings.Join(names, ", "), suggest.Phrase(string(s), names))
			continue
		}
		if i := f.Surfaces[s].Interaction; !i.Valid() {
			l.bad(at+".interaction", "%q is not an interaction (want attended or unattended)", i)
		} else {
			l.surfaces[s] = i
		}
	}
}

// loadRoots builds the root set. When some roots are invalid, the set of
// the others stands in for it, so that the phases after it (agents,
// session approvals) still check what they can.
func (l *loader) loadRoots() {
	rs := make([]roots.Root, len(l.file.Roots))
	broken := map[int]bool{}
	for i, r := range l.file.Roots {
		if r.Path == "" {
			l.bad(index("roots", i)+".path", "a root needs a path")
			broken[i] = true
		}
		r.Path = absPath(r.Path, l.dir, l.home)
		rs[i] = r
	}
	set, err := roots.NewSet(rs)
	if err == nil && len(broken) == 0 {
		l.set, l.rootsOK = set, true
		return
	}
	l.badErr("roots", err)
	for _, e := range leaves(err) {
		var re *roots.RootError
		if errors.As(e, &re) && re.Index >= 0 {
			broken[re.Index] = true
		}
	}
	var good []roots.Root
	for i, r := range rs {
		if !broken[i] {
			good = append(good, r)
		}
	}
	if len(good) > 0 && !slices.ContainsFunc(good, func(r roots.Root) bool { return r.Primary }) {
		good[0].Primary = true
	}
	l.set, _ = roots.NewSet(good) // nil when even these fail
}

// loadTools registers every valid tool, so that the phases after it that
// name a tool report only their own problems.
func (l *loader) loadTools() {
	l.tools = new(toolmeta.Registry)
	for _, name := range slices.Sorted(maps.Keys(l.file.Tools)) {
		if err := l.tools.Register(map[string]toolmeta.Metadata{name: l.file.Tools[name]}); err != nil {
			l.badErr("tools", err)
		}
	}
}

// listed reports whether the file names the tool, valid or not: an invalid
// tool's own problem is reported by loadTools, not again for what names it.
func (l *loader) listed(tool string) bool {
	_, ok := l.file.Tools[tool]
	return ok
}

// unknownTool describes a tool name the file does not define.
func (l *loader) unknownTool(tool string) string {
	return fmt.Sprintf("%q is not a tool of this policy%s", tool, suggest.Phrase(tool, slices.Sorted(maps.Keys(l.file.Tools))))
}

func (l *loader) loadRules() {
	err := policy.ValidateRules("rules", policyRules(l.file.Rules))
	l.badErr("", err)
	l.rulesOK = err == nil
}

// hardlinePattern reads hardline.New's report of one bad sensitive path,
// credentialPattern its report of one bad credential.
var (
	hardlinePattern   = regexp.MustCompile(`^hardline: Config\.SensitivePaths\[(\d+)\] (.*)$`)
	credentialPattern = regexp.MustCompile(`^hardline: Config\.Credentials\[(\d+)\]\.(Env|Hosts)(?:\[(\d+)\])?:?( .*)$`)
)

func (l *loader) loadHardline() {
	if l.home == "" {
		return // reported by loadHome
	}
	// The policy's own catalogue entries are checked on their own, so each
	// problem keeps its path (commands[2].operands[0].role).
	commands := l.file.Commands
	if err := hardline.ValidateCommands(commands); err != nil {
		for _, e := range leaves(err) {
			var ee *hardline.EntryError
			if errors.As(e, &ee) {
				l.report(&Problem{Path: ee.Path, Msg: ee.Problem, Err: e})
			} else {
				l.report(&Problem{Path: "commands", Msg: e.Error(), Err: e})
			}
		}
		commands = nil
	}
	// The secrets' variables are credentials to the analyser; a secret
	// without one is reported by loadSecrets.
	var creds []hardline.Credential
	var credAt []int // the secret each credential is
	for i, s := range l.file.Secrets {
		if s.Env != "" {
			creds = append(creds, hardline.Credential{Env: s.Env, Hosts: s.Hosts})
			credAt = append(credAt, i)
		}
	}
	hard, err := hardline.New(hardline.Config{SensitivePaths: l.file.Hardline.SensitivePaths, Home: l.home, Commands: commands, Credentials: creds})
	for _, e := range leaves(err) {
		if m := hardlinePattern.FindStringSubmatch(e.Error()); m != nil {
			i, _ := strconv.Atoi(m[1])
			l.report(&Problem{Path: index("hardline.sensitivePaths", i), Msg: m[2], Err: e})
			continue
		}
		if m := credentialPattern.FindStringSubmatch(e.Error()); m != nil {
			i, _ := strconv.Atoi(m[1])
			at := index("secrets", credAt[i])
			switch {
			case m[2] == "Env":
				at += ".env"
			case m[3] != "":
				j, _ := strconv.Atoi(m[3])
				at = index(at+".hosts", j)
			default:
				at += ".hosts"
			}
			l.report(&Problem{Path: at, Msg: strings.TrimPrefix(m[4], " "), Err: e})
			continue
		}
		l.report(&Problem{Path: "hardline", Msg: e.Error(), Err: e})
	}
	l.hard = hard
}

func (l *loader) loadSecrets() {
	seen := map[string]bool{}
	for i, s := range l.file.Secrets {
		at := index("secrets", i)
		switch {
		case s.Name == "":
			l.bad(at+".name", "a secret needs a name")
		case seen[s.Name]:
			l.bad(at+".name", "%q is used twice", s.Name)
		default:
			seen[s.Name] = true
			l.secrets = append(l.secrets, s.Name)
		}
		if s.Env == "" {
			l.bad(at+".env", "a secret needs the environment variable that holds it")
		}
	}
	slices.Sort(l.secrets)
}

func (l *loader) loadStandingApprovals() {
	l.approvals = policy.NewApprovals()
	ids := map[string]bool{}
	for i, s := range l.file.StandingApprovals {
		at := index("standingApprovals", i)
		if _, ok := l.tools.Lookup(s.Tool); !ok && l.listed(s.Tool) {
			continue // the tool's own problem is reported by loadTools
		}
		if s.ID != "" && ids[s.ID] {
			l.bad(at+".id", "%q is used twice", s.ID)
			continue
		}
		if err := l.approvals.AddStanding(s, l.tools); err != nil {
			l.badErr(at, err)
			continue
		}
		ids[s.ID] = true
		l.standing = append(l.standing, s.ID)
	}
}

// loadAgents folds every agent's authority from the top level's.
func (l *loader) loadAgents() {
	f := l.file
	top := policy.Authority{
		Mode:              f.Mode,
		AllTools:          true,
		Interaction:       f.Interaction,
		StandingApprovals: l.standing,
		Secrets:           l.secrets,
		MayDelegate:       true,
	}
	if l.set != nil {
		top.Roots = l.set.Roots()
	}
	if l.rulesOK {
		top.Rules = policyRules(f.Rules) // else reported by loadRules, and not again for every agent
	}
	defs := make(map[string]delegation.Definition, len(f.Agents))
	for id, d := range f.Agents {
		defs[id] = resolveAgentRoots(d, l.dir, l.home)
	}
	agents, narrowings, err := delegation.Fold(top, defs, l.tools)
	l.narrowings = narrowings
	l.badAgents = map[string]bool{}
	for _, e := range leaves(err) {
		var fe *delegation.FieldError
		if errors.As(e, &fe) {
			l.badAgents[fe.Agent] = true
			if errors.Is(e, delegation.ErrUnknownTool) && l.listed(l.agentTool(fe.Agent, fe.Field)) {
				continue // the file defines the tool; its own problem is reported by loadTools
			}
		}
		l.report(problemOf("agents", e))
	}
	l.agents = agents
}

// agentTool returns the tool name at field ("tools[i]") of an agent's
// definition, or "".
func (l *loader) agentTool(agent, field string) string {
	var i int
	if _, err := fmt.Sscanf(field, "tools[%d]", &i); err != nil {
		return ""
	}
	if tools := l.file.Agents[agent].Tools; i >= 0 && i < len(tools) {
		return tools[i]
	}
	return ""
}

// buildEngine builds the engine from what the phases before could read. A
// file with problems gets an engine too, from its valid parts only, for
// loadSessionApprovals to bind the approvals it can; it is never returned.
func (l *loader) buildEngine() {
	f := l.file
	cfg := policy.Config{
		Mode:              f.Mode,
		Interaction:       f.Interaction,
		Surfaces:          l.surfaces,
		Tools:             l.tools,
		Home:              l.home,
		Hardline:          l.hard,
		Agents:            l.agents,
		SessionApprovals:  l.approvals,
		StandingApprovals: l.approvals,
		BindingKey:        l.opts.BindingKey,
	}
	if l.set != nil {
		l.live = roots.NewLive(l.set)
		cfg.Roots = l.live
	}
	if l.rulesOK {
		cfg.Rules = policyRules(f.Rules)
	}
	if !cfg.Mode.Valid() {
		cfg.Mode = policy.ModeDeny // reported by loadSettings; binding judges targets before the mode
	}
	if cfg.Interaction != "" && !cfg.Interaction.Valid() {
		cfg.Interaction = ""
	}
	if l.home == "" {
		return // reported by loadHome
	}
	e, err := policy.New(cfg)
	l.badErr("", err)
	l.engine = e
}

// loadSessionApprovals checks each of the file's session approvals and
// binds it by evaluating the call it describes (see bindSession).
func (l *loader) loadSessionApprovals() {
	f := l.file
	for i, s := range f.SessionApprovals {
		at := index("sessionApprovals", i)
		ok := true
		if s.Session == "" {
			l.bad(at+".session", "a session approval needs a session")
			ok = false
		}
		switch {
		case s.Tool == "":
			l.bad(at+".tool", "a session approval names one tool")
			ok = false
		case !l.listed(s.Tool):
			l.bad(at+".tool", "%s", l.unknownTool(s.Tool))
			ok = false
		}
		if _, known := f.Agents[s.Agent]; s.Agent != "" && !known {
			l.bad(at+".agent", "%q is not an agent of this policy%s", s.Agent, suggest.Phrase(s.Agent, slices.Sorted(maps.Keys(f.Agents))))
			ok = false
		}
		m, valid := l.tools.Lookup(s.Tool)
		switch {
		case !ok || !valid || l.engine == nil:
			continue // reported above, or by the phase the approval builds on
		case s.Agent != "" && (l.badAgents[s.Agent] || l.agents == nil):
			continue // the agent's own problems are reported by loadAgents
		case !l.rootsOK && (len(m.PathArguments) > 0 || m.WorkdirArgument != ""):
			continue // its paths are judged against roots that did not load
		}
		b, field, err := bindSession(l.engine, m, s)
		if err == nil {
			err = l.approvals.AddSession(b)
		}
		if err != nil {
			l.report(&Problem{Path: join(at, field), Msg: err.Error(), Err: fmt.Errorf("%w: %w", ErrValue, err)})
		}
	}
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
