package delegation_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgate/toolgate/delegation"
	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/roots"
)

// escalationCase is one attempt by a child to get more than its parent
// holds on one axis.
type escalationCase struct {
	name   string
	parent func(*policy.Authority)
	def    delegation.Definition
	check  func(t *testing.T, child policy.Authority)
	want   []delegation.Narrowing
}

func TestEveryEscalationIsNarrowedAndReported(t *testing.T) {
	tr := newTree(t, t.TempDir())
	reg := registry(t)
	// base is an ask-mode parent holding read_file, shell and write_file,
	// the workspace read-write (primary) and data read-only, one standing
	// approval and one secret, attended.
	base := func() policy.Authority {
		return policy.Authority{
			Mode:  policy.ModeAsk,
			Tools: []string{"read_file", "shell", "write_file"},
			Rules: []policy.Rule{{ID: "no-web", Tool: "web_*", Decision: policy.RuleDeny}},
			Roots: set(t, []roots.Root{
				root("ws", tr.p("ws"), roots.ReadWrite, true),
				root("data", tr.p("data"), roots.Read, false),
			}).Roots(),
			Interaction:       policy.Attended,
			StandingApprovals: []string{"sa-1"},
			Secrets:           []string{"openai"},
			MayDelegate:       true,
		}
	}
	cases := []escalationCase{
		{
			name: "a child asking for allow under an ask parent gets ask",
			def:  delegation.Definition{Mode: policy.ModeAllow},
			check: func(t *testing.T, c policy.Authority) {
				assert.Equal(t, policy.ModeAsk, c.Mode)
			},
			want: []delegation.Narrowing{{Axis: delegation.AxisMode, Requested: "allow", Granted: "ask", Why: "the parent's mode is ask"}},
		},
		{
			name:   "a child asking for ask under a deny parent gets deny",
			parent: func(p *policy.Authority) { p.Mode = policy.ModeDeny },
			def:    delegation.Definition{Mode: policy.ModeAsk},
			check: func(t *testing.T, c policy.Authority) {
				assert.Equal(t, policy.ModeDeny, c.Mode)
			},
			want: []delegation.Narrowing{{Axis: delegation.AxisMode, Requested: "ask", Granted: "deny", Why: "the parent's mode is deny"}},
		},
		{
			name: "a child may choose a stricter mode without a report",
			def:  delegation.Definition{Mode: policy.ModeDeny},
			check: func(t *testing.T, c policy.Authority) {
				assert.Equal(t, policy.ModeDeny, c.Mode)
			},
		},
		{
			name: "a tool the parent lacks is dropped",
			def:  delegation.Definition{Tools: []string{"read_file", "web_fetch", "read_file"}},
			check: func(t *testing.T, c policy.Authority) {
				assert.Equal(t, []string{"read_file"}, c.Tools)
			},
			want: []delegation.Narrowing{{Axis: delegation.AxisTool, Requested: "web_fetch", Why: "the parent does not hold it"}},
		},
		{
			name: "an empty tool list holds no tool",
			def:  delegation.Definition{Tools: []string{}},
			check: func(t *testing.T, c policy.Authority) {
				assert.Empty(t, c.Tools)
				assert.False(t, c.AllTools)
			},
		},
		{
			name:   "a child of a parent holding every tool keeps the tools it names",
			parent: func(p *policy.Authority) { p.AllTools, p.Tools = true, nil },
			def:    delegation.Definition{Tools: []string{"slack_post", "read_file", "slack_post"}},
			check: func(t *testing.T, c policy.Authority) {
				assert.False(t, c.AllTools)
				assert.Equal(t, []string{"slack_post", "read_file"}, c.Tools)
			},
		},
		{
			name:   "a child of a parent holding every tool that names none holds every tool, as the parent does",
			parent: func(p *policy.Authority) { p.AllTools, p.Tools = true, nil },
			def:    delegation.Definition{},
			check: func(t *testing.T, c policy.Authority) {
				assert.True(t, c.AllTools)
				assert.Empty(t, c.Tools)
			},
		},
		{
			name: "a read-write root under the parent's read root becomes read",
			def:  delegation.Definition{Roots: []delegation.RootRequest{{Path: tr.p("data/raw"), Access: roots.ReadWrite}}},
			check: func(t *testing.T, c policy.Authority) {
				assert.Equal(t, []roots.Root{{ID: "data/raw", Path: tr.p("data/raw"), Access: roots.Read, Primary: true, Source: roots.Workspace}}, c.Roots)
			},
			want: []delegation.Narrowing{{Axis: delegation.AxisAccess, Root: tr.p("data/raw"), Requested: "read-write", Granted: "read", Why: `the parent holds "` + tr.p("data") + `" read`}},
		},
		{
			name: "a root outside every parent root disappears",
			def:  delegation.Definition{Roots: []delegation.RootRequest{{Path: tr.p("other"), Access: roots.Read}}},
			check: func(t *testing.T, c policy.Authority) {
				assert.Empty(t, c.Roots)
			},
			want: []delegation.Narrowing{{Axis: delegation.AxisRoot, Requested: tr.p("other"), Why: "outside every root the parent holds"}},
		},
		{
			name: "an ancestor of the parent's roots is narrowed to those roots",
			def:  delegation.Definition{Roots: []delegation.RootRequest{{Path: tr.p(""), Access: roots.ReadWrite}}},
			check: func(t *testing.T, c policy.Authority) {
				assert.Equal(t, []roots.Root{
					{ID: "data", Path: tr.p("data"), Access: roots.Read, Source: roots.Workspace},
					{ID: "ws", Path: tr.p("ws"), Access: roots.ReadWrite, Primary: true, Source: roots.Workspace},
				}, c.Roots)
			},
			want: []delegation.Narrowing{
				{Axis: delegation.AxisRoot, Requested: tr.p(""), Granted: tr.p("ws") + ", " + tr.p("data"), Why: "only these roots of the parent lie inside it"},
				{Axis: delegation.AxisAccess, Root: tr.p("data"), Requested: "read-write", Granted: "read", Why: `the parent holds "` + tr.p("data") + `" read`},
			},
		},
		{
			name: "a broad read-write request never lifts a read-only root of the parent nested in it",
			parent: func(p *policy.Authority) {
				p.Roots = set(t, []roots.Root{root("ws", tr.p("ws"), roots.ReadWrite, true), root("src", tr.p("ws/src"), roots.Read, false)}).Roots()
			},
			def: delegation.Definition{Roots: []delegation.RootRequest{{Path: tr.p("ws"), Access: roots.ReadWrite}}},
			check: func(t *testing.T, c policy.Authority) {
				assert.Equal(t, []roots.Root{
					{ID: "ws", Path: tr.p("ws"), Access: roots.ReadWrite, Primary: true, Source: roots.Workspace},
					{ID: "src", Path: tr.p("ws/src"), Access: roots.Read, Source: roots.Workspace},
				}, c.Roots)
			},
			want: []delegation.Narrowing{{Axis: delegation.AxisAccess, Root: tr.p("ws/src"), Requested: "read-write", Granted: "read", Why: `the parent holds "` + tr.p("ws/src") + `" read`}},
		},
		{
			name: "a root requested through a symbolic link is canonical, and the one inside the parent's primary becomes primary",
			def: delegation.Definition{Roots: []delegation.RootRequest{
				{Path: tr.p("data"), Access: roots.Read},
				{Path: tr.p("link"), Access: roots.ReadWrite},
			}},
			check: func(t *testing.T, c policy.Authority) {
				assert.Equal(t, []roots.Root{
					{ID: "data", Path: tr.p("data"), Access: roots.Read, Source: roots.Workspace},
					{ID: "ws/src", Path: tr.p("ws/src"), Access: roots.ReadWrite, Primary: true, Source: roots.Workspace},
				}, c.Roots)
			},
		},
		{
			name: "of two roots inside the parent's primary, neither at its folder, the first in path order becomes primary",
			def: delegation.Definition{Roots: []delegation.RootRequest{
				{Path: tr.p("ws/src"), Access: roots.Read},
				{Path: tr.p("ws/docs"), Access: roots.Read},
			}},
			check: func(t *testing.T, c policy.Authority) {
				assert.Equal(t, []roots.Root{
					{ID: "ws/docs", Path: tr.p("ws/docs"), Access: roots.Read, Primary: true, Source: roots.Workspace},
					{ID: "ws/src", Path: tr.p("ws/src"), Access: roots.Read, Source: roots.Workspace},
				}, c.Roots)
			},
		},
		{
			name: "a root without access takes the parent's",
			def:  delegation.Definition{Roots: []delegation.RootRequest{{Path: tr.p("ws/docs")}, {Path: tr.p("data/raw")}}},
			check: func(t *testing.T, c policy.Authority) {
				assert.Equal(t, []roots.Root{
					{ID: "data/raw", Path: tr.p("data/raw"), Access: roots.Read, Source: roots.Workspace},
					{ID: "ws/docs", Path: tr.p("ws/docs"), Access: roots.ReadWrite, Primary: true, Source: roots.Workspace},
				}, c.Roots)
			},
		},
		{
			name: "an empty root list holds no root",
			def:  delegation.Definition{Roots: []delegation.RootRequest{}},
			check: func(t *testing.T, c policy.Authority) {
				assert.Empty(t, c.Roots)
			},
		},
		{
			name: "a standing approval and a secret the parent lacks are dropped",
			def:  delegation.Definition{StandingApprovals: []string{"sa-1", "sa-9"}, Secrets: []string{"aws", "openai"}},
			check: func(t *testing.T, c policy.Authority) {
				assert.Equal(t, []string{"sa-1"}, c.StandingApprovals)
				assert.Equal(t, []string{"openai"}, c.Secrets)
			},
			want: []delegation.Narrowing{
				{Axis: delegation.AxisApproval, Requested: "sa-9", Why: "the parent does not hold it"},
				{Axis: delegation.AxisSecret, Requested: "aws", Why: "the parent does not hold it"},
			},
		},
		{
			name: "standing approvals and secrets are never inherited by omission",
			def:  delegation.Definition{},
			check: func(t *testing.T, c policy.Authority) {
				assert.Empty(t, c.StandingApprovals)
				assert.Empty(t, c.Secrets)
			},
		},
		{
			name:   "an attended request under an unattended parent stays unattended",
			parent: func(p *policy.Authority) { p.Interaction = policy.Unattended },
			def:    delegation.Definition{Interaction: policy.Attended},
			check: func(t *testing.T, c policy.Authority) {
				assert.Equal(t, policy.Unattended, c.Interaction)
			},
			want: []delegation.Narrowing{{Axis: delegation.AxisInteraction, Requested: "attended", Granted: "unattended", Why: "the parent is unattended"}},
		},
		{
			name: "rules are united, the parent's first",
			def: delegation.Definition{Rules: []policy.Rule{
				{ID: "ask-exec", Risk: "exec", Decision: policy.RuleAsk},
				{ID: "no-web", Tool: "web_*", Decision: policy.RuleDeny},
			}},
			check: func(t *testing.T, c policy.Authority) {
				assert.Equal(t, []policy.Rule{
					{ID: "no-web", Tool: "web_*", Decision: policy.RuleDeny},
					{ID: "ask-exec", Risk: "exec", Decision: policy.RuleAsk},
				}, c.Rules)
			},
		},
		{
			name: "an omitted field inherits the parent's value",
			def:  delegation.Definition{},
			check: func(t *testing.T, c policy.Authority) {
				p := base()
				assert.Equal(t, p.Mode, c.Mode)
				assert.Equal(t, p.Tools, c.Tools)
				assert.Equal(t, p.Rules, c.Rules)
				assert.Equal(t, p.Interaction, c.Interaction)
				assert.True(t, c.MayDelegate)
				assert.ElementsMatch(t, p.Roots, c.Roots)
			},
		},
		{
			name: "a child may give up delegation",
			def:  delegation.Definition{MayDelegate: ptr(false)},
			check: func(t *testing.T, c policy.Authority) {
				assert.False(t, c.MayDelegate)
			},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			parent := base()
			if tc.parent != nil {
				tc.parent(&parent)
			}
			child, ns, err := delegation.Intersect(parent, tc.def, reg)
			require.NoError(t, err)
			tc.check(t, child)
			assert.Equal(t, tc.want, ns)
			assert.Empty(t, wider(child, parent, treePoints(tr)))
		})
	}
}

func TestAParentThatMayNotDelegateHasNoChild(t *testing.T) {
	parent := policy.Authority{Mode: policy.ModeAllow, Tools: []string{"read_file"}}
	for _, def := range []delegation.Definition{{}, {MayDelegate: ptr(true)}, {Profile: delegation.ProfileExplorer}} {
		_, _, err := delegation.Intersect(parent, def, nil)
		require.ErrorIs(t, err, delegation.ErrNoDelegation)
		assert.Equal(t, "parent: the parent may not start sub-agents", err.Error())
	}
}

func TestMalformedDefinitionsNameEveryFieldAtOnce(t *testing.T) {
	tr := newTree(t, t.TempDir())
	parent := policy.Authority{Mode: policy.ModeAsk, MayDelegate: true}
	def := delegation.Definition{
		Profile:           "admin",
		Mode:              "sudo",
		Tools:             []string{"read_file", "", "bad\x00name"},
		Rules:             []policy.Rule{{ID: "r", Decision: "allow"}, {ID: "s", Risk: "delete", Source: "web", Decision: policy.RuleAsk}},
		Roots:             []delegation.RootRequest{{Path: "src", Access: roots.Read}, {Path: tr.p("ws"), Access: "write"}, {Path: tr.p("missing")}, {Path: ""}},
		Interaction:       "maybe",
		StandingApprovals: []string{""},
		Secrets:           []string{"ok", ""},
	}
	_, _, err := delegation.Intersect(parent, def, nil)
	require.ErrorIs(t, err, delegation.ErrInvalid)
	var fields []string
	for _, e := range unjoin(err) {
		var fe *delegation.FieldError
		require.ErrorAs(t, e, &fe)
		fields = append(fields, fe.Field)
	}
	assert.Equal(t, []string{
		"profile", "mode", "interaction", "tools[1]", "tools[2]", "standingApprovals[0]", "secrets[1]",
		"rules[0].decision", "rules[1].risk", "rules[1].source",
		"roots[0].path", "roots[1].access", "roots[2].path", "roots[3].path",
	}, fields)
	msg := err.Error()
	for _, want := range []string{
		`profile: unknown profile "admin"`, `mode: "sudo" is not a mode`, `roots[1].access: "write" is not an access`,
		`tools[1]: empty tool name`, `rules[0].decision: rules only tighten: allow is not a rule decision`, `roots[0].path: "src" is not absolute`,
		`roots[2].path: `,
	} {
		// Each problem is a line of its own that starts with its field, so
		// "mode: ..." cannot be matched by a longer path ending in mode.
		found := false
		for line := range strings.SplitSeq(msg, "\n") {
			found = found || strings.HasPrefix(line, want)
		}
		assert.True(t, found, "no line starts with %q in\n%s", want, msg)
	}
	assert.Contains(t, msg, "does not exist")
}

func unjoin(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}

func TestDefinitionJSON(t *testing.T) {
	const file = `{
	  "reviewer": {"parent": "", "mode": "ask", "tools": ["read_file", "shell"], "roots": [{"path": "/srv/ws", "access": "read"}]},
	  "scout": {"parent": "reviewer", "profile": "explorer"},
	  "mute": {"parent": "reviewer", "tools": [], "roots": [], "mayDelegate": false, "standingApprovals": ["sa-1"], "secrets": ["openai"], "interaction": "unattended",
	           "rules": [{"id": "r", "tool": "shell", "decision": "deny"}]}
	}`
	dec := json.NewDecoder(strings.NewReader(file))
	dec.DisallowUnknownFields()
	var defs map[string]delegation.Definition
	require.NoError(t, dec.Decode(&defs))

	assert.Equal(t, []string{"read_file", "shell"}, defs["reviewer"].Tools)
	assert.Nil(t, defs["scout"].Tools, "omitted tools inherit")
	assert.Nil(t, defs["scout"].Roots, "omitted roots inherit")
	assert.Nil(t, defs["scout"].MayDelegate, "omitted mayDelegate inherits")
	assert.NotNil(t, defs["mute"].Tools, "[] is no tool")
	assert.Empty(t, defs["mute"].Tools)
	assert.NotNil(t, defs["mute"].Roots, "[] is no root")
	require.NotNil(t, defs["mute"].MayDelegate)
	assert.False(t, *defs["mute"].MayDelegate)

	for id, d := range defs {
		b, err := json.Marshal(d)
		require.NoError(t, err)
		var back delegation.Definition
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.DisallowUnknownFields()
		require.NoError(t, dec.Decode(&back), "%s: %s", id, b)
		assert.Equal(t, d, back, "%s round trip through %s", id, b)
	}
	b, err := json.Marshal(defs["scout"])
	require.NoError(t, err)
	assert.JSONEq(t, `{"parent": "reviewer", "profile": "explorer"}`, string(b))

	dec = json.NewDecoder(strings.NewReader(`{"x": {"tools": ["a"], "tool": "b"}}`))
	dec.DisallowUnknownFields()
	assert.Error(t, dec.Decode(&defs), "an unknown field is an error for a strict loader")
}

func TestNarrowingString(t *testing.T) {
	cases := []struct {
		n    delegation.Narrowing
		want string
	}{
		{delegation.Narrowing{Agent: "scout", Axis: delegation.AxisTool, Requested: "shell", Why: "risk exec: the explorer profile holds read tools only"},
			`scout: tool "shell" dropped (risk exec: the explorer profile holds read tools only)`},
		{delegation.Narrowing{Axis: delegation.AxisMode, Requested: "allow", Granted: "ask", Why: "the parent's mode is ask"},
			`mode "allow" narrowed to "ask" (the parent's mode is ask)`},
		{delegation.Narrowing{Agent: "a", Axis: delegation.AxisAccess, Root: "/ws/src", Requested: "read-write", Granted: "read", Why: "w"},
			`a: access to "/ws/src" narrowed from read-write to read (w)`},
		{delegation.Narrowing{Agent: "a", Axis: delegation.AxisRoot, Requested: "/", Granted: "/ws", Why: "w"},
			`a: root "/" narrowed to "/ws" (w)`},
	}
	for _, tc := range cases {
		assert.Equal(t, tc.want, tc.n.String())
	}
}

func TestFieldErrorNamesTheAgentAndField(t *testing.T) {
	cases := []struct {
		e    delegation.FieldError
		want string
	}{
		{delegation.FieldError{Agent: "scout", Field: "parent", Detail: `unknown agent "x"`}, `agents.scout.parent: unknown agent "x"`},
		{delegation.FieldError{Agent: "a b", Field: "mode", Detail: "d"}, `agents["a b"].mode: d`},
		{delegation.FieldError{Agent: "", Detail: "an agent ID must not be empty"}, `agents[""]: an agent ID must not be empty`},
		{delegation.FieldError{Field: "tools[0]", Detail: "empty tool name"}, `tools[0]: empty tool name`},
		// Every character that can follow a dot, at the edges of its range.
		{delegation.FieldError{Agent: "09azAZ_-", Field: "mode", Detail: "d"}, `agents.09azAZ_-.mode: d`},
		// The characters just outside those ranges are quoted.
		{delegation.FieldError{Agent: "a/", Field: "mode", Detail: "d"}, `agents["a/"].mode: d`},
		{delegation.FieldError{Agent: "a:", Field: "mode", Detail: "d"}, `agents["a:"].mode: d`},
		{delegation.FieldError{Agent: "a`", Field: "mode", Detail: "d"}, "agents[\"a`\"].mode: d"},
		{delegation.FieldError{Agent: "a{", Field: "mode", Detail: "d"}, `agents["a{"].mode: d`},
		{delegation.FieldError{Agent: "a@", Field: "mode", Detail: "d"}, `agents["a@"].mode: d`},
		{delegation.FieldError{Agent: "a[", Field: "mode", Detail: "d"}, `agents["a["].mode: d`},
		{delegation.FieldError{Agent: "a.b", Field: "mode", Detail: "d"}, `agents["a.b"].mode: d`},
	}
	for _, tc := range cases {
		assert.Equal(t, tc.want, tc.e.Error())
	}
	e := &delegation.FieldError{Err: delegation.ErrCycle}
	assert.True(t, errors.Is(e, delegation.ErrCycle))
}

func TestNamesWithControlCharactersAreRefused(t *testing.T) {
	cases := []struct {
		name    string
		refused bool
	}{
		{"x\x00", true},
		{"x\x1f", true},
		{"x ", false},
		{"x~", false},
		{"x\x7f", true},
		{"x\u009f", true},
		{"x\u00a0", false},
		{"x\xff", true}, // not UTF-8
	}
	for _, tc := range cases {
		verdict := "accepted"
		if tc.refused {
			verdict = "refused"
		}
		t.Run(fmt.Sprintf("%q is %s as an agent ID and as a standing approval, secret and tool name", tc.name, verdict), func(t *testing.T) {
			top := policy.Authority{Mode: policy.ModeAsk, StandingApprovals: []string{"sa"}, MayDelegate: true}
			_, _, err := delegation.Fold(top, map[string]delegation.Definition{tc.name: {}}, nil)
			assert.Equal(t, tc.refused, errors.Is(err, delegation.ErrInvalid), "agent ID: %v", err)
			for _, def := range []delegation.Definition{
				{StandingApprovals: []string{tc.name}},
				{Secrets: []string{tc.name}},
				{Tools: []string{tc.name}},
			} {
				_, _, err := delegation.Intersect(top, def, nil)
				assert.Equal(t, tc.refused, errors.Is(err, delegation.ErrInvalid), "%+v: %v", def, err)
			}
		})
	}
}

func TestAnAgentsRulesAreCheckedAsTheEngineChecksThem(t *testing.T) {
	reg := registry(t)
	parent := policy.Authority{Mode: policy.ModeAllow, AllTools: true, MayDelegate: true,
		Rules: []policy.Rule{{ID: "no-web", Tool: "web_*", Decision: policy.RuleDeny}}}
	good := policy.Rule{ID: "ask-shell", Tool: "shell", Decision: policy.RuleAsk}
	cases := []struct {
		name  string
		rules []policy.Rule
		want  string // "" when accepted
	}{
		{"a valid rule is kept after the parent's", []policy.Rule{good}, ""},
		{"a rule that allows is refused", []policy.Rule{good, {ID: "yes", Decision: "allow"}}, "rules[1].decision"},
		{"a rule with no id is refused", []policy.Rule{good, {Tool: "shell", Decision: policy.RuleDeny}}, "rules[1].id"},
		{"a rule with an invalid glob is refused", []policy.Rule{{ID: "g", Tool: "[unclosed", Decision: policy.RuleDeny}, good}, "rules[0].tool"},
		{"two rules with one id are refused", []policy.Rule{good, good}, "rules[1].id"},
		{"a rule with an unknown risk is refused", []policy.Rule{good, {ID: "r", Risk: "delete", Decision: policy.RuleDeny}}, "rules[1].risk"},
		{"a rule with the id of a different rule of the parent is refused", []policy.Rule{good, {ID: "no-web", Tool: "web_get", Decision: policy.RuleAsk}}, "rules[1].id"},
		{"a copy of the parent's rule is accepted once", []policy.Rule{{ID: "no-web", Tool: "web_*", Decision: policy.RuleDeny}}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			child, _, err := delegation.Intersect(parent, delegation.Definition{Rules: tc.rules}, reg)
			if tc.want == "" {
				require.NoError(t, err)
				want := slices.Clone(parent.Rules)
				for _, r := range tc.rules {
					if !slices.Contains(want, r) {
						want = append(want, r)
					}
				}
				assert.Equal(t, want, child.Rules)
				return
			}
			require.ErrorIs(t, err, delegation.ErrInvalid)
			var fe *delegation.FieldError
			require.ErrorAs(t, err, &fe)
			assert.Equal(t, tc.want, fe.Field, err.Error())
			assert.Empty(t, child.Rules, "a refused definition grants nothing")
		})
	}
	t.Run("an invalid rule fails the agent's fold instead of dropping its rules", func(t *testing.T) {
		got, _, err := delegation.Fold(parent, map[string]delegation.Definition{
			"a": {Rules: []policy.Rule{good, {ID: "g", Tool: "[x", Decision: policy.RuleDeny}}},
		}, reg)
		require.Error(t, err)
		assert.Equal(t, `agents.a.rules[1].tool: invalid tool pattern: "[x" has an unclosed '['`, err.Error())
		assert.Nil(t, got)
	})
}

func TestNestedRootRequestsKeepTheirOwnAccess(t *testing.T) {
	tr := newTree(t, t.TempDir())
	parent := policy.Authority{Mode: policy.ModeAsk, MayDelegate: true,
		Roots: set(t, []roots.Root{root("ws", tr.p("ws"), roots.ReadWrite, true)}).Roots()}
	cases := []struct {
		name string
		reqs []delegation.RootRequest
	}{
		{"a read-only folder inside a read-write request", []delegation.RootRequest{
			{Path: tr.p("ws"), Access: roots.ReadWrite}, {Path: tr.p("ws/src"), Access: roots.Read}}},
		{"the same, asked in the other order", []delegation.RootRequest{
			{Path: tr.p("ws/src"), Access: roots.Read}, {Path: tr.p("ws"), Access: roots.ReadWrite}}},
		{"a read-only folder inside a request that takes the parent's access", []delegation.RootRequest{
			{Path: tr.p("ws")}, {Path: tr.p("ws/src"), Access: roots.Read}}},
	}
	for _, tc := range cases {
		t.Run(tc.name+" stays read-only, and its parent folder read-write", func(t *testing.T) {
			child, _, err := delegation.Intersect(parent, delegation.Definition{Roots: tc.reqs}, nil)
			require.NoError(t, err)
			s := set(t, child.Roots)
			for path, want := range map[string]roots.Access{
				tr.p("ws/src"): roots.Read, tr.p("ws/src/pkg"): roots.Read,
				tr.p("ws"): roots.ReadWrite, tr.p("ws/docs"): roots.ReadWrite,
			} {
				r, ok := s.Contains(path)
				require.True(t, ok, path)
				assert.Equal(t, want, r.Access, path)
			}
		})
	}
	for _, tc := range []struct {
		name   string
		access [2]roots.Access
		want   roots.Access
	}{
		{"read and read stay read", [2]roots.Access{roots.Read, roots.Read}, roots.Read},
		{"read and the parent's access take the parent's", [2]roots.Access{roots.Read, ""}, roots.ReadWrite},
		{"the parent's access and read take the parent's", [2]roots.Access{"", roots.Read}, roots.ReadWrite},
		{"read and read-write take read-write", [2]roots.Access{roots.Read, roots.ReadWrite}, roots.ReadWrite},
	} {
		t.Run("two requests for one folder: "+tc.name, func(t *testing.T) {
			child, _, err := delegation.Intersect(parent, delegation.Definition{Roots: []delegation.RootRequest{
				{Path: tr.p("ws/src"), Access: tc.access[0]}, {Path: tr.p("link"), Access: tc.access[1]}}}, nil)
			require.NoError(t, err)
			require.Len(t, child.Roots, 1)
			assert.Equal(t, tc.want, child.Roots[0].Access)
		})
	}
	t.Run("two requests for one folder merge into the wider, still capped by the parent", func(t *testing.T) {
		child, _, err := delegation.Intersect(parent, delegation.Definition{Roots: []delegation.RootRequest{
			{Path: tr.p("ws/src"), Access: roots.Read}, {Path: tr.p("link"), Access: roots.ReadWrite}}}, nil)
		require.NoError(t, err)
		require.Len(t, child.Roots, 1)
		assert.Equal(t, roots.ReadWrite, child.Roots[0].Access)
	})
}

func TestARequestedFolderIsNamedByItsPathBelowTheParentRoot(t *testing.T) {
	tr := newTree(t, t.TempDir())
	parent := policy.Authority{Mode: policy.ModeAsk, MayDelegate: true,
		Roots: set(t, []roots.Root{root("ws", tr.p("ws"), roots.ReadWrite, true)}).Roots()}
	child, _, err := delegation.Intersect(parent, delegation.Definition{Roots: []delegation.RootRequest{
		{Path: tr.p("ws/src/pkg"), Access: roots.Read}, {Path: tr.p("ws/docs")}}}, nil)
	require.NoError(t, err)
	var ids []string
	for _, r := range child.Roots {
		ids = append(ids, r.ID)
	}
	assert.Equal(t, []string{"ws/docs", "ws/src/pkg"}, ids)
}

func TestAParentWithInvalidRootsGivesNoChild(t *testing.T) {
	tr := newTree(t, t.TempDir())
	parent := policy.Authority{Mode: policy.ModeAsk, MayDelegate: true, Roots: []roots.Root{
		root("ws", tr.p("ws"), roots.ReadWrite, true), root("ws", tr.p("data"), roots.Read, false)}}
	child, _, err := delegation.Intersect(parent, delegation.Definition{Roots: []delegation.RootRequest{{Path: tr.p("ws")}}}, nil)
	require.ErrorIs(t, err, delegation.ErrInvalid)
	assert.Contains(t, err.Error(), "parent: the parent's roots are invalid: ")
	assert.Empty(t, child.Roots)
}
