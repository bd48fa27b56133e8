package approvaltest

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/toolgate/toolgate/approval"
	"github.com/toolgate/toolgate/policy"
)

// checks are the behaviours Run checks, in order.
var checks = []check{
	{"a created record reads back as written", checkCreateGet},
	{"a second record with one ID is refused with ErrExists", checkCreateTwice},
	{"a missing record is ErrNotFound", checkNotFound},
	{"a new record must be valid and at revision 1", checkCreateInvalid},
	{"every legal transition is accepted and read back", checkLegal},
	{"every illegal transition is ErrIllegalTransition and changes nothing", checkIllegal},
	{"an update based on a stale revision is ErrConflict and changes nothing", checkStale},
	{"of many updates racing on one revision exactly one wins", checkRace},
	{"two inboxes racing to resume one approved record run it once", checkResumeRace},
	{"the store shares no memory with its callers", checkNoAliasing},
	{"listing returns every record ordered by creation", checkList},
	{"a standing approval matches only its exact task, tool and target", checkStanding},
	{"a revoked standing approval no longer matches", checkRevoke},
	{"a session approval matches only its session and binding", checkSession},
	{"a waiting record past its expiry expires and cannot be approved", checkExpiry},
	{"a cancelled context writes nothing", checkCancelled},
	{"every acknowledged write survives a restart", checkRestart},
	{"after a restart approved calls run once and started ones are interrupted", checkRestartResume},
	{"a closed store refuses every call with ErrClosed", checkClosed},
}

func checkCreateGet(e *env) string {
	r := e.record(approval.StateWaiting)
	if err := e.store.Create(e.ctx, r); err != nil {
		return fmt.Sprintf("Create: %v", err)
	}
	got, err := e.store.Get(e.ctx, r.ID)
	if err != nil {
		return fmt.Sprintf("Get: %v", err)
	}
	return diff(got, r)
}

func checkCreateTwice(e *env) string {
	r := e.record(approval.StateWaiting)
	if err := e.store.Create(e.ctx, r); err != nil {
		return fmt.Sprintf("Create: %v", err)
	}
	other := e.record(approval.StateWaiting)
	other.ID = r.ID
	if msg := wantErr("second Create", e.store.Create(e.ctx, other), approval.ErrExists); msg != "" {
		return msg
	}
	got, err := e.store.Get(e.ctx, r.ID)
	if err != nil {
		return fmt.Sprintf("Get: %v", err)
	}
	return diff(got, r)
}

func checkNotFound(e *env) string {
	_, err := e.store.Get(e.ctx, "missing")
	r := e.record(approval.StateWaiting)
	r.Revision = 2
	return first(wantErr("Get", err, approval.ErrNotFound),
		wantErr("Update", e.store.Update(e.ctx, r), approval.ErrNotFound))
}

func checkCreateInvalid(e *env) string {
	bad := map[string]func(r *approval.Record){
		"revision 2":         func(r *approval.Record) { r.Revision = 2 },
		"no id":              func(r *approval.Record) { r.ID = "" },
		"no tool":            func(r *approval.Record) { r.Tool = "" },
		"no idempotency key": func(r *approval.Record) { r.IdempotencyKey = "" },
		"unknown state":      func(r *approval.Record) { r.State = "approved" },
		"resuming, no decision": func(r *approval.Record) {
			r.State, r.Checkpoint = approval.StateResuming, approval.CheckpointApproved
		},
	}
	for name, f := range bad {
		r := e.record(approval.StateWaiting)
		f(r)
		if err := e.store.Create(e.ctx, r); err == nil {
			return fmt.Sprintf("Create of a record with %s succeeded", name)
		}
		if r.ID != "" {
			if _, err := e.store.Get(e.ctx, r.ID); !errors.Is(err, approval.ErrNotFound) {
				return fmt.Sprintf("after a refused Create of a record with %s, Get: %v", name, err)
			}
		}
	}
	return ""
}

type step struct {
	s  approval.State
	cp approval.Checkpoint
}

var (
	waiting  = step{approval.StateWaiting, ""}
	approved = step{approval.StateResuming, approval.CheckpointApproved}
	started  = step{approval.StateResuming, approval.CheckpointStarted}
)

// paths are the legal lives of a record.
var paths = [][]step{
	{{approval.StateRunning, ""}, waiting, approved, started, {approval.StateCompleted, approval.CheckpointStarted}},
	{waiting, waiting, approved, started, started, {approval.StateFailed, approval.CheckpointStarted}},
	{waiting, {approval.StateDenied, ""}},
	{waiting, {approval.StateExpired, ""}},
}

func checkLegal(e *env) string {
	for _, p := range paths {
		r := e.record(p[0].s)
		if err := e.store.Create(e.ctx, r); err != nil {
			return fmt.Sprintf("Create in %s: %v", p[0].s, err)
		}
		for _, st := range p[1:] {
			n := next(r, st.s, st.cp)
			if err := e.store.Update(e.ctx, n); err != nil {
				return fmt.Sprintf("Update %s/%s -> %s/%s: %v", r.State, r.Checkpoint, st.s, st.cp, err)
			}
			got, err := e.store.Get(e.ctx, r.ID)
			if err != nil {
				return fmt.Sprintf("Get: %v", err)
			}
			if d := diff(got, n); d != "" {
				return d
			}
			r = n
		}
	}
	return ""
}

// illegal are transitions no record may make.
var illegal = []struct{ from, to step }{
	{waiting, started},
	{waiting, step{approval.StateCompleted, approval.CheckpointStarted}},
	{approved, waiting},
	{approved, step{approval.StateCompleted, approval.CheckpointStarted}},
	{started, approved},
	{step{approval.StateCompleted, approval.CheckpointStarted}, started},
	{step{approval.StateDenied, ""}, approved},
	{step{approval.StateExpired, ""}, approved},
	{step{approval.StateExpired, ""}, waiting},
	{step{approval.StateRunning, ""}, approved},
}

func checkIllegal(e *env) string {
	for _, c := range illegal {
		r := e.record(c.from.s)
		r.Checkpoint = c.from.cp
		if err := e.store.Create(e.ctx, r); err != nil {
			return fmt.Sprintf("Create in %s/%s: %v", c.from.s, c.from.cp, err)
		}
		n := next(r, c.to.s, c.to.cp)
		if msg := wantErr(fmt.Sprintf("Update %s/%s -> %s/%s", c.from.s, c.from.cp, c.to.s, c.to.cp),
			e.store.Update(e.ctx, n), approval.ErrIllegalTransition); msg != "" {
			return msg
		}
		got, err := e.store.Get(e.ctx, r.ID)
		if err != nil {
			return fmt.Sprintf("Get: %v", err)
		}
		if d := diff(got, r); d != "" {
			return "after a refused transition: " + d
		}
	}
	// A decision, once made, never changes.
	r := e.record(approval.StateResuming)
	if err := e.store.Create(e.ctx, r); err != nil {
		return fmt.Sprintf("Create: %v", err)
	}
	n := next(r, approval.StateResuming, approval.CheckpointStarted)
	n.Decision.By = "mallory"
	if err := e.store.Update(e.ctx, n); err == nil {
		return "an update that rewrote who decided succeeded"
	}
	return ""
}

func checkStale(e *env) string {
	r := e.record(approval.StateWaiting)
	if err := e.store.Create(e.ctx, r); err != nil {
		return fmt.Sprintf("Create: %v", err)
	}
	a := next(r, approval.StateResuming, approval.CheckpointApproved)
	if err := e.store.Update(e.ctx, a); err != nil {
		return fmt.Sprintf("Update: %v", err)
	}
	b := next(r, approval.StateDenied, "")
	if msg := wantErr("Update from a stale revision", e.store.Update(e.ctx, b), approval.ErrConflict); msg != "" {
		return msg
	}
	skip := next(a, approval.StateResuming, approval.CheckpointStarted)
	skip.Revision += 5
	if msg := wantErr("Update skipping revisions", e.store.Update(e.ctx, skip), approval.ErrConflict); msg != "" {
		return msg
	}
	got, err := e.store.Get(e.ctx, r.ID)
	if err != nil {
		return fmt.Sprintf("Get: %v", err)
	}
	return diff(got, a)
}

func checkRace(e *env) string {
	r := e.record(approval.StateResuming)
	if err := e.store.Create(e.ctx, r); err != nil {
		return fmt.Sprintf("Create: %v", err)
	}
	const n = 16
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		wg.Go(func() {
			u := next(r, approval.StateResuming, approval.CheckpointStarted)
			u.Attempts = i + 1
			errs[i] = e.store.Update(e.ctx, u)
		})
	}
	wg.Wait()
	won := 0
	for _, err := range errs {
		switch {
		case err == nil:
			won++
		case !errors.Is(err, approval.ErrConflict):
			return fmt.Sprintf("a losing Update: got %v, want ErrConflict", err)
		}
	}
	if won != 1 {
		return fmt.Sprintf("%d of %d racing updates succeeded, want exactly 1", won, n)
	}
	return ""
}

func checkResumeRace(e *env) string {
	in1, in2 := e.inbox(), e.inbox()
	rec, err := in1.Park(e.ctx, policy.Call{ID: "c1", Tool: "slack_post", Task: "t1", Surface: policy.SurfaceScheduledTask},
		policy.Decision{Verdict: policy.ApprovalRequired, Targets: []policy.Target{{Argument: "channel", Value: "#x"}}}, approval.Request{})
	if err != nil {
		return fmt.Sprintf("Park: %v", err)
	}
	if _, err := in1.Approve(e.ctx, rec.ID, "ann", approval.ScopeOnce); err != nil {
		return fmt.Sprintf("Approve: %v", err)
	}
	var mu sync.Mutex
	var ran []string
	exec := func(_ context.Context, run approval.Run) error {
		mu.Lock()
		defer mu.Unlock()
		ran = append(ran, run.IdempotencyKey)
		return nil
	}
	var wg sync.WaitGroup
	for i := range 8 {
		in := in1
		if i%2 == 1 {
			in = in2
		}
		wg.Go(func() { in.Resume(e.ctx, rec.ID, exec) })
	}
	wg.Wait()
	if len(ran) != 1 || ran[0] != rec.IdempotencyKey {
		return fmt.Sprintf("the executor ran %d times (keys %q), want once with key %q", len(ran), ran, rec.IdempotencyKey)
	}
	got, err := e.store.Get(e.ctx, rec.ID)
	if err != nil {
		return fmt.Sprintf("Get: %v", err)
	}
	if got.State != approval.StateCompleted {
		return fmt.Sprintf("after the resume the record is %s, want completed", got.State)
	}
	return ""
}

func checkNoAliasing(e *env) string {
	r := e.record(approval.StateWaiting)
	want := r.Clone()
	if err := e.store.Create(e.ctx, r); err != nil {
		return fmt.Sprintf("Create: %v", err)
	}
	r.Targets[0].Value = "changed"
	r.Arguments["channel"] = "changed"
	r.Arguments["list"].([]any)[0] = "changed"
	got, err := e.store.Get(e.ctx, want.ID)
	if err != nil {
		return fmt.Sprintf("Get: %v", err)
	}
	if d := diff(got, want); d != "" {
		return "after the caller changed the record it created: " + d
	}
	got.Targets[0].Value = "changed"
	got.Binding.Target = "changed"
	got.Arguments["channel"] = "changed"
	got.Arguments["list"].([]any)[0] = "changed"
	again, err := e.store.Get(e.ctx, want.ID)
	if err != nil {
		return fmt.Sprintf("Get: %v", err)
	}
	if d := diff(again, want); d != "" {
		return "after the caller changed a record it read: " + d
	}
	all, err := e.store.List(e.ctx)
	if err != nil || len(all) != 1 {
		return fmt.Sprintf("List: %d records, %v", len(all), err)
	}
	all[0].Targets[0].Value = "changed"
	again, _ = e.store.Get(e.ctx, want.ID)
	if d := diff(again, want); d != "" {
		return "after the caller changed a listed record: " + d
	}
	return ""
}

func checkList(e *env) string {
	var want []*approval.Record
	for i, s := range []approval.State{approval.StateWaiting, approval.StateDenied, approval.StateResuming, approval.StateWaiting, approval.StateRunning} {
		r := e.record(s)
		r.Created = r.Created.Add(time.Duration(5-i) * time.Second) // created in reverse order of IDs
		want = append([]*approval.Record{r}, want...)
		if err := e.store.Create(e.ctx, r); err != nil {
			return fmt.Sprintf("Create: %v", err)
		}
	}
	// Two records created at the same instant are ordered by ID.
	a, b := e.record(approval.StateWaiting), e.record(approval.StateWaiting)
	a.Created, b.Created = want[len(want)-1].Created.Add(time.Second), want[len(want)-1].Created.Add(time.Second)
	for _, r := range []*approval.Record{b, a} {
		if err := e.store.Create(e.ctx, r); err != nil {
			return fmt.Sprintf("Create: %v", err)
		}
	}
	want = append(want, a, b)
	// want[2] is the resuming record; an update keeps its place.
	u := next(want[2], approval.StateResuming, approval.CheckpointStarted)
	if err := e.store.Update(e.ctx, u); err != nil {
		return fmt.Sprintf("Update: %v", err)
	}
	want[2] = u
	got, err := e.store.List(e.ctx)
	if err != nil {
		return fmt.Sprintf("List: %v", err)
	}
	if len(got) != len(want) {
		return fmt.Sprintf("List returned %d records, want %d", len(got), len(want))
	}
	for i := range got {
		if d := diff(got[i], want[i]); d != "" {
			return fmt.Sprintf("List[%d]: %s", i, d)
		}
	}
	return ""
}

func standing(id, task, tool, target string) approval.Standing {
	return approval.Standing{StandingApproval: policy.StandingApproval{ID: id, Task: task, Tool: tool, Target: target}, By: "ann"}
}

func checkStanding(e *env) string {
	for _, s := range []approval.Standing{
		standing("sa-1", "t1", "slack_post", "#builds"),
		standing("sa-2", "t2", "slack_post", "#builds-2"),
	} {
		if err := e.store.PutStanding(e.ctx, s); err != nil {
			return fmt.Sprintf("PutStanding: %v", err)
		}
	}
	if msg := wantErr("PutStanding of an ID in use", e.store.PutStanding(e.ctx, standing("sa-1", "t9", "slack_post", "#x")), approval.ErrExists); msg != "" {
		return msg
	}
	if msg := wantErr("PutStanding of a bound task, tool and target", e.store.PutStanding(e.ctx, standing("sa-9", "t1", "slack_post", "#builds")), approval.ErrExists); msg != "" {
		return msg
	}
	for _, c := range []struct {
		task, tool, target, want string
	}{
		{"t1", "slack_post", "#builds", "sa-1"},
		{"t2", "slack_post", "#builds-2", "sa-2"},
		{"t1", "slack_post", "#builds-2", ""},
		{"t2", "slack_post", "#builds", ""},
		{"t1", "slack_post", "#build", ""},
		{"t1", "slack_post", "#builds ", ""},
		{"t1", "slack_post", "#BUILDS", ""},
		{"t1", "slack_pos", "t#builds", ""},
		{"t", "1slack_post", "#builds", ""},
		{"t9", "slack_post", "#x", ""},
		{"", "slack_post", "#builds", ""},
	} {
		s, ok, err := e.store.Standing(e.ctx, c.task, c.tool, c.target)
		if err != nil {
			return fmt.Sprintf("Standing: %v", err)
		}
		if ok != (c.want != "") || (ok && s.ID != c.want) {
			return fmt.Sprintf("Standing(%q, %q, %q) = %q, %v; want %q", c.task, c.tool, c.target, s.ID, ok, c.want)
		}
	}
	all, err := e.store.ListStanding(e.ctx)
	if err != nil || len(all) != 2 || all[0].ID != "sa-1" || all[1].ID != "sa-2" || all[0].By != "ann" || all[0].Target != "#builds" {
		return fmt.Sprintf("ListStanding = %+v, %v; want sa-1 and sa-2 in order", all, err)
	}
	// Through the inbox: exec and local writes are refused at creation.
	in := e.inbox()
	for _, s := range []policy.StandingApproval{
		{ID: "sa-3", Task: "t1", Tool: "shell", Target: "ls"},
		{ID: "sa-4", Task: "t1", Tool: "write_file", Target: "/tmp/x"},
		{ID: "sa-5", Task: "t1", Tool: "unknown", Target: "x"},
	} {
		if err := in.AddStanding(e.ctx, s, "ann"); err == nil {
			return fmt.Sprintf("AddStanding for tool %s succeeded", s.Tool)
		}
		if _, ok := in.StandingApproval(s.Task, s.Tool, s.Target); ok {
			return fmt.Sprintf("a refused standing approval for %s matches", s.Tool)
		}
	}
	return ""
}

func checkRevoke(e *env) string {
	if err := e.store.PutStanding(e.ctx, standing("sa-1", "t1", "slack_post", "#builds")); err != nil {
		return fmt.Sprintf("PutStanding: %v", err)
	}
	if err := e.store.RevokeStanding(e.ctx, "sa-1"); err != nil {
		return fmt.Sprintf("RevokeStanding: %v", err)
	}
	if _, ok, _ := e.store.Standing(e.ctx, "t1", "slack_post", "#builds"); ok {
		return "a revoked standing approval matches"
	}
	if all, _ := e.store.ListStanding(e.ctx); len(all) != 0 {
		return fmt.Sprintf("ListStanding after revoking lists %d", len(all))
	}
	return wantErr("RevokeStanding of an unknown ID", e.store.RevokeStanding(e.ctx, "sa-1"), approval.ErrNotFound)
}

func checkSession(e *env) string {
	r := e.record(approval.StateWaiting)
	if err := e.store.Create(e.ctx, r); err != nil {
		return fmt.Sprintf("Create: %v", err)
	}
	once := e.record(approval.StateWaiting)
	once.Session, once.Binding.Target = "s2", "other"
	if err := e.store.Create(e.ctx, once); err != nil {
		return fmt.Sprintf("Create: %v", err)
	}
	if _, ok, _ := e.store.SessionApproval(e.ctx, r.Session, r.Binding); ok {
		return "a waiting record approves its session"
	}
	n := next(r, approval.StateResuming, approval.CheckpointApproved)
	n.Decision.Scope = approval.ScopeSession
	if err := e.store.Update(e.ctx, n); err != nil {
		return fmt.Sprintf("Update: %v", err)
	}
	if err := e.store.Update(e.ctx, next(once, approval.StateResuming, approval.CheckpointApproved)); err != nil {
		return fmt.Sprintf("Update: %v", err)
	}
	if id, ok, err := e.store.SessionApproval(e.ctx, r.Session, r.Binding); !ok || id != r.ID || err != nil {
		return fmt.Sprintf("SessionApproval of the approved binding = %q, %v, %v; want %q", id, ok, err, r.ID)
	}
	for _, c := range []struct {
		session string
		b       policy.Binding
	}{
		{"s2", r.Binding},
		{r.Session, policy.Binding{Tool: r.Binding.Tool, Agent: "", Target: r.Binding.Target}},
		{r.Session, policy.Binding{Tool: r.Binding.Tool, Agent: r.Binding.Agent, Target: r.Binding.Target + "x"}},
		{r.Session, policy.Binding{Tool: "shell", Agent: r.Binding.Agent, Target: r.Binding.Target}},
		{"s2", once.Binding},
	} {
		if _, ok, _ := e.store.SessionApproval(e.ctx, c.session, c.b); ok {
			return fmt.Sprintf("SessionApproval(%q, %+v) matches", c.session, c.b)
		}
	}
	in := e.inbox()
	if !in.SessionApproved(r.Session, r.Binding) {
		return "Inbox.SessionApproved does not see the session approval"
	}
	return ""
}

func checkExpiry(e *env) string {
	in := e.inbox()
	call := policy.Call{ID: "c1", Tool: "slack_post", Surface: policy.SurfaceGoalLoop}
	d := policy.Decision{Verdict: policy.ApprovalRequired}
	r, err := in.Park(e.ctx, call, d, approval.Request{})
	if err != nil {
		return fmt.Sprintf("Park: %v", err)
	}
	fresh, err := in.Park(e.ctx, call, d, approval.Request{})
	if err != nil {
		return fmt.Sprintf("Park: %v", err)
	}
	e.clock.advance(time.Hour - time.Nanosecond)
	if got, err := in.Get(e.ctx, r.ID); err != nil || got.State != approval.StateWaiting {
		return fmt.Sprintf("just before its expiry the record is %v (%v), want waiting", got, err)
	}
	e.clock.advance(time.Nanosecond)
	if _, err := in.Approve(e.ctx, r.ID, "ann", approval.ScopeOnce); !errors.Is(err, approval.ErrExpired) {
		return fmt.Sprintf("Approve at the expiry: got %v, want ErrExpired", err)
	}
	got, err := e.store.Get(e.ctx, r.ID)
	if err != nil || got.State != approval.StateExpired || got.Decision != nil {
		return fmt.Sprintf("at its expiry the stored record is %+v (%v), want expired with no decision", got, err)
	}
	if _, err := in.Resume(e.ctx, r.ID, func(context.Context, approval.Run) error { return nil }); !errors.Is(err, approval.ErrNotApproved) {
		return fmt.Sprintf("Resume of an expired record: got %v, want ErrNotApproved", err)
	}
	all, err := in.List(e.ctx)
	if err != nil || len(all) != 2 {
		return fmt.Sprintf("List after the expiry: %d records, %v; want 2", len(all), err)
	}
	for _, r := range all {
		if r.State != approval.StateExpired {
			return fmt.Sprintf("List after the expiry: record %q (fresh %q) is %s, want expired", r.ID, fresh.ID, r.State)
		}
	}
	return ""
}

func checkCancelled(e *env) string {
	ctx, cancel := context.WithCancel(e.ctx)
	cancel()
	r := e.record(approval.StateWaiting)
	if err := e.store.Create(ctx, r); err == nil {
		return "Create with a cancelled context succeeded"
	}
	if _, err := e.store.Get(e.ctx, r.ID); !errors.Is(err, approval.ErrNotFound) {
		return fmt.Sprintf("a Create with a cancelled context stored the record (%v)", err)
	}
	if err := e.store.Create(e.ctx, r); err != nil {
		return fmt.Sprintf("Create: %v", err)
	}
	if err := e.store.Update(ctx, next(r, approval.StateDenied, "")); err == nil {
		return "Update with a cancelled context succeeded"
	}
	if err := e.store.PutStanding(ctx, standing("sa-1", "t1", "slack_post", "#b")); err == nil {
		return "PutStanding with a cancelled context succeeded"
	}
	got, err := e.store.Get(e.ctx, r.ID)
	if err != nil {
		return fmt.Sprintf("Get: %v", err)
	}
	return diff(got, r)
}

// restart closes the store and reopens it.
func (e *env) restart() string {
	if err := e.store.Close(); err != nil {
		return fmt.Sprintf("Close: %v", err)
	}
	s, err := e.reopen()
	e.store = s
	if err != nil {
		return fmt.Sprintf("reopening: %v", err)
	}
	return ""
}

func checkRestart(e *env) string {
	if e.reopen == nil {
		e.t.Skip("the store declares no reopen: it keeps nothing across a restart")
	}
	var want []*approval.Record
	for _, p := range paths {
		r := e.record(p[0].s)
		if err := e.store.Create(e.ctx, r); err != nil {
			return fmt.Sprintf("Create: %v", err)
		}
		at := len(want)
		want = append(want, r)
		for i, st := range p[1:] {
			r = next(r, st.s, st.cp)
			if err := e.store.Update(e.ctx, r); err != nil {
				return fmt.Sprintf("Update: %v", err)
			}
			want[at] = r
			if i == 0 {
				// And one record that stays where the path began.
				c := e.record(p[0].s)
				if err := e.store.Create(e.ctx, c); err != nil {
					return fmt.Sprintf("Create: %v", err)
				}
				want = append(want, c)
			}
		}
	}
	sess := e.record(approval.StateWaiting)
	if err := e.store.Create(e.ctx, sess); err != nil {
		return fmt.Sprintf("Create: %v", err)
	}
	sn := next(sess, approval.StateResuming, approval.CheckpointApproved)
	sn.Decision.Scope = approval.ScopeSession
	if err := e.store.Update(e.ctx, sn); err != nil {
		return fmt.Sprintf("Update: %v", err)
	}
	want = append(want, sn)
	for _, s := range []approval.Standing{standing("sa-1", "t1", "slack_post", "#a"), standing("sa-2", "t1", "slack_post", "#b")} {
		if err := e.store.PutStanding(e.ctx, s); err != nil {
			return fmt.Sprintf("PutStanding: %v", err)
		}
	}
	if err := e.store.RevokeStanding(e.ctx, "sa-2"); err != nil {
		return fmt.Sprintf("RevokeStanding: %v", err)
	}
	for round := range 2 {
		if msg := e.restart(); msg != "" {
			return msg
		}
		for _, w := range want {
			got, err := e.store.Get(e.ctx, w.ID)
			if err != nil {
				return fmt.Sprintf("after restart %d, Get(%q): %v", round+1, w.ID, err)
			}
			if d := diff(got, w); d != "" {
				return fmt.Sprintf("after restart %d: %s", round+1, d)
			}
		}
		if all, err := e.store.List(e.ctx); err != nil || len(all) != len(want) {
			return fmt.Sprintf("after restart %d, List returned %d records (%v), want %d", round+1, len(all), err, len(want))
		}
		if s, ok, _ := e.store.Standing(e.ctx, "t1", "slack_post", "#a"); !ok || s.ID != "sa-1" {
			return fmt.Sprintf("after restart %d, the standing approval sa-1 is gone", round+1)
		}
		if _, ok, _ := e.store.Standing(e.ctx, "t1", "slack_post", "#b"); ok {
			return fmt.Sprintf("after restart %d, the revoked standing approval sa-2 is back", round+1)
		}
		if id, ok, _ := e.store.SessionApproval(e.ctx, sn.Session, sn.Binding); !ok || id != sn.ID {
			return fmt.Sprintf("after restart %d, the session approval is gone", round+1)
		}
		// A write after the restart is kept too.
		r := e.record(approval.StateWaiting)
		if err := e.store.Create(e.ctx, r); err != nil {
			return fmt.Sprintf("after restart %d, Create: %v", round+1, err)
		}
		want = append(want, r)
	}
	return ""
}

func checkRestartResume(e *env) string {
	if e.reopen == nil {
		e.t.Skip("the store declares no reopen: it keeps nothing across a restart")
	}
	in := e.inbox()
	call := policy.Call{ID: "c1", Tool: "slack_post", Surface: policy.SurfaceScheduledTask}
	d := policy.Decision{Verdict: policy.ApprovalRequired}
	ids := map[string]string{}
	for _, name := range []string{"approved", "started", "completed", "denied", "waiting"} {
		r, err := in.Park(e.ctx, call, d, approval.Request{})
		if err != nil {
			return fmt.Sprintf("Park: %v", err)
		}
		ids[name] = r.ID
		switch name {
		case "denied":
			_, err = in.Deny(e.ctx, r.ID, "bob", "")
		case "approved", "started", "completed":
			_, err = in.Approve(e.ctx, r.ID, "ann", approval.ScopeOnce)
		}
		if err != nil {
			return fmt.Sprintf("deciding: %v", err)
		}
	}
	crash := errors.New("crash")
	ctx, cancel := context.WithCancel(e.ctx)
	in.Resume(ctx, ids["started"], func(context.Context, approval.Run) error { cancel(); return crash })
	cancel()
	// The record above ran and failed; make one that is started and never
	// finished, as a crash leaves it.
	r, _ := e.store.Get(e.ctx, ids["started"])
	if r.State != approval.StateFailed {
		return fmt.Sprintf("a failing executor left the record %s, want failed", r.State)
	}
	ids["failed"] = ids["started"]
	st, err := in.Park(e.ctx, call, d, approval.Request{})
	if err != nil {
		return fmt.Sprintf("Park: %v", err)
	}
	if st, err = in.Approve(e.ctx, st.ID, "ann", approval.ScopeOnce); err != nil {
		return fmt.Sprintf("Approve: %v", err)
	}
	if err := e.store.Update(e.ctx, next(st, approval.StateResuming, approval.CheckpointStarted)); err != nil {
		return fmt.Sprintf("Update: %v", err)
	}
	ids["started"] = st.ID
	if _, err := in.Resume(e.ctx, ids["completed"], func(context.Context, approval.Run) error { return nil }); err != nil {
		return fmt.Sprintf("Resume: %v", err)
	}
	if msg := e.restart(); msg != "" {
		return msg
	}
	in = e.inbox()
	rec, err := in.Recover(e.ctx)
	if err != nil {
		return fmt.Sprintf("Recover: %v", err)
	}
	if len(rec.Approved) != 1 || rec.Approved[0].ID != ids["approved"] ||
		len(rec.Interrupted) != 1 || rec.Interrupted[0].ID != ids["started"] ||
		len(rec.Waiting) != 1 || rec.Waiting[0].ID != ids["waiting"] {
		return fmt.Sprintf("Recover = %d approved, %d interrupted, %d waiting; want 1 of each, the right ones", len(rec.Approved), len(rec.Interrupted), len(rec.Waiting))
	}
	var keys []string
	exec := func(_ context.Context, run approval.Run) error { keys = append(keys, run.IdempotencyKey); return nil }
	for name, id := range ids {
		_, err := in.Resume(e.ctx, id, exec)
		switch name {
		case "approved":
			if err != nil {
				return fmt.Sprintf("Resume of the approved record: %v", err)
			}
		case "started":
			if !errors.Is(err, approval.ErrInterrupted) {
				return fmt.Sprintf("Resume of a started record: got %v, want ErrInterrupted", err)
			}
		default:
			if err == nil {
				return fmt.Sprintf("Resume of the %s record ran it", name)
			}
		}
	}
	if _, err := in.Resume(e.ctx, ids["approved"], exec); !errors.Is(err, approval.ErrDone) {
		return fmt.Sprintf("a second Resume: got %v, want ErrDone", err)
	}
	if _, err := in.Retry(e.ctx, ids["started"], exec); err != nil {
		return fmt.Sprintf("Retry of the interrupted record: %v", err)
	}
	if len(keys) != 2 || keys[1] != st.IdempotencyKey {
		return fmt.Sprintf("executor keys %q; want two runs, the retry with key %q", keys, st.IdempotencyKey)
	}
	return ""
}

func checkClosed(e *env) string {
	r := e.record(approval.StateWaiting)
	if err := e.store.Create(e.ctx, r); err != nil {
		return fmt.Sprintf("Create: %v", err)
	}
	if err := e.store.Close(); err != nil {
		return fmt.Sprintf("Close: %v", err)
	}
	s := e.store
	e.store = nil
	_, err := s.Get(e.ctx, r.ID)
	_, lerr := s.List(e.ctx)
	_, _, serr := s.Standing(e.ctx, "t", "x", "y")
	return first(
		wantErr("Get after Close", err, approval.ErrClosed),
		wantErr("List after Close", lerr, approval.ErrClosed),
		wantErr("Standing after Close", serr, approval.ErrClosed),
		wantErr("Create after Close", s.Create(e.ctx, e.record(approval.StateWaiting)), approval.ErrClosed),
		wantErr("Update after Close", s.Update(e.ctx, next(r, approval.StateDenied, "")), approval.ErrClosed),
		wantErr("PutStanding after Close", s.PutStanding(e.ctx, standing("sa-9", "t", "slack_post", "#c")), approval.ErrClosed),
	)
}
