package delegation_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgate/toolgate/delegation"
	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/roots"
	"github.com/toolgate/toolgate/toolmeta"
)

func TestFoldChains(t *testing.T) {
	tr := newTree(t, t.TempDir())
	reg := registry(t)
	top := policy.Authority{
		Mode:              policy.ModeAllow,
		AllTools:          true,
		Roots:             set(t, []roots.Root{root("ws", tr.p("ws"), roots.ReadWrite, true), root("data", tr.p("data"), roots.Read, false)}).Roots(),
		StandingApprovals: []string{"sa-1", "sa-2"},
		Secrets:           []string{"openai", "github"},
		MayDelegate:       true,
	}

	t.Run("a chain of depth four folds the intersection from the top", func(t *testing.T) {
		defs := map[string]delegation.Definition{
			"lead":     {Tools: []string{"read_file", "shell", "write_file", "grep", "slack_post"}, StandingApprovals: []string{"sa-1"}, Secrets: []string{"openai"}},
			"reviewer": {Parent: "lead", Mode: policy.ModeAsk, Tools: []string{"read_file", "shell", "grep", "web_fetch"}, Roots: []delegation.RootRequest{{Path: tr.p("ws"), Access: roots.Read}}, Secrets: []string{"openai", "github"}},
			"tester":   {Parent: "reviewer", Mode: policy.ModeAllow, Tools: []string{"shell", "grep"}, Roots: []delegation.RootRequest{{Path: tr.p("ws/src"), Access: roots.ReadWrite}}},
			"scout":    {Parent: "tester", Profile: delegation.ProfileExplorer},
		}
		got, ns, err := delegation.Fold(top, defs, reg)
		require.NoError(t, err)
		require.Len(t, got, 4)

		assert.Equal(t, policy.Authority{
			Mode:        policy.ModeAsk,
			Tools:       []string{"shell", "grep"},
			Roots:       []roots.Root{{ID: "ws/src", Path: tr.p("ws/src"), Access: roots.Read, Primary: true, Source: roots.Workspace}},
			MayDelegate: true,
		}, got["tester"])
		assert.Equal(t, policy.Authority{
			Mode:  policy.ModeAsk,
			Tools: []string{"grep"},
			Roots: []roots.Root{{ID: "ws/src", Path: tr.p("ws/src"), Access: roots.Read, Primary: true, Source: roots.Workspace}},
		}, got["scout"])
		for id, d := range defs {
			parent := top
			if d.Parent != "" {
				parent = got[d.Parent]
			}
			assert.Empty(t, wider(got[id], parent, treePoints(tr)), id)
			assert.Empty(t, wider(got[id], top, treePoints(tr)), id)
		}

		var lines []string
		for _, n := range ns {
			lines = append(lines, n.String())
		}
		assert.Equal(t, []string{
			`reviewer: tool "web_fetch" dropped (the parent does not hold it)`,
			`reviewer: secret "github" dropped (the parent does not hold it)`,
			`scout: tool "shell" dropped (risk exec: the explorer profile holds read tools only)`,
			`scout: delegate "true" narrowed to "false" (the explorer profile cannot delegate)`,
			`tester: mode "allow" narrowed to "ask" (the parent's mode is ask)`,
			fmt.Sprintf(`tester: access to %q narrowed from read-write to read (the parent holds %q read)`, tr.p("ws/src"), tr.p("ws")),
		}, lines, "each agent is derived once, its narrowings reported once, in agent order")
	})

	t.Run("a long chain folds without recursion", func(t *testing.T) {
		defs := map[string]delegation.Definition{}
		for i := range 2000 {
			parent := ""
			if i > 0 {
				parent = fmt.Sprintf("a%04d", i-1)
			}
			defs[fmt.Sprintf("a%04d", i)] = delegation.Definition{Parent: parent, Tools: []string{"read_file"}}
		}
		got, _, err := delegation.Fold(top, defs, reg)
		require.NoError(t, err)
		assert.Equal(t, []string{"read_file"}, got["a1999"].Tools)
	})

	t.Run("unknown parents, cycles, self-parents and bad ids are all reported at once", func(t *testing.T) {
		defs := map[string]delegation.Definition{
			"ok":       {Tools: []string{"read_file"}},
			"orphan":   {Parent: "ghost"},
			"below":    {Parent: "orphan"}, // not reported again
			"a":        {Parent: "b"},
			"b":        {Parent: "c"},
			"c":        {Parent: "a"},
			"hangs-on": {Parent: "b"}, // below a cycle: not reported again
			"me":       {Parent: "me"},
			"":         {},
			"bad\nid":  {},
			"broken":   {Parent: "orphan", Mode: "root"}, // malformed and below an unknown parent: both reported
		}
		got, _, err := delegation.Fold(top, defs, reg)
		require.Error(t, err)
		assert.Nil(t, got)
		var msgs []string
		for _, e := range unjoin(err) {
			var fe *delegation.FieldError
			require.ErrorAs(t, e, &fe)
			msgs = append(msgs, e.Error())
		}
		assert.ElementsMatch(t, []string{
			`agents[""]: an agent ID must not be empty`,
			`agents["bad\nid"]: an agent ID must not contain control characters`,
			`agents.broken.mode: "root" is not a mode (want allow, ask or deny)`,
			`agents.orphan.parent: unknown agent "ghost"`,
			`agents.a.parent: parent cycle: "a" -> "b" -> "c" -> "a"`,
			`agents.me.parent: agent "me" names itself as its parent`,
		}, msgs)
		assert.ErrorIs(t, err, delegation.ErrUnknownParent)
		assert.ErrorIs(t, err, delegation.ErrCycle)
		assert.ErrorIs(t, err, delegation.ErrInvalid)
	})

	t.Run("a child of an agent that may not delegate is an error naming both", func(t *testing.T) {
		defs := map[string]delegation.Definition{
			"reviewer": {MayDelegate: ptr(false)},
			"scout":    {Parent: "reviewer", MayDelegate: ptr(true)},
			"deeper":   {Parent: "scout"},
			"explorer": {Profile: delegation.ProfileExplorer},
			"sub":      {Parent: "explorer"},
		}
		_, _, err := delegation.Fold(top, defs, reg)
		require.ErrorIs(t, err, delegation.ErrNoDelegation)
		var msgs []string
		for _, e := range unjoin(err) {
			msgs = append(msgs, e.Error())
		}
		assert.ElementsMatch(t, []string{
			`agents.scout.parent: agent "reviewer" may not start sub-agents`,
			`agents.sub.parent: agent "explorer" may not start sub-agents`,
		}, msgs)
	})

	t.Run("a top level that may not delegate has no agents", func(t *testing.T) {
		noDelegation := top
		noDelegation.MayDelegate = false
		_, _, err := delegation.Fold(noDelegation, map[string]delegation.Definition{"x": {}}, reg)
		require.ErrorIs(t, err, delegation.ErrNoDelegation)
		assert.True(t, strings.HasPrefix(err.Error(), "agents.x.parent: "), err.Error())
		got, ns, err := delegation.Fold(noDelegation, nil, reg)
		require.NoError(t, err)
		assert.Empty(t, got)
		assert.Empty(t, ns)
	})

	t.Run("errors can be told apart with errors.Is", func(t *testing.T) {
		_, _, err := delegation.Fold(top, map[string]delegation.Definition{"x": {Parent: "y"}}, reg)
		assert.True(t, errors.Is(err, delegation.ErrUnknownParent))
		assert.False(t, errors.Is(err, delegation.ErrCycle))
	})
}

func TestFoldedAuthoritiesAreAcceptedByTheEngine(t *testing.T) {
	tr := newTree(t, t.TempDir())
	reg := registry(t)
	ws := set(t, []roots.Root{root("ws", tr.p("ws"), roots.ReadWrite, true), root("data", tr.p("data"), roots.Read, false)})
	top := policy.Authority{Mode: policy.ModeAsk, AllTools: true, Roots: ws.Roots(), MayDelegate: true}
	folded, _, err := delegation.Fold(top, map[string]delegation.Definition{
		"reviewer": {Tools: []string{"read_file", "shell"}, Roots: []delegation.RootRequest{{Path: tr.p(""), Access: roots.ReadWrite}, {Path: tr.p("link")}}},
		"scout":    {Parent: "reviewer", Profile: delegation.ProfileExplorer},
	}, reg)
	require.NoError(t, err)
	_, err = policy.New(policy.Config{Mode: top.Mode, Roots: ws, Tools: reg, Agents: folded, Home: t.TempDir()})
	require.NoError(t, err)
}

func TestATypoInAnAgentsToolListIsAnError(t *testing.T) {
	tr := newTree(t, t.TempDir())
	reg := registry(t)
	top := policy.Authority{Mode: policy.ModeAsk, AllTools: true, Roots: set(t, []roots.Root{root("ws", tr.p("ws"), roots.ReadWrite, true)}).Roots(), MayDelegate: true}
	cases := []struct {
		name string
		defs map[string]delegation.Definition
		want string
	}{
		{"under the top level, with the name meant", map[string]delegation.Definition{
			"reviewer": {Tools: []string{"read_file", "shell", "reed_file"}},
		}, `agents.reviewer.tools[2]: unknown tool "reed_file" (did you mean "read_file"?)`},
		{"under an agent with a list of its own", map[string]delegation.Definition{
			"lead":  {Tools: []string{"read_file"}},
			"child": {Parent: "lead", Tools: []string{"mystery"}},
		}, `agents.child.tools[0]: unknown tool "mystery"`},
		{"in the explorer profile", map[string]delegation.Definition{
			"scout": {Profile: delegation.ProfileExplorer, Tools: []string{"grpe"}},
		}, `agents.scout.tools[0]: unknown tool "grpe" (did you mean "grep"?)`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, _, err := delegation.Fold(top, tc.defs, reg)
			require.Error(t, err)
			assert.Nil(t, got)
			assert.ErrorIs(t, err, delegation.ErrUnknownTool)
			assert.Equal(t, tc.want, err.Error())
			var fe *delegation.FieldError
			require.ErrorAs(t, err, &fe)
		})
	}
	t.Run("a known tool the parent lacks is still a narrowing, not an error", func(t *testing.T) {
		_, ns, err := delegation.Fold(top, map[string]delegation.Definition{
			"lead":  {Tools: []string{"read_file"}},
			"child": {Parent: "lead", Tools: []string{"shell"}},
		}, reg)
		require.NoError(t, err)
		assert.Equal(t, []delegation.Narrowing{{Agent: "child", Axis: delegation.AxisTool, Requested: "shell", Why: "the parent does not hold it"}}, ns)
	})
}

func TestAnAgentInheritingEveryToolSeesToolsRegisteredLater(t *testing.T) {
	tr := newTree(t, t.TempDir())
	reg := registry(t)
	ws := set(t, []roots.Root{root("ws", tr.p("ws"), roots.ReadWrite, true)})
	top := policy.Authority{Mode: policy.ModeAllow, AllTools: true, Roots: ws.Roots(), MayDelegate: true}
	folded, _, err := delegation.Fold(top, map[string]delegation.Definition{
		"heir":   {},
		"grand":  {Parent: "heir"},
		"lister": {Tools: []string{"read_file"}},
	}, reg)
	require.NoError(t, err)
	e, err := policy.New(policy.Config{Mode: top.Mode, Roots: ws, Tools: reg, Agents: folded, Home: t.TempDir()})
	require.NoError(t, err)

	require.NoError(t, reg.Register(map[string]toolmeta.Metadata{
		"late_lookup": {Risk: toolmeta.RiskRead, ApprovalDefault: toolmeta.DefaultAllow, Source: toolmeta.SourceExtension},
	}))
	call := func(agent string) policy.Decision {
		return e.Evaluate(policy.Call{Tool: "late_lookup", Agent: agent, Surface: policy.SurfaceSubAgent})
	}
	top0 := e.Evaluate(policy.Call{Tool: "late_lookup"})
	require.Equal(t, policy.Allow, top0.Verdict, top0.Message)
	for _, agent := range []string{"heir", "grand"} {
		d := call(agent)
		assert.Equal(t, policy.Allow.String(), d.Verdict.String(), "%s: %s %s", agent, d.Reason, d.Message)
	}
	d := call("lister")
	assert.Equal(t, policy.ReasonDelegationTool, d.Reason, "an explicit list stays explicit")
}
