package approval_test

import (
	"context"
	"errors"
	"testing"
	"testing/synctest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/toolgate/toolgate/approval"
	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/toolmeta"
)

var (
	call     = policy.Call{ID: "c1", Tool: "slack_post", Task: "t1", Session: "s1", Surface: policy.SurfaceScheduledTask, Args: map[string]any{"channel": "#x", "text": "secret"}}
	decision = policy.Decision{Verdict: policy.ApprovalRequired, Reason: policy.ReasonToolDefaultAsk, Interaction: policy.Unattended,
		Targets: []policy.Target{{Argument: "channel", Value: "#x"}}}
	noop = func(context.Context, approval.Run) error { return nil }
)

func park(t *testing.T, in *approval.Inbox) *approval.Record {
	t.Helper()
	r, err := in.Park(t.Context(), call, decision, approval.Request{RequestID: "req-1", Parent: "p"})
	require.NoError(t, err)
	return r
}

func TestExpiry(t *testing.T) {
	t.Run("a request can be approved until its expiry and not after", func(t *testing.T) {
		synctest.Test(t, func(t *testing.T) {
			in := approval.New(approval.NewMemoryStore(), approval.Options{TTL: time.Hour})
			early, late := park(t, in), park(t, in)
			time.Sleep(time.Hour - time.Second)
			_, err := in.Approve(t.Context(), early.ID, "ann", approval.ScopeOnce)
			require.NoError(t, err)
			time.Sleep(time.Second)
			_, err = in.Approve(t.Context(), late.ID, "ann", approval.ScopeOnce)
			assert.ErrorIs(t, err, approval.ErrExpired)
			r, err := in.Get(t.Context(), late.ID)
			require.NoError(t, err)
			assert.Equal(t, approval.StateExpired, r.State)
			_, err = in.Resume(t.Context(), late.ID, noop)
			assert.ErrorIs(t, err, approval.ErrNotApproved)
		})
	})
	t.Run("an approval code goes stale after CodeTTL", func(t *testing.T) {
		synctest.Test(t, func(t *testing.T) {
			in := approval.New(approval.NewMemoryStore(), approval.Options{})
			r := park(t, in)
			code, _, err := in.IssueCode(t.Context(), r.ID)
			require.NoError(t, err)
			time.Sleep(approval.DefaultCodeTTL)
			_, err = in.ApproveWithCode(t.Context(), r.ID, code, "ann", approval.ScopeOnce)
			assert.ErrorIs(t, err, approval.ErrCodeDeclined)
			code, _, err = in.IssueCode(t.Context(), r.ID)
			require.NoError(t, err)
			time.Sleep(approval.DefaultCodeTTL - time.Second)
			_, err = in.ApproveWithCode(t.Context(), r.ID, code, "ann", approval.ScopeOnce)
			assert.NoError(t, err)
		})
	})
	t.Run("Wait returns the decision when a person makes it", func(t *testing.T) {
		synctest.Test(t, func(t *testing.T) {
			in := approval.New(approval.NewMemoryStore(), approval.Options{})
			r := park(t, in)
			go func() {
				time.Sleep(5 * time.Minute)
				in.Approve(context.Background(), r.ID, "ann", approval.ScopeOnce)
			}()
			got, err := in.Wait(t.Context(), r.ID)
			require.NoError(t, err)
			assert.Equal(t, approval.StateResuming, got.State)
		})
	})
	t.Run("a decision that comes after the run was cancelled authorizes nothing", func(t *testing.T) {
		synctest.Test(t, func(t *testing.T) {
			in := approval.New(approval.NewMemoryStore(), approval.Options{})
			r := park(t, in)
			ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
			defer cancel()
			_, err := in.Wait(ctx, r.ID)
			require.ErrorIs(t, err, context.DeadlineExceeded)
			_, err = in.Withdraw(t.Context(), r.ID)
			require.NoError(t, err)
			_, err = in.Approve(t.Context(), r.ID, "ann", approval.ScopeOnce)
			assert.ErrorIs(t, err, approval.ErrExpired)
			_, err = in.Resume(t.Context(), r.ID, noop)
			assert.ErrorIs(t, err, approval.ErrNotApproved)
		})
	})
}

func TestResume(t *testing.T) {
	ctx := t.Context()
	t.Run("an approved call runs once with its idempotency key", func(t *testing.T) {
		in := approval.New(approval.NewMemoryStore(), approval.Options{})
		r := park(t, in)
		_, err := in.Resume(ctx, r.ID, noop)
		assert.ErrorIs(t, err, approval.ErrNotApproved, "a waiting call never runs")
		_, err = in.Approve(ctx, r.ID, "ann", approval.ScopeOnce)
		require.NoError(t, err)
		var runs []approval.Run
		done, err := in.Resume(ctx, r.ID, func(_ context.Context, run approval.Run) error { runs = append(runs, run); return nil })
		require.NoError(t, err)
		assert.Equal(t, approval.StateCompleted, done.State)
		require.Len(t, runs, 1)
		assert.Equal(t, r.IdempotencyKey, runs[0].IdempotencyKey)
		assert.Equal(t, 1, runs[0].Attempt)
		assert.Equal(t, approval.CheckpointStarted, runs[0].Record.Checkpoint, "the executor starts only once the start is recorded")
		_, err = in.Resume(ctx, r.ID, noop)
		assert.ErrorIs(t, err, approval.ErrDone)
	})
	t.Run("a cancelled context runs nothing", func(t *testing.T) {
		in := approval.New(approval.NewMemoryStore(), approval.Options{})
		r := park(t, in)
		_, err := in.Approve(ctx, r.ID, "ann", approval.ScopeOnce)
		require.NoError(t, err)
		cctx, cancel := context.WithCancel(ctx)
		cancel()
		ran := false
		_, err = in.Resume(cctx, r.ID, func(context.Context, approval.Run) error { ran = true; return nil })
		assert.ErrorIs(t, err, context.Canceled)
		assert.False(t, ran)
		got, _ := in.Get(ctx, r.ID)
		assert.Equal(t, approval.CheckpointApproved, got.Checkpoint, "nothing was written")
	})
	t.Run("a failing executor leaves the record failed, never to run again", func(t *testing.T) {
		in := approval.New(approval.NewMemoryStore(), approval.Options{})
		r := park(t, in)
		_, err := in.Approve(ctx, r.ID, "ann", approval.ScopeOnce)
		require.NoError(t, err)
		boom := errors.New("boom")
		got, err := in.Resume(ctx, r.ID, func(context.Context, approval.Run) error { return boom })
		assert.ErrorIs(t, err, boom)
		assert.Equal(t, approval.StateFailed, got.State)
		assert.Equal(t, "boom", got.Error)
		_, err = in.Retry(ctx, r.ID, noop)
		assert.ErrorIs(t, err, approval.ErrDone)
	})
}

func TestPark(t *testing.T) {
	ctx := t.Context()
	t.Run("only approval-required decisions park", func(t *testing.T) {
		in := approval.New(approval.NewMemoryStore(), approval.Options{})
		for _, v := range []policy.Verdict{policy.Allow, policy.Deny} {
			d := decision
			d.Verdict = v
			_, err := in.Park(ctx, call, d, approval.Request{})
			assert.ErrorIs(t, err, approval.ErrNothingToApprove)
		}
	})
	t.Run("without a redactor no argument is stored", func(t *testing.T) {
		in := approval.New(approval.NewMemoryStore(), approval.Options{})
		r := park(t, in)
		assert.Nil(t, r.Arguments)
		assert.Equal(t, decision.Targets, r.Targets)
		assert.Equal(t, policy.BindingOf(call, decision), r.Binding)
		assert.Equal(t, "req-1", r.RequestID)
		assert.Equal(t, "p", r.Parent)
	})
	t.Run("a redactor sees a copy and its result is stored", func(t *testing.T) {
		in := approval.New(approval.NewMemoryStore(), approval.Options{Redact: func(m map[string]any) map[string]any {
			m["text"] = "[redacted]"
			return m
		}})
		r := park(t, in)
		assert.Equal(t, map[string]any{"channel": "#x", "text": "[redacted]"}, r.Arguments)
		assert.Equal(t, "secret", call.Args["text"], "the call itself is untouched")
	})
	t.Run("failing randomness parks nothing", func(t *testing.T) {
		s := approval.NewMemoryStore()
		in := approval.New(s, approval.Options{Rand: failingReader{}})
		_, err := in.Park(ctx, call, decision, approval.Request{})
		assert.ErrorIs(t, err, approval.ErrRandom)
		all, _ := s.List(ctx)
		assert.Empty(t, all)
	})
	t.Run("failing randomness issues no code", func(t *testing.T) {
		s := approval.NewMemoryStore()
		r := park(t, approval.New(s, approval.Options{}))
		_, _, err := approval.New(s, approval.Options{Rand: failingReader{}}).IssueCode(ctx, r.ID)
		assert.ErrorIs(t, err, approval.ErrRandom)
		_, err = approval.New(s, approval.Options{}).ApproveWithCode(ctx, r.ID, "", "ann", approval.ScopeOnce)
		assert.ErrorIs(t, err, approval.ErrCodeDeclined)
	})
}

type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, errors.New("no entropy") }

func TestTheInboxFeedsTheEngine(t *testing.T) {
	tools, err := toolmeta.NewRegistry(map[string]toolmeta.Metadata{
		"slack_post": {Risk: toolmeta.RiskExternal, TargetArgument: "channel", ApprovalDefault: toolmeta.DefaultAsk, Source: toolmeta.SourceMCP},
		"shell":      {Risk: toolmeta.RiskExec, CommandArgument: "command", ApprovalDefault: toolmeta.DefaultAsk, Source: toolmeta.SourceBuiltin},
	})
	require.NoError(t, err)
	in := approval.New(approval.NewMemoryStore(), approval.Options{Tools: tools})
	e, err := policy.New(policy.Config{Mode: policy.ModeAllow, Tools: tools, SessionApprovals: in, StandingApprovals: in})
	require.NoError(t, err)
	ctx := t.Context()

	post := policy.Call{ID: "c1", Tool: "slack_post", Task: "nightly", Session: "s1", Args: map[string]any{"channel": "#builds"}}
	assert.Equal(t, policy.ApprovalRequired, e.Evaluate(post).Verdict)
	require.NoError(t, in.AddStanding(ctx, policy.StandingApproval{ID: "sa-1", Task: "nightly", Tool: "slack_post", Target: "#builds"}, "ann"))
	d := e.Evaluate(post)
	assert.Equal(t, policy.Allow, d.Verdict)
	assert.Equal(t, policy.ReasonApprovalStanding, d.Reason)
	assert.Equal(t, "sa-1", d.Approval)
	other := post
	other.Args = map[string]any{"channel": "#general"}
	assert.Equal(t, policy.ApprovalRequired, e.Evaluate(other).Verdict, "a standing approval matches only its exact target")
	require.NoError(t, in.RevokeStanding(ctx, "sa-1"))
	assert.Equal(t, policy.ApprovalRequired, e.Evaluate(post).Verdict, "a revoked standing approval lifts nothing")
	err = in.AddStanding(ctx, policy.StandingApproval{ID: "sa-2", Task: "nightly", Tool: "shell", Target: "make deploy"}, "ann")
	assert.ErrorIs(t, err, policy.ErrNotEligible, "exec tools never get standing approvals")

	// A session approval from the inbox lifts the same binding only.
	sh := policy.Call{ID: "c2", Tool: "shell", Session: "s1", Args: map[string]any{"command": "make deploy"}}
	sd := e.Evaluate(sh)
	require.Equal(t, policy.ApprovalRequired, sd.Verdict)
	r, err := in.Park(ctx, sh, sd, approval.Request{})
	require.NoError(t, err)
	_, err = in.Approve(ctx, r.ID, "ann", approval.ScopeSession)
	require.NoError(t, err)
	assert.Equal(t, policy.ReasonApprovalSession, e.Evaluate(sh).Reason)
	sh2 := sh
	sh2.Args = map[string]any{"command": "make deploy-prod"}
	assert.Equal(t, policy.ApprovalRequired, e.Evaluate(sh2).Verdict)
	sh3 := sh
	sh3.Session = "s2"
	assert.Equal(t, policy.ApprovalRequired, e.Evaluate(sh3).Verdict)
}

// stepClock returns the times given, one a call, then the last for ever.
func stepClock(ts ...time.Time) func() time.Time {
	return func() time.Time {
		t := ts[0]
		if len(ts) > 1 {
			ts = ts[1:]
		}
		return t
	}
}

func TestADecisionAtTheExpiryIsRefusedEvenIfTheRecordWasReadBefore(t *testing.T) {
	t0 := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	expires := t0.Add(time.Hour)
	for name, decide := range map[string]func(in *approval.Inbox, id string) error{
		"Approve": func(in *approval.Inbox, id string) error {
			_, err := in.Approve(context.Background(), id, "ann", approval.ScopeOnce)
			return err
		},
		"Deny": func(in *approval.Inbox, id string) error {
			_, err := in.Deny(context.Background(), id, "bob", "")
			return err
		},
	} {
		t.Run(name, func(t *testing.T) {
			// Park at t0; the decision reads the record a nanosecond
			// before its expiry and stamps the decision at the expiry.
			in := approval.New(approval.NewMemoryStore(), approval.Options{TTL: time.Hour,
				Now: stepClock(t0, expires.Add(-time.Nanosecond), expires)})
			r := park(t, in)
			assert.ErrorIs(t, decide(in, r.ID), approval.ErrExpired)
			got, err := in.Get(t.Context(), r.ID)
			require.NoError(t, err)
			assert.Equal(t, approval.StateExpired, got.State)
			assert.Nil(t, got.Decision)
			_, err = in.Resume(t.Context(), r.ID, noop)
			assert.ErrorIs(t, err, approval.ErrNotApproved)
		})
	}
}
