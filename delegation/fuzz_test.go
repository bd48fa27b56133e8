package delegation_test

import (
	"errors"
	"hash/fnv"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/toolgate/toolgate/delegation"
	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/roots"
)

// gen draws choices from fuzz input; past its end it draws from a PRNG
// seeded by the input, so that a short input still yields rich parents and
// definitions.
type gen struct {
	b   []byte
	rnd *rand.Rand
}

func newGen(data []byte) *gen {
	h := fnv.New64a()
	h.Write(data)
	return &gen{b: data, rnd: rand.New(rand.NewPCG(h.Sum64(), uint64(len(data))))}
}

func (g *gen) n(k int) int {
	if k <= 1 {
		return 0
	}
	if len(g.b) == 0 {
		return g.rnd.IntN(k)
	}
	v := int(g.b[0])
	g.b = g.b[1:]
	return v % k
}

func (g *gen) coin() bool { return g.n(2) == 1 }

func pick[T any](g *gen, from []T) T { return from[g.n(len(from))] }

// subset returns each element of from with probability one half.
func subset[T any](g *gen, from []T) []T {
	var out []T
	for _, v := range from {
		if g.coin() {
			out = append(out, v)
		}
	}
	return out
}

var (
	modes        = []policy.Mode{policy.ModeAllow, policy.ModeAsk, policy.ModeDeny}
	interactions = []policy.Interaction{"", policy.Attended, policy.Unattended}
	accesses     = []roots.Access{roots.Read, roots.ReadWrite}
	approvalPool = []string{"sa-1", "sa-2", "sa-3"}
	secretPool   = []string{"openai", "github", "slack"}
	rulePool     = []policy.Rule{
		{ID: "no-web", Tool: "web_*", Decision: policy.RuleDeny},
		{ID: "ask-exec", Risk: "exec", Decision: policy.RuleAsk},
		{ID: "ask-mcp", Source: "mcp", Decision: policy.RuleAsk},
		{ID: "deny-edit", Tool: "edit_file", Decision: policy.RuleDeny},
	}
	rootIDs = []string{"ws", "ws/src", "data", "docs", "other", "x"}
)

// parent draws a valid top-level authority over the tree.
func (g *gen) parent(tb testing.TB, tr tree) policy.Authority {
	a := policy.Authority{
		Mode:              pick(g, modes),
		Rules:             subset(g, rulePool),
		Interaction:       pick(g, interactions),
		StandingApprovals: subset(g, approvalPool),
		Secrets:           subset(g, secretPool),
		MayDelegate:       true,
	}
	if g.n(4) == 0 {
		a.AllTools = true
	} else {
		a.Tools = subset(g, toolNames)
	}
	var rs []roots.Root
	ids := map[string]bool{}
	for _, f := range subset(g, treeFolders) {
		id := pick(g, rootIDs)
		for ids[id] {
			id += "'"
		}
		ids[id] = true
		rs = append(rs, root(id, tr.p(f), pick(g, accesses), false))
	}
	if len(rs) > 0 {
		rs[g.n(len(rs))].Primary = true
		a.Roots = set(tb, rs).Roots()
	}
	return a
}

// definition draws a well-formed definition over the tree: any mix of
// omitted, empty, narrower and wider requests.
func (g *gen) definition(tr tree) delegation.Definition {
	var d delegation.Definition
	if g.n(4) == 0 {
		d.Profile = delegation.ProfileExplorer
	}
	if g.coin() {
		d.Mode = pick(g, modes)
	}
	if g.n(3) > 0 {
		d.Tools = append([]string{}, subset(g, toolNames)...)
		if g.n(4) == 0 && len(d.Tools) > 0 {
			d.Tools = append(d.Tools, d.Tools[0])
		}
	}
	d.Rules = subset(g, rulePool)
	if g.n(3) > 0 {
		d.Roots = []delegation.RootRequest{}
		for range g.n(4) {
			f := pick(g, append(treeFolders, "link"))
			d.Roots = append(d.Roots, delegation.RootRequest{Path: tr.p(f), Access: pick(g, []roots.Access{"", roots.Read, roots.ReadWrite})})
		}
	}
	d.Interaction = pick(g, interactions)
	d.StandingApprovals = subset(g, append(approvalPool, "sa-x"))
	d.Secrets = subset(g, append(secretPool, "aws"))
	switch g.n(3) {
	case 1:
		d.MayDelegate = ptr(true)
	case 2:
		d.MayDelegate = ptr(false)
	}
	return d
}

func treePoints(tr tree) []string {
	var out []string
	for _, f := range treeFolders {
		out = append(out, tr.p(f))
	}
	return out
}

// checkIntersect checks the properties of one parent and definition; a
// narrower parent is derived from parent by narrow.
func checkIntersect(t *testing.T, tr tree, tools policy.ToolSource, parent policy.Authority, def, narrow delegation.Definition) {
	t.Helper()
	// A definition that lists a tool no one knows is refused; the
	// properties below hold for the same definition without it.
	for _, d := range []*delegation.Definition{&def, &narrow} {
		known, unknown := knownTools(d.Tools, tools)
		if unknown == 0 {
			continue
		}
		if _, _, err := delegation.Intersect(parent, *d, tools); !errors.Is(err, delegation.ErrUnknownTool) {
			t.Fatalf("a definition listing %d unknown tools was not refused (err %v)\ndef %+v", unknown, err, *d)
		}
		d.Tools = known
	}
	child, ns, err := delegation.Intersect(parent, def, tools)
	if err != nil {
		t.Fatalf("Intersect: %v\nparent %+v\ndef %+v", err, parent, def)
	}
	fail := func(what string, problems []string) {
		t.Helper()
		if len(problems) > 0 {
			t.Fatalf("%s:\n  %s\nparent %+v\ndef    %+v\nchild  %+v\nnarrowings %v", what, strings.Join(problems, "\n  "), parent, def, child, ns)
		}
	}
	points := treePoints(tr)

	// The child is never wider than its parent on any axis.
	fail("the child is wider than its parent", wider(child, parent, points))
	if def.Profile == delegation.ProfileExplorer {
		fail("the explorer child leaves the profile", explorerBreaks(child, tools))
	}
	for _, n := range ns {
		if n.Axis == "" || n.Requested == "" || n.Why == "" || n.String() == "" {
			t.Fatalf("incomplete narrowing %#v", n)
		}
	}

	// Intersecting twice changes nothing.
	asParent := child
	asParent.MayDelegate = true
	// A tool the child inherited that no one knows cannot be asked for by
	// name: it drops out of the definition and so of the result.
	asDef, want := definitionOf(child), child
	if known, unknown := knownTools(child.Tools, tools); unknown > 0 {
		asDef.Tools, want.Tools = known, nil
		if len(known) > 0 {
			want.Tools = known
		}
	}
	again, _, err := delegation.Intersect(asParent, asDef, tools)
	if err != nil {
		t.Fatalf("Intersect(child, definitionOf(child)): %v", err)
	}
	if !reflect.DeepEqual(again, want) {
		t.Fatalf("Intersect(child, definitionOf(child)) changed the child:\nchild %+v\nagain %+v\nparent %+v\ndef %+v", child, again, parent, def)
	}
	twice, _, err := delegation.Intersect(asParent, def, tools)
	if err != nil {
		t.Fatalf("Intersect(Intersect(p, d), d): %v", err)
	}
	if !reflect.DeepEqual(twice, child) {
		t.Fatalf("Intersect(Intersect(p, d), d) != Intersect(p, d):\nonce  %+v\ntwice %+v\nparent %+v\ndef %+v", child, twice, parent, def)
	}

	// Narrowing the parent never widens the child.
	narrower, _, err := delegation.Intersect(parent, narrow, tools)
	if err != nil {
		t.Fatalf("Intersect(parent, narrow): %v", err)
	}
	narrower.MayDelegate = parent.MayDelegate
	fail("the narrower parent is wider", wider(narrower, parent, points))
	child2, _, err := delegation.Intersect(narrower, def, tools)
	if err != nil {
		t.Fatalf("Intersect(narrower, def): %v", err)
	}
	fail("the child of a narrower parent is wider than the child of the parent", wider(child2, child, points))

	// A parent that may not delegate has no children.
	parent.MayDelegate = false
	if _, _, err := delegation.Intersect(parent, def, tools); !errors.Is(err, delegation.ErrNoDelegation) {
		t.Fatalf("a parent that may not delegate got a child (err %v)", err)
	}
}

// knownTools returns the names tools knows, in order, and how many it
// does not.
func knownTools(names []string, tools policy.ToolSource) (known []string, unknown int) {
	if names == nil {
		return nil, 0
	}
	known = []string{}
	for _, n := range names {
		if _, ok := tools.Lookup(n); ok {
			known = append(known, n)
		} else {
			unknown++
		}
	}
	return known, unknown
}

func FuzzIntersect(f *testing.F) {
	tr := newTree(f, f.TempDir())
	reg := registry(f)
	f.Add([]byte{})
	f.Add([]byte("explorer under a read-write parent holding everything"))
	f.Add([]byte{1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1})
	f.Add([]byte{0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 2, 1, 1, 1, 1, 1, 1, 1, 2, 3, 7, 1, 1, 1, 1, 2, 1, 2})
	f.Add([]byte{2, 255, 128, 64, 32, 16, 8, 4, 2, 1, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97})
	f.Fuzz(func(t *testing.T, data []byte) {
		g := newGen(data)
		parent := g.parent(t, tr)
		def := g.definition(tr)
		narrow := g.definition(tr)
		checkIntersect(t, tr, reg, parent, def, narrow)
	})
}

// TestIntersectProperties runs the fuzz target's properties over a fixed
// number of generated cases on every test run.
func TestIntersectProperties(t *testing.T) {
	tr := newTree(t, t.TempDir())
	reg := registry(t)
	n := 3000
	if testing.Short() {
		n = 300
	}
	for i := range n {
		data := []byte(strconv.Itoa(i))
		g := newGen(data)
		parent := g.parent(t, tr)
		def := g.definition(tr)
		narrow := g.definition(tr)
		t.Run(strconv.Itoa(i), func(t *testing.T) { checkIntersect(t, tr, reg, parent, def, narrow) })
	}
}
