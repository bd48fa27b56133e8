package delegation

import (
	"errors"
	"fmt"
	"iter"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/roots"
	"github.com/toolgate/toolgate/toolmeta"
)

// Axis names one dimension of an authority in a [Narrowing].
type Axis string

// The axes of an authority.
const (
	AxisMode        Axis = "mode"
	AxisTool        Axis = "tool"
	AxisRoot        Axis = "root"
	AxisAccess      Axis = "access"
	AxisApproval    Axis = "approval"
	AxisSecret      Axis = "secret"
	AxisDelegate    Axis = "delegate"
	AxisInteraction Axis = "interaction"
)

// Narrowing reports one grant a child asked for, or would have inherited,
// and did not get as asked: a host shows these to the user.
type Narrowing struct {
	// Agent is the child's ID; empty from [Intersect], which is not told it.
	Agent string `json:"agent,omitempty"`
	// Axis is the dimension narrowed.
	Axis Axis `json:"axis"`
	// Requested is what the definition asked for, or what the child would
	// have inherited had the parent's value passed unchanged: a mode, a tool
	// name, a root path, an access level, an approval ID, a secret name,
	// "true" for delegation or an interaction mode.
	Requested string `json:"requested"`
	// Granted is what the child holds instead; empty when the grant was
	// dropped entirely. For AxisRoot it lists the parent's roots the
	// request was narrowed to, separated by ", ".
	Granted string `json:"granted,omitempty"`
	// Root is the canonical folder whose access was narrowed (AxisAccess).
	Root string `json:"root,omitempty"`
	// Why explains the narrowing for a person.
	Why string `json:"why"`
}

// String describes the narrowing in one line, such as
//
//	scout: tool "shell" dropped (risk exec: the explorer profile holds read tools only)
func (n Narrowing) String() string {
	var b strings.Builder
	if n.Agent != "" {
		b.WriteString(n.Agent)
		b.WriteString(": ")
	}
	switch {
	case n.Axis == AxisAccess:
		fmt.Fprintf(&b, "access to %s narrowed from %s to %s", strconv.Quote(n.Root), n.Requested, n.Granted)
	case n.Granted == "":
		fmt.Fprintf(&b, "%s %s dropped", n.Axis, strconv.Quote(n.Requested))
	default:
		fmt.Fprintf(&b, "%s %s narrowed to %s", n.Axis, strconv.Quote(n.Requested), strconv.Quote(n.Granted))
	}
	if n.Why != "" {
		b.WriteString(" (")
		b.WriteString(n.Why)
		b.WriteString(")")
	}
	return b.String()
}

// ToolLister is an optional capability of a [policy.ToolSource]: listing
// every tool it knows. *toolmeta.Registry implements it. It serves the
// "did you mean" of an unknown tool name and the Explorer profile under a
// parent that holds every tool, which holds the read tools its source
// lists at derivation; with a source that cannot list, such an explorer
// gets no tool, and the narrowing says so.
type ToolLister interface {
	All() iter.Seq2[string, toolmeta.Metadata]
}

var _ ToolLister = (*toolmeta.Registry)(nil)

// Intersect returns the authority of a child defined by def under parent,
// and every grant the child asked for or would have inherited and does not
// get. The result is never wider than parent on any axis; see the package
// documentation for each axis. def.Parent is ignored: the parent is given.
//
// tools is consulted for tool names (a name it does not know is an error,
// ErrUnknownTool), for the Explorer profile (a tool's risk) and for a
// parent that holds every tool (AllTools): a child of such a parent keeps
// the names it lists, or, naming none, holds every tool as well (the
// Explorer profile: the read tools tools lists, see [ToolLister]). tools
// may be nil; names are then not checked.
//
// It fails when parent.MayDelegate is false (ErrNoDelegation), when def is
// malformed (ErrInvalid) or lists an unknown tool (ErrUnknownTool),
// reporting every bad field at once. Root
// paths in def must be absolute and name existing folders.
func Intersect(parent policy.Authority, def Definition, tools policy.ToolSource) (policy.Authority, []Narrowing, error) {
	req, err := validate("", def, tools)
	if err != nil {
		return policy.Authority{}, nil, err
	}
	return derive("", parent, req, tools)
}

// Explorer returns the fixed Explorer profile under parent: the tools parent
// holds whose registered metadata is valid with risk read (tools nil, or a
// tool it does not know, yields no tool), every root of parent read-only,
// mode the stricter of parent's and ask, parent's rules and interaction, and
// no standing approval, secret or delegation. It equals the authority
// Intersect derives for Definition{Profile: ProfileExplorer}, without
// checking whether parent may delegate.
func Explorer(parent policy.Authority, tools policy.ToolSource) policy.Authority {
	parent.MayDelegate = true
	a, _, err := derive("", parent, request{def: Definition{Profile: ProfileExplorer}}, tools)
	if err != nil {
		// Without requested roots derive touches no file system and cannot
		// fail; grant nothing rather than something unchecked.
		return policy.Authority{Mode: policy.ModeDeny}
	}
	return a
}

// derive is Intersect after validation.
func derive(agent string, parent policy.Authority, req request, tools policy.ToolSource) (policy.Authority, []Narrowing, error) {
	if !parent.MayDelegate {
		return policy.Authority{}, nil, &FieldError{Agent: agent, Field: "parent", Err: ErrNoDelegation, Detail: "the parent may not start sub-agents"}
	}
	if err := ruleClashes(agent, parent.Rules, req.def.Rules); err != nil {
		return policy.Authority{}, nil, err
	}
	d := &deriver{agent: agent, parent: parent, def: req.def, explorer: req.def.Profile == ProfileExplorer, source: tools, folders: folders{}}
	var child policy.Authority
	child.Mode = d.mode()
	child.Tools, child.AllTools = d.tools()
	child.Rules = unite(parent.Rules, req.def.Rules)
	r, err := d.roots(req.roots)
	if err != nil {
		return policy.Authority{}, nil, err
	}
	child.Roots = r
	child.Interaction = d.interaction()
	child.StandingApprovals = d.handed(AxisApproval, parent.StandingApprovals, req.def.StandingApprovals)
	child.Secrets = d.handed(AxisSecret, parent.Secrets, req.def.Secrets)
	child.MayDelegate = d.delegate()
	return child, d.out, nil
}

// deriver carries one derivation and collects its narrowings.
type deriver struct {
	agent    string
	parent   policy.Authority
	def      Definition
	explorer bool
	source   policy.ToolSource
	out      []Narrowing
	folders  folders
}

const explorerWhy = "the explorer profile"

func (d *deriver) report(axis Axis, requested, granted, why string) {
	d.out = append(d.out, Narrowing{Agent: d.agent, Axis: axis, Requested: requested, Granted: granted, Why: why})
}

func (d *deriver) mode() policy.Mode {
	requested := d.def.Mode
	if requested == "" {
		requested = d.parent.Mode
	}
	m := policy.StricterMode(d.parent.Mode, requested)
	if m != requested && d.def.Mode != "" {
		d.report(AxisMode, string(requested), string(m), fmt.Sprintf("the parent's mode is %s", m))
	}
	if d.explorer {
		if e := policy.StricterMode(m, policy.ModeAsk); e != m {
			d.report(AxisMode, string(m), string(e), explorerWhy+" runs in ask mode at most")
			m = e
		}
	}
	return m
}

// tools returns the child's tools, or all when the child holds every tool
// its parent does by inheriting them whole.
func (d *deriver) tools() (names []string, all bool) {
	switch {
	case d.def.Tools != nil && d.parent.AllTools:
		// Every tool the source knows; validate refused names it does not.
		names = d.def.Tools
	case d.def.Tools != nil:
		held := make(map[string]bool, len(d.parent.Tools))
		for _, t := range d.parent.Tools {
			held[t] = true
		}
		for _, t := range distinct(d.def.Tools) {
			if held[t] {
				names = append(names, t)
			} else {
				d.report(AxisTool, t, "", "the parent does not hold it")
			}
		}
	case d.parent.AllTools && !d.explorer:
		// The whole set, live: a tool registered later is the child's
		// exactly when it is the parent's.
		return nil, true
	case d.parent.AllTools:
		l, ok := d.source.(ToolLister)
		if !ok {
			d.report(AxisTool, "*", "", "the parent holds every tool but its tool source cannot list them; name the child's tools")
			return nil, false
		}
		for name := range l.All() {
			names = append(names, name)
		}
	default:
		names = d.parent.Tools
	}
	var out []string
	for _, t := range distinct(names) {
		if d.explorer {
			if ok, why := isKnownRead(d.source, t); !ok {
				d.report(AxisTool, t, "", why+": "+explorerWhy+" holds read tools only")
				continue
			}
		}
		out = append(out, t)
	}
	return out, false
}

func (d *deriver) interaction() policy.Interaction {
	p := d.parent.Interaction
	if p != "" && !p.Valid() {
		p = policy.Unattended
	}
	c := d.def.Interaction
	switch {
	case c == "":
		return p
	case p == "":
		return c
	}
	got := policy.StricterInteraction(p, c)
	if got != c {
		d.report(AxisInteraction, string(c), string(got), fmt.Sprintf("the parent is %s", p))
	}
	return got
}

// distinct returns names without repeats, in order.
func distinct(names []string) []string {
	var out []string
	seen := make(map[string]bool, len(names))
	for _, n := range names {
		if !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	return out
}

// handed keeps the names the child asks for that the parent holds.
func (d *deriver) handed(axis Axis, held, asked []string) []string {
	var out []string
	seen := make(map[string]bool, len(asked))
	for _, name := range asked {
		if seen[name] {
			continue
		}
		seen[name] = true
		switch {
		case d.explorer:
			d.report(axis, name, "", explorerWhy+" holds no standing approval or secret")
		case !slices.Contains(held, name):
			d.report(axis, name, "", "the parent does not hold it")
		default:
			out = append(out, name)
		}
	}
	return out
}

func (d *deriver) delegate() bool {
	asked := d.parent.MayDelegate
	if d.def.MayDelegate != nil {
		asked = *d.def.MayDelegate
	}
	switch {
	case !asked || !d.parent.MayDelegate:
		return false
	case d.explorer:
		d.report(AxisDelegate, "true", "false", explorerWhy+" cannot delegate")
		return false
	}
	return true
}

// ruleClashes reports every rule of the child that has the ID of a
// different rule of the parent: the united rules would name two rules one
// way, which the engine refuses.
func ruleClashes(agent string, parent, child []policy.Rule) error {
	var errs []error
	for i, r := range child {
		for _, p := range parent {
			if p.ID == r.ID && p != r {
				errs = append(errs, &FieldError{Agent: agent, Field: fmt.Sprintf("rules[%d].id", i), Err: ErrInvalid,
					Detail: fmt.Sprintf("%q is the ID of a different rule the parent holds", r.ID)})
				break
			}
		}
	}
	return errors.Join(errs...)
}

// unite returns the parent's rules followed by the child's, each distinct
// rule once.
func unite(parent, child []policy.Rule) []policy.Rule {
	var out []policy.Rule
	for _, r := range slices.Concat(parent, child) {
		if !slices.Contains(out, r) {
			out = append(out, r)
		}
	}
	return out
}

// weaker returns the narrower of two access levels; anything but
// read-write counts as read.
func weaker(a, b roots.Access) roots.Access {
	if a == roots.ReadWrite && b == roots.ReadWrite {
		return roots.ReadWrite
	}
	return roots.Read
}

// roots intersects the requested roots with the parent's.
//
// Think of an authority's roots as a function from a folder to an access
// level: the access of the most specific root that contains it, or nothing.
// The child's function is, at every folder, the weaker of the parent's and
// the request's (that of the most specific requested folder containing it;
// a request with no access takes the parent's), and nothing where either
// has nothing. The roots that express it are the requested folders that lie
// inside a parent root, plus the parent's roots that lie inside a requested
// folder, each with that weaker access. Because the parent's roots nested
// inside a request become roots of the child, a broad read-write request
// can never lift a narrower read-only root of the parent, and a narrower
// parent can only give a narrower child.
func (d *deriver) roots(reqs []rootReq) ([]roots.Root, error) {
	if reqs == nil {
		return d.inheritRoots(), nil
	}
	if len(reqs) == 0 {
		return nil, nil
	}
	if len(d.parent.Roots) == 0 {
		for _, r := range reqs {
			d.report(AxisRoot, r.path, "", "the parent holds no root")
		}
		return nil, nil
	}
	pset, err := roots.NewSet(withPrimary(d.parent.Roots))
	if err != nil {
		return nil, &FieldError{Agent: d.agent, Field: "parent", Err: ErrInvalid, Detail: "the parent's roots are invalid: " + err.Error()}
	}
	parentRoots := pset.Roots()
	reqs = d.mergeRequests(reqs)
	rset, err := requestSet(reqs)
	if err != nil {
		return nil, &FieldError{Agent: d.agent, Field: "roots", Err: ErrInvalid, Detail: err.Error()}
	}

	type point struct {
		root    roots.Root // path, ID and source; access to be computed
		derived bool       // a requested folder rather than a parent root
	}
	var points []point
	// The parent's roots inside some request keep their IDs.
	for _, p := range parentRoots {
		if _, ok := rset.Contains(p.Path); ok {
			points = append(points, point{root: p})
		}
	}
	// Requested folders inside a parent root, unless they are that root.
	for _, r := range reqs {
		q, ok := pset.Contains(r.path)
		if !ok {
			var granted []string
			for _, p := range parentRoots {
				if d.folders.within(r.path, p.Path) {
					granted = append(granted, p.Path)
				}
			}
			if granted == nil {
				d.report(AxisRoot, r.path, "", "outside every root the parent holds")
			} else {
				d.report(AxisRoot, r.path, strings.Join(granted, ", "), "only these roots of the parent lie inside it")
			}
			continue
		}
		if d.folders.within(r.path, q.Path) {
			continue // q itself, already a point
		}
		points = append(points, point{root: roots.Root{ID: derivedID(q, r.path), Path: r.path, Source: q.Source}, derived: true})
	}
	slices.SortFunc(points, func(a, b point) int { return compareComponents(a.root.Path, b.root.Path) })

	taken := make(map[string]bool, len(points))
	for _, pt := range points {
		if !pt.derived {
			taken[pt.root.ID] = true
		}
	}
	out := make([]roots.Root, 0, len(points))
	for _, pt := range points {
		r := pt.root
		pr, _ := pset.Contains(r.Path)
		rq, _ := rset.Contains(r.Path)
		asked := reqs[reqIndex(rq.ID)].access
		if asked == "" {
			asked = pr.Access
		}
		r.Access = weaker(asked, pr.Access)
		if r.Access != asked {
			d.out = append(d.out, Narrowing{Agent: d.agent, Axis: AxisAccess, Root: r.Path, Requested: string(asked), Granted: string(r.Access),
				Why: fmt.Sprintf("the parent holds %s %s", strconv.Quote(pr.Path), pr.Access)})
		}
		if d.explorer && r.Access != roots.Read {
			d.out = append(d.out, Narrowing{Agent: d.agent, Axis: AxisAccess, Root: r.Path, Requested: string(r.Access), Granted: string(roots.Read),
				Why: explorerWhy + " is read-only"})
			r.Access = roots.Read
		}
		if pt.derived {
			r.ID = uniqueID(taken, r.ID)
		}
		r.Primary = false
		out = append(out, r)
	}
	if len(out) == 0 {
		return nil, nil
	}
	d.markPrimary(out, pset)
	return out, nil
}

// inheritRoots copies the parent's roots, read-only for the explorer.
func (d *deriver) inheritRoots() []roots.Root {
	if len(d.parent.Roots) == 0 {
		return nil
	}
	out := withPrimary(d.parent.Roots)
	for i := range out {
		if d.explorer && out[i].Access != roots.Read {
			d.out = append(d.out, Narrowing{Agent: d.agent, Axis: AxisAccess, Root: out[i].Path, Requested: string(out[i].Access),
				Granted: string(roots.Read), Why: explorerWhy + " is read-only"})
		}
		if d.explorer || !out[i].Access.Valid() {
			out[i].Access = roots.Read
		}
	}
	slices.SortStableFunc(out, func(a, b roots.Root) int { return compareComponents(a.Path, b.Path) })
	return out
}

// withPrimary returns a copy of rs with exactly one primary root: the first
// marked primary, else the first.
func withPrimary(rs []roots.Root) []roots.Root {
	out := slices.Clone(rs)
	found := false
	for i := range out {
		if out[i].Primary && !found {
			found = true
			continue
		}
		out[i].Primary = false
	}
	if !found && len(out) > 0 {
		out[0].Primary = true
	}
	return out
}

// markPrimary marks exactly one of out primary: the root at the parent's
// primary folder, else the first inside the parent's primary root, else the
// first.
func (d *deriver) markPrimary(out []roots.Root, pset *roots.Set) {
	pick := 0
	if pp, ok := pset.Primary(); ok {
		inside := -1
		for i, r := range out {
			if d.folders.within(r.Path, pp.Path) && d.folders.within(pp.Path, r.Path) {
				inside = i
				break
			}
			if inside < 0 && d.folders.within(pp.Path, r.Path) {
				inside = i
			}
		}
		if inside >= 0 {
			pick = inside
		}
	}
	out[pick].Primary = true
}

// mergeRequests folds requests for the same folder into one, keeping the
// wider access asked (each is still capped by the parent).
func (d *deriver) mergeRequests(reqs []rootReq) []rootReq {
	var out []rootReq
	for _, r := range reqs {
		j := slices.IndexFunc(out, func(o rootReq) bool {
			return d.folders.within(o.path, r.path) && d.folders.within(r.path, o.path)
		})
		switch {
		case j < 0:
			out = append(out, r)
		case out[j].access == "" || r.access == "":
			out[j].access = ""
		case r.access == roots.ReadWrite:
			out[j].access = roots.ReadWrite
		}
	}
	return out
}

// requestSet builds a roots.Set of the requested folders, so that
// containment follows the same rules (components, case folding) as the
// engine's. Root i has ID "r<i>"; its access is a placeholder.
func requestSet(reqs []rootReq) (*roots.Set, error) {
	rs := make([]roots.Root, len(reqs))
	for i, r := range reqs {
		rs[i] = roots.Root{ID: "r" + strconv.Itoa(i), Path: r.path, Access: roots.ReadWrite, Primary: i == 0, Source: roots.Workspace}
	}
	return roots.NewSet(rs)
}

func reqIndex(id string) int {
	i, _ := strconv.Atoi(strings.TrimPrefix(id, "r"))
	return i
}

// folders caches one-root sets, to ask package roots whether one canonical
// folder lies inside another by its own rules (whole components, case
// folding where the platform folds case).
type folders map[string]*roots.Set

// within reports whether canonical folder p lies at or below canonical
// folder root.
func (f folders) within(root, p string) bool {
	s, ok := f[root]
	if !ok {
		s, _ = roots.NewSet([]roots.Root{{ID: "w", Path: root, Access: roots.Read, Primary: true, Source: roots.Workspace}})
		f[root] = s
	}
	_, in := s.Contains(p)
	return in
}

// derivedID names a requested folder inside parent root q: q's ID and the
// folder's path relative to q, with anything unprintable replaced.
func derivedID(q roots.Root, p string) string {
	rel, err := filepath.Rel(q.Path, p)
	if err != nil {
		rel = filepath.Base(p)
	}
	rel = strings.Map(func(r rune) rune {
		if isControl(r) || r == '\uFFFD' {
			return '?'
		}
		return r
	}, strings.ToValidUTF8(filepath.ToSlash(rel), "?"))
	return q.ID + "/" + rel
}

// uniqueID returns id, or id with a "~n" suffix when it is taken, and
// records the result.
func uniqueID(taken map[string]bool, id string) string {
	out := id
	for n := 2; taken[out]; n++ {
		out = id + "~" + strconv.Itoa(n)
	}
	taken[out] = true
	return out
}

// compareComponents orders paths component by component, so that a folder
// comes right before everything inside it.
func compareComponents(a, b string) int {
	ac := strings.Split(filepath.ToSlash(a), "/")
	bc := strings.Split(filepath.ToSlash(b), "/")
	return slices.Compare(ac, bc)
}
