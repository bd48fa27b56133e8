package policyfile_test

import (
	"errors"
	"fmt"
	"os"
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

func TestEachPhaseNamesItsProblemsExactly(t *testing.T) {
	replace := func(old, new string) func(string) string {
		return func(s string) string {
			if !strings.Contains(s, old) {
				panic("the base policy lacks " + old)
			}
			return strings.Replace(s, old, new, 1)
		}
	}
	session := `"sessionApprovals": [{"session": "s1", "tool": "shell", "target": "go test ./..."}]`
	cases := []struct {
		name string
		edit func(string) string
		want []string // "path: message", compared whole
	}{
		{"null where a value cannot be absent", replace(`"mode": "ask"`, `"mode": null`),
			[]string{"mode: null is not allowed here (want a string) (line 3, column 11)"}},
		{"null for a list is absent, not a problem", replace(`"rules": [{"id": "no-web", "tool": "web_*", "decision": "deny"}]`, `"rules": null`), nil},
		{"an array for an object", replace(`"hardline": {"sensitivePaths": ["~/.kube/**"]}`, `"hardline": ["~/.kube/**"]`),
			[]string{"hardline: an array is not allowed here (want an object) (line 17, column 15)"}},
		{"an object for a list of strings", replace(`"sensitivePaths": ["~/.kube/**"]`, `"sensitivePaths": {"a": 1}`),
			[]string{"hardline.sensitivePaths: an object is not allowed here (want an array of strings) (line 17, column 34)"}},
		{"a fraction for a whole number", replace(`"version": 1`, `"version": 1.5`),
			[]string{"version: the number 1.5 is not allowed here (want a whole number) (line 2, column 14)"}},
		{"true for a string", replace(`"source": "mcp"`, `"source": true`),
			[]string{"tools.slack_post.source: true is not allowed here (want a string) (line 14, column 105)"}},
		{"a string for true or false", replace(`"primary": true`, `"primary": "yes"`),
			[]string{`roots[0].primary: a string is not allowed here (want true or false) (line 7, column 67)`, "roots: a non-empty set needs exactly one primary root, found none"}},
		{"a session approval of an unknown tool", replace(session, `"sessionApprovals": [{"session": "s1", "tool": "shel", "target": "ls"}]`),
			[]string{`sessionApprovals[0].tool: "shel" is not a tool of this policy (did you mean "shell"?)`}},
		{"a session approval without a session or tool", replace(session, `"sessionApprovals": [{"session": "", "tool": ""}]`),
			[]string{"sessionApprovals[0].session: a session approval needs a session", "sessionApprovals[0].tool: a session approval names one tool"}},
		{"a session approval of a path outside every root", replace(session, `"sessionApprovals": [{"session": "s1", "tool": "write_file", "target": "/elsewhere/x"}]`),
			[]string{`sessionApprovals[0].target: the approved call cannot be bound (root.outside): path "/elsewhere/x" is outside every root`}},
		{"a session approval for an agent that lacks the tool", replace(session, `"sessionApprovals": [{"session": "s1", "agent": "reviewer", "tool": "slack_post", "target": "#x"}]`),
			[]string{`sessionApprovals[0].agent: the approved call cannot be bound (delegation.tool): agent "reviewer" does not hold tool "slack_post"`}},
		{"a session approval with a target for a tool without arguments", func(s string) string {
			s = replace(`"slack_post": {"risk": "external", "targetArgument": "channel",`, `"slack_post": {"risk": "external",`)(s)
			s = replace(`"standingApprovals": [{"id": "sa-1", "task": "t1", "tool": "slack_post", "target": "#builds"}]`, `"standingApprovals": []`)(s)
			return replace(session, `"sessionApprovals": [{"session": "s1", "tool": "slack_post", "target": "#x"}]`)(s)
		}, []string{`sessionApprovals[0].target: tool "slack_post" declares no argument, so the target must be empty`}},
		{"a session approval of a tool with two paths", func(s string) string {
			s = replace(`"write_file": {"risk": "write-local", "pathArguments": ["path"]`, `"write_file": {"risk": "write-local", "pathArguments": ["path", "to"]`)(s)
			return replace(session, `"sessionApprovals": [{"session": "s1", "tool": "write_file", "target": "a"}]`)(s)
		}, []string{`sessionApprovals[0].tool: tool "write_file" declares 2 path arguments; a session approval in the file binds one`}},
		{"an invalid tool is reported once, not again for the agents and approvals that name it", func(s string) string {
			s = replace(`"shell":      {"risk": "exec", "commandArgument": "command",`, `"shell":      {"risk": "exec",`)(s)
			return s
		}, []string{"tools.shell.commandArgument: an exec tool must name the argument that holds its command, or nothing could judge what it runs"}},
		{"a standing approval id given twice", replace(`"standingApprovals": [{"id": "sa-1", "task": "t1", "tool": "slack_post", "target": "#builds"}]`,
			`"standingApprovals": [{"id": "sa-1", "task": "t1", "tool": "slack_post", "target": "#builds"}, {"id": "sa-1", "task": "t2", "tool": "slack_post", "target": "#x"}]`),
			[]string{`standingApprovals[1].id: "sa-1" is used twice`}},
		{"a secret named twice", replace(`"secrets": [{"name": "openai", "env": "OPENAI_API_KEY"}]`, `"secrets": [{"name": "openai", "env": "A"}, {"name": "openai", "env": "B"}, {"name": "", "env": "C"}]`),
			[]string{`secrets[1].name: "openai" is used twice`, "secrets[2].name: a secret needs a name"}},
		{"a secret's variable that is not a name", replace(`"secrets": [{"name": "openai", "env": "OPENAI_API_KEY"}]`, `"secrets": [{"name": "a", "env": ""}, {"name": "b", "env": "MY-KEY"}]`),
			[]string{`secrets[1].env: "MY-KEY" is not a variable name`, "secrets[0].env: a secret needs the environment variable that holds it"}}, // the hardline phase first
		{"a secret's hosts that are not host names", replace(`"secrets": [{"name": "openai", "env": "OPENAI_API_KEY"}]`,
			`"secrets": [{"name": "a", "env": "A"}, {"name": "b", "env": "B", "hosts": ["api.example.com", "https://e.x/", "E.X", ".e.x"]}]`),
			[]string{`secrets[1].hosts[1]: "https://e.x/" is not a host name (lower case, no scheme, port or path)`,
				`secrets[1].hosts[2]: "E.X" is not a host name (lower case, no scheme, port or path)`,
				`secrets[1].hosts[3]: ".e.x" is not a host name (lower case, no scheme, port or path)`}},
		{"a built-in credential given other hosts", replace(`"secrets": [{"name": "openai", "env": "OPENAI_API_KEY"}]`, `"secrets": [{"name": "openai", "env": "OPENAI_API_KEY", "hosts": ["e.x"]}]`),
			[]string{"secrets[0].hosts: OPENAI_API_KEY belongs to openai.com, built in; it cannot be given other hosts"}},
		{"a root without a path", replace(`{"id": "docs", "path": "docs",`, `{"id": "docs", "path": "",`),
			[]string{"roots[1].path: a root needs a path"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir, path := writePolicy(t, tc.edit(good))
			_, err := policyfile.Load(path, policyfile.Options{Home: filepath.Join(dir, "home")})
			if tc.want == nil {
				require.NoError(t, err)
				return
			}
			var e *policyfile.Error
			require.ErrorAs(t, err, &e)
			var got []string
			for _, p := range e.Problems {
				got = append(got, p.Error())
			}
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestRootPathsResolveAgainstTheFileAndHome(t *testing.T) {
	dir, path := writePolicy(t, `{"version": 1, "mode": "ask", "tools": {},
	  "roots": [{"id": "ws", "path": "ws", "access": "read-write", "primary": true, "source": "workspace"},
	            {"id": "home", "path": "~", "access": "read", "source": "user-grant"},
	            {"id": "proj", "path": "~/proj", "access": "read", "source": "user-grant"},
	            {"id": "abs", "path": "`+filepath.ToSlash(filepath.Join(t.TempDir()))+`", "access": "read", "source": "user-grant"}]}`)
	home := filepath.Join(dir, "home")
	require.NoError(t, os.MkdirAll(filepath.Join(home, "proj"), 0o755))
	p, err := policyfile.Load(path, policyfile.Options{Home: home})
	require.NoError(t, err)
	got := map[string]string{}
	for _, r := range p.Roots.Snapshot().Roots() {
		got[r.ID] = r.Path
	}
	assert.Equal(t, filepath.Join(dir, "ws"), got["ws"])
	assert.Equal(t, home, got["home"])
	assert.Equal(t, filepath.Join(home, "proj"), got["proj"])
	assert.NotEmpty(t, got["abs"])
}
