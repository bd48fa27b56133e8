package policyfile

import (
	"fmt"
	"strings"

	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/toolmeta"
)

// SessionApproval is a session approval as the policy file writes it: the
// tool's one declared argument given as text. Loading binds it the way the
// engine binds a person's approval (see policy.Binding): a path is resolved
// canonically against the roots when the file loads, so the approval covers
// that file and no file a link later points to. An approval names the
// agent it is given to, and covers only that agent's calls (see
// docs/security-model.md, Approvals).
type SessionApproval struct {
	Session string `json:"session"`
	// Agent is the agent the approval is given to; empty for the top level.
	Agent string `json:"agent,omitempty"`
	Tool  string `json:"tool"`
	// Target is the value of the tool's declared argument: the command of
	// an exec tool, the target of a tool with a target argument, or the
	// path of a tool with one path argument. Empty for a tool that declares
	// no argument.
	Target string `json:"target"`
}

// bindSession turns a file's session approval into the Binding the engine
// matches, by evaluating the call it describes. On error it also names the
// field of the approval at fault.
func bindSession(e *policy.Engine, m toolmeta.Metadata, s SessionApproval) (policy.SessionApproval, string, error) {
	args := map[string]any{}
	switch {
	case m.CommandArgument != "":
		args[m.CommandArgument] = s.Target
	case m.TargetArgument != "":
		args[m.TargetArgument] = s.Target
	case len(m.PathArguments) == 1:
		args[m.PathArguments[0]] = s.Target
	case len(m.PathArguments) > 1:
		return policy.SessionApproval{}, "tool", fmt.Errorf("tool %q declares %d path arguments; a session approval in the file binds one", s.Tool, len(m.PathArguments))
	case s.Target != "":
		return policy.SessionApproval{}, "target", fmt.Errorf("tool %q declares no argument, so the target must be empty", s.Tool)
	}
	c := policy.Call{Tool: s.Tool, Agent: s.Agent, Args: args}
	d := e.Evaluate(c)
	if d.Verdict == policy.Deny {
		field := ""
		switch {
		case d.Reason == policy.ReasonAgentUnknown || strings.HasPrefix(string(d.Reason), "delegation."):
			field = "agent"
		case d.Reason == policy.ReasonCallInvalid || strings.HasPrefix(string(d.Reason), "root."):
			field = "target"
		}
		if field != "" {
			return policy.SessionApproval{}, field, fmt.Errorf("the approved call cannot be bound (%s): %s", d.Reason, d.Message)
		}
	}
	return policy.SessionApproval{Session: s.Session, Binding: policy.BindingOf(c, d)}, "", nil
}
