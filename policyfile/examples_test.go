package policyfile_test

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgate/toolgate/policyfile"
)

// TestRuleExamples checks each rule's examples when the policy loads: a
// match the rule does not select, or a noMatch it does, is a load error
// naming the rule and the example's index.
func TestRuleExamples(t *testing.T) {
	cases := []struct {
		name, examples string
		problems       []string // "path: message part"; none when the file loads
	}{
		{"examples the rule says what they mean load",
			`{"match": [{"tool": "shell", "args": {"command": "ls"}}], "noMatch": [{"tool": "read_file", "args": {"path": "a"}}]}`, nil},
		{"a match the rule does not select is a load error",
			`{"match": [{"tool": "shell", "args": {"command": "ls"}}, {"tool": "read_file", "args": {"path": "a"}}]}`,
			[]string{`rules[0].examples.match[1]: rule "no-sh" does not select this call to "read_file"`}},
		{"a noMatch the rule selects is a load error",
			`{"noMatch": [{"tool": "read_file", "args": {"path": "a"}}, {"tool": "shell", "args": {"command": "ls"}}]}`,
			[]string{`rules[0].examples.noMatch[1]: rule "no-sh" selects this call to "shell"`}},
		{"an example of a tool the policy does not define is a load error",
			`{"match": [{"tool": "shel", "args": {}}]}`,
			[]string{`rules[0].examples.match[0].tool: "shel" is not a tool of this policy`}},
		{"an example decided before the rules does not match, and says why",
			`{"match": [{"tool": "shell", "args": {}}]}`,
			[]string{`rules[0].examples.match[0]: rule "no-sh" does not select this call to "shell", listed under match (decided deny by call.invalid`}},
		{"an unknown key in an example is a load error",
			`{"match": [{"tool": "shell", "arg": {"command": "ls"}}]}`,
			[]string{`rules[0].examples.match[0].arg: unknown field`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			require.NoError(t, os.Mkdir(dir+"/ws", 0o755))
			data := `{"version": 1, "mode": "allow",
  "roots": [{"id": "ws", "path": "ws", "access": "read-write", "primary": true, "source": "workspace"}],
  "tools": {
    "read_file": {"risk": "read", "pathArguments": ["path"], "approvalDefault": "allow", "source": "builtin"},
    "shell": {"risk": "exec", "commandArgument": "command", "approvalDefault": "allow", "source": "builtin"}},
  "rules": [{"id": "no-sh", "tool": "sh*", "decision": "deny", "examples": ` + c.examples + `}]}`
			p, err := policyfile.Parse([]byte(data), dir, policyfile.Options{Home: dir})
			if c.problems == nil {
				require.NoError(t, err)
				require.NotNil(t, p.File.Rules[0].Examples)
				return
			}
			var e *policyfile.Error
			require.ErrorAs(t, err, &e)
			require.Len(t, e.Problems, len(c.problems), "%v", err)
			for i, want := range c.problems {
				assert.Contains(t, e.Problems[i].Error(), want)
			}
		})
	}
}
