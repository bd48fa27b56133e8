package approval_test

import (
	"context"
	"fmt"

	"github.com/toolgate/toolgate/approval"
	"github.com/toolgate/toolgate/policy"
)

// A scheduled task wants to post to a channel; the policy says a person
// must approve. The run parks, a person approves, and the host resumes the
// call exactly once, with an idempotency key the external side can use.
func Example() {
	ctx := context.Background()
	// A real host opens a durable store: approval.OpenFile(stateDir).
	inbox := approval.New(approval.NewMemoryStore(), approval.Options{})

	call := policy.Call{ID: "c1", Tool: "slack_post", Task: "nightly", Surface: policy.SurfaceScheduledTask,
		Args: map[string]any{"channel": "#deploys", "text": "v1.2 is out"}}
	decision := policy.Decision{ID: "c1", Verdict: policy.ApprovalRequired, Reason: policy.ReasonToolDefaultAsk,
		Interaction: policy.Unattended, HumanRequired: true, Targets: []policy.Target{{Argument: "channel", Value: "#deploys"}}}

	// Unattended: never consent by default, park.
	r, err := inbox.Park(ctx, call, decision, approval.Request{})
	if err != nil {
		panic(err)
	}
	fmt.Println("parked:", r.State)

	// Later, in the inbox, a person approves.
	if r, err = inbox.Approve(ctx, r.ID, "ann", approval.ScopeOnce); err != nil {
		panic(err)
	}
	fmt.Println("decided:", r.State, "by", r.Decision.By)

	// The host resumes: the record is marked started before the executor
	// runs, and completed after.
	exec := func(ctx context.Context, run approval.Run) error {
		fmt.Println("posting, attempt", run.Attempt, "with the record's idempotency key:", run.IdempotencyKey == r.IdempotencyKey)
		return nil
	}
	if r, err = inbox.Resume(ctx, r.ID, exec); err != nil {
		panic(err)
	}
	fmt.Println("resumed:", r.State)

	// It never runs twice.
	_, err = inbox.Resume(ctx, r.ID, exec)
	fmt.Println("again:", err != nil)
	// Output:
	// parked: waiting_for_approval
	// decided: resuming by ann
	// posting, attempt 1 with the record's idempotency key: true
	// resumed: completed
	// again: true
}
