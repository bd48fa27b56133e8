package refhost

import (
	"context"
	"os"
	"testing"

	"github.com/toolgate/toolgate/conformance"
	"github.com/toolgate/toolgate/policy"
)

// NewConformanceHost is the reference host's conformance adapter: it
// starts a Host configured as the cell asks and translates the matrix's
// few verbs into the host's own. It serves every surface.
//
// An integrator copies it and replaces Open with the host's own start.
func NewConformanceHost(t testing.TB, cfg conformance.Config) (conformance.Host, error) {
	tools := map[string]Tool{}
	for _, pt := range cfg.Tools {
		tools[pt.Name] = Tool{Meta: pt.Meta, Run: probe(pt.Run)}
	}
	hc := Config{
		Mode: cfg.Mode, Interaction: cfg.Interaction, Surface: cfg.Surface,
		Session: cfg.Session, Task: cfg.Task, Home: cfg.Home, StateDir: cfg.StateDir,
		Roots: cfg.Roots, Tools: tools, Agents: cfg.Agents, Standing: cfg.Standing, Secrets: cfg.Secrets,
		Ask: func(ctx context.Context, q Question) bool {
			return cfg.Ask(ctx, conformance.Question{CallID: q.Call.ID, Tool: q.Call.Tool, Agent: q.Call.Agent, Args: q.Call.Args})
		},
	}
	h, err := Open(t.Context(), hc)
	if err != nil {
		return nil, err
	}
	return &adapter{h: h}, nil
}

// probe turns a conformance probe into a tool's Run; nil stays nil (the
// host runs an exec tool's command itself).
func probe(run func(context.Context, conformance.Invocation) (string, error)) func(context.Context, Input) (string, error) {
	if run == nil {
		return nil
	}
	return func(ctx context.Context, in Input) (string, error) {
		return run(ctx, conformance.Invocation{CallID: in.CallID, Args: in.Args, IdempotencyKey: in.IdempotencyKey})
	}
}

type adapter struct{ h *Host }

func (a *adapter) Turn(ctx context.Context, calls []conformance.Call) error {
	turn := make([]policy.Call, len(calls))
	for i, c := range calls {
		turn[i] = policy.Call{ID: c.ID, Tool: c.Tool, Args: c.Args, Agent: c.Agent}
	}
	_, err := a.h.Turn(ctx, turn)
	return err
}

func (a *adapter) Pending(ctx context.Context) ([]conformance.Item, error) {
	recs, err := a.h.Pending(ctx)
	items := make([]conformance.Item, len(recs))
	for i, r := range recs {
		items[i] = conformance.Item{ID: r.ID, CallID: r.CallID, Tool: r.Tool}
	}
	return items, err
}

func (a *adapter) Decide(ctx context.Context, id string, approve bool) error {
	if !approve {
		return a.h.Deny(ctx, id, "conformance")
	}
	_, err := a.h.Approve(ctx, id, "conformance")
	return err
}

func (a *adapter) Restart(ctx context.Context) error { return a.h.Restart(ctx) }

func (a *adapter) Audit(context.Context) ([]byte, error) { return os.ReadFile(a.h.AuditPath()) }

func (a *adapter) Sidecar() (string, string) {
	url, tok := a.h.Sidecar()
	return url, tok.Reveal()
}

func (a *adapter) Close() error { return a.h.Close() }
