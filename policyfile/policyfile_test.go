package policyfile_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/policyfile"
)

func writePolicy(t *testing.T, body string) (dir, path string) {
	t.Helper()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "ws", "src"), 0o755))
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "docs"), 0o755))
	path = filepath.Join(dir, "policy.json")
	require.NoError(t, os.WriteFile(path, []byte(body), 0o600))
	return dir, path
}

const good = `{
  "version": 1,
  "mode": "ask",
  "interaction": "attended",
  "surfaces": {"scheduled-task": {"interaction": "unattended"}},
  "roots": [
    {"id": "ws", "path": "ws", "access": "read-write", "primary": true, "source": "workspace"},
    {"id": "docs", "path": "docs", "access": "read", "source": "user-grant"}
  ],
  "tools": {
    "read_file":  {"risk": "read", "pathArguments": ["path"], "approvalDefault": "allow", "source": "builtin"},
    "write_file": {"risk": "write-local", "pathArguments": ["path"], "approvalDefault": "allow", "source": "builtin"},
    "shell":      {"risk": "exec", "commandArgument": "command", "approvalDefault": "allow", "source": "builtin"},
    "slack_post": {"risk": "external", "targetArgument": "channel", "approvalDefault": "ask", "source": "mcp"}
  },
  "rules": [{"id": "no-web", "tool": "web_*", "decision": "deny"}],
  "hardline": {"sensitivePaths": ["~/.kube/**"]},
  "agents": {
    "reviewer": {"parent": "", "mode": "ask", "tools": ["read_file", "shell"], "roots": [{"path": "ws", "access": "read"}]},
    "scout": {"parent": "reviewer", "profile": "explorer"}
  },
  "secrets": [{"name": "openai", "env": "OPENAI_API_KEY"}],
  "sessionApprovals": [{"session": "s1", "tool": "shell", "target": "go test ./..."}],
  "standingApprovals": [{"id": "sa-1", "task": "t1", "tool": "slack_post", "target": "#builds"}]
}`

func TestLoadTheDesignExample(t *testing.T) {
	dir, path := writePolicy(t, good)
	t.Chdir(t.TempDir()) // relative roots resolve against the file, not the process
	p, err := policyfile.Load(path, policyfile.Options{Home: filepath.Join(dir, "home")})
	require.NoError(t, err)
	assert.Equal(t, policy.ModeAsk, p.File.Mode)
	primary, ok := p.Roots.Snapshot().Primary()
	require.True(t, ok)
	assert.Equal(t, filepath.Join(dir, "ws"), primary.Path)
	assert.Equal(t, 4, p.Tools.Len())
	assert.Len(t, p.Agents, 2)

	cases := []struct {
		call   policy.Call
		want   policy.Verdict
		reason policy.Reason
	}{
		{policy.Call{Tool: "read_file", Args: map[string]any{"path": "src/a.go"}}, policy.Allow, policy.ReasonModeAllow},
		{policy.Call{Tool: "write_file", Args: map[string]any{"path": "src/a.go"}}, policy.ApprovalRequired, policy.ReasonModeAsk},
		{policy.Call{Tool: "shell", Session: "s1", Args: map[string]any{"command": "go test ./..."}}, policy.Allow, policy.ReasonApprovalSession},
		{policy.Call{Tool: "slack_post", Task: "t1", Args: map[string]any{"channel": "#builds"}}, policy.Allow, policy.ReasonApprovalStanding},
		{policy.Call{Tool: "web_get"}, policy.Deny, policy.ReasonRuleDeny},
		{policy.Call{Tool: "read_file", Args: map[string]any{"path": "~/.kube/config"}}, policy.Deny, policy.ReasonHardlinePath},
		{policy.Call{Tool: "shell", Agent: "scout", Args: map[string]any{"command": "ls"}}, policy.Deny, policy.ReasonDelegationTool},
		{policy.Call{Tool: "read_file", Agent: "scout", Args: map[string]any{"path": "src"}}, policy.Allow, policy.ReasonModeAllow},
		{policy.Call{Tool: "read_file", Agent: "reviewer", Args: map[string]any{"path": filepath.Join(dir, "docs")}}, policy.Deny, policy.ReasonDelegationRoot},
	}
	for _, tc := range cases {
		d := p.Engine.Evaluate(tc.call)
		assert.Equal(t, tc.want.String(), d.Verdict.String(), "%+v: %s", tc.call, d.Message)
		assert.Equal(t, tc.reason, d.Reason, "%+v: %s", tc.call, d.Message)
	}
}

// problemPaths returns the path of every problem err reports.
func problemPaths(t *testing.T, err error) []string {
	t.Helper()
	var e *policyfile.Error
	require.ErrorAs(t, err, &e)
	var paths []string
	for _, p := range e.Problems {
		paths = append(paths, p.Path)
	}
	return paths
}

func TestLoadReportsEveryProblemWithItsPath(t *testing.T) {
	cases := []struct {
		name string
		edit func(string) string
		want []string // problems, as "path: message"; the paths are compared exactly
	}{
		{"an unknown top-level field", func(s string) string { return strings.Replace(s, `"mode": "ask"`, `"mode": "ask", "modes": 1`, 1) },
			[]string{`modes: unknown field (did you mean "mode"?)`}},
		{"an unknown nested field, in other case", func(s string) string {
			return strings.Replace(s, `"risk": "read"`, `"Risk": "read"`, 1)
		}, []string{`tools.read_file.Risk: unknown field (did you mean "risk"?)`}},
		{"a key given twice", func(s string) string { return strings.Replace(s, `"mode": "ask"`, `"mode": "ask", "mode": "allow"`, 1) },
			[]string{"mode: given twice"}},
		{"a secret's value", func(s string) string {
			return strings.Replace(s, `"env": "OPENAI_API_KEY"`, `"env": "OPENAI_API_KEY", "value": "sk-123"`, 1)
		}, []string{"secrets[0].value: unknown field"}},
		{"several problems at once", func(s string) string {
			s = strings.Replace(s, `"version": 1`, `"version": 2`, 1)
			s = strings.Replace(s, `"mode": "ask"`, `"mode": "sometimes"`, 1)
			s = strings.Replace(s, `"decision": "deny"`, `"decision": "allow"`, 1)
			s = strings.Replace(s, `"tool": "slack_post", "target"`, `"tool": "shell", "target"`, 1)
			s = strings.Replace(s, `"path": "docs"`, `"path": "missing"`, 1)
			s = strings.Replace(s, `"approvalDefault": "ask"`, `"approvalDefault": "maybe"`, 1)
			s = strings.Replace(s, `"sensitivePaths": ["~/.kube/**"]`, `"sensitivePaths": ["[unclosed"]`, 1)
			return s
		}, []string{
			"version: 2 is not a version this toolgate reads (want 1)",
			`mode: "sometimes" is not a mode (want allow, ask or deny)`,
			"roots[1].path: ",
			`tools.slack_post.approvalDefault: "maybe" is not an approval default (want allow, ask or deny)`,
			"rules[0].decision: rules only tighten: allow is not a rule decision (want ask or deny)",
			`hardline.sensitivePaths[0]: "[unclosed": pattern must be absolute or start with ~/ or **`,
			`standingApprovals[0].tool: "shell" has risk exec; only external tools may have standing approvals`,
		}},
		{"an agent cycle and an unknown parent", func(s string) string {
			return strings.Replace(s, `"scout": {"parent": "reviewer", "profile": "explorer"}`,
				`"scout": {"parent": "ghost"}, "a": {"parent": "b"}, "b": {"parent": "a"}`, 1)
		}, []string{`agents.a.parent: parent cycle: "a" -> "b" -> "a"`, `agents.scout.parent: unknown agent "ghost"`}},
		{"a value of the wrong type", func(s string) string { return strings.Replace(s, `"mode": "ask"`, `"mode": 3`, 1) },
			[]string{"mode: the number 3 is not allowed here (want a string)"}},
		{"an agent's value of the wrong type", func(s string) string {
			return strings.Replace(s, `"parent": "", "mode": "ask"`, `"parent": "", "mode": 3`, 1)
		}, []string{"agents.reviewer.mode: the number 3 is not allowed here (want a string)"}},
		{"an unknown surface", func(s string) string { return strings.Replace(s, `"scheduled-task": {`, `"scheduled-tsk": {`, 1) },
			[]string{`surfaces.scheduled-tsk: not a surface; want one of chat, scheduled-task, goal-loop, platform-reply, sub-agent, mcp (did you mean "scheduled-task"?)`}},
		{"a tool whose name is not a plain key", func(s string) string {
			return strings.Replace(s, `"slack_post": {"risk": "external"`, `"github/delete_repo": {"risk": "delete"}, "slack_post": {"risk": "external"`, 1)
		}, []string{`tools["github/delete_repo"].risk: "delete" is not a risk`, `tools["github/delete_repo"].approvalDefault: `, `tools["github/delete_repo"].source: `}},
		{"malformed JSON", func(s string) string { return strings.Replace(s, `"mode": "ask",`, `"mode": "ask",,`, 1) },
			[]string{"line 3, column 17: not valid JSON: invalid character ',' looking for beginning of object key string"}},
	}
	for _, tc := range cases {
		t.Run(tc.name+" is reported", func(t *testing.T) {
			dir, path := writePolicy(t, tc.edit(good))
			_, err := policyfile.Load(path, policyfile.Options{Home: filepath.Join(dir, "home")})
			require.Error(t, err)
			var e *policyfile.Error
			require.ErrorAs(t, err, &e)
			var got []string
			for _, p := range e.Problems {
				got = append(got, p.Error())
			}
			require.Len(t, got, len(tc.want), "problems:\n%s", strings.Join(got, "\n"))
			for i, w := range tc.want {
				wantPath, _, _ := strings.Cut(w, ": ")
				if strings.HasPrefix(w, "line ") {
					wantPath = ""
				}
				assert.Equal(t, wantPath, e.Problems[i].Path, "problem %d", i)
				assert.True(t, strings.HasPrefix(got[i], w), "problem %d is %q, want %q", i, got[i], w)
			}
			assert.NotErrorIs(t, err, policyfile.ErrRead)
			assert.ErrorIs(t, err, policyfile.ErrInvalid)
		})
	}
}

func TestLoadRefusesWhatItCannotRead(t *testing.T) {
	_, err := policyfile.Load(filepath.Join(t.TempDir(), "absent.json"), policyfile.Options{})
	assert.ErrorIs(t, err, policyfile.ErrRead)
}

// TestLoadRefusesTextThatIsNotUTF8: encoding/json reads a byte that is not
// UTF-8 as U+FFFD, so a pattern would silently not be the one written; the
// file is refused at that byte, and a byte-order mark gets its own error.
func TestLoadRefusesTextThatIsNotUTF8(t *testing.T) {
	bad := strings.Replace(good, `"~/.kube/**"`, "\"~/.kube/**\xff\"", 1)
	_, path := writePolicy(t, bad)
	_, err := policyfile.Load(path, policyfile.Options{})
	require.ErrorIs(t, err, policyfile.ErrSyntax)
	assert.Contains(t, err.Error(), "line 17, column 46: byte 0xff is not UTF-8 text")

	_, path = writePolicy(t, "\xef\xbb\xbf"+good)
	_, err = policyfile.Load(path, policyfile.Options{})
	require.ErrorIs(t, err, policyfile.ErrSyntax)
	assert.Contains(t, err.Error(), "line 1, column 1: the file starts with a UTF-8 byte-order mark")

	_, path = writePolicy(t, good)
	_, err = policyfile.Load(path, policyfile.Options{})
	require.NoError(t, err)
}
