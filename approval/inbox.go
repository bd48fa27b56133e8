package approval

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/toolgate/toolgate/policy"
)

// More errors of the Inbox, matched with errors.Is.
var (
	// ErrNothingToApprove: Park was given a decision that is not
	// approval-required.
	ErrNothingToApprove = errors.New("approval: the decision does not require approval")
	// ErrNotApproved: Resume was asked to run a record nobody approved.
	ErrNotApproved = errors.New("approval: the call is not approved")
	// ErrDone: the record completed or failed; it never runs again.
	ErrDone = errors.New("approval: the call already ran")
	// ErrRandom: the operating system's randomness failed, so no ID, key
	// or code could be made. Nothing was written.
	ErrRandom = errors.New("approval: no randomness")
)

// ReasonInbox is the reason a host gives when it lets a call through
// because a person approved its parked record (the engine itself never
// returns it: the record is consumed by Inbox.Resume, not by Evaluate).
const ReasonInbox policy.Reason = "approval.inbox"

// Defaults of Options.
const (
	DefaultTTL     = 24 * time.Hour
	DefaultCodeTTL = 10 * time.Minute
	DefaultPoll    = time.Second
)

// Options configure an Inbox. The zero value is usable.
type Options struct {
	// TTL is how long a person has to decide; DefaultTTL when zero.
	TTL time.Duration
	// CodeTTL is how long an approval code stays fresh; DefaultCodeTTL
	// when zero.
	CodeTTL time.Duration
	// Poll is how often Wait reads the store; DefaultPoll when zero.
	Poll time.Duration
	// Redact, when set, is applied to a call's arguments before they are
	// stored. When nil no argument is stored at all: a record keeps only
	// the decision's resolved targets. Package audit's redactor is meant
	// to be plugged in here.
	Redact func(map[string]any) map[string]any
	// Tools gives the metadata that AddStanding checks eligibility
	// against. Nil refuses every standing approval.
	Tools policy.ToolSource
	// Now is the clock; time.Now when nil.
	Now func() time.Time
	// Rand is the source of IDs, idempotency keys and approval codes;
	// crypto/rand.Reader when nil. A failing source fails the operation.
	Rand io.Reader
}

// Inbox parks calls that need approval, records decisions, and runs
// approved calls exactly once. It implements policy.SessionApprovals and
// policy.StandingApprovals over its Store, so an Engine configured with
// it reads durable approvals. It is safe for concurrent use, and several
// Inboxes (in several processes, for a store that is shared) may work one
// store: compare-and-set decides every race.
type Inbox struct {
	store Store
	opts  Options
}

var (
	_ policy.SessionApprovals  = (*Inbox)(nil)
	_ policy.StandingApprovals = (*Inbox)(nil)
)

// New returns an Inbox over store.
func New(store Store, opts Options) *Inbox {
	if opts.TTL <= 0 {
		opts.TTL = DefaultTTL
	}
	if opts.CodeTTL <= 0 {
		opts.CodeTTL = DefaultCodeTTL
	}
	if opts.Poll <= 0 {
		opts.Poll = DefaultPoll
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Rand == nil {
		opts.Rand = rand.Reader
	}
	return &Inbox{store: store, opts: opts}
}

// Store returns the inbox's store.
func (in *Inbox) Store() Store { return in.store }

func (in *Inbox) now() time.Time { return in.opts.Now().UTC() }

// Request carries what a Call does not: the host's request ID and the
// parent of the calling agent.
type Request struct {
	RequestID string
	Parent    string
}

// Park records a call that needs a person's decision and returns the
// record, in StateWaiting. Creating the record in the waiting state is the
// running -> waiting_for_approval transition, made in one write. d must be
// the engine's decision for c and must be approval-required: an unattended
// run never treats approval-required as consent, it parks.
func (in *Inbox) Park(ctx context.Context, c policy.Call, d policy.Decision, req Request) (*Record, error) {
	if d.Verdict != policy.ApprovalRequired {
		return nil, fmt.Errorf("%w: call %q is %s", ErrNothingToApprove, c.ID, d.Verdict)
	}
	id, err := in.newID()
	if err != nil {
		return nil, err
	}
	key, err := in.random(16)
	if err != nil {
		return nil, err
	}
	callHash, err := CallHash(c, d)
	if err != nil {
		return nil, fmt.Errorf("approval: call %q: %w", c.ID, err)
	}
	now := in.now()
	r := &Record{
		ID: id, Revision: 1,
		RequestID: req.RequestID, CallID: c.ID, Parent: req.Parent,
		Session: c.Session, Task: c.Task, Goal: c.Goal, Agent: c.Agent, Surface: c.Surface,
		Tool: c.Tool, Targets: append([]policy.Target(nil), d.Targets...), Binding: policy.BindingOf(c, d),
		CallHash: callHash,
		Risk:     string(d.Risk), Reason: d.Reason, Rule: d.Rule, Message: d.Message,
		Created: now, Updated: now, Expires: now.Add(in.opts.TTL),
		State: StateWaiting, IdempotencyKey: hex.EncodeToString(key),
	}
	if in.opts.Redact != nil && c.Args != nil {
		r.Arguments = in.opts.Redact(cloneAny(c.Args).(map[string]any))
	}
	if err := in.store.Create(ctx, r); err != nil {
		return nil, err
	}
	return r, nil
}

// Get returns the record with the given ID, first moving a waiting record
// whose expiry has passed to StateExpired.
func (in *Inbox) Get(ctx context.Context, id string) (*Record, error) {
	r, err := in.store.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	return in.expireIfDue(ctx, r)
}

// List returns every record, expiring those that are due.
func (in *Inbox) List(ctx context.Context) ([]*Record, error) {
	rs, err := in.store.List(ctx)
	if err != nil {
		return nil, err
	}
	for i, r := range rs {
		if rs[i], err = in.expireIfDue(ctx, r); err != nil {
			return nil, err
		}
	}
	return rs, nil
}

// expireIfDue moves a waiting record past its expiry to StateExpired. A
// lost race is fine: whoever won wrote the record's next state.
func (in *Inbox) expireIfDue(ctx context.Context, r *Record) (*Record, error) {
	if r.State != StateWaiting || in.now().Before(r.Expires) {
		return r, nil
	}
	n := in.next(r)
	n.State, n.CodeHash, n.CodeIssued = StateExpired, nil, time.Time{}
	if err := in.store.Update(ctx, n); err != nil {
		if errors.Is(err, ErrConflict) {
			return in.store.Get(ctx, r.ID)
		}
		return nil, err
	}
	return n, nil
}

// next returns a copy of r at the next revision, stamped now.
func (in *Inbox) next(r *Record) *Record {
	n := r.Clone()
	n.Revision++
	n.Updated = in.now()
	return n
}

// waiting reads a record that must still be waiting for a decision.
func (in *Inbox) waiting(ctx context.Context, id string) (*Record, error) {
	r, err := in.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	switch r.State {
	case StateWaiting:
		return r, nil
	case StateExpired:
		return r, fmt.Errorf("%w: record %q expired at %s", ErrExpired, id, r.Expires.Format(time.RFC3339))
	}
	return r, &TransitionError{ID: id, From: r.State, FromCP: r.Checkpoint, To: StateWaiting}
}

// Approve records a person's approval of a waiting record, moving it to
// resuming (checkpoint approved). A host with its own trusted prompt calls
// it directly; the command line goes through IssueCode and
// ApproveWithCode.
func (in *Inbox) Approve(ctx context.Context, id, by string, scope Scope) (*Record, error) {
	r, err := in.waiting(ctx, id)
	if err != nil {
		return nil, err
	}
	return in.decide(ctx, r, Decision{Approved: true, Scope: scope, By: by})
}

// Deny records a person's denial of a waiting record.
func (in *Inbox) Deny(ctx context.Context, id, by, note string) (*Record, error) {
	r, err := in.waiting(ctx, id)
	if err != nil {
		return nil, err
	}
	return in.decide(ctx, r, Decision{By: by, Note: note})
}

// Withdraw gives up on a waiting record whose run was cancelled: it moves
// to StateExpired, so an approval that comes later authorizes nothing.
func (in *Inbox) Withdraw(ctx context.Context, id string) (*Record, error) {
	r, err := in.waiting(ctx, id)
	if err != nil {
		return nil, err
	}
	n := in.next(r)
	n.State, n.CodeHash, n.CodeIssued = StateExpired, nil, time.Time{}
	if err := in.store.Update(ctx, n); err != nil {
		return nil, err
	}
	return n, nil
}

func (in *Inbox) decide(ctx context.Context, r *Record, d Decision) (*Record, error) {
	if d.By == "" {
		return nil, fmt.Errorf("%w: by: a decision names who made it", ErrInvalidRecord)
	}
	if d.Approved && d.Scope != ScopeOnce && d.Scope != ScopeSession {
		return nil, fmt.Errorf("%w: scope: %q is not once or session", ErrInvalidRecord, d.Scope)
	}
	d.At = in.now()
	if !d.At.Before(r.Expires) {
		// The record was read before its expiry and is decided at or
		// after it: too late, however little. It expires instead, so the
		// decision written is never later than the record allows.
		if _, err := in.expireIfDue(ctx, r); err != nil {
			return nil, err
		}
		return nil, fmt.Errorf("%w: record %q expired at %s", ErrExpired, r.ID, r.Expires.Format(time.RFC3339))
	}
	n := in.next(r)
	n.Decision, n.CodeHash, n.CodeIssued = &d, nil, time.Time{}
	if d.Approved {
		n.State, n.Checkpoint = StateResuming, CheckpointApproved
	} else {
		n.State = StateDenied
	}
	if err := in.store.Update(ctx, n); err != nil {
		return nil, err
	}
	return n, nil
}

// Wait polls the store until the record is decided (or expires) and
// returns it. When ctx ends first Wait returns ctx's error, and nothing a
// person decides afterwards authorizes anything for this run: the caller
// should Withdraw the record.
func (in *Inbox) Wait(ctx context.Context, id string) (*Record, error) {
	t := time.NewTimer(0)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-t.C:
		}
		r, err := in.Get(ctx, id)
		if err != nil {
			return nil, err
		}
		if r.State != StateWaiting && r.State != StateRunning {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			return r, nil
		}
		t.Reset(in.opts.Poll)
	}
}

// Run is what an Executor is told about the call it makes.
type Run struct {
	// Record is the record as it stood when the executor was started.
	Record *Record
	// IdempotencyKey is the record's key: the same on every attempt, so
	// an external service can deduplicate a retried side effect.
	IdempotencyKey string
	// Attempt counts from 1; above 1 the call was interrupted before.
	Attempt int
}

// Executor makes the approved call. The host supplies it; it should pass
// run.IdempotencyKey to any external service it calls.
type Executor func(ctx context.Context, run Run) error

// Resume runs an approved record exactly once: it marks the record started
// (one compare-and-set write, so of two hosts racing for it one wins and
// the other gets ErrConflict), calls exec, and marks it completed, or
// failed when exec returns an error. ctx is checked before each step; a
// cancelled ctx runs nothing. A record that was started and never finished
// is ErrInterrupted (see Retry); one that is not approved is
// ErrNotApproved; one that ran is ErrDone.
func (in *Inbox) Resume(ctx context.Context, id string, exec Executor) (*Record, error) {
	return in.run(ctx, id, CheckpointApproved, exec)
}

// Retry runs again, with the same idempotency key, a record that was
// started and never completed (after a crash). Only the host knows whether
// the external side can deduplicate; the library never retries by itself.
func (in *Inbox) Retry(ctx context.Context, id string, exec Executor) (*Record, error) {
	return in.run(ctx, id, CheckpointStarted, exec)
}

func (in *Inbox) run(ctx context.Context, id string, want Checkpoint, exec Executor) (*Record, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	r, err := in.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	switch {
	case r.State == StateCompleted || r.State == StateFailed:
		return r, fmt.Errorf("%w: record %q is %s", ErrDone, id, r.State)
	case r.State != StateResuming:
		return r, fmt.Errorf("%w: record %q is %s", ErrNotApproved, id, r.State)
	case r.Checkpoint == CheckpointStarted && want == CheckpointApproved:
		return r, fmt.Errorf("%w: record %q, attempt %d", ErrInterrupted, id, r.Attempts)
	case r.Checkpoint != want:
		return r, fmt.Errorf("%w: record %q was never started; use Resume", ErrNotApproved, id)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	n := in.next(r)
	n.Checkpoint = CheckpointStarted
	n.Attempts++
	if err := in.store.Update(ctx, n); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		// Started but not run: it reads as interrupted, and a retry uses
		// the same key.
		return n, err
	}
	xerr := exec(ctx, Run{Record: n.Clone(), IdempotencyKey: n.IdempotencyKey, Attempt: n.Attempts})
	f := in.next(n)
	if xerr != nil {
		f.State, f.Error = StateFailed, xerr.Error()
	} else {
		f.State = StateCompleted
	}
	// The call has run: its outcome is recorded even if ctx has ended.
	if err := in.store.Update(context.WithoutCancel(ctx), f); err != nil {
		return n, errors.Join(xerr, err)
	}
	return f, xerr
}

// Recovery is what a host finds in the store after a restart.
type Recovery struct {
	// Approved records were approved and never started: Resume runs each
	// once.
	Approved []*Record
	// Interrupted records were started and never finished: the executor
	// may or may not have acted. Retry runs one again with the same key.
	Interrupted []*Record
	// Waiting records still wait for a person.
	Waiting []*Record
}

// Recover sorts the records of the store after a restart, expiring those
// that are due. Completed, failed, denied and expired records appear
// nowhere: they never run.
func (in *Inbox) Recover(ctx context.Context) (Recovery, error) {
	rs, err := in.List(ctx)
	if err != nil {
		return Recovery{}, err
	}
	var rec Recovery
	for _, r := range rs {
		switch {
		case r.State == StateWaiting:
			rec.Waiting = append(rec.Waiting, r)
		case r.State == StateResuming && r.Checkpoint == CheckpointApproved:
			rec.Approved = append(rec.Approved, r)
		case r.State == StateResuming && r.Checkpoint == CheckpointStarted:
			rec.Interrupted = append(rec.Interrupted, r)
		}
	}
	return rec, nil
}

// SessionApproved implements policy.SessionApprovals: a record of this
// session approved with ScopeSession approves every call with the same
// Binding. A store error answers false: fail closed.
func (in *Inbox) SessionApproved(session string, b policy.Binding) bool {
	_, ok, err := in.store.SessionApproval(context.Background(), session, b)
	return ok && err == nil
}

// StandingApproval implements policy.StandingApprovals. A store error
// answers false: fail closed.
func (in *Inbox) StandingApproval(task, tool, target string) (string, bool) {
	s, ok, err := in.store.Standing(context.Background(), task, tool, target)
	if !ok || err != nil {
		return "", false
	}
	return s.ID, true
}

// AddStanding stores a standing approval after checking it with
// policy.ValidateStanding against Options.Tools: only an external tool
// with a declared target argument, bound to one exact target, for one
// task. Shell and local-write tools are refused (policy.ErrNotEligible).
func (in *Inbox) AddStanding(ctx context.Context, s policy.StandingApproval, by string) error {
	if err := policy.ValidateStanding(s, in.opts.Tools); err != nil {
		return fmt.Errorf("approval: standing approval %q: %w", s.ID, err)
	}
	return in.store.PutStanding(ctx, Standing{StandingApproval: s, By: by, Created: in.now()})
}

// RevokeStanding removes a standing approval.
func (in *Inbox) RevokeStanding(ctx context.Context, id string) error {
	return in.store.RevokeStanding(ctx, id)
}

// ListStanding lists the standing approvals.
func (in *Inbox) ListStanding(ctx context.Context) ([]Standing, error) {
	return in.store.ListStanding(ctx)
}

// codeAlphabet has no letters that read alike (no I, L, O, 0 or 1).
const codeAlphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"

// CodeLength is the length of an approval code.
const CodeLength = 8

// random reads n bytes of randomness.
func (in *Inbox) random(n int) ([]byte, error) {
	b := make([]byte, n)
	if _, err := io.ReadFull(in.opts.Rand, b); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrRandom, err)
	}
	return b, nil
}

// randomText returns n characters of alphabet, uniformly, by rejection.
func (in *Inbox) randomText(n int, alphabet string) (string, error) {
	out := make([]byte, 0, n)
	limit := 256 - 256%len(alphabet)
	for len(out) < n {
		b, err := in.random(n)
		if err != nil {
			return "", err
		}
		for _, c := range b {
			if int(c) < limit && len(out) < n {
				out = append(out, alphabet[int(c)%len(alphabet)])
			}
		}
	}
	return string(out), nil
}

func (in *Inbox) newID() (string, error) {
	s, err := in.randomText(10, codeAlphabet)
	if err != nil {
		return "", err
	}
	return "ap-" + strings.ToLower(s), nil
}

func hashCode(code string) []byte {
	h := sha256.Sum256([]byte(code))
	return h[:]
}

// IssueCode makes a fresh approval code for a waiting record, stores its
// hash and returns it, to be shown to the person who may approve. A code
// issued before is stale from now on. Randomness that fails issues nothing
// (ErrRandom).
func (in *Inbox) IssueCode(ctx context.Context, id string) (string, *Record, error) {
	r, err := in.waiting(ctx, id)
	if err != nil {
		return "", r, err
	}
	code, err := in.randomText(CodeLength, codeAlphabet)
	if err != nil {
		return "", r, err
	}
	n := in.next(r)
	n.CodeHash, n.CodeIssued = hashCode(code), n.Updated
	if err := in.store.Update(ctx, n); err != nil {
		return "", r, err
	}
	return code, n, nil
}

// ApproveWithCode approves a waiting record when code is the one last
// issued for it, typed back while fresh. Every other answer declines
// (ErrCodeDeclined) and burns the outstanding code, so each code gets one
// try: an empty code, "y" or "yes" typed ahead, a code older than the
// last IssueCode or than CodeTTL, one already used (the record is
// decided), or a wrong one.
func (in *Inbox) ApproveWithCode(ctx context.Context, id, code, by string, scope Scope) (*Record, error) {
	typed := strings.ToUpper(strings.TrimSpace(code))
	r, err := in.waiting(ctx, id)
	if err != nil {
		if errors.Is(err, ErrIllegalTransition) {
			return r, fmt.Errorf("%w: record %q is already %s", ErrCodeDeclined, id, r.State)
		}
		return r, fmt.Errorf("%w: %w", ErrCodeDeclined, err)
	}
	var why string
	switch {
	case typed == "" || typed == "Y" || typed == "YES":
		why = "type back the code that show printed, not a yes"
	case r.CodeHash == nil:
		why = "no code is outstanding; run show to get one"
	case !in.now().Before(r.CodeIssued.Add(in.opts.CodeTTL)):
		why = "the code is stale; run show for a fresh one"
	case subtle.ConstantTimeCompare(hashCode(typed), r.CodeHash) != 1:
		why = "the code does not match the last one shown"
	}
	if why != "" {
		if r.CodeHash != nil {
			n := in.next(r)
			n.CodeHash, n.CodeIssued = nil, time.Time{}
			if err := in.store.Update(ctx, n); err != nil && !errors.Is(err, ErrConflict) {
				return r, errors.Join(fmt.Errorf("%w: record %q: %s", ErrCodeDeclined, id, why), err)
			}
		}
		return r, fmt.Errorf("%w: record %q: %s", ErrCodeDeclined, id, why)
	}
	return in.decide(ctx, r, Decision{Approved: true, Scope: scope, By: by})
}
