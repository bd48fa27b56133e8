package policyfile_test

import (
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/toolgate/toolgate/delegation"
	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/policyfile"
	"github.com/toolgate/toolgate/roots"
	"github.com/toolgate/toolgate/toolmeta"
)

// everyPhase has one problem in every loading phase after the keys.
const everyPhase = `{
  "version": 1,
  "mode": "ask",
  "mode": "ask",
  "interaction": "sometimes",
  "roots": [
    {"id": "ws", "path": "ws", "access": "read-write", "primary": true, "source": "workspace"},
    {"id": "docs", "path": "docs", "access": "read", "primary": true, "source": "user-grant"}
  ],
  "tools": {
    "read_file":  {"risk": "read", "pathArguments": ["path", "path"], "approvalDefault": "allow", "source": "builtin"},
    "shell":      {"risk": "exec", "commandArgument": "command", "approvalDefault": "allow", "source": "builtin"},
    "slack_post": {"risk": "external", "targetArgument": "channel", "approvalDefault": "ask", "parallelSafe": "yes", "source": "mcp"}
  },
  "rules": [{"id": "no-web", "tool": "web_*", "decision": "allow"}],
  "hardline": {"sensitivePaths": ["relative/**"]},
  "agents": {
    "reviewer": {"parent": "", "tools": ["read_file", "shel"], "mayDelegte": false}
  },
  "secrets": [{"name": "openai", "env": ""}],
  "sessionApprovals": [{"session": "s1", "agent": "reviwer", "tool": "shell", "target": "go test ./..."}],
  "standingApprovals": [{"id": "sa-1", "task": "t1", "tool": "shell", "target": "go test ./..."}]
}`

func TestEveryLoadingPhaseReportsWhenAnEarlierOneFailed(t *testing.T) {
	dir, path := writePolicy(t, everyPhase)
	_, err := policyfile.Load(path, policyfile.Options{Home: filepath.Join(dir, "home")})
	require.Error(t, err)
	assert.Equal(t, []string{
		"mode",                             // keys: given twice
		"tools.slack_post.parallelSafe",    // types
		"agents.reviewer.mayDelegte",       // keys: unknown field
		"interaction",                      // meaning
		"roots[1].primary",                 // roots
		"tools.read_file.pathArguments[1]", // tools
		"rules[0].decision",                // rules
		"hardline.sensitivePaths[0]",       // hardline
		"secrets[0].env",                   // secrets
		"standingApprovals[0].tool",        // standing approvals
		"agents.reviewer.tools[1]",         // agents: a typo, not the invalid read_file
		"sessionApprovals[0].agent",        // session approvals
	}, problemPaths(t, err))
	assert.Contains(t, err.Error(), `agents.reviewer.mayDelegte: unknown field (did you mean "mayDelegate"?)`)
	assert.Contains(t, err.Error(), `agents.reviewer.tools[1]: unknown tool "shel" (did you mean "shell"?)`)
	assert.Contains(t, err.Error(), `sessionApprovals[0].agent: "reviwer" is not an agent of this policy (did you mean "reviewer"?)`)
}

func TestProblemsAreReachableThroughTheAggregate(t *testing.T) {
	dir, path := writePolicy(t, everyPhase)
	_, err := policyfile.Load(path, policyfile.Options{Home: filepath.Join(dir, "home")})
	require.Error(t, err)

	for _, target := range []error{
		policyfile.ErrInvalid, policyfile.ErrDuplicateKey, policyfile.ErrUnknownField, policyfile.ErrType, policyfile.ErrValue,
		toolmeta.ErrInvalid, roots.ErrInvalidRoot, delegation.ErrUnknownTool, policy.ErrNotEligible,
	} {
		assert.ErrorIs(t, err, target)
	}
	assert.NotErrorIs(t, err, policyfile.ErrRead)
	assert.NotErrorIs(t, err, policyfile.ErrTooDeep)

	var agg *policyfile.Error
	require.ErrorAs(t, err, &agg)
	assert.Equal(t, path, agg.File)
	var problem *policyfile.Problem
	require.ErrorAs(t, err, &problem)
	assert.Equal(t, "mode", problem.Path, "the first problem")
	var rootErr *roots.RootError
	require.ErrorAs(t, err, &rootErr)
	assert.Equal(t, 1, rootErr.Index)
	assert.Equal(t, "primary", rootErr.Field)
	var toolErr *toolmeta.FieldError
	require.ErrorAs(t, err, &toolErr)
	assert.Equal(t, "read_file", toolErr.Tool)
	var agentErr *delegation.FieldError
	require.ErrorAs(t, err, &agentErr)
	assert.Equal(t, "reviewer", agentErr.Agent)
	assert.Equal(t, "tools[1]", agentErr.Field)

	// Each problem's own cause is reachable from it.
	for _, p := range agg.Problems {
		assert.ErrorIs(t, p, policyfile.ErrInvalid, p.Path)
		assert.NotNil(t, errors.Unwrap(p), p.Path)
	}
}

func TestDeepNestingIsRefusedInBoundedMemory(t *testing.T) {
	const depth = 1 << 20 // 2 MB of brackets
	cases := []struct {
		name string
		data string
	}{
		{"nested arrays", `{"version": 1, "rules": ` + strings.Repeat("[", depth) + strings.Repeat("]", depth) + `}`},
		{"nested objects", `{"version": 1, "tools": ` + strings.Repeat(`{"a":`, depth) + "1" + strings.Repeat("}", depth) + `}`},
		{"nesting in an unknown field", `{"x": ` + strings.Repeat("[", depth) + strings.Repeat("]", depth) + `}`},
		{"unclosed nesting", strings.Repeat("[", depth)},
	}
	for _, tc := range cases {
		t.Run(tc.name+" is refused naming the depth, in memory linear in the input", func(t *testing.T) {
			data := []byte(tc.data)
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			_, err := policyfile.Parse(data, t.TempDir(), policyfile.Options{Home: t.TempDir()})
			runtime.ReadMemStats(&after)
			require.Error(t, err)
			assert.ErrorIs(t, err, policyfile.ErrTooDeep)
			assert.Contains(t, err.Error(), fmt.Sprintf("nested more than %d deep", policyfile.MaxDepth))
			allocated := after.TotalAlloc - before.TotalAlloc
			assert.Less(t, allocated, uint64(len(data))+1<<20, "allocated %d bytes for %d bytes of input", allocated, len(data))
		})
	}
	t.Run("nesting up to the limit is read", func(t *testing.T) {
		// The array under "rules" is nesting level 2; MaxDepth-1 more levels.
		deep := `{"rules": [` + strings.Repeat("[", policyfile.MaxDepth-2) + strings.Repeat("]", policyfile.MaxDepth-2) + `]}`
		_, err := policyfile.Parse([]byte(deep), t.TempDir(), policyfile.Options{Home: t.TempDir()})
		require.Error(t, err, "the file is invalid in other ways")
		assert.NotErrorIs(t, err, policyfile.ErrTooDeep)
	})
	t.Run("brackets inside strings do not count", func(t *testing.T) {
		s := `{"version": 1, "mode": "` + strings.Repeat(`[{\"`, 100) + `"}`
		_, err := policyfile.Parse([]byte(s), t.TempDir(), policyfile.Options{Home: t.TempDir()})
		assert.NotErrorIs(t, err, policyfile.ErrTooDeep)
	})
}

func TestAToolRegisteredLaterReachesAgentsThatInheritEveryTool(t *testing.T) {
	dir, path := writePolicy(t, `{
	  "version": 1, "mode": "allow",
	  "roots": [{"id": "ws", "path": "ws", "access": "read-write", "primary": true, "source": "workspace"}],
	  "tools": {"read_file": {"risk": "read", "pathArguments": ["path"], "approvalDefault": "allow", "source": "builtin"}},
	  "agents": {
	    "heir": {"parent": ""},
	    "grandchild": {"parent": "heir"},
	    "lister": {"parent": "", "tools": ["read_file"]},
	    "scout": {"parent": "", "profile": "explorer"}
	  }
	}`)
	p, err := policyfile.Load(path, policyfile.Options{Home: filepath.Join(dir, "home")})
	require.NoError(t, err)
	require.NoError(t, p.Tools.Register(map[string]toolmeta.Metadata{
		"search_docs": {Risk: toolmeta.RiskRead, ApprovalDefault: toolmeta.DefaultAllow, Source: toolmeta.SourceExtension},
	}))
	cases := []struct {
		agent  string
		reason policy.Reason
	}{
		{"", policy.ReasonModeAllow},
		{"heir", policy.ReasonModeAllow},
		{"grandchild", policy.ReasonModeAllow},
		{"lister", policy.ReasonDelegationTool},
		{"scout", policy.ReasonDelegationTool},
	}
	for _, tc := range cases {
		name := "agent " + tc.agent
		if tc.agent == "" {
			name = "the top level"
		}
		t.Run(name+" gets "+string(tc.reason), func(t *testing.T) {
			d := p.Engine.Evaluate(policy.Call{Tool: "search_docs", Agent: tc.agent})
			assert.Equal(t, tc.reason, d.Reason, d.Message)
		})
	}
}

func TestToolsMayDeclareAWorkingFolderAndOptionalArguments(t *testing.T) {
	dir, path := writePolicy(t, `{
	  "version": 1, "mode": "ask",
	  "roots": [{"id": "ws", "path": "ws", "access": "read-write", "primary": true, "source": "workspace"}],
	  "tools": {
	    "list_dir": {"risk": "read", "pathArguments": ["path"], "optionalArguments": ["path"], "approvalDefault": "allow", "source": "builtin"},
	    "shell": {"risk": "exec", "commandArgument": "command", "workdirArgument": "cwd", "optionalArguments": ["cwd"], "approvalDefault": "allow", "source": "builtin"}
	  }
	}`)
	p, err := policyfile.Load(path, policyfile.Options{Home: filepath.Join(dir, "home")})
	require.NoError(t, err)
	shell, ok := p.Tools.Lookup("shell")
	require.True(t, ok)
	assert.Equal(t, "cwd", shell.WorkdirArgument)
	assert.Equal(t, []string{"cwd"}, shell.OptionalArguments)
	list, _ := p.Tools.Lookup("list_dir")
	assert.Equal(t, []string{"path"}, list.OptionalArguments)

	t.Run("a near miss of the new keys is an unknown field with the name meant", func(t *testing.T) {
		dir, path := writePolicy(t, `{"version": 1, "mode": "ask", "roots": [], "tools": {
		  "shell": {"risk": "exec", "commandArgument": "command", "workDirArgument": "cwd", "optionalArgument": [], "approvalDefault": "allow", "source": "builtin"}}}`)
		_, err := policyfile.Load(path, policyfile.Options{Home: filepath.Join(dir, "home")})
		require.Error(t, err)
		assert.Equal(t, []string{"tools.shell.workDirArgument", "tools.shell.optionalArgument"}, problemPaths(t, err))
		assert.Contains(t, err.Error(), `(did you mean "workdirArgument"?)`)
		assert.Contains(t, err.Error(), `(did you mean "optionalArguments"?)`)
	})
	t.Run("a working folder on a tool that is not exec is a tool problem", func(t *testing.T) {
		dir, path := writePolicy(t, `{"version": 1, "mode": "ask", "roots": [], "tools": {
		  "read_file": {"risk": "read", "pathArguments": ["path"], "workdirArgument": "cwd", "optionalArguments": ["nope"], "approvalDefault": "allow", "source": "builtin"}}}`)
		_, err := policyfile.Load(path, policyfile.Options{Home: filepath.Join(dir, "home")})
		require.Error(t, err)
		assert.Equal(t, []string{"tools.read_file.workdirArgument", "tools.read_file.optionalArguments[0]"}, problemPaths(t, err))
	})
}

func TestASessionApprovalInTheFileIsScopedToItsAgent(t *testing.T) {
	dir, path := writePolicy(t, `{
	  "version": 1, "mode": "ask",
	  "roots": [{"id": "ws", "path": "ws", "access": "read-write", "primary": true, "source": "workspace"}],
	  "tools": {"shell": {"risk": "exec", "commandArgument": "command", "approvalDefault": "allow", "source": "builtin"}},
	  "agents": {"reviewer": {"parent": ""}, "other": {"parent": ""}},
	  "sessionApprovals": [{"session": "s1", "agent": "reviewer", "tool": "shell", "target": "go vet ./..."}]
	}`)
	p, err := policyfile.Load(path, policyfile.Options{Home: filepath.Join(dir, "home")})
	require.NoError(t, err)
	call := policy.Call{Tool: "shell", Session: "s1", Args: map[string]any{"command": "go vet ./..."}}
	cases := []struct {
		agent  string
		reason policy.Reason
	}{
		{"reviewer", policy.ReasonApprovalSession},
		{"", policy.ReasonModeAsk},
		{"other", policy.ReasonModeAsk},
	}
	for _, tc := range cases {
		t.Run("agent "+tc.agent+" gets "+string(tc.reason), func(t *testing.T) {
			c := call
			c.Agent = tc.agent
			d := p.Engine.Evaluate(c)
			assert.Equal(t, tc.reason, d.Reason, d.Message)
		})
	}
}

func TestAHostileFileCostsMemoryLinearInItsSize(t *testing.T) {
	long := strings.Repeat("k", 1<<20)
	cases := []struct {
		name      string
		data      string
		problems  int // listed
		more      bool
		firstPath string
	}{
		{"a quarter million values under a long unknown key", `{"version": 1, "mode": "ask", "` + long + `": [` + strings.Repeat("1,", 1<<18) + `1]}`,
			1, false, `["` + strings.Repeat("k", 64) + `"...(1048576 bytes)]`},
		{"twenty thousand problems under a long tool name", `{"version": 1, "mode": "ask", "tools": {"` + long + `": {` + strings.Repeat(`"x": 1, `, 20000) + `"risk": "read"}}}`,
			policyfile.MaxProblems, true, `tools["` + strings.Repeat("k", 64) + `"...(1048576 bytes)].x`},
		{"twenty thousand bad secrets", `{"version": 1, "mode": "ask", "secrets": [` + strings.Repeat(`{"name": "", "env": ""}, `, 20000) + `{}]}`,
			policyfile.MaxProblems, true, "secrets[0].name"},
	}
	for _, tc := range cases {
		t.Run(tc.name+" is reported in bounded memory", func(t *testing.T) {
			data := []byte(tc.data)
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			_, err := policyfile.Parse(data, t.TempDir(), policyfile.Options{Home: t.TempDir()})
			runtime.ReadMemStats(&after)
			var e *policyfile.Error
			require.ErrorAs(t, err, &e)
			assert.Len(t, e.Problems, tc.problems)
			assert.Equal(t, tc.more, e.More > 0)
			assert.Equal(t, tc.firstPath, e.Problems[0].Path)
			allocated := after.TotalAlloc - before.TotalAlloc
			// encoding/json's tokenizer allocates for every token, so the
			// bound is linear with a generous factor; paths written out for
			// every value (the old cost) or kept for every problem exceed it.
			assert.Less(t, allocated, 64*uint64(len(data))+16<<20, "allocated %d bytes for %d bytes of input", allocated, len(data))
			t.Logf("allocated %d bytes for %d bytes of input", allocated, len(data))
		})
	}
}
