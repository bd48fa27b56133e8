package policy

import (
	"errors"
	"fmt"
	"os"
	"os/user"
	"path/filepath"
	"strings"
	"sync/atomic"

	"github.com/toolgate/toolgate/hardline"
	"github.com/toolgate/toolgate/roots"
	"github.com/toolgate/toolgate/toolmeta"
)

// Engine decides tool calls. It is built once from a Config by New and is
// safe for concurrent use by any number of goroutines; Evaluate never
// panics and never blocks on I/O other than the file-system lookups that
// path resolution needs.
type Engine struct {
	interaction Interaction
	surfaces    map[Surface]Interaction
	roots       RootSource
	tools       ToolSource
	hard        *hardline.Analyzer
	home        string
	top         *principal
	agents      map[string]*principal
	session     SessionApprovals
	standing    StandingApprovals
}

// principal is one prepared Authority: the top level or a delegated agent.
type principal struct {
	id          string // "" for the top level
	mode        Mode
	allTools    bool
	tools       map[string]bool
	rules       []compiledRule
	roots       *roots.Set // nil for the top level: the engine's roots apply
	interaction Interaction
	standing    map[string]bool // held standing approvals; nil for the top level
	env         atomic.Pointer[shellEnv]
}

// shellEnv is the hardline environment derived from one roots snapshot.
type shellEnv struct {
	set *roots.Set
	env hardline.Env
}

var emptyRoots = func() *roots.Set {
	s, err := roots.NewSet(nil)
	if err != nil {
		panic(err)
	}
	return s
}()

// New validates cfg and prepares an Engine. It reports every problem at
// once, one to a line, each naming the field at fault.
func New(cfg Config) (*Engine, error) {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }

	if !cfg.Mode.Valid() {
		bad("mode: %q is not a mode (want allow, ask or deny)", cfg.Mode)
	}
	e := &Engine{
		interaction: cfg.Interaction,
		surfaces:    make(map[Surface]Interaction, len(cfg.Surfaces)),
		roots:       cfg.Roots,
		tools:       cfg.Tools,
		hard:        cfg.Hardline,
		agents:      make(map[string]*principal, len(cfg.Agents)),
		session:     cfg.SessionApprovals,
		standing:    cfg.StandingApprovals,
	}
	if e.interaction == "" {
		e.interaction = Attended
	} else if !e.interaction.Valid() {
		bad("interaction: %q is not an interaction (want attended or unattended)", cfg.Interaction)
	}
	for s, i := range cfg.Surfaces {
		if !s.Valid() {
			bad("surfaces: %q is not a surface", s)
		}
		if !i.Valid() {
			bad("surfaces.%s.interaction: %q is not an interaction (want attended or unattended)", s, i)
		}
		e.surfaces[s] = i
	}
	if e.roots == nil {
		e.roots = emptyRoots
	}
	if e.tools == nil {
		bad("tools: a tool source is required")
	}
	rules, err := compileRules("rules", cfg.Rules)
	if err != nil {
		errs = append(errs, err)
	}
	e.top = &principal{mode: cfg.Mode, allTools: true, rules: rules}
	for id, a := range cfg.Agents {
		p, err := e.prepareAgent(id, a, cfg.Mode)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		e.agents[id] = p
	}
	e.home = cfg.Home
	if e.home == "" {
		home, err := os.UserHomeDir()
		if err == nil {
			e.home, err = filepath.Abs(home)
		}
		if err != nil {
			bad("home: not given and the home folder is unknown: %v", err)
		}
	} else if !filepath.IsAbs(e.home) {
		bad("home: %q is not an absolute path", e.home)
	}
	if e.hard == nil && e.home != "" {
		var err error
		if e.hard, err = hardline.New(hardline.Config{Home: e.home}); err != nil {
			bad("hardline: %v", err)
		}
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return e, nil
}

func (e *Engine) prepareAgent(id string, a Authority, topMode Mode) (*principal, error) {
	var errs []error
	field := "agents." + id
	if id == "" {
		errs = append(errs, errors.New("agents: an agent id must not be empty"))
	}
	if !a.Mode.Valid() {
		errs = append(errs, fmt.Errorf("%s.mode: %q is not a mode", field, a.Mode))
	}
	if a.Interaction != "" && !a.Interaction.Valid() {
		errs = append(errs, fmt.Errorf("%s.interaction: %q is not an interaction", field, a.Interaction))
	}
	rules, err := compileRules(field+".rules", a.Rules)
	if err != nil {
		errs = append(errs, err)
	}
	set, err := roots.NewSet(a.Roots)
	if err != nil {
		errs = append(errs, fmt.Errorf("%s.roots: %w", field, err))
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	p := &principal{
		id: id,
		// An agent is never wider than the top level, whatever it was given.
		mode:        StricterMode(topMode, a.Mode),
		allTools:    a.AllTools,
		tools:       make(map[string]bool, len(a.Tools)),
		rules:       rules,
		roots:       set,
		interaction: a.Interaction,
		standing:    make(map[string]bool, len(a.StandingApprovals)),
	}
	for _, t := range a.Tools {
		p.tools[t] = true
	}
	for _, s := range a.StandingApprovals {
		p.standing[s] = true
	}
	return p, nil
}

// verdictState accumulates the strictest verdict and the source that first
// produced it.
type verdictState struct {
	v      Verdict
	reason Reason
	rule   string
	msg    string
}

// tighten records (v, reason, rule) when v is stricter than what is held.
func (s *verdictState) tighten(v Verdict, reason Reason, rule, msg string) {
	if v.Stricter(s.v) {
		s.v, s.reason, s.rule, s.msg = v, reason, rule, msg
	}
}

// Evaluate decides one call, following the evaluation order of the
// security model and stopping at the first hard denial:
//
//  1. the call is well formed, the tool known and its metadata valid;
//  2. hardline command and sensitive-path blocks;
//  3. canonical resolution of every path argument and root access;
//  4. the delegated agent's authority;
//  5. the permission mode;
//  6. tool and category rules and the tool's approval default;
//  7. session approvals;
//  8. task-scoped standing approvals;
//  9. the Decision.
//
// The strictest verdict of every source wins; approvals lift only
// approval-required, never deny.
func (e *Engine) Evaluate(c Call) (d Decision) {
	defer func() {
		if r := recover(); r != nil {
			d = Decision{ID: c.ID, Verdict: Deny, Reason: ReasonCallInvalid, Interaction: Unattended,
				Message: fmt.Sprintf("internal error while evaluating: %v", r)}
		}
	}()
	d = e.evaluate(&c)
	d.HumanRequired = d.Verdict == ApprovalRequired
	return d
}

func (e *Engine) evaluate(c *Call) Decision {
	d := Decision{ID: c.ID, Verdict: Deny, Interaction: e.interaction}

	// Step 1: the call, the surface, the agent and the tool.
	if c.Tool == "" {
		return deny(d, ReasonCallInvalid, "", "the call names no tool")
	}
	if c.Surface != "" {
		si, ok := e.surfaceInteraction(c.Surface)
		if !ok {
			return deny(d, ReasonCallInvalid, "", "unknown surface "+quote(string(c.Surface)))
		}
		d.Interaction = si
	}
	p := e.top
	if c.Agent == "" && c.Surface == SurfaceSubAgent {
		// A sub-agent's call that names no agent would otherwise get the
		// top-level authority.
		return deny(d, ReasonAgentUnknown, "", "a call from the sub-agent surface names no agent")
	}
	if c.Agent != "" {
		ap, ok := e.agents[c.Agent]
		if !ok {
			// The agent check belongs to step 4, but an unknown agent has no
			// authority at all: nothing before it could allow the call.
			return deny(d, ReasonAgentUnknown, "", "unknown agent "+quote(c.Agent))
		}
		p = ap
		if p.interaction != "" {
			d.Interaction = StricterInteraction(d.Interaction, p.interaction)
		}
	}
	var st verdictState
	st.v = Allow
	meta, known := e.tools.Lookup(c.Tool)
	if !known {
		return e.unknownTool(d, c, p, ReasonToolUnknown, "no security metadata is known for tool "+quote(c.Tool))
	}
	if err := meta.Validate(); err != nil {
		return e.unknownTool(d, c, p, ReasonToolInvalidMetadata, "tool "+quote(c.Tool)+" has invalid metadata: "+err.Error())
	}
	d.Risk = meta.Risk

	// Arguments: the command text, the target, every path.
	args, err := collectArgs(c, &meta)
	if err != nil {
		return deny(d, ReasonCallInvalid, "", err.Error())
	}
	set := e.roots.Snapshot()
	if set == nil {
		set = emptyRoots
	}
	writes := meta.Risk != toolmeta.RiskRead
	if n := len(args.paths) + btoi(args.hasCommand) + btoi(args.hasTarget); n > 0 {
		d.Targets = make([]Target, 0, n)
	}
	if args.hasCommand {
		d.Targets = append(d.Targets, Target{Argument: meta.CommandArgument, Value: args.command})
	}
	if args.hasTarget {
		d.Targets = append(d.Targets, Target{Argument: meta.TargetArgument, Value: args.target})
	}
	type resolved struct {
		t   roots.Target
		err error
	}
	var res []resolved
	pathTargets := len(d.Targets) // the paths' targets follow the command's and the target's
	if len(args.paths) > 0 {
		res = make([]resolved, len(args.paths))
		for i, pa := range args.paths {
			t, err := set.Resolve(e.expandHome(pa.value))
			t.Value = pa.value
			res[i] = resolved{t, err}
			d.Targets = append(d.Targets, Target{Argument: pa.arg, Value: pa.value, Resolved: t.Resolved,
				Root: t.Root.ID, Access: t.Access})
		}
	}

	// Step 2: hardline blocks, in every mode.
	for _, r := range res {
		if r.t.Resolved == "" {
			continue
		}
		if rule, hit := e.hard.SensitivePath(r.t.Resolved); hit {
			return deny(d, ReasonHardlinePath, rule, "path "+quote(r.t.Value)+" is a sensitive host path ("+r.t.Resolved+")")
		}
	}
	if args.hasCommand {
		if f, ok := e.hard.Command(args.command, p.shellEnv(set)).Worst(); ok {
			if f.Severity == hardline.Block {
				return deny(d, hardlineReason(f.Kind), f.Rule, f.Detail)
			}
			st.tighten(ApprovalRequired, hardlineReason(f.Kind), f.Rule, f.Detail)
		}
	}

	// Step 3: canonical resolution and root access.
	for i, r := range res {
		v := args.paths[i].value
		switch {
		case errors.Is(r.err, roots.ErrOutsideRoots):
			return deny(d, ReasonRootOutside, "", "path "+quote(v)+" is outside every root")
		case r.err != nil:
			return deny(d, ReasonRootUnresolvable, "", "path "+quote(v)+" cannot be resolved: "+r.err.Error())
		case writes && !r.t.Access.CanWrite():
			return deny(d, ReasonRootReadOnly, "", "path "+quote(v)+" is in read-only root "+quote(r.t.Root.ID))
		}
	}

	// Step 4: the delegated agent's authority.
	if p.id != "" {
		if !p.allTools && !p.tools[c.Tool] {
			return deny(d, ReasonDelegationTool, "", "agent "+quote(p.id)+" does not hold tool "+quote(c.Tool))
		}
		for i, r := range res {
			root, ok := p.roots.Contains(r.t.Resolved)
			v := args.paths[i].value
			if !ok {
				return deny(d, ReasonDelegationRoot, "", "path "+quote(v)+" is outside the roots agent "+quote(p.id)+" holds")
			}
			if writes && !root.Access.CanWrite() {
				return deny(d, ReasonRootReadOnly, "", "path "+quote(v)+" is read-only for agent "+quote(p.id))
			}
			d.Targets[pathTargets+i].Access = root.Access
		}
	}

	// Step 5: the mode.
	switch p.mode {
	case ModeAllow:
		st.tighten(Allow, ReasonModeAllow, "", "")
	case ModeAsk:
		if meta.Risk == toolmeta.RiskRead {
			st.tighten(Allow, ReasonModeAllow, "", "")
		} else {
			st.tighten(ApprovalRequired, ReasonModeAsk, "", "")
		}
	default:
		return deny(d, ReasonModeDeny, "", "deny mode executes no tool")
	}
	if st.reason == "" {
		st.reason = ReasonModeAllow
	}

	// Step 6: stricter rules, then the tool's own default.
	if r, ok := p.matchRule(c.Tool, &meta); ok {
		if r.decision == RuleDeny {
			return deny(d, ReasonRuleDeny, r.id, "denied by rule "+quote(r.id))
		}
		st.tighten(ApprovalRequired, ReasonRuleAsk, r.id, "")
	}
	switch meta.ApprovalDefault {
	case toolmeta.DefaultDeny:
		return deny(d, ReasonToolDefaultDeny, "", "tool "+quote(c.Tool)+" denies by default")
	case toolmeta.DefaultAsk:
		st.tighten(ApprovalRequired, ReasonToolDefaultAsk, "", "")
	}

	// Steps 7 and 8: approvals lift approval-required, never deny.
	if st.v == ApprovalRequired {
		if c.Session != "" && e.session != nil &&
			e.session.SessionApproved(c.Session, Binding{Tool: c.Tool, Agent: c.Agent, Target: TargetKey(d.Targets)}) {
			st.v, st.reason, st.rule, st.msg = Allow, ReasonApprovalSession, "", "approved for this session"
		} else if id, ok := e.standingApproval(c, p, &meta, &args); ok {
			st.v, st.reason, st.rule, st.msg = Allow, ReasonApprovalStanding, "", "a standing approval of the task"
			d.Approval = id
		}
	}

	// Step 9. Messages that need formatting are made only for the
	// decision that is returned.
	d.Verdict, d.Reason, d.Rule, d.Message = st.v, st.reason, st.rule, st.msg
	if d.Message == "" && d.Verdict == ApprovalRequired {
		switch d.Reason {
		case ReasonModeAsk:
			d.Message = "ask mode requires approval for a call of risk " + string(meta.Risk)
		case ReasonRuleAsk:
			d.Message = "rule " + quote(d.Rule) + " requires approval"
		case ReasonToolDefaultAsk:
			d.Message = "tool " + quote(c.Tool) + " asks for approval by default"
		}
	}
	return d
}

// unknownTool finishes a call whose tool has no valid metadata: approval is
// required, or the call is denied by deny mode, a delegated agent that
// does not hold the tool, or a rule that names it. No approval lifts it:
// without metadata there is no target to bind an approval to.
func (e *Engine) unknownTool(d Decision, c *Call, p *principal, reason Reason, msg string) Decision {
	if p.mode != ModeAllow && p.mode != ModeAsk {
		return deny(d, reason, "", msg)
	}
	if p.id != "" && !p.allTools && !p.tools[c.Tool] {
		return deny(d, ReasonDelegationTool, "", "agent "+quote(p.id)+" does not hold tool "+quote(c.Tool))
	}
	if r, ok := p.matchRule(c.Tool, nil); ok && r.decision == RuleDeny {
		return deny(d, ReasonRuleDeny, r.id, "denied by rule "+quote(r.id))
	}
	d.Verdict, d.Reason, d.Message = ApprovalRequired, reason, msg
	return d
}

func (e *Engine) standingApproval(c *Call, p *principal, meta *toolmeta.Metadata, args *callArgs) (string, bool) {
	if e.standing == nil || c.Task == "" || meta.Risk != toolmeta.RiskExternal || meta.TargetArgument == "" ||
		!args.hasTarget || args.target == "" {
		return "", false
	}
	id, ok := e.standing.StandingApproval(c.Task, c.Tool, args.target)
	if !ok || (p.standing != nil && !p.standing[id]) {
		return "", false
	}
	return id, true
}

func (e *Engine) surfaceInteraction(s Surface) (Interaction, bool) {
	if !s.Valid() {
		return "", false
	}
	if i, ok := e.surfaces[s]; ok {
		return i, true
	}
	return e.interaction, true
}

// expandHome reads a leading "~" as the home folder and "~name" as the
// home folder of the user called name, as shells and many tools do; so are
// a leading $HOME or ${HOME}, and a file:// URL is read as its path. Where a
// tool would not expand them, the expanded reading is the stricter one: the
// literal folder would lie inside the primary root.
func (e *Engine) expandHome(p string) string {
	if p == "" {
		return p
	}
	// A file URL names the path it holds, for a tool that takes URLs.
	if rest, ok := strings.CutPrefix(p, "file://"); ok {
		rest = strings.TrimPrefix(rest, "localhost")
		if strings.HasPrefix(rest, "/") {
			return e.expandHome(rest)
		}
	}
	// $HOME and ${HOME}, for a tool that expands them as a shell would.
	for _, v := range [...]string{"$HOME", "${HOME}"} {
		if rest, ok := strings.CutPrefix(p, v); ok && e.home != "" && (rest == "" || rest[0] == '/' || rest[0] == filepath.Separator) {
			return e.home + rest
		}
	}
	if e.home == "" || p[0] != '~' {
		return p
	}
	name, rest := p[1:], ""
	if i := strings.IndexAny(name, `/\`); i >= 0 && (name[i] == '/' || filepath.Separator == '\\') {
		name, rest = name[:i], name[i:]
	}
	if name == "" {
		return e.home + rest
	}
	if u, err := user.Lookup(name); err == nil && u.HomeDir != "" {
		return u.HomeDir + rest
	}
	return p
}

// shellEnv returns the hardline environment for the roots in force,
// rebuilding it only when the roots change.
func (p *principal) shellEnv(set *roots.Set) hardline.Env {
	if c := p.env.Load(); c != nil && c.set == set {
		return c.env
	}
	var env hardline.Env
	if pr, ok := set.Primary(); ok {
		env.WorkDir = pr.Path
	}
	held := set
	if p.roots != nil {
		held = p.roots
	}
	for _, r := range held.Roots() {
		writable := r.Access.CanWrite()
		if p.roots != nil {
			// A delegated agent writes only where both it and the live
			// roots allow.
			if top, ok := set.Contains(r.Path); !ok || !top.Access.CanWrite() {
				writable = false
			}
		}
		env.Roots = append(env.Roots, hardline.Root{Path: r.Path, Writable: writable})
	}
	env.Canonical = set.Canonical
	p.env.Store(&shellEnv{set: set, env: env})
	return env
}

func hardlineReason(k hardline.Kind) Reason {
	switch k {
	case hardline.Path:
		return ReasonHardlinePath
	case hardline.Dynamic:
		return ReasonHardlineDynamic
	}
	return ReasonHardlineCommand
}

func deny(d Decision, reason Reason, rule, msg string) Decision {
	d.Verdict, d.Reason, d.Rule, d.Message = Deny, reason, rule, msg
	return d
}

func quote(s string) string {
	if len(s) > 200 {
		s = s[:200] + "..."
	}
	return fmt.Sprintf("%q", s)
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// collectArgs reads the arguments the metadata declares.
type pathArg struct{ arg, value string }

type callArgs struct {
	command    string
	hasCommand bool
	target     string
	hasTarget  bool
	paths      []pathArg
}

func collectArgs(c *Call, m *toolmeta.Metadata) (callArgs, error) {
	var a callArgs
	if m.CommandArgument != "" {
		v, ok := c.Args[m.CommandArgument]
		if !ok {
			return a, fmt.Errorf("argument %q: the command is missing", m.CommandArgument)
		}
		s, ok := v.(string)
		if !ok {
			return a, fmt.Errorf("argument %q: the command must be a string, not %T", m.CommandArgument, v)
		}
		a.command, a.hasCommand = s, true
	}
	if m.TargetArgument != "" {
		if v, ok := c.Args[m.TargetArgument]; ok {
			s, ok := v.(string)
			if !ok {
				return a, fmt.Errorf("argument %q: the target must be a string, not %T", m.TargetArgument, v)
			}
			a.target, a.hasTarget = s, true
		}
	}
	for _, name := range m.PathArguments {
		v, ok := c.Args[name]
		if !ok || v == nil {
			if m.Risk == toolmeta.RiskWriteLocal {
				// A write whose target is not given cannot be checked.
				return a, fmt.Errorf("argument %q: a %s tool's path is missing", name, m.Risk)
			}
			continue
		}
		var n int
		switch v := v.(type) {
		case string:
			n = 1
		case []string:
			n = len(v)
		case []any:
			n = len(v)
		default:
			return a, fmt.Errorf("argument %q: a path must be a string or a list of strings, not %T", name, v)
		}
		// The bound is checked before any path is collected.
		if len(a.paths)+n > MaxPathsPerCall {
			return a, fmt.Errorf("the call names more than %d paths, the most one call may check", MaxPathsPerCall)
		}
		switch v := v.(type) {
		case string:
			a.paths = append(a.paths, pathArg{name, v})
		case []string:
			for _, s := range v {
				a.paths = append(a.paths, pathArg{name, s})
			}
		case []any:
			for i, x := range v {
				s, ok := x.(string)
				if !ok {
					return a, fmt.Errorf("argument %q[%d]: a path must be a string, not %T", name, i, x)
				}
				a.paths = append(a.paths, pathArg{name, s})
			}
		}
	}
	return a, nil
}

// MaxPathsPerCall bounds the path values one call may carry, so that a call
// cannot make one evaluation resolve paths without end. A call over it is
// denied as malformed.
const MaxPathsPerCall = 4096

// approvalTarget is what a session approval must match: the exact command
// text of an exec tool, the target of a tool with a target argument, the
// single path as written, or "" for a tool that declares no argument.
func (a *callArgs) approvalTarget(m *toolmeta.Metadata) (string, bool) {
	switch {
	case m.CommandArgument != "":
		return a.command, a.hasCommand
	case m.TargetArgument != "":
		return a.target, a.hasTarget
	case len(m.PathArguments) > 0:
		if len(a.paths) == 1 {
			return a.paths[0].value, true
		}
		return "", false
	}
	return "", true
}
