package delegation_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgate/toolgate/delegation"
	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/roots"
	"github.com/toolgate/toolgate/toolmeta"
)

// toolMap is a ToolSource that can hold invalid metadata and cannot list.
type toolMap map[string]toolmeta.Metadata

func (m toolMap) Lookup(name string) (toolmeta.Metadata, bool) { v, ok := m[name]; return v, ok }

func TestExplorerProfile(t *testing.T) {
	tr := newTree(t, t.TempDir())
	reg := registry(t)
	// wide is as wide as a parent gets: allow mode, every kind of tool,
	// read-write roots, approvals, secrets, delegation.
	wide := func() policy.Authority {
		return policy.Authority{
			Mode:  policy.ModeAllow,
			Tools: []string{"read_file", "grep", "git_log", "shell", "write_file", "edit_file", "web_fetch", "slack_post", "mystery"},
			Roots: set(t, []roots.Root{
				root("ws", tr.p("ws"), roots.ReadWrite, true),
				root("data", tr.p("data"), roots.ReadWrite, false),
			}).Roots(),
			Rules:             []policy.Rule{{ID: "no-web", Tool: "web_*", Decision: policy.RuleDeny}},
			Interaction:       policy.Unattended,
			StandingApprovals: []string{"sa-1"},
			Secrets:           []string{"openai"},
			MayDelegate:       true,
		}
	}
	explore := func(t *testing.T, parent policy.Authority, def delegation.Definition, tools policy.ToolSource) (policy.Authority, []delegation.Narrowing) {
		t.Helper()
		def.Profile = delegation.ProfileExplorer
		child, ns, err := delegation.Intersect(parent, def, tools)
		require.NoError(t, err)
		assert.Empty(t, wider(child, parent, treePoints(tr)))
		if reg, ok := tools.(*toolmeta.Registry); ok {
			assert.Empty(t, explorerBreaks(child, reg))
		}
		return child, ns
	}
	dropped := func(ns []delegation.Narrowing, axis delegation.Axis, name string) string {
		for _, n := range ns {
			if n.Axis == axis && n.Requested == name && n.Granted == "" {
				return n.Why
			}
		}
		return ""
	}

	t.Run("only the parent's read tools remain: shell, writes, external and unknown tools are excluded", func(t *testing.T) {
		child, ns := explore(t, wide(), delegation.Definition{}, reg)
		assert.Equal(t, []string{"read_file", "grep", "git_log"}, child.Tools)
		for tool, why := range map[string]string{
			"shell":      "risk exec: the explorer profile holds read tools only",
			"write_file": "risk write-local: the explorer profile holds read tools only",
			"edit_file":  "risk write-local: the explorer profile holds read tools only",
			"web_fetch":  "risk external: the explorer profile holds read tools only",
			"slack_post": "risk external: the explorer profile holds read tools only",
			"mystery":    "unknown tool: the explorer profile holds read tools only",
		} {
			assert.Equal(t, why, dropped(ns, delegation.AxisTool, tool), tool)
		}
	})
	t.Run("every root is read-only even under a read-write parent", func(t *testing.T) {
		child, ns := explore(t, wide(), delegation.Definition{}, reg)
		require.Len(t, child.Roots, 2)
		for _, r := range child.Roots {
			assert.Equal(t, roots.Read, r.Access, r.ID)
		}
		assert.Contains(t, ns, delegation.Narrowing{Axis: delegation.AxisAccess, Root: tr.p("ws"), Requested: "read-write", Granted: "read", Why: "the explorer profile is read-only"})
	})
	t.Run("mode is ask under an allow parent and deny under a deny parent", func(t *testing.T) {
		child, ns := explore(t, wide(), delegation.Definition{}, reg)
		assert.Equal(t, policy.ModeAsk, child.Mode)
		assert.Contains(t, ns, delegation.Narrowing{Axis: delegation.AxisMode, Requested: "allow", Granted: "ask", Why: "the explorer profile runs in ask mode at most"})
		p := wide()
		p.Mode = policy.ModeDeny
		child, _ = explore(t, p, delegation.Definition{}, reg)
		assert.Equal(t, policy.ModeDeny, child.Mode)
	})
	t.Run("an explorer holds no standing approval, no secret and cannot delegate", func(t *testing.T) {
		child, ns := explore(t, wide(), delegation.Definition{}, reg)
		assert.Empty(t, child.StandingApprovals)
		assert.Empty(t, child.Secrets)
		assert.False(t, child.MayDelegate)
		assert.Contains(t, ns, delegation.Narrowing{Axis: delegation.AxisDelegate, Requested: "true", Granted: "false", Why: "the explorer profile cannot delegate"})
		_, _, err := delegation.Intersect(child, delegation.Definition{}, reg)
		assert.ErrorIs(t, err, delegation.ErrNoDelegation, "an explorer's own child")
	})
	t.Run("a definition cannot widen the profile, only narrow it", func(t *testing.T) {
		child, ns := explore(t, wide(), delegation.Definition{
			Mode:              policy.ModeAllow,
			Tools:             []string{"shell", "grep", "write_file"},
			Roots:             []delegation.RootRequest{{Path: tr.p("ws/src"), Access: roots.ReadWrite}},
			StandingApprovals: []string{"sa-1"},
			Secrets:           []string{"openai"},
			MayDelegate:       ptr(true),
			Interaction:       policy.Attended,
		}, reg)
		assert.Equal(t, policy.Authority{
			Mode:        policy.ModeAsk,
			Tools:       []string{"grep"},
			Rules:       wide().Rules,
			Roots:       []roots.Root{{ID: "ws/src", Path: tr.p("ws/src"), Access: roots.Read, Primary: true, Source: roots.Workspace}},
			Interaction: policy.Unattended,
		}, child)
		assert.Equal(t, "risk exec: the explorer profile holds read tools only", dropped(ns, delegation.AxisTool, "shell"))
		assert.Equal(t, "the explorer profile holds no standing approval or secret", dropped(ns, delegation.AxisApproval, "sa-1"))
		assert.Equal(t, "the explorer profile holds no standing approval or secret", dropped(ns, delegation.AxisSecret, "openai"))
		assert.Contains(t, ns, delegation.Narrowing{Axis: delegation.AxisAccess, Root: tr.p("ws/src"), Requested: "read-write", Granted: "read", Why: "the explorer profile is read-only"})
		assert.Contains(t, ns, delegation.Narrowing{Axis: delegation.AxisDelegate, Requested: "true", Granted: "false", Why: "the explorer profile cannot delegate"})
	})
	t.Run("under a parent holding every tool the explorer gets the registry's read tools", func(t *testing.T) {
		p := wide()
		p.AllTools, p.Tools = true, nil
		child, _ := explore(t, p, delegation.Definition{}, reg)
		assert.Equal(t, []string{"git_log", "grep", "read_file"}, child.Tools)
	})
	t.Run("a tool with invalid metadata, or with no tool source at all, is excluded", func(t *testing.T) {
		p := wide()
		p.Tools = []string{"odd", "read_file"}
		src := toolMap{"odd": {Risk: toolmeta.RiskRead}, "read_file": {Risk: toolmeta.RiskRead, ApprovalDefault: toolmeta.DefaultAllow, Source: toolmeta.SourceBuiltin}}
		child, ns := explore(t, p, delegation.Definition{}, src)
		assert.Equal(t, []string{"read_file"}, child.Tools)
		assert.Equal(t, "invalid metadata: the explorer profile holds read tools only", dropped(ns, delegation.AxisTool, "odd"))
		child, _ = explore(t, p, delegation.Definition{}, nil)
		assert.Empty(t, child.Tools)
	})
	t.Run("under a parent holding every tool, a source that cannot list gives no tool", func(t *testing.T) {
		p := wide()
		p.AllTools, p.Tools = true, nil
		child, ns := explore(t, p, delegation.Definition{}, toolMap{})
		assert.Empty(t, child.Tools)
		assert.Equal(t, "the parent holds every tool but its tool source cannot list them; name the child's tools", dropped(ns, delegation.AxisTool, "*"))
	})
	t.Run("Explorer equals Intersect with the profile", func(t *testing.T) {
		for _, p := range []policy.Authority{wide(), {}, {Mode: policy.ModeAsk, AllTools: true}} {
			want, _, err := delegation.Intersect(withDelegation(p), delegation.Definition{Profile: delegation.ProfileExplorer}, reg)
			require.NoError(t, err)
			assert.Equal(t, want, delegation.Explorer(p, reg))
		}
	})
	t.Run("the zero parent gives an explorer that holds nothing", func(t *testing.T) {
		a := delegation.Explorer(policy.Authority{}, reg)
		assert.Equal(t, policy.Authority{Mode: policy.ModeDeny}, a)
	})
}

func withDelegation(a policy.Authority) policy.Authority {
	a.MayDelegate = true
	return a
}
