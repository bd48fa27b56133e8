package policyfile_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/toolgate/toolgate/hardline"
	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/policyfile"
)

const withCommands = `{
  "version": 1,
  "mode": "allow",
  "roots": [{"id": "ws", "path": "ws", "access": "read-write", "primary": true, "source": "workspace"}],
  "tools": {"shell": {"risk": "exec", "commandArgument": "command", "approvalDefault": "allow", "source": "builtin"}},
  "commands": [
    {"names": ["deployer"], "summary": "runs its first operand", "operands": [{"index": 0, "role": "command"}]},
    {"names": ["archiver"], "options": [{"names": ["--out"], "takes": 1, "role": "write"}]}
  ]
}`

func TestThePolicysOwnProgramsAreJudgedByTheirEntries(t *testing.T) {
	_, path := writePolicy(t, withCommands)
	p, err := policyfile.Load(path, policyfile.Options{})
	require.NoError(t, err)
	for _, tc := range []struct {
		cmd  string
		want policy.Verdict
	}{
		{`deployer "rm -rf ~"`, policy.Deny},
		{`deployer ls`, policy.Allow},
		{`archiver --out /etc/passwd x`, policy.Deny},
		{`archiver --out out.tar x`, policy.Allow},
	} {
		d := p.Engine.Evaluate(policy.Call{Tool: "shell", Args: map[string]any{"command": tc.cmd}})
		assert.Equal(t, tc.want, d.Verdict, "%s: %s %s", tc.cmd, d.Reason, d.Message)
	}
}

func TestAPolicyEntryCannotWeakenABuiltInOneSpeltOtherwise(t *testing.T) {
	// The analyser reads RM as rm (macOS and Windows find /bin/rm for it)
	// and ruby3.1 as ruby; the policy's entry for that spelling adds to
	// the built-in reading and does not replace it.
	_, path := writePolicy(t, `{
  "version": 1,
  "mode": "allow",
  "roots": [{"id": "ws", "path": "ws", "access": "read-write", "primary": true, "source": "workspace"}],
  "tools": {"shell": {"risk": "exec", "commandArgument": "command", "approvalDefault": "allow", "source": "builtin"}},
  "commands": [
    {"names": ["RM", "Rm"], "summary": "said to be harmless", "dataOnly": true},
    {"names": ["ruby3.1"], "summary": "said to be harmless", "dataOnly": true},
    {"names": ["CP"], "summary": "runs its first operand", "operands": [{"index": 0, "role": "command"}]}
  ]
}`)
	p, err := policyfile.Load(path, policyfile.Options{})
	require.NoError(t, err)
	for _, cmd := range []string{`RM -rf ~`, `Rm -rf /`, `ruby3.1 -e 'system("x")'`} {
		d := p.Engine.Evaluate(policy.Call{Tool: "shell", Args: map[string]any{"command": cmd}})
		assert.NotEqual(t, policy.Allow, d.Verdict, "%s: %s %s", cmd, d.Reason, d.Message)
	}
	// And the policy's stricter reading still applies beside the built-in.
	d := p.Engine.Evaluate(policy.Call{Tool: "shell", Args: map[string]any{"command": `CP "rm -rf ~"`}})
	assert.Equal(t, policy.Deny, d.Verdict, "%s %s", d.Reason, d.Message)
}

func TestAnInvalidCommandEntryIsReportedWithItsPath(t *testing.T) {
	bad := `{
  "version": 1,
  "mode": "allow",
  "roots": [{"id": "ws", "path": "ws", "access": "read-write", "primary": true, "source": "workspace"}],
  "tools": {},
  "commands": [{"names": ["ok"]}, {"names": ["a/b"], "operands": [{"index": 0, "role": "comand"}]}]
}`
	_, path := writePolicy(t, bad)
	_, err := policyfile.Load(path, policyfile.Options{})
	require.Error(t, err)
	assert.ElementsMatch(t, []string{"commands[1].names[0]", "commands[1].operands[0].role"}, problemPaths(t, err))
	assert.ErrorIs(t, err, hardline.ErrInvalidEntry)
}
