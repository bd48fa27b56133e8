package policy_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/toolgate/toolgate/policy"
)

// TestTheEnvironmentAnExecCallGivesIsJudged: a shell tool that takes an
// environment beside its command runs the command with it, whatever the
// argument is called and however it is written.
func TestTheEnvironmentAnExecCallGivesIsJudged(t *testing.T) {
	w := newWorld(t)
	e := w.engine(t, nil)
	shell := func(extra map[string]any) policy.Call {
		a := map[string]any{"command": "git log"}
		for k, v := range extra {
			a[k] = v
		}
		return policy.Call{Tool: "shell", Args: a}
	}
	for _, tc := range []struct {
		name   string
		extra  map[string]any
		v      policy.Verdict
		reason policy.Reason
		rule   string
	}{
		{"a pager that deletes the home folder", map[string]any{"env": map[string]any{"PAGER": "rm -rf ~"}}, policy.Deny, policy.ReasonHardlineCommand, "rm-home"},
		{"a preloaded library", map[string]any{"environment": map[string]any{"LD_PRELOAD": "/tmp/x.so"}}, policy.ApprovalRequired, policy.ReasonHardlineDynamic, "env-code"},
		{"a list of assignments", map[string]any{"envs": []any{"CI=1", "BASH_ENV=/tmp/x.sh"}}, policy.ApprovalRequired, policy.ReasonHardlineDynamic, "env-code"},
		{"one assignment as a string", map[string]any{"extra": "LD_PRELOAD=/tmp/x.so"}, policy.ApprovalRequired, policy.ReasonHardlineDynamic, "env-code"},
		{"an environment nested in options", map[string]any{"options": map[string]any{"timeout": 30.0, "env": map[string]any{"GIT_PAGER": "rm -rf ~"}}}, policy.Deny, policy.ReasonHardlineCommand, "rm-home"},
		{"a list of names and values", map[string]any{"env": []any{map[string]any{"name": "CI", "value": "1"}, map[string]any{"name": "PAGER", "value": "rm -rf ~"}}}, policy.Deny, policy.ReasonHardlineCommand, "rm-home"},
		{"a number beside the pager", map[string]any{"env": map[string]any{"PAGER": "rm -rf ~", "N": 3.0, "V": false}}, policy.Deny, policy.ReasonHardlineCommand, "rm-home"},
		{"an assignment deep in a list", map[string]any{"run": map[string]any{"steps": []any{map[string]any{"with": []any{"GIT_PAGER=rm -rf ~"}, "id": []any{}}}}}, policy.Deny, policy.ReasonHardlineCommand, "rm-home"},
		{"a benign environment", map[string]any{"env": map[string]any{"CI": "1", "GOFLAGS": "-mod=mod", "N": 3.0, "V": true}}, policy.Allow, policy.ReasonModeAllow, ""},
		{"a timeout and a description", map[string]any{"timeout": 30.0, "description": "show the log"}, policy.Allow, policy.ReasonModeAllow, ""},
		{"a name that is no variable's", map[string]any{"env": map[string]any{"1PAGER": "rm -rf ~", "PA GER": "rm -rf ~", "": "rm -rf ~"}}, policy.Allow, policy.ReasonModeAllow, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := check(t, e, shell(tc.extra), tc.v, tc.reason)
			assert.Equal(t, tc.rule, d.Rule)
		})
	}
	t.Run("a variable the command expands is read from the environment", func(t *testing.T) {
		c := policy.Call{Tool: "shell", Args: map[string]any{"command": `eval "$CMD"`, "env": map[string]any{"CMD": "rm -rf ~"}}}
		d := check(t, e, c, policy.Deny, policy.ReasonHardlineCommand)
		assert.Equal(t, "rm-home", d.Rule)
	})
	t.Run("the command is judged without the environment too", func(t *testing.T) {
		c := policy.Call{Tool: "shell", Args: map[string]any{"command": "rm -rf ~", "env": map[string]any{"HOME": "/tmp/elsewhere"}}}
		d := check(t, e, c, policy.Deny, policy.ReasonHardlineCommand)
		assert.Equal(t, "rm-home", d.Rule)
	})
	t.Run("an environment past the bounds asks", func(t *testing.T) {
		env := map[string]any{}
		for i := range 300 {
			env[fmt.Sprintf("V%d", i)] = "x"
		}
		d := check(t, e, shell(map[string]any{"env": env}), policy.ApprovalRequired, policy.ReasonHardlineDynamic)
		assert.Contains(t, d.Message, "larger than can be judged")
		d = check(t, e, shell(map[string]any{"env": map[string]any{"BIG": strings.Repeat("x", 65<<10)}}), policy.ApprovalRequired, policy.ReasonHardlineDynamic)
		assert.Contains(t, d.Message, "larger than can be judged")
	})
	t.Run("the target names the arguments that give the environment", func(t *testing.T) {
		d := e.Evaluate(shell(map[string]any{"a": map[string]any{"X": "1"}, "b": "no assignment", "c": []any{"Y=2"}}))
		assert.Equal(t, "a,c", d.Targets[len(d.Targets)-1].Argument)
	})
	t.Run("the environment is a target, named and digested", func(t *testing.T) {
		d := e.Evaluate(shell(map[string]any{"env": map[string]any{"CI": "1", "TOKEN": "s3cret-value"}}))
		require.NotEmpty(t, d.Targets)
		last := d.Targets[len(d.Targets)-1]
		assert.Equal(t, "env", last.Argument)
		assert.Regexp(t, `^environment CI TOKEN sha256:[0-9a-f]{64}$`, last.Value)
		assert.NotContains(t, fmt.Sprint(d), "s3cret-value")
	})
}

// TestAnApprovalOfACommandDoesNotReachItsEnvironment: a session approval
// binds the environment a call gives its command.
func TestAnApprovalOfACommandDoesNotReachItsEnvironment(t *testing.T) {
	w := newWorld(t)
	a := policy.NewApprovals()
	e := w.engine(t, func(c *policy.Config) { c.Mode, c.SessionApprovals = policy.ModeAsk, a })
	plain := policy.Call{Tool: "shell", Session: "s", Args: map[string]any{"command": "make"}}
	approveSession(t, e, a, "s", plain)
	check(t, e, plain, policy.Allow, policy.ReasonApprovalSession)

	preload := policy.Call{Tool: "shell", Session: "s", Args: map[string]any{"command": "make", "env": map[string]any{"LD_PRELOAD": "/tmp/x.so"}}}
	check(t, e, preload, policy.ApprovalRequired, policy.ReasonHardlineDynamic)
	benign := policy.Call{Tool: "shell", Session: "s", Args: map[string]any{"command": "make", "env": map[string]any{"CI": "1"}}}
	check(t, e, benign, policy.ApprovalRequired, policy.ReasonModeAsk)

	approveSession(t, e, a, "s", benign)
	check(t, e, benign, policy.Allow, policy.ReasonApprovalSession)
	other := policy.Call{Tool: "shell", Session: "s", Args: map[string]any{"command": "make", "env": map[string]any{"CI": "2"}}}
	check(t, e, other, policy.ApprovalRequired, policy.ReasonModeAsk)
}
