package postgres_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/toolgate/toolgate/approval"
	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/store/postgres"
)

var (
	parkCall     = policy.Call{ID: "c1", Tool: "slack_post", Session: "s1", Surface: policy.SurfaceScheduledTask}
	parkDecision = policy.Decision{Verdict: policy.ApprovalRequired}
)

// outageErr says what is wrong with an error seen while the server is
// down: there must be one, and it must say the database is unavailable.
func outageErr(what string, err error) string {
	if err == nil {
		return what + " succeeded while the server was down"
	}
	if !errors.Is(err, postgres.ErrUnavailable) {
		return fmt.Sprintf("%s: got %v, want an error matching ErrUnavailable", what, err)
	}
	return ""
}

func TestAServerRestartLosesNoAcknowledgedRecordAndApprovesNothing(t *testing.T) {
	srv := need(t)
	if !srv.Own {
		t.Skip("stopping the server needs the test's own server, not TOOLGATE_PG_DSN")
	}
	ctx := context.Background()
	_, pool := freshSchema(t)
	s := postgres.New(pool, postgres.Options{})
	defer s.Close()
	in := approval.New(s, approval.Options{})

	// Before the outage: a session approval, and a record that waits.
	sess, err := in.Park(ctx, parkCall, parkDecision, approval.Request{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := in.Approve(ctx, sess.ID, "ann", approval.ScopeSession); err != nil {
		t.Fatal(err)
	}
	approved, err := in.Park(ctx, parkCall, parkDecision, approval.Request{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := in.Approve(ctx, approved.ID, "ann", approval.ScopeOnce); err != nil {
		t.Fatal(err)
	}
	parked, err := in.Park(ctx, parkCall, parkDecision, approval.Request{})
	if err != nil {
		t.Fatal(err)
	}
	waitErr := make(chan error, 1)
	waitRec := make(chan *approval.Record, 1)
	go func() {
		r, err := s.Wait(ctx, in, parked.ID)
		waitRec <- r
		waitErr <- err
	}()

	// Writers park and approve records all through the outage.
	var (
		mu        sync.Mutex
		created   = map[string]bool{}
		decided   = map[string]bool{} // Approve returned nil
		asked     = map[string]bool{} // Approve was called
		bad       []string
		stop      atomic.Bool
		acks      atomic.Int64
		wg        sync.WaitGroup
		failures  atomic.Int64
		sawOutage = make(chan struct{})
		once      sync.Once
	)
	for range 4 {
		wg.Go(func() {
			for !stop.Load() {
				r, err := in.Park(ctx, parkCall, parkDecision, approval.Request{})
				if err != nil {
					failures.Add(1)
					once.Do(func() { close(sawOutage) })
					if msg := outageErr("Park", err); msg != "" {
						mu.Lock()
						bad = append(bad, msg)
						mu.Unlock()
					}
					time.Sleep(5 * time.Millisecond)
					continue
				}
				mu.Lock()
				created[r.ID] = true
				asked[r.ID] = true
				mu.Unlock()
				_, err = in.Approve(ctx, r.ID, "ann", approval.ScopeOnce)
				mu.Lock()
				if err == nil {
					decided[r.ID] = true
				} else if msg := outageErr("Approve", err); msg != "" {
					bad = append(bad, msg)
				}
				mu.Unlock()
				acks.Add(1)
			}
		})
	}
	for acks.Load() < 50 {
		time.Sleep(5 * time.Millisecond)
	}
	if err := srv.Stop("immediate"); err != nil {
		t.Fatal(err)
	}
	<-sawOutage

	// While the server is down every answer is an error, never an
	// approval.
	msgs := []string{}
	if err := <-waitErr; true {
		msgs = append(msgs, outageErr("a parked run's Wait", err))
		if r := <-waitRec; r != nil {
			msgs = append(msgs, fmt.Sprintf("Wait handed out record %s (%s) during the outage", r.ID, r.State))
		}
	}
	_, err = s.Claim(ctx, 10)
	msgs = append(msgs, outageErr("Claim", err))
	ran := false
	_, err = in.Resume(ctx, approved.ID, func(context.Context, approval.Run) error { ran = true; return nil })
	msgs = append(msgs, outageErr("Resume", err))
	if ran {
		msgs = append(msgs, "Resume ran the call during the outage")
	}
	if in.SessionApproved(sess.Session, sess.Binding) {
		msgs = append(msgs, "a session approval answered yes during the outage")
	}
	_, _, err = s.SessionApproval(ctx, sess.Session, sess.Binding)
	msgs = append(msgs, outageErr("SessionApproval", err))
	_, _, err = s.Standing(ctx, "t", "slack_post", "#builds")
	msgs = append(msgs, outageErr("Standing", err))
	_, err = s.Wait(ctx, in, parked.ID)
	msgs = append(msgs, outageErr("a new Wait", err))
	for _, m := range msgs {
		if m != "" {
			t.Error(m)
		}
	}

	if err := srv.Restart(); err != nil {
		t.Fatalf("%v\n%s", err, srv.Log())
	}
	before := acks.Load()
	if err := eventually(30*time.Second, func() error {
		if acks.Load() < before+50 {
			return errors.New("the writers have not recovered")
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	stop.Store(true)
	wg.Wait()
	for _, m := range bad {
		t.Error(m)
	}

	// Every acknowledged write is there; nothing is approved that nobody
	// approved.
	all, err := s.List(ctx)
	if err != nil {
		t.Fatal(err)
	}
	stored := map[string]*approval.Record{}
	for _, r := range all {
		stored[r.ID] = r
	}
	for id := range created {
		if stored[id] == nil {
			t.Errorf("record %s was acknowledged and is gone", id)
		}
	}
	for id := range decided {
		if r := stored[id]; r == nil || r.State != approval.StateResuming {
			t.Errorf("the approval of %s was acknowledged and is gone", id)
		}
	}
	for _, r := range all {
		if r.State == approval.StateResuming && !asked[r.ID] && r.ID != approved.ID && r.ID != sess.ID {
			t.Errorf("record %s is approved and nobody approved it", r.ID)
		}
	}
	t.Logf("%d records acknowledged, %d approvals acknowledged, %d writes failed during the outage", len(created), len(decided), failures.Load())
}
