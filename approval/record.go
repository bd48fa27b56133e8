package approval

import (
	"bytes"
	"errors"
	"fmt"
	"time"

	"github.com/toolgate/toolgate/policy"
)

// State is where an approval record stands in its life. The zero State is
// not a state: a record that carries it is refused by every store.
//
//	running -> waiting_for_approval -> resuming -> completed | failed
//	                                \-> denied | expired
type State string

// The states of a record.
const (
	// StateRunning: the run that will make the call is going; nothing is
	// asked yet. A host may create a record here and park it later.
	StateRunning State = "running"
	// StateWaiting: the call needs a person's decision and the run is
	// parked. Nothing has executed.
	StateWaiting State = "waiting_for_approval"
	// StateResuming: a person approved; the call is about to run or is
	// running (see Checkpoint).
	StateResuming State = "resuming"
	// StateCompleted: the call ran and the host reported success. It never
	// runs again.
	StateCompleted State = "completed"
	// StateFailed: the call ran and the host reported failure. It never
	// runs again.
	StateFailed State = "failed"
	// StateDenied: a person declined. The call never runs.
	StateDenied State = "denied"
	// StateExpired: nobody decided before the record's expiry. The call
	// never runs.
	StateExpired State = "expired"
)

// States lists every state in the order of a record's life.
func States() []State {
	return []State{StateRunning, StateWaiting, StateResuming, StateCompleted, StateFailed, StateDenied, StateExpired}
}

// Valid reports whether s is one of the seven states.
func (s State) Valid() bool {
	switch s {
	case StateRunning, StateWaiting, StateResuming, StateCompleted, StateFailed, StateDenied, StateExpired:
		return true
	}
	return false
}

// Final reports whether s is a state a record never leaves.
func (s State) Final() bool {
	return s == StateCompleted || s == StateFailed || s == StateDenied || s == StateExpired
}

// Checkpoint is how far a resuming record has gone: approved but not yet
// started, or started (the executor was, or is being, called). It is the
// resume checkpoint of the security model: after a restart an approved
// record runs once, a started one is reported as interrupted.
type Checkpoint string

// The checkpoints of a resuming record.
const (
	CheckpointNone     Checkpoint = ""
	CheckpointApproved Checkpoint = "approved"
	CheckpointStarted  Checkpoint = "started"
)

// Scope is how far a person's approval reaches.
type Scope string

// The scopes of an approval.
const (
	// ScopeOnce approves this one call, once.
	ScopeOnce Scope = "once"
	// ScopeSession also approves, for the rest of the record's session,
	// every call with the same policy.Binding (the engine's step 7).
	ScopeSession Scope = "session"
)

// Decision is what a person decided about a record, and who and when.
type Decision struct {
	// Approved is true for an approval, false for a denial.
	Approved bool `json:"approved"`
	// Scope is the reach of an approval; empty for a denial.
	Scope Scope `json:"scope,omitempty"`
	// By names the person (or automation) that decided.
	By string `json:"by"`
	// At is when the decision was recorded.
	At time.Time `json:"at"`
	// Note is the decider's free text, if any.
	Note string `json:"note,omitempty"`
}

// Record is one approval request and its life: what was asked, why, who
// decided, and how far the approved call has run. A Store keeps records;
// an Inbox moves them from state to state.
//
// Arguments are stored only once redacted: without a redactor (see
// Options.Redact) a record keeps no arguments at all, only the decision's
// resolved targets.
type Record struct {
	// ID names the record; it is what a person types to approve it.
	ID string `json:"id"`
	// Revision counts the writes of the record, starting at 1. Every
	// update must give the stored revision plus one: compare-and-set.
	Revision uint64 `json:"revision"`

	// RequestID identifies the host's request; CallID the tool call.
	RequestID string `json:"requestId,omitempty"`
	CallID    string `json:"callId,omitempty"`
	// Session, Task, Goal, Agent and Parent place the call.
	Session string         `json:"session,omitempty"`
	Task    string         `json:"task,omitempty"`
	Goal    string         `json:"goal,omitempty"`
	Agent   string         `json:"agent,omitempty"`
	Parent  string         `json:"parent,omitempty"`
	Surface policy.Surface `json:"surface,omitempty"`

	// Tool is the tool the call names.
	Tool string `json:"tool"`
	// Arguments are the call's arguments after redaction; nil when no
	// redactor was configured.
	Arguments map[string]any `json:"arguments,omitempty"`
	// Targets are the decision's resolved targets.
	Targets []policy.Target `json:"targets,omitempty"`
	// Binding is what a session approval approves: tool, agent, canonical
	// targets.
	Binding policy.Binding `json:"binding"`
	// CallHash is what an approval of this one call approves: CallHash of
	// the call and its decision, every argument included (see Matches).
	// Like CodeHash it is never written as JSON: it is a hash of arguments
	// before redaction, and a listing must not let a guess at a redacted
	// secret be checked.
	CallHash []byte `json:"-"`
	// Risk, Reason, Rule and Message come from the engine's decision.
	Risk    string        `json:"risk,omitempty"`
	Reason  policy.Reason `json:"reason,omitempty"`
	Rule    string        `json:"rule,omitempty"`
	Message string        `json:"message,omitempty"`

	// Created and Expires bound the time a person has to decide.
	Created time.Time `json:"created"`
	Expires time.Time `json:"expires"`
	// Updated is the time of the last write.
	Updated time.Time `json:"updated"`

	// State and Checkpoint say where the record stands.
	State      State      `json:"state"`
	Checkpoint Checkpoint `json:"checkpoint,omitempty"`
	// Decision is set once a person has decided.
	Decision *Decision `json:"decision,omitempty"`
	// IdempotencyKey is given to the executor on every attempt, so an
	// external service can deduplicate a retried side effect.
	IdempotencyKey string `json:"idempotencyKey"`
	// Attempts counts the times the executor was started.
	Attempts int `json:"attempts,omitempty"`
	// Error is the executor's error of a failed record.
	Error string `json:"error,omitempty"`

	// CodeHash is the SHA-256 of the approval code last issued for the
	// record, and CodeIssued when; nil when no code is outstanding.
	// CodeHash is never written as JSON: listing a record must not hand out
	// what a guess could be checked against.
	CodeHash   []byte    `json:"-"`
	CodeIssued time.Time `json:"codeIssued,omitzero"`
}

// Clone returns a deep copy of r, so a store never shares memory with its
// callers.
func (r *Record) Clone() *Record {
	c := *r
	if r.Arguments != nil {
		c.Arguments = cloneAny(r.Arguments).(map[string]any)
	}
	if r.Targets != nil {
		c.Targets = append([]policy.Target(nil), r.Targets...)
	}
	if r.Decision != nil {
		d := *r.Decision
		c.Decision = &d
	}
	if r.CodeHash != nil {
		c.CodeHash = append([]byte(nil), r.CodeHash...)
	}
	if r.CallHash != nil {
		c.CallHash = append([]byte(nil), r.CallHash...)
	}
	return &c
}

func cloneAny(v any) any {
	switch v := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(v))
		for k, x := range v {
			m[k] = cloneAny(x)
		}
		return m
	case []any:
		s := make([]any, len(v))
		for i, x := range v {
			s[i] = cloneAny(x)
		}
		return s
	}
	return v
}

// Errors of the approval package. Each is matched with errors.Is.
var (
	// ErrNotFound: no record (or standing approval) has the given ID.
	ErrNotFound = errors.New("approval: not found")
	// ErrExists: a record or standing approval with the ID already exists.
	ErrExists = errors.New("approval: already exists")
	// ErrConflict: the stored revision is not the one the update was based
	// on; another writer got there first.
	ErrConflict = errors.New("approval: the record changed since it was read")
	// ErrIllegalTransition: the update moves a record along no edge of the
	// state machine. Errors wrapping it are *TransitionError.
	ErrIllegalTransition = errors.New("approval: illegal state transition")
	// ErrExpired: the record's expiry has passed; it can no longer be
	// approved.
	ErrExpired = errors.New("approval: the request has expired")
	// ErrInterrupted: the record was started and never completed; only
	// Inbox.Retry runs it again, with the same idempotency key.
	ErrInterrupted = errors.New("approval: the call was interrupted after it started")
	// ErrCodeDeclined: an approval code was missing, stale, reused,
	// pre-typed or wrong.
	ErrCodeDeclined = errors.New("approval: approval code declined")
	// ErrInvalidRecord: a record is missing a required field.
	ErrInvalidRecord = errors.New("approval: invalid record")
	// ErrClosed: the store is closed, or failed and must be reopened.
	ErrClosed = errors.New("approval: store closed")
	// ErrLocked: another process holds the state folder.
	ErrLocked = errors.New("approval: the state folder is in use by another process")
	// ErrCorrupt: a store's file is damaged somewhere other than its tail.
	ErrCorrupt = errors.New("approval: store file corrupt")
)

// TransitionError reports an illegal transition of one record. It matches
// ErrIllegalTransition.
type TransitionError struct {
	// ID names the record.
	ID string
	// From and FromCP are where the record stands; To and ToCP where the
	// refused change would have taken it.
	From, To State
	FromCP   Checkpoint
	ToCP     Checkpoint
}

// Error names the record and both ends of the refused transition.
func (e *TransitionError) Error() string {
	from, to := string(e.From), string(e.To)
	if e.FromCP != "" {
		from += "/" + string(e.FromCP)
	}
	if e.ToCP != "" {
		to += "/" + string(e.ToCP)
	}
	return fmt.Sprintf("approval: record %q cannot go from %s to %s", e.ID, from, to)
}

// Is makes a TransitionError match ErrIllegalTransition.
func (e *TransitionError) Is(target error) bool { return target == ErrIllegalTransition }

type edge struct {
	from   State
	fromCP Checkpoint
	to     State
	toCP   Checkpoint
}

// edges are the legal transitions. Staying in a state with the same
// checkpoint is legal only for the non-final waiting state (a new approval
// code) and the started checkpoint (a retry counts one more attempt).
var edges = map[edge]bool{
	{StateRunning, CheckpointNone, StateWaiting, CheckpointNone}:          true,
	{StateWaiting, CheckpointNone, StateWaiting, CheckpointNone}:          true,
	{StateWaiting, CheckpointNone, StateResuming, CheckpointApproved}:     true,
	{StateWaiting, CheckpointNone, StateDenied, CheckpointNone}:           true,
	{StateWaiting, CheckpointNone, StateExpired, CheckpointNone}:          true,
	{StateResuming, CheckpointApproved, StateResuming, CheckpointStarted}: true,
	{StateResuming, CheckpointStarted, StateResuming, CheckpointStarted}:  true,
	{StateResuming, CheckpointStarted, StateCompleted, CheckpointStarted}: true,
	{StateResuming, CheckpointStarted, StateFailed, CheckpointStarted}:    true,
	{StateRunning, CheckpointNone, StateFailed, CheckpointNone}:           true,
	{StateResuming, CheckpointApproved, StateFailed, CheckpointApproved}:  true,
}

// CheckTransition reports whether a stored record may be replaced by next:
// the same ID, the next revision, a legal edge of the state machine, and a
// valid record. Every Store calls it inside its compare-and-set, so a
// buggy caller cannot move a record illegally. The error matches
// ErrConflict, ErrIllegalTransition or ErrInvalidRecord.
func CheckTransition(stored, next *Record) error {
	if stored.ID != next.ID {
		return fmt.Errorf("%w: record %q replaced by %q", ErrInvalidRecord, stored.ID, next.ID)
	}
	if next.Revision != stored.Revision+1 {
		return fmt.Errorf("%w: record %q is at revision %d, the update is based on %d", ErrConflict, next.ID, stored.Revision, next.Revision-1)
	}
	if !edges[edge{stored.State, stored.Checkpoint, next.State, next.Checkpoint}] {
		return &TransitionError{ID: next.ID, From: stored.State, FromCP: stored.Checkpoint, To: next.State, ToCP: next.Checkpoint}
	}
	if err := next.Validate(); err != nil {
		return err
	}
	if stored.IdempotencyKey != next.IdempotencyKey || stored.Binding != next.Binding || !bytes.Equal(stored.CallHash, next.CallHash) {
		return fmt.Errorf("%w: record %q: the idempotency key, binding and call hash never change", ErrInvalidRecord, next.ID)
	}
	if stored.Decision != nil && (next.Decision == nil || *next.Decision != *stored.Decision) {
		return fmt.Errorf("%w: record %q: a decision, once made, never changes", ErrInvalidRecord, next.ID)
	}
	return nil
}

// Validate checks that r has what every record must have: an ID, a
// revision, a tool, a valid state and checkpoint, an idempotency key, and a
// decision exactly when the state follows one.
func (r *Record) Validate() error {
	var errs []error
	if r.ID == "" {
		errs = append(errs, errors.New("id: a record needs an id"))
	}
	if r.Revision == 0 {
		errs = append(errs, errors.New("revision: revisions start at 1"))
	}
	if r.Tool == "" {
		errs = append(errs, errors.New("tool: a record names the tool"))
	}
	if !r.State.Valid() {
		errs = append(errs, fmt.Errorf("state: %q is not a state", r.State))
	}
	if r.IdempotencyKey == "" {
		errs = append(errs, errors.New("idempotencyKey: a record needs an idempotency key"))
	}
	switch r.State {
	case StateResuming, StateCompleted:
		if r.Decision == nil || !r.Decision.Approved {
			errs = append(errs, fmt.Errorf("decision: a %s record needs an approval", r.State))
		}
	case StateDenied:
		if r.Decision == nil || r.Decision.Approved {
			errs = append(errs, errors.New("decision: a denied record needs a denial"))
		}
	case StateRunning, StateWaiting, StateExpired:
		if r.Decision != nil {
			errs = append(errs, fmt.Errorf("decision: a %s record has no decision", r.State))
		}
	}
	switch {
	case r.State == StateResuming && r.Checkpoint != CheckpointApproved && r.Checkpoint != CheckpointStarted,
		r.State == StateCompleted && r.Checkpoint != CheckpointStarted,
		(r.State == StateRunning || r.State == StateWaiting || r.State == StateDenied || r.State == StateExpired) && r.Checkpoint != CheckpointNone:
		errs = append(errs, fmt.Errorf("checkpoint: %q does not go with state %s", r.Checkpoint, r.State))
	}
	if len(errs) == 0 {
		return nil
	}
	return fmt.Errorf("%w %q: %w", ErrInvalidRecord, r.ID, errors.Join(errs...))
}
