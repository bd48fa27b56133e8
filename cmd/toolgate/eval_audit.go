package main

import (
	"context"

	"github.com/toolgate/toolgate/audit"
	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/policyfile"
)

// evaluator decides calls: the policy's engine, or the engine with an
// audit trail around it.
type evaluator interface {
	Evaluate(c policy.Call) policy.Decision
}

// withAudit returns the policy's engine, or, when path is set, the engine
// recording proposed and policy_decided events for each call to the audit
// file at path, redacted with the policy's configured secrets. The
// returned func closes the file.
func withAudit(p *policyfile.Policy, path string) (evaluator, func(), error) {
	if path == "" {
		return p.Engine, func() {}, nil
	}
	red, err := policyRedactor(p)
	if err != nil {
		return nil, nil, err
	}
	sink, err := audit.OpenFile(path, audit.FileOptions{Redactor: red})
	if err != nil {
		return nil, nil, err
	}
	a := &audited{e: p.Engine, log: audit.NewLogger(sink, red)}
	return a, func() { sink.Close(); red.Wipe() }, nil
}

// audited records each evaluation. An event that cannot be recorded turns
// the call's decision into a deny: a call that was asked to be audited
// does not run unaudited.
type audited struct {
	e   *policy.Engine
	log *audit.Logger
}

func (a *audited) Evaluate(c policy.Call) policy.Decision {
	ctx := context.Background()
	id := audit.NewDecisionID()
	if err := a.log.Proposed(ctx, id, c); err != nil {
		return auditFailed(c, err)
	}
	d := a.e.Evaluate(c)
	if err := a.log.Decided(ctx, id, c, d); err != nil {
		return auditFailed(c, err)
	}
	return d
}

func auditFailed(c policy.Call, err error) policy.Decision {
	return policy.Decision{ID: c.ID, Verdict: policy.Deny, Reason: policy.ReasonCallInvalid,
		Interaction: policy.Unattended, Message: "the call could not be audited: " + err.Error()}
}
