package policy

import (
	"cmp"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
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
	bindingKey  []byte
}

// principal is one prepared Authority: the top level or a delegated agent.
type principal struct {
	id          string // "" for the top level
	mode        Mode
	allTools    bool
	tools       map[string]bool
	rules       ruleSet
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
		bindingKey:  bindingKey,
	}
	if cfg.BindingKey != nil {
		if len(cfg.BindingKey) < 16 {
			bad("binding key: %d bytes, want at least 16", len(cfg.BindingKey))
		}
		e.bindingKey = slices.Clone(cfg.BindingKey)
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
// security model (docs/security-model.md, "Evaluation order") and stopping
// at the first hard denial:
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
	d = e.evaluate(c)
	d.HumanRequired = d.Verdict == ApprovalRequired
	return d
}

// evaluation is one call on its way through the nine steps. Each step
// either returns true to go on or settles ev.d and returns false.
type evaluation struct {
	e     *Engine
	c     Call
	d     Decision
	p     *principal
	meta  toolmeta.Metadata
	args  callArgs
	set   *roots.Set
	paths []resolvedPath // parallel to args.paths
	st    verdictState
	// budget bounds the file-system lookups of the whole call: every path
	// argument and every path the shell command names. Made only for a
	// call whose tool declares paths or a command (prepare).
	budget *roots.Budget
	// hardEnv is the shell analyser's environment for the call, made on
	// first use (analyserEnv), so that every reading of the call shares
	// one memo of lookups.
	hardEnv    hardline.Env
	hasHardEnv bool
	// runTime: a reading of the call's command found something asked
	// about that the command learns only as it runs
	// (hardline.Finding.RunTime), which no session approval binds.
	runTime bool
}

// pathScratch is what a call with paths needs, in one allocation: the
// lookup budget, and room for the common call's one path and its target.
// The decision's Targets may point into it, which keeps it alive as long
// as the caller keeps them.
type pathScratch struct {
	budget  roots.Budget
	args    [1]pathArg
	paths   [1]resolvedPath
	targets [1]Target
}

// prepare makes the lookup budget, and room for the paths, of a call to a
// tool that declares paths or a command. A call without either allocates
// nothing.
func (ev *evaluation) prepare() {
	m := &ev.meta
	switch {
	case len(m.PathArguments) > 0 || m.WorkdirArgument != "":
		sc := new(pathScratch)
		ev.args.paths, ev.paths, ev.budget = sc.args[:0], sc.paths[:0], &sc.budget
		ev.d.Targets = sc.targets[:0]
	case m.CommandArgument != "":
		ev.budget = new(roots.Budget)
	default:
		return
	}
	ev.budget.Max = MaxLookupsPerCall
}

// resolvedPath is one path argument after interpretation and resolution.
type resolvedPath struct {
	expanded string // the path the tool would open, before symlinks
	t        roots.Target
	err      error
	// others are the argument's other spellings (otherSpellings), each
	// read and resolved as the argument is; nil for the common path.
	others []otherReading
}

// otherReading is one other spelling of a path argument, resolved: the
// steps that judge the argument judge it too, the stricter winning.
type otherReading struct {
	spelling
	expanded string
	t        roots.Target
	err      error
	// foreign: the spelling is a file URL that names no local path (a
	// host, a query), so what the tool opens is not known; it asks.
	foreign error
}

func (e *Engine) evaluate(c Call) Decision {
	ev := evaluation{e: e, c: c, d: Decision{ID: c.ID, Verdict: Deny, Interaction: e.interaction}, p: e.top,
		st: verdictState{v: Allow}}
	if !ev.wellFormed() || // 1
		!ev.hardline() || // 2
		!ev.rootAccess() || // 3
		!ev.delegation() || // 4
		!ev.mode() || // 5
		!ev.rules() || // 6
		!ev.sessionApproval() || // 7
		!ev.standingApproval() { // 8
		return ev.d
	}
	return ev.decision() // 9
}

// stop settles the decision as a deny and ends the evaluation.
func (ev *evaluation) stop(reason Reason, rule, msg string) bool {
	ev.d = deny(ev.d, reason, rule, msg)
	return false
}

// wellFormed is step 1: the surface, the agent, the tool and its metadata,
// and the arguments the metadata declares. Paths are resolved here, once,
// because the steps after judge their canonical form.
func (ev *evaluation) wellFormed() bool {
	c, e := &ev.c, ev.e
	if c.Tool == "" {
		return ev.stop(ReasonCallInvalid, "", "the call names no tool")
	}
	if c.Surface != "" {
		si, ok := e.surfaceInteraction(c.Surface)
		if !ok {
			return ev.stop(ReasonCallInvalid, "", "unknown surface "+quote(string(c.Surface)))
		}
		ev.d.Interaction = si
	}
	if c.Agent == "" && c.Surface == SurfaceSubAgent {
		// A sub-agent's call that names no agent would otherwise get the
		// top-level authority.
		return ev.stop(ReasonAgentUnknown, "", "a call from the sub-agent surface names no agent")
	}
	if c.Agent != "" {
		ap, ok := e.agents[c.Agent]
		if !ok {
			// The agent check belongs to step 4, but an unknown agent has no
			// authority at all: nothing before it could allow the call.
			return ev.stop(ReasonAgentUnknown, "", "unknown agent "+quote(c.Agent))
		}
		ev.p = ap
		if ap.interaction != "" {
			ev.d.Interaction = StricterInteraction(ev.d.Interaction, ap.interaction)
		}
	}
	meta, known := e.tools.Lookup(c.Tool)
	if !known {
		ev.d = e.unknownTool(ev.d, c, ev.p, ReasonToolUnknown, "no security metadata is known for tool "+quote(c.Tool))
		return false
	}
	if err := meta.Validate(); err != nil {
		ev.d = e.unknownTool(ev.d, c, ev.p, ReasonToolInvalidMetadata, "tool "+quote(c.Tool)+" has invalid metadata: "+err.Error())
		return false
	}
	ev.meta, ev.d.Risk = meta, meta.Risk
	ev.set = e.roots.Snapshot()
	if ev.set == nil {
		ev.set = emptyRoots
	}
	var err error
	ev.prepare()
	if err = collectArgs(&ev.args, c, &ev.meta, ev.set); err != nil {
		return ev.stop(ReasonCallInvalid, "", err.Error())
	}
	ev.resolve()
	return true
}

// resolve interprets and resolves every path argument and lists the
// call's targets: the command, the target, then the paths in order.
func (ev *evaluation) resolve() {
	a := &ev.args
	if a.hasCommand {
		ev.d.Targets = append(ev.d.Targets, Target{Argument: ev.meta.CommandArgument, Value: a.command})
	}
	if a.hasTarget {
		ev.d.Targets = append(ev.d.Targets, Target{Argument: ev.meta.TargetArgument, Value: a.target})
	}
	if len(a.paths) == 0 {
		return
	}
	ev.paths = slices.Grow(ev.paths[:0], len(a.paths))[:len(a.paths)]
	for i, pa := range a.paths {
		r := &ev.paths[i]
		r.expanded, r.err = ev.e.interpretPath(pa.value)
		if r.err == nil {
			r.t, r.err = ev.resolveIn(r.expanded)
		}
		r.t.Value = pa.value
		if sp := pathSpellings(trimPath(pa.value)); sp != nil {
			r.others = ev.resolveOthers(sp)
		}
		ev.d.Targets = append(ev.d.Targets, Target{Argument: pa.arg, Value: pa.value, Resolved: r.t.Resolved,
			Root: r.t.Root.ID, Access: r.t.Access})
	}
}

// resolveOthers reads and resolves a path argument's other spellings as
// resolve reads the argument itself.
func (ev *evaluation) resolveOthers(sp []spelling) []otherReading {
	out := make([]otherReading, len(sp))
	for i, s := range sp {
		o := &out[i]
		o.spelling = s
		p, err := ev.e.readPath(s.text)
		if err != nil {
			o.foreign = err
			continue
		}
		o.expanded = p
		if processRelative(p) {
			o.err = ErrProcessRelative
			continue
		}
		o.t, o.err = ev.resolveIn(p)
	}
	return out
}

// resolveIn resolves an interpreted path in the call's roots, within the
// call's budget, for the argument and for each of its other spellings
// alike. One that resolves through a process-relative link, or to a
// process-relative path, names the evaluating process, not a file
// (ErrProcessRelative).
func (ev *evaluation) resolveIn(p string) (roots.Target, error) {
	t, err := ev.set.ResolveBudget(p, ev.budget)
	if err == nil && (t.ViaProcessLink || processRelativeResolved(t.Resolved)) {
		err = ErrProcessRelative
	}
	return t, err
}

// pathTargets returns the Targets of the path arguments, which follow the
// command's and the target's.
func (ev *evaluation) pathTargets() []Target {
	return ev.d.Targets[len(ev.d.Targets)-len(ev.paths):]
}

// globDirs, globEntries and globMatches bound the shell analyser's
// expansion of one pattern (roots.GlobLinks): the folders it lists, the
// entries of each, and the links it may match.
const (
	globDirs    = 64
	globEntries = 4096
	globMatches = 64
)

// listTreeLinks is Env.TreeLinks for every call: it holds nothing of the
// call (the memo would only spare the folders seen missing), so it costs
// no allocation when no command needs it.
func listTreeLinks(dir string) ([]string, error) {
	return roots.TreeLinks(dir, roots.GlobOptions{MaxDirs: treeDirs, MaxEntries: globEntries, MaxMatches: treeLinks})
}

// treeDirs and treeLinks bound the shell analyser's listing of the links
// below one folder a link-following reader reads (roots.TreeLinks): the
// folders it walks and the links it returns; globEntries bounds each
// folder's entries. Past them the command asks.
const (
	treeDirs  = 512
	treeLinks = 256
)

// hardline is step 2: sensitive host paths and destructive commands are
// denied in every mode; a command that cannot be read statically asks.
func (ev *evaluation) hardline() bool {
	for i := range ev.paths {
		r := &ev.paths[i]
		if rule, hit := ev.e.sensitive(r.expanded, r.t.Resolved, ev.set); hit {
			shown := r.t.Resolved
			if shown == "" {
				shown = r.expanded
			}
			return ev.stop(ReasonHardlinePath, rule, "path "+quote(r.t.Value)+" is a sensitive host path ("+shown+")")
		}
		// A tool that percent-decodes its argument, or reads a backslash
		// as a separator, opens another path: each such reading is judged
		// as the argument is, the stricter winning.
		for j := range r.others {
			o := &r.others[j]
			if o.foreign != nil {
				// It is a file URL that names no local path (a host, a
				// query): what such a tool opens is not known.
				ev.st.tighten(ApprovalRequired, ReasonHardlineDynamic, "", "path "+quote(r.t.Value)+" "+o.how+" is "+quote(o.text)+": "+o.foreign.Error())
				continue
			}
			if rule, hit := ev.e.sensitive(o.expanded, o.t.Resolved, ev.set); hit {
				return ev.stop(ReasonHardlinePath, rule, "path "+quote(r.t.Value)+" "+o.how+" is a sensitive host path ("+cmp.Or(o.t.Resolved, o.expanded)+")")
			}
		}
		// A path a tool may write is judged as the same write by a shell
		// would be (echo ... > PATH), whatever root holds it: a startup
		// file, a protected file or a device is denied, a git hook or a
		// repository's configuration needs approval. Any tool that is not
		// a reader may write its paths, as the roots read it (step 3).
		if ev.meta.Risk != toolmeta.RiskRead && !ev.args.paths[i].workdir {
			// The given and canonical readings, then the other spellings'.
			f, hit := ev.e.hard.WriteTarget(givenForm(r.expanded, r.t.Resolved, ev.set), r.t.Resolved)
			for _, o := range r.others {
				if o.foreign != nil {
					continue
				}
				if g, ok := ev.e.hard.WriteTarget(givenForm(o.expanded, o.t.Resolved, ev.set), o.t.Resolved); ok && (!hit || g.Severity > f.Severity) {
					f, hit = g, true
				}
			}
			if hit {
				msg := "path " + quote(r.t.Value) + " " + f.Detail + " (" + f.Path + ")"
				if f.Severity == hardline.Block {
					return ev.stop(hardlineReason(f.Kind), f.Rule, msg)
				}
				ev.st.tighten(ApprovalRequired, hardlineReason(f.Kind), f.Rule, msg)
			}
			if !ev.writtenText(r) {
				return false
			}
		}
	}
	if !ev.expandedPaths() {
		return false
	}
	if !ev.otherPaths() {
		return false
	}
	if !ev.args.hasCommand {
		return true
	}
	env := ev.analyserEnv()
	if wd, ok := ev.workdir(); ok {
		env.WorkDir = wd
	}
	// An environment the call gives the command (callEnv) is judged with
	// it, and is one of the call's targets, so an approval of the command
	// alone does not reach a call that sets LD_PRELOAD for it. Whether the
	// host hands the environment on is not known, so the command is judged
	// without it too, the stricter reading winning (HOME set elsewhere does
	// not make rm -rf ~ safe).
	judge := func(cmd string) hardline.Result {
		res := ev.e.hard.Command(cmd, env)
		ev.bindScripts(res.Scripts)
		for i := range res.Findings {
			ev.runTime = ev.runTime || res.Findings[i].RunTime
		}
		return res
	}
	plain := judge(ev.args.command)
	f, ok := plain.Worst()
	if assigns, from, fits := ev.callEnv(); !fits {
		ev.st.tighten(ApprovalRequired, ReasonHardlineDynamic, "", "the call gives the command an environment larger than can be judged")
	} else if len(assigns) > 0 {
		if g, hit := judge(withEnv(ev.args.command, assigns)).Worst(); hit && (!ok || g.Severity > f.Severity) {
			f, ok = g, true
		}
		ev.d.Targets = append(ev.d.Targets, envTarget(ev.e.bindingKey, assigns, from))
	}
	// A string the call gives the command may be its standard input
	// (callInputs), and one written as a path its working folder when the
	// tool declares none. One with which the command is found doing
	// something it does not do without it is also a target, so an
	// approval of the command alone does not reach it; one that changes
	// nothing (a description) binds nothing.
	if inputs, fits := ev.callInputs(); !fits {
		ev.st.tighten(ApprovalRequired, ReasonHardlineDynamic, "", "the call gives the command more input than can be judged")
	} else {
		var changed []string
		for _, name := range inputs {
			text := ev.c.Args[name].(string)
			readings := []hardline.Result{judge(withInput(ev.args.command, text))}
			if ev.meta.WorkdirArgument == "" && pathLike(text) {
				// A tool that declares no working folder may take one
				// under any name: the command is judged run there too,
				// the folder read as a path argument is ($HOME, ~, a file
				// URL), the stricter finding kept. A file URL readPath
				// refuses is not skipped unjudged: otherPaths reads the
				// same string as a path and asks about it.
				if dir, err := ev.e.readPath(text); err == nil {
					readings = append(readings, judge(withWorkdir(ev.args.command, dir)))
				}
			}
			if g, hit := strictestNew(plain, readings...); hit {
				changed = append(changed, name)
				f, ok = atLeastAsStrict(f, ok, g)
			}
		}
		if len(changed) > 0 {
			ev.d.Targets = append(ev.d.Targets, inputTarget(ev.e.bindingKey, changed, ev.c.Args))
		}
	}
	// A list the call gives the command may be its arguments (callArgv),
	// passed as an argument vector or joined into the line a shell reads;
	// a line a shell would refuse runs nothing, so its parse error is no
	// finding of the joined reading. A list with which the command is
	// found doing something it does not do without it is a target.
	if lists, fits := ev.callArgv(); !fits {
		ev.st.tighten(ApprovalRequired, ReasonHardlineDynamic, "", "the call gives the command more arguments than can be judged")
	} else {
		var changed []argvList
		for _, l := range lists {
			joined := judge(withArgv(ev.args.command, l.words, false))
			joined.Findings = slices.DeleteFunc(joined.Findings, func(f hardline.Finding) bool { return f.Rule == ruleParseError })
			if g, hit := strictestNew(plain, judge(withArgv(ev.args.command, l.words, true)), joined); hit {
				changed = append(changed, l)
				f, ok = atLeastAsStrict(f, ok, g)
			}
		}
		if len(changed) > 0 {
			ev.d.Targets = append(ev.d.Targets, argvTarget(ev.e.bindingKey, changed))
		}
	}
	if ok {
		if f.Severity == hardline.Block {
			return ev.stop(hardlineReason(f.Kind), f.Rule, f.Detail)
		}
		ev.st.tighten(ApprovalRequired, hardlineReason(f.Kind), f.Rule, f.Detail)
	}
	return true
}

// writtenText judges the text a tool that writes may put at the path r
// holds: each string argument the metadata does not declare (a write
// tool's content, an edit's new text) is judged as the same write by a
// shell would be (hardline.WrittenText, docs/security-model.md,
// Arguments): a script, makefile, package.json or another file a program
// runs later whose commands would be blocked needs approval, a git hook
// or another file a program runs by itself with such commands is denied.
// Each is also judged as an edit of the file as it is: appended to it,
// and put in place of each other such argument's text that the file
// holds (an edit tool's old and new strings, whatever their names), so a
// line inserted into a package.json's scripts is judged in the file.
// An argument that changes the decision is one of the call's targets, so
// an approval of a write does not reach another text. It reports false
// when it settled the decision (a deny).
func (ev *evaluation) writtenText(r *resolvedPath) bool {
	p := cmp.Or(r.t.Resolved, r.expanded)
	if ev.e.hard == nil || p == "" || len(ev.args.undeclared) == 0 {
		return true
	}
	var changed []string
	var worst hardline.Finding
	found := false
	note := func(res hardline.Result, names ...string) {
		if f, hit := res.Worst(); hit {
			for _, n := range names {
				if !slices.Contains(changed, n) {
					changed = append(changed, n)
				}
			}
			worst, found = atLeastAsStrict(worst, found, f)
		}
	}
	var texts []string // the names of the string arguments
	for _, k := range ev.args.undeclared {
		if _, ok := ev.c.Args[k].(string); ok {
			texts = append(texts, k)
		}
	}
	env := ev.analyserEnv()
	edits := ev.e.hard.MayRunText(p)
	if edits && len(texts) > maxEditTexts {
		ev.st.tighten(ApprovalRequired, ReasonHardlineDynamic, "undeclared-arguments",
			fmt.Sprintf("a tool that writes %s, a file a program may run, is given more than %d texts, which toolgate does not judge as its edits", quote(r.t.Value), maxEditTexts))
		edits = false
	}
	// As edits: each text appended to the file as it is, or put in place
	// of another argument's text the file holds (an edit tool's old and
	// new strings, whatever their names); names[i] are edit i's arguments.
	var list []hardline.Edit
	var names [][]string
	for _, k := range texts {
		text := ev.c.Args[k].(string)
		note(ev.e.hard.WrittenText(p, text, env), k)
		if !edits {
			continue
		}
		list, names = append(list, hardline.Edit{New: text}), append(names, []string{k})
		for _, o := range texts {
			if old := ev.c.Args[o].(string); old != "" {
				list, names = append(list, hardline.Edit{Old: old, New: text}), append(names, []string{o, k})
			}
		}
	}
	for i, res := range ev.e.hard.EditedText(p, list, env) {
		note(res, names[i]...)
	}
	if !found {
		return true
	}
	slices.Sort(changed)
	ev.d.Targets = append(ev.d.Targets, inputTarget(ev.e.bindingKey, changed, ev.c.Args))
	msg := "argument " + quote(strings.Join(changed, ", ")) + ", written at path " + quote(r.t.Value) + ": " + worst.Detail
	if worst.Severity == hardline.Block {
		return ev.stop(hardlineReason(worst.Kind), worst.Rule, msg)
	}
	ev.st.tighten(ApprovalRequired, hardlineReason(worst.Kind), worst.Rule, msg)
	return true
}

// maxEditTexts bounds the string arguments of a writing tool that
// writtenText judges as edits of a file a program may run (each against
// every other: n² readings); past it the call needs approval.
const maxEditTexts = 8

// expandedPaths judges each path argument that holds shell expansion
// syntax ($NAME, ${...}, $(...), `...`, $'...') as the shell word it is,
// for a tool that hands its paths to a shell or expands them itself
// (docs/security-model.md, Arguments): the shell analyser judges a read of
// it (cat -- WORD), a write too for a tool that is not a reader, and for a
// working folder the command run there (cd -- WORD). The literal name
// lies inside the primary root and is judged by the steps as given; this
// reading only tightens the decision.
func (ev *evaluation) expandedPaths() bool {
	if ev.e.hard == nil {
		return true
	}
	for _, pa := range ev.args.paths {
		word := trimPath(pa.value)
		if !shellExpands(word) {
			continue
		}
		var cmd string
		switch {
		case pa.workdir: // a working folder comes with a command (toolmeta)
			cmd = inFolder(word, ev.args.command)
		case ev.meta.Risk == toolmeta.RiskRead:
			cmd = "cat -- " + word
		default:
			cmd = "cat -- " + word + "\n: > " + word
		}
		if !ev.judgeExpanded("path "+quote(pa.value), cmd) {
			return false
		}
	}
	return true
}

// judgeExpanded settles the shell analyser's finding on cmd, a reading of
// what (a path argument, an undeclared value) as a shell expands it: a
// block denies, an ask needs approval.
func (ev *evaluation) judgeExpanded(what, cmd string) bool {
	res := ev.e.hard.Command(cmd, ev.analyserEnv())
	ev.bindScripts(res.Scripts) // (a command run in a working folder given as an expansion)
	f, hit := res.Worst()
	if !hit {
		return true
	}
	msg := what + ", read as a shell expands it: " + f.Detail
	if f.Severity == hardline.Block {
		return ev.stop(hardlineReason(f.Kind), f.Rule, msg)
	}
	ev.st.tighten(ApprovalRequired, hardlineReason(f.Kind), f.Rule, msg)
	return true
}

// bindScripts makes each script file a reading of the command read from
// disk (hardline.Result.Scripts) one of the decision's targets, once
// (scriptTarget): the scripts were judged as they are now, and an approval
// binds what they hold. Every reading binds what it read: a script may be
// named only in the call's argument vector, or found only in a working
// folder the call gives under a name it does not declare.
func (ev *evaluation) bindScripts(scripts []hardline.Script) {
	for _, s := range scripts {
		t := scriptTarget(ev.e.bindingKey, ev.meta.CommandArgument, s)
		if !slices.ContainsFunc(ev.d.Targets, func(o Target) bool { return o.Value == t.Value }) {
			ev.d.Targets = append(ev.d.Targets, t)
		}
	}
}

// shellExpands reports whether a shell reading s as a word would expand
// part of it: a backquote, or a $ before a name, a digit, a special
// parameter, a brace, a parenthesis or a quote. A lone $ is text.
func shellExpands(s string) bool {
	if strings.IndexByte(s, '`') >= 0 {
		return true
	}
	for i := strings.IndexByte(s, '$'); i >= 0 && i+1 < len(s); {
		switch c := s[i+1]; {
		case c == '_' || c == '{' || c == '(' || c == '\'' || c == '"' || strings.IndexByte("@*#?$!-", c) >= 0,
			'a' <= c|0x20 && c|0x20 <= 'z', '0' <= c && c <= '9':
			return true
		}
		j := strings.IndexByte(s[i+1:], '$')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return false
}

// analyserEnv is the shell analyser's environment for this call: the
// principal's roots, and lookups through the call's budget and one memo.
// It is made once per call; callers change their copy.
func (ev *evaluation) analyserEnv() hardline.Env {
	if ev.hasHardEnv {
		return ev.hardEnv
	}
	env := ev.p.shellEnv(ev.e, ev.set)
	set, budget := ev.set, ev.budget
	// The analyser's lookups share one memo for this call only: a folder
	// seen once (or seen missing) is not looked up again for the next word.
	// A link swapped while the call runs is then seen as it was at its first
	// lookup. That opens no new window: the same link can be swapped after
	// the decision and before the command runs ("Check, then use" in
	// docs/security-model.md, What toolgate does not protect against). And
	// the analyser's findings only tighten the decision; each path argument
	// is resolved by step 1 itself, fresh and without the memo (see
	// docs/security-model.md, Hardline).
	memo := &roots.Memo{}
	env.Canonical = func(p string) (string, error) { return set.CanonicalMemo(p, budget, memo) }
	// A pattern bash would expand to a link the workspace holds names what
	// the link names (rm -rf */ with a link to a home in the workspace).
	// The pattern may come from an expansion ($(printf '\x2a')), so the
	// command's text does not say whether one will be expanded.
	env.GlobLinks = func(p string, dotglob bool) ([]string, error) {
		return roots.GlobLinks(p, roots.GlobOptions{DotGlob: dotglob, MaxDirs: globDirs, MaxEntries: globEntries, MaxMatches: globMatches, Memo: memo})
	}
	// A reader that follows the links in a tree (grep -R, zip -r, tar -h)
	// reads what the links below its folders lead to.
	env.TreeLinks = listTreeLinks
	// A file the command would run that the lookups found missing is not
	// opened to be read.
	env.Missing = memo.Missing
	ev.hardEnv, ev.hasHardEnv = env, true
	return env
}

// ruleParseError is the hardline rule of a command that does not parse.
const ruleParseError = "parse-error"

// newFinding returns the strictest finding of with that without lacks
// (compared by severity, rule, path and detail: the command text they were
// made in may be written otherwise). Findings come strictest first.
func newFinding(without, with hardline.Result) (hardline.Finding, bool) {
	for _, g := range with.Findings {
		if !slices.ContainsFunc(without.Findings, func(p hardline.Finding) bool {
			return p.Severity == g.Severity && p.Rule == g.Rule && p.Path == g.Path && p.Detail == g.Detail
		}) {
			return g, true
		}
	}
	return hardline.Finding{}, false
}

// strictestNew returns the strictest finding one of readings has that
// plain lacks (newFinding), the earlier reading winning a tie.
func strictestNew(plain hardline.Result, readings ...hardline.Result) (f hardline.Finding, ok bool) {
	for _, r := range readings {
		if g, hit := newFinding(plain, r); hit && (!ok || g.Severity > f.Severity) {
			f, ok = g, true
		}
	}
	return f, ok
}

// atLeastAsStrict returns g, and true, unless f (held when ok) is
// stricter: the later of two findings as strict is kept.
func atLeastAsStrict(f hardline.Finding, ok bool, g hardline.Finding) (hardline.Finding, bool) {
	if !ok || g.Severity >= f.Severity {
		return g, true
	}
	return f, true
}

// workdir returns the resolved working folder of an exec call, when its
// metadata declares one and it resolved.
func (ev *evaluation) workdir() (string, bool) {
	if ev.meta.WorkdirArgument == "" {
		return "", false
	}
	for i, pa := range ev.args.paths {
		if pa.workdir && ev.paths[i].err == nil {
			return ev.paths[i].t.Resolved, true
		}
	}
	return "", false
}

// rootAccess is step 3: every path lies in a root, and a tool that writes
// needs a read-write root for every path it names. A working folder needs
// only to lie in a root: what the command writes is judged in step 2.
func (ev *evaluation) rootAccess() bool {
	writes := ev.meta.Risk != toolmeta.RiskRead
	for i := range ev.paths {
		r, v := &ev.paths[i], ev.args.paths[i].value
		write := writes && !ev.args.paths[i].workdir
		if !ev.inRoots(v, "", "", r.t, r.err, write) {
			return false
		}
		// Each other spelling a tool may open is held to the roots too.
		for _, o := range r.others {
			// One that names no local path asked at step 2.
			if o.foreign == nil && !ev.inRoots(v, o.how, cmp.Or(o.t.Resolved, o.expanded), o.t, o.err, write) {
				return false
			}
		}
	}
	return true
}

// inRoots holds one reading of path argument v to the roots: the argument
// itself (how is "") or another spelling of it a tool may open (how says
// which, and the message shows the path it names). The reading must have
// resolved (err) in a root, one that may be written when write is set;
// otherwise the evaluation stops and it returns false.
func (ev *evaluation) inRoots(v, how, shown string, t roots.Target, err error, write bool) bool {
	if err == nil && (!write || t.Access.CanWrite()) {
		return true
	}
	named, outside := quote(v), ""
	if how != "" {
		named, outside = named+" "+how, " ("+shown+")"
	}
	switch {
	case errors.Is(err, roots.ErrOutsideRoots):
		return ev.stop(ReasonRootOutside, "", "path "+named+" is outside every root"+outside)
	case err != nil:
		return ev.stop(ReasonRootUnresolvable, "", "path "+named+" cannot be resolved: "+err.Error())
	}
	return ev.stop(ReasonRootReadOnly, "", "path "+named+" is in read-only root "+quote(t.Root.ID))
}

// delegation is step 4: a delegated agent holds the tool and a root that
// contains every path; a target reports the weaker of the agent's access
// and the top level's.
func (ev *evaluation) delegation() bool {
	p := ev.p
	if p.id == "" {
		return true
	}
	if !p.holds(ev.e, ev.c.Tool) {
		return ev.stop(ReasonDelegationTool, "", "agent "+quote(p.id)+" does not hold tool "+quote(ev.c.Tool))
	}
	writes := ev.meta.Risk != toolmeta.RiskRead
	targets := ev.pathTargets()
	for i := range ev.paths {
		v, write := ev.args.paths[i].value, writes && !ev.args.paths[i].workdir
		root, ok := ev.delegatedRoot(v, "", ev.paths[i].t.Resolved, write)
		if !ok {
			return false
		}
		if !root.Access.CanWrite() {
			targets[i].Access = root.Access
		}
		for _, o := range ev.paths[i].others {
			if o.foreign != nil {
				continue
			}
			if _, ok := ev.delegatedRoot(v, o.how, o.t.Resolved, write); !ok {
				return false
			}
		}
	}
	return true
}

// delegatedRoot holds one reading of path argument v to the delegated
// agent's roots: the argument itself (how is "") or another spelling of it
// a tool may open (how says which). The agent must hold a root that
// contains the reading's canonical path, one it may write when write is
// set; otherwise the evaluation stops and it returns false.
func (ev *evaluation) delegatedRoot(v, how, resolved string, write bool) (roots.Root, bool) {
	p := ev.p
	root, ok := p.roots.Contains(resolved)
	if ok && (!write || root.Access.CanWrite()) {
		return root, true
	}
	named := quote(v)
	if how != "" {
		named += " " + how
	}
	if !ok {
		return root, ev.stop(ReasonDelegationRoot, "", "path "+named+" is outside the roots agent "+quote(p.id)+" holds")
	}
	return root, ev.stop(ReasonRootReadOnly, "", "path "+named+" is read-only for agent "+quote(p.id))
}

// mode is step 5: allow, ask (reads are allowed, everything else asks) or
// deny.
func (ev *evaluation) mode() bool {
	switch ev.p.mode {
	case ModeAllow:
		ev.st.tighten(Allow, ReasonModeAllow, "", "")
	case ModeAsk:
		if ev.meta.Risk == toolmeta.RiskRead {
			ev.st.tighten(Allow, ReasonModeAllow, "", "")
		} else {
			ev.st.tighten(ApprovalRequired, ReasonModeAsk, "", "")
		}
	default:
		return ev.stop(ReasonModeDeny, "", "deny mode executes no tool")
	}
	if ev.st.reason == "" {
		ev.st.reason = ReasonModeAllow
	}
	return true
}

// rules is step 6: the rules of the principal and, for a delegated agent,
// the top level's as well, whatever the host folded; then the tool's own
// approval default.
func (ev *evaluation) rules() bool {
	r, ok := ev.p.matchRule(ev.c.Tool, &ev.meta)
	if ev.p != ev.e.top {
		if top, tok := ev.e.top.matchRule(ev.c.Tool, &ev.meta); tok && (!ok || stricterRule(top, r)) {
			r, ok = top, true
		}
	}
	if ok {
		if r.decision == RuleDeny {
			return ev.stop(ReasonRuleDeny, r.id, "denied by rule "+quote(r.id))
		}
		ev.st.tighten(ApprovalRequired, ReasonRuleAsk, r.id, "")
	}
	switch ev.meta.ApprovalDefault {
	case toolmeta.DefaultDeny:
		return ev.stop(ReasonToolDefaultDeny, "", "tool "+quote(ev.c.Tool)+" denies by default")
	case toolmeta.DefaultAsk:
		ev.st.tighten(ApprovalRequired, ReasonToolDefaultAsk, "", "")
	}
	return true
}

// sessionApproval is step 7: a session approval of this Binding (tool,
// agent, canonical targets) lifts approval-required, never deny. It does
// not lift a call whose command the analyser found doing something it
// learns only as it runs (hardline.Finding.RunTime: curl URL | sh, eval
// "$X", rm -rf "$D"): the Binding holds the command's text, not the code
// or the target it will meet, so only an approval of the one call does
// (see docs/security-model.md, Approvals).
func (ev *evaluation) sessionApproval() bool {
	c := &ev.c
	if ev.st.v != ApprovalRequired || c.Session == "" || ev.e.session == nil {
		return true
	}
	if !ev.e.session.SessionApproved(c.Session, Binding{Tool: c.Tool, Agent: c.Agent, Target: TargetKey(ev.d.Targets)}) {
		return true
	}
	if ev.runTime {
		if ev.st.msg != "" {
			ev.st.msg += "; "
		}
		ev.st.msg += "a session approval does not reach it: what the command runs or names is known only when it runs"
		return true
	}
	ev.st.v, ev.st.reason, ev.st.rule, ev.st.msg = Allow, ReasonApprovalSession, "", "approved for this session"
	return true
}

// standingApproval is step 8: a task's standing approval of this exact
// tool and target lifts approval-required, for an external tool with a
// declared target argument, on a call that names no local path. A
// delegated agent uses only the standing approvals it holds.
func (ev *evaluation) standingApproval() bool {
	c, m, a := &ev.c, &ev.meta, &ev.args
	if ev.st.v != ApprovalRequired || ev.e.standing == nil || c.Task == "" || m.Risk != toolmeta.RiskExternal ||
		m.TargetArgument == "" || !a.hasTarget || a.target == "" || len(a.paths) > 0 {
		return true
	}
	id, ok := ev.e.standing.StandingApproval(c.Task, c.Tool, a.target)
	if !ok || (ev.p.standing != nil && !ev.p.standing[id]) {
		return true
	}
	ev.st.v, ev.st.reason, ev.st.rule, ev.st.msg = Allow, ReasonApprovalStanding, "", "a standing approval of the task"
	ev.d.Approval = id
	return true
}

// decision is step 9. Messages that need formatting are made only for the
// decision that is returned.
func (ev *evaluation) decision() Decision {
	d := ev.d
	d.Verdict, d.Reason, d.Rule, d.Message = ev.st.v, ev.st.reason, ev.st.rule, ev.st.msg
	if d.Message == "" && d.Verdict == ApprovalRequired {
		switch d.Reason {
		case ReasonModeAsk:
			d.Message = "ask mode requires approval for a call of risk " + string(ev.meta.Risk)
		case ReasonRuleAsk:
			d.Message = "rule " + quote(d.Rule) + " requires approval"
		case ReasonToolDefaultAsk:
			d.Message = "tool " + quote(ev.c.Tool) + " asks for approval by default"
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
	if p.id != "" && !p.holds(e, c.Tool) {
		return deny(d, ReasonDelegationTool, "", "agent "+quote(p.id)+" does not hold tool "+quote(c.Tool))
	}
	for _, q := range [...]*principal{p, e.top} {
		if r, ok := q.matchRule(c.Tool, nil); ok && r.decision == RuleDeny {
			return deny(d, ReasonRuleDeny, r.id, "denied by rule "+quote(r.id))
		}
	}
	d.Verdict, d.Reason, d.Message = ApprovalRequired, reason, msg
	return d
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

// holds reports whether the principal may call tool. A delegated agent
// holds only the tools it lists (or every tool, when its authority says
// so), and never one the engine does not know.
func (p *principal) holds(e *Engine, tool string) bool {
	if p.allTools {
		_, ok := e.tools.Lookup(tool)
		return ok
	}
	return p.tools[tool]
}

// shellEnv returns the hardline environment for the roots in force,
// rebuilding it only when the roots change. A delegated agent's command
// writes only where both the agent and the live roots allow, and a
// read-only root the live set nests inside one of the agent's stays
// read-only for it.
func (p *principal) shellEnv(e *Engine, set *roots.Set) hardline.Env {
	if c := p.env.Load(); c != nil && c.set == set {
		return c.env
	}
	var env hardline.Env
	if pr, ok := set.Primary(); ok {
		env.WorkDir = pr.Path
	}
	if p.roots == nil {
		for _, r := range set.Roots() {
			env.Roots = append(env.Roots, hardline.Root{Path: r.Path, Writable: r.Access.CanWrite()})
		}
	} else {
		for _, r := range p.roots.Roots() {
			top, ok := set.Contains(r.Path)
			env.Roots = append(env.Roots, hardline.Root{Path: r.Path, Writable: r.Access.CanWrite() && ok && top.Access.CanWrite()})
		}
		for _, r := range set.Roots() {
			if mine, ok := p.roots.Contains(r.Path); ok && mine.Path != r.Path {
				env.Roots = append(env.Roots, hardline.Root{Path: r.Path, Writable: r.Access.CanWrite() && mine.Access.CanWrite()})
			}
		}
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
