package audit

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"slices"
	"time"

	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/toolmeta"
)

// Kind is the step of a call's lifecycle an event records.
type Kind string

// The lifecycle, in order:
//
//	proposed -> policy_decided -> approval_requested -> approval_resolved
//	         -> started -> completed | failed | interrupted
//
// A call that needs no approval skips the approval steps; a denied call
// stops at policy_decided.
const (
	Proposed          Kind = "proposed"
	PolicyDecided     Kind = "policy_decided"
	ApprovalRequested Kind = "approval_requested"
	ApprovalResolved  Kind = "approval_resolved"
	Started           Kind = "started"
	Completed         Kind = "completed"
	Failed            Kind = "failed"
	Interrupted       Kind = "interrupted"
)

// Kinds lists the lifecycle kinds in order.
func Kinds() []Kind {
	return []Kind{Proposed, PolicyDecided, ApprovalRequested, ApprovalResolved, Started, Completed, Failed, Interrupted}
}

// Valid reports whether k is one of the lifecycle kinds.
func (k Kind) Valid() bool {
	for _, x := range Kinds() {
		if k == x {
			return true
		}
	}
	return false
}

// Event is one step of one call's lifecycle. DecisionID ties the steps of a
// call together. Args, Result and Error are redacted before an event is
// written (see Logger and FileSink); Redacted lists the paths of the fields
// that were, never their values.
type Event struct {
	// Time is when the step happened; Logger fills it in when zero.
	Time time.Time `json:"time"`
	// Kind is the lifecycle step.
	Kind Kind `json:"kind"`
	// DecisionID ties together the events of one call.
	DecisionID string `json:"decisionId"`
	// CallID is the ID the host gave the call.
	CallID string `json:"callId,omitempty"`
	// Session, Task and Agent name who proposed the call.
	Session string `json:"session,omitempty"`
	Task    string `json:"task,omitempty"`
	Agent   string `json:"agent,omitempty"`
	// Surface is the execution surface.
	Surface policy.Surface `json:"surface,omitempty"`
	// Tool is the tool called.
	Tool string `json:"tool"`
	// Risk is the tool's effective risk, once decided.
	Risk toolmeta.Risk `json:"risk,omitempty"`
	// Status is the outcome of the step: the verdict for policy_decided
	// ("allow", "approval-required", "deny"), "pending" for
	// approval_requested, "approved", "denied" or "expired" for
	// approval_resolved, "running", "ok", "error" or "interrupted" after.
	Status string `json:"status,omitempty"`
	// Reason is the decision's reason code.
	Reason policy.Reason `json:"reason,omitempty"`
	// Rule is the matched policy or hardline rule.
	Rule string `json:"rule,omitempty"`
	// Resources are the call's resolved resources: canonical paths, the
	// target, the command.
	Resources []string `json:"resources,omitempty"`
	// StandingApproval is the ID of the standing approval that lifted the
	// call.
	StandingApproval string `json:"standingApproval,omitempty"`
	// Approver names who resolved an approval request.
	Approver string `json:"approver,omitempty"`
	// Args are the call's arguments, redacted.
	Args map[string]any `json:"args,omitempty"`
	// Result is what the tool returned, redacted.
	Result any `json:"result,omitempty"`
	// Message is the decision's message or a note for people.
	Message string `json:"message,omitempty"`
	// Error is the failure, redacted.
	Error string `json:"error,omitempty"`
	// Redacted lists the paths of the fields that were redacted, such as
	// "args.token" or "result.items[0].body".
	Redacted []string `json:"redacted,omitempty"`

	// Seq and Prev chain the lines of a FileSink: Seq counts from 1, Prev
	// is the hex SHA-256 of the previous line (Genesis for the first).
	Seq  uint64 `json:"seq,omitempty"`
	Prev string `json:"prev,omitempty"`
}

// NewDecisionID returns a random 128-bit identifier in hex.
func NewDecisionID() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// FromCall returns an event of kind k for call c: who, where, which tool,
// and its arguments (not yet redacted).
func FromCall(k Kind, id string, c policy.Call) Event {
	return Event{
		Kind: k, DecisionID: id, CallID: c.ID, Session: c.Session, Task: c.Task, Agent: c.Agent,
		Surface: c.Surface, Tool: c.Tool, Args: c.Args,
	}
}

// FromDecision returns the policy_decided event of call c and decision d.
func FromDecision(id string, c policy.Call, d policy.Decision) Event {
	e := FromCall(PolicyDecided, id, c)
	e.Args = nil // recorded once, with proposed
	e.Status = d.Verdict.String()
	e.Reason = d.Reason
	e.Rule = d.Rule
	e.Risk = d.Risk
	e.StandingApproval = d.Approval
	e.Message = d.Message
	for _, t := range d.Targets {
		r := t.Resolved
		if r == "" {
			r = t.Value
		}
		e.Resources = append(e.Resources, r)
	}
	return e
}

// Redact returns a copy of e with every free-text field redacted by r:
// arguments and result structurally (RedactArgs), the call's identity,
// resources, message and error as text. The paths of what was redacted are
// added to Redacted. A nil r redacts shapes and keys only.
func (e Event) Redact(r *Redactor) Event {
	var paths []string
	text := func(name string, s *string) {
		if out, changed := r.String(*s); changed {
			*s = out
			paths = append(paths, name)
		}
	}
	text("callId", &e.CallID)
	text("session", &e.Session)
	text("task", &e.Task)
	text("agent", &e.Agent)
	text("tool", &e.Tool)
	text("rule", &e.Rule)
	text("approver", &e.Approver)
	text("message", &e.Message)
	text("error", &e.Error)
	if len(e.Resources) > 0 {
		res := make([]string, len(e.Resources))
		copy(res, e.Resources)
		for i := range res {
			text("resources["+itoa(i)+"]", &res[i])
		}
		e.Resources = res
	}
	if e.Args != nil {
		var p []string
		e.Args, p = RedactArgs(e.Args, r)
		for _, x := range p {
			paths = append(paths, "args."+x)
		}
	}
	if e.Result != nil {
		out, p := RedactArgs(map[string]any{"result": e.Result}, r)
		e.Result = out["result"]
		paths = append(paths, p...)
	}
	if len(paths) > 0 {
		all := append(append([]string(nil), e.Redacted...), paths...)
		slices.Sort(all)
		e.Redacted = slices.Compact(all)
	}
	return e
}

// Sink receives lifecycle events. Write must be safe for concurrent use and
// return its errors: the host decides whether a call may go on when its
// event could not be recorded (failing closed is the safe choice). A Sink
// must not keep or change e's maps after Write returns.
type Sink interface {
	Write(ctx context.Context, e Event) error
}

// Fanout returns a Sink that writes every event to each sink in turn and
// returns their errors joined; a failing sink does not stop the others.
func Fanout(sinks ...Sink) Sink {
	return fanout(append([]Sink(nil), sinks...))
}

type fanout []Sink

func (f fanout) Write(ctx context.Context, e Event) error {
	var errs []error
	for _, s := range f {
		if err := s.Write(ctx, e); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// Logger records lifecycle events: it stamps and redacts each event and
// hands it to its Sink. It is safe for concurrent use. The engine stays
// pure: the host (or the toolgate command) calls a Logger around Evaluate
// and around running the call.
type Logger struct {
	sink Sink
	r    *Redactor
	now  func() time.Time
}

// NewLogger returns a Logger writing to s and redacting with r (nil
// redacts shapes and keys only).
func NewLogger(s Sink, r *Redactor) *Logger {
	return &Logger{sink: s, r: r, now: time.Now}
}

// Log stamps e with the time if it has none, redacts it and writes it.
func (l *Logger) Log(ctx context.Context, e Event) error {
	if e.Time.IsZero() {
		e.Time = l.now().UTC()
	}
	return l.sink.Write(ctx, e.Redact(l.r))
}

// Proposed records that call c was proposed, under decision id.
func (l *Logger) Proposed(ctx context.Context, id string, c policy.Call) error {
	return l.Log(ctx, FromCall(Proposed, id, c))
}

// Decided records the policy's decision d on call c.
func (l *Logger) Decided(ctx context.Context, id string, c policy.Call, d policy.Decision) error {
	return l.Log(ctx, FromDecision(id, c, d))
}
