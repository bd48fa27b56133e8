// Package refhost is the reference agent host: a small but real host that
// embeds toolgate the way the security model asks. A scripted model
// proposes tool calls (turns given as data); file, shell and MCP-like tools
// run only after policy.Engine.Evaluate allows them; an unattended call
// that needs approval is parked in the durable approval inbox
// (approval.FileStore) and resumed exactly once after a person approves
// it; every step of every call goes to a hash-chained audit file
// (audit.FileSink) through the redactor of the configured secrets; a
// local API is served on loopback behind the sidecar guard; shell commands
// run in managed process trees (proctree) that Close ends.
//
// It wraps the whole nine-step evaluation order: it calls Evaluate once
// per call, before anything runs, and acts on the decision (see
// docs/security-model.md, Evaluation order and Approvals). Its
// conformance adapter, NewConformanceHost, is what package conformance
// runs; it is short on purpose, for an integrator to copy.
package refhost

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/toolgate/toolgate/approval"
	"github.com/toolgate/toolgate/audit"
	"github.com/toolgate/toolgate/childenv"
	"github.com/toolgate/toolgate/delegation"
	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/proctree"
	"github.com/toolgate/toolgate/roots"
	"github.com/toolgate/toolgate/secret"
	"github.com/toolgate/toolgate/sidecar"
	"github.com/toolgate/toolgate/toolmeta"
)

// Config configures a Host.
type Config struct {
	// Mode and Interaction are the top-level permission and interaction
	// modes; Surface is where this session's calls come from.
	Mode        policy.Mode
	Interaction policy.Interaction
	Surface     policy.Surface
	// Session and Task name the session and task every call belongs to.
	Session, Task string
	// Home is the user's home folder; empty means the current user's.
	Home string
	// StateDir holds the approval inbox (approvals/) and the audit file
	// (audit.jsonl). Required.
	StateDir string
	// Roots are the workspace roots.
	Roots []roots.Root
	// Tools are the tools the model may call, by name. A Tool with nil Meta
	// has no security metadata: the engine treats it as unknown.
	Tools map[string]Tool
	// Agents are the delegated agents.
	Agents map[string]delegation.Definition
	// Standing are the task's standing approvals.
	Standing []policy.StandingApproval
	// Secrets are redacted from the audit and from parked records.
	Secrets []secret.Secret
	// Ask is the person of an attended session; nil answers no.
	Ask func(ctx context.Context, q Question) bool
}

// Tool is one tool: its security metadata and what runs it. A tool whose
// Meta.Risk is exec has no Run: the host runs its command with sh -c in a
// managed process tree.
type Tool struct {
	Meta *toolmeta.Metadata
	Run  func(ctx context.Context, in Input) (string, error)
}

// Input is what a tool is given.
type Input struct {
	CallID string
	Args   map[string]any
	// IdempotencyKey is set for a call resumed from the inbox.
	IdempotencyKey string
}

// Question is what an attended host asks its person.
type Question struct {
	Call     policy.Call
	Decision policy.Decision
}

// Outcome is what became of one call.
type Outcome struct {
	Call     policy.Call
	Decision policy.Decision
	// Status is "ran", "failed", "denied", "declined" (a person said no)
	// or "parked".
	Status string
	// Output is the tool's output, or the inbox record's ID when parked.
	Output string
}

// Host is a running reference host.
type Host struct {
	cfg      Config
	redactor *audit.Redactor
	tools    *toolmeta.Registry
	engine   *policy.Engine
	store    *approval.FileStore
	inbox    *approval.Inbox
	sink     *audit.FileSink
	log      *audit.Logger
	server   *http.Server
	addr     string
	token    sidecar.Token

	mu    sync.Mutex
	trees []*proctree.Tree
}

// Open starts a host: it opens the state folder, recovers the inbox
// (resuming every approved call that never started, once) and starts the
// sidecar on a loopback port.
func Open(ctx context.Context, cfg Config) (*Host, error) {
	if cfg.StateDir == "" {
		return nil, errors.New("refhost: Config.StateDir is empty")
	}
	h := &Host{cfg: cfg, redactor: audit.NewRedactor(cfg.Secrets...)}
	if err := h.open(ctx); err != nil {
		h.Close()
		return nil, err
	}
	return h, nil
}

func (h *Host) open(ctx context.Context) error {
	metas := map[string]toolmeta.Metadata{}
	for name, t := range h.cfg.Tools {
		if t.Meta != nil && t.Meta.Validate() == nil {
			metas[name] = *t.Meta
		}
	}
	reg, err := toolmeta.NewRegistry(metas)
	if err != nil {
		return err
	}
	set, err := roots.NewSet(h.cfg.Roots)
	if err != nil {
		return err
	}
	var standing []string
	for _, s := range h.cfg.Standing {
		standing = append(standing, s.ID)
	}
	top := policy.Authority{Mode: h.cfg.Mode, AllTools: true, Roots: set.Roots(), MayDelegate: true, StandingApprovals: standing}
	agents, _, err := delegation.Fold(top, h.cfg.Agents, reg)
	if err != nil {
		return err
	}
	if h.store, err = openLocked(ctx, approval.ErrLocked, func() (*approval.FileStore, error) {
		return approval.OpenFile(filepath.Join(h.cfg.StateDir, "approvals"))
	}); err != nil {
		return err
	}
	h.inbox = approval.New(h.store, approval.Options{Tools: reg, Redact: func(args map[string]any) map[string]any {
		out, _ := h.redactValues(args).(map[string]any)
		return out
	}})
	for _, s := range h.cfg.Standing {
		if err := h.inbox.AddStanding(ctx, s, "policy"); err != nil && !errors.Is(err, approval.ErrExists) {
			return err
		}
	}
	h.tools = reg
	h.engine, err = policy.New(policy.Config{
		Mode: h.cfg.Mode, Interaction: h.cfg.Interaction, Surfaces: map[policy.Surface]policy.Interaction{h.cfg.Surface: h.cfg.Interaction},
		Roots: set, Tools: reg, Home: h.cfg.Home, Agents: agents, SessionApprovals: h.inbox, StandingApprovals: h.inbox,
	})
	if err != nil {
		return err
	}
	if h.sink, err = openLocked(ctx, audit.ErrLocked, func() (*audit.FileSink, error) {
		return audit.OpenFile(filepath.Join(h.cfg.StateDir, "audit.jsonl"), audit.FileOptions{Redactor: h.redactor})
	}); err != nil {
		return err
	}
	h.log = audit.NewLogger(h.sink, h.redactor)
	if err := h.serve(ctx); err != nil {
		return err
	}
	rec, err := h.inbox.Recover(ctx)
	if err != nil {
		return err
	}
	for _, r := range rec.Approved {
		if _, err := h.resume(ctx, r.ID); err != nil {
			return err
		}
	}
	return nil
}

// redactValues removes configured secrets and known secret shapes from
// every string in v. Unlike audit.RedactArgs it keeps the values of keys
// named like message bodies ("text", "body"): a parked call is resumed
// from its stored arguments, so they must stay what the model proposed,
// less its secrets.
func (h *Host) redactValues(v any) any {
	switch v := v.(type) {
	case string:
		s, _ := h.redactor.String(v)
		return s
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			out[k] = h.redactValues(x)
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = h.redactValues(x)
		}
		return out
	}
	return v
}

// openLocked opens a file the host keeps locked (the approval store, the
// audit file). A process any host in this process forks (a shell command)
// holds a copy of every descriptor between fork and exec, the lock's too,
// so right after Close a reopen can briefly see the lock held: open is
// tried again for up to two seconds while it fails with locked.
func openLocked[T any](ctx context.Context, locked error, open func() (T, error)) (T, error) {
	for deadline := time.Now().Add(2 * time.Second); ; {
		v, err := open()
		if !errors.Is(err, locked) || time.Now().After(deadline) {
			return v, err
		}
		select {
		case <-ctx.Done():
			var zero T
			return zero, ctx.Err()
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// serve starts the local API behind the sidecar guard: GET / answers the
// number of parked calls.
func (h *Host) serve(ctx context.Context) error {
	tok, err := sidecar.NewToken()
	if err != nil {
		return err
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		items, err := h.Pending(r.Context())
		if err != nil {
			http.Error(w, "inbox unavailable", http.StatusServiceUnavailable)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]int{"pending": len(items)})
	})
	guard, err := sidecar.New(sidecar.Config{Token: tok}, mux)
	if err != nil {
		return err
	}
	ln, err := sidecar.Listen(ctx, "127.0.0.1:0")
	if err != nil {
		return err
	}
	h.token, h.addr, h.server = tok, ln.Addr().String(), sidecar.NewServer(guard)
	go h.server.Serve(ln)
	return nil
}

// Sidecar returns the local API's base URL and its per-launch token.
func (h *Host) Sidecar() (url string, token sidecar.Token) {
	return "http://" + h.addr + "/", h.token
}

// AuditPath returns the audit file's path.
func (h *Host) AuditPath() string { return filepath.Join(h.cfg.StateDir, "audit.jsonl") }

// Inbox returns the approval inbox.
func (h *Host) Inbox() *approval.Inbox { return h.inbox }

// Turn handles one model turn: every call is decided by the engine before
// anything runs, then run, refused, asked about or parked.
func (h *Host) Turn(ctx context.Context, calls []policy.Call) ([]Outcome, error) {
	var out []Outcome
	for _, c := range calls {
		c.Session, c.Task, c.Surface = h.cfg.Session, h.cfg.Task, h.cfg.Surface
		o, err := h.handle(ctx, c)
		if err != nil {
			return out, fmt.Errorf("call %s: %w", c.ID, err)
		}
		out = append(out, o)
	}
	return out, nil
}

// Script is a scripted model: the turns it proposes, in order.
type Script [][]policy.Call

// Play feeds the host every turn of the script.
func (h *Host) Play(ctx context.Context, s Script) ([]Outcome, error) {
	var all []Outcome
	for _, turn := range s {
		out, err := h.Turn(ctx, turn)
		all = append(all, out...)
		if err != nil {
			return all, err
		}
	}
	return all, nil
}

func (h *Host) handle(ctx context.Context, c policy.Call) (Outcome, error) {
	id := audit.NewDecisionID()
	if err := h.log.Proposed(ctx, id, c); err != nil {
		return Outcome{}, err // fail closed: nothing runs unrecorded
	}
	d := h.engine.Evaluate(c)
	o := Outcome{Call: c, Decision: d, Status: "denied"}
	if err := h.log.Decided(ctx, id, c, d); err != nil {
		return o, err
	}
	switch {
	case d.Verdict == policy.Allow:
	case d.Verdict != policy.ApprovalRequired:
		return o, nil
	case d.Interaction == policy.Unattended:
		rec, err := h.inbox.Park(ctx, c, d, approval.Request{RequestID: id})
		if err != nil {
			return o, err
		}
		o.Status, o.Output = "parked", rec.ID
		return o, h.event(ctx, audit.ApprovalRequested, id, c, "pending", "")
	default:
		if err := h.event(ctx, audit.ApprovalRequested, id, c, "pending", ""); err != nil {
			return o, err
		}
		yes := h.cfg.Ask != nil && h.cfg.Ask(ctx, Question{Call: c, Decision: d})
		status := map[bool]string{true: "approved", false: "denied"}[yes]
		if err := h.event(ctx, audit.ApprovalResolved, id, c, status, "person"); err != nil || !yes {
			o.Status = "declined"
			return o, err
		}
	}
	o, err := h.run(ctx, id, c, "")
	o.Decision = d
	return o, err
}

// run runs an allowed call, recording its start and end.
func (h *Host) run(ctx context.Context, id string, c policy.Call, key string) (Outcome, error) {
	o := Outcome{Call: c, Status: "ran"}
	if err := h.event(ctx, audit.Started, id, c, "running", ""); err != nil {
		return o, err
	}
	out, err := h.execute(ctx, c, key)
	o.Output = out
	kind, status := audit.Completed, "ok"
	if err != nil {
		o.Status, kind, status = "failed", audit.Failed, "error"
		o.Output = err.Error()
	}
	return o, h.event(ctx, kind, id, c, status, o.Output)
}

func (h *Host) event(ctx context.Context, k audit.Kind, id string, c policy.Call, status, note string) error {
	e := audit.FromCall(k, id, c)
	e.Status = status
	if k == audit.ApprovalResolved {
		e.Approver = note
	} else if note != "" && (k == audit.Completed || k == audit.Failed) {
		e.Result = note
	}
	return h.log.Log(ctx, e)
}

func (h *Host) execute(ctx context.Context, c policy.Call, key string) (string, error) {
	t, ok := h.cfg.Tools[c.Tool]
	if !ok {
		return "", fmt.Errorf("no tool %q", c.Tool)
	}
	if t.Run == nil && t.Meta != nil && t.Meta.Risk == toolmeta.RiskExec {
		cmd, _ := c.Args[t.Meta.CommandArgument].(string)
		return h.shell(ctx, cmd)
	}
	if t.Run == nil {
		return "", fmt.Errorf("tool %q cannot run", c.Tool)
	}
	return t.Run(ctx, Input{CallID: c.ID, Args: c.Args, IdempotencyKey: key})
}

// shell runs a command with sh -c from the primary root, in a managed
// process tree that lives until Close, with an allowlisted environment.
func (h *Host) shell(ctx context.Context, command string) (string, error) {
	out, err := os.CreateTemp("", "refhost-shell-")
	if err != nil {
		return "", err
	}
	defer os.Remove(out.Name())
	defer out.Close()
	dir := ""
	for _, r := range h.cfg.Roots {
		if r.Primary {
			dir = r.Path
		}
	}
	tree, err := proctree.Start(proctree.Config{Path: "sh", Args: []string{"-c", command}, Dir: dir,
		Env: childenv.Build(os.Environ(), childenv.Config{}), Stdout: out, Stderr: out, Grace: 2 * time.Second})
	if err != nil {
		return "", err
	}
	h.mu.Lock()
	h.trees = append(h.trees, tree)
	h.mu.Unlock()
	select {
	case <-tree.Done():
	case <-ctx.Done():
		tree.Close()
		return "", ctx.Err()
	}
	werr := tree.Wait()
	data, _ := os.ReadFile(out.Name())
	return string(data), werr
}

// Pending lists the parked calls waiting for a person.
func (h *Host) Pending(ctx context.Context) ([]*approval.Record, error) {
	recs, err := h.inbox.List(ctx)
	return slices.DeleteFunc(recs, func(r *approval.Record) bool { return r.State != approval.StateWaiting }), err
}

// Approve records a person's approval of a parked call and resumes it,
// once.
func (h *Host) Approve(ctx context.Context, id, by string) (Outcome, error) {
	rec, err := h.inbox.Approve(ctx, id, by, approval.ScopeOnce)
	if err != nil {
		return Outcome{}, err
	}
	if err := h.log.Log(ctx, resolved(rec, "approved", by)); err != nil {
		return Outcome{}, err
	}
	return h.resume(ctx, id)
}

// Deny records a person's denial of a parked call.
func (h *Host) Deny(ctx context.Context, id, by string) error {
	rec, err := h.inbox.Deny(ctx, id, by, "")
	if err != nil {
		return err
	}
	return h.log.Log(ctx, resolved(rec, "denied", by))
}

func resolved(r *approval.Record, status, by string) audit.Event {
	return audit.Event{Kind: audit.ApprovalResolved, DecisionID: r.RequestID, CallID: r.CallID, Session: r.Session,
		Task: r.Task, Agent: r.Agent, Surface: r.Surface, Tool: r.Tool, Status: status, Approver: by}
}

// resume runs an approved record through the inbox, which marks it
// started before and completed after: it runs once.
func (h *Host) resume(ctx context.Context, id string) (Outcome, error) {
	var o Outcome
	_, err := h.inbox.Resume(ctx, id, func(ctx context.Context, run approval.Run) error {
		r := run.Record
		c := policy.Call{ID: r.CallID, Tool: r.Tool, Args: r.Arguments, Session: r.Session, Task: r.Task, Agent: r.Agent, Surface: r.Surface}
		var err error
		o, err = h.run(ctx, r.RequestID, c, run.IdempotencyKey)
		o.Decision = policy.Decision{ID: r.CallID, Verdict: policy.Allow, Reason: approval.ReasonInbox, Risk: toolmeta.Risk(r.Risk)}
		if err == nil && o.Status == "failed" {
			err = errors.New(o.Output)
		}
		return err
	})
	return o, err
}

// Restart closes the host and opens it again over the same state, as a
// crash or an upgrade would.
func (h *Host) Restart(ctx context.Context) error {
	if err := h.Close(); err != nil {
		return err
	}
	*h = Host{cfg: h.cfg, redactor: h.redactor}
	return h.open(ctx)
}

// Close stops the sidecar, ends every process tree the host started and
// closes the inbox and the audit file.
func (h *Host) Close() error {
	var errs []error
	if h.server != nil {
		errs = append(errs, h.server.Close())
	}
	h.mu.Lock()
	trees := h.trees
	h.trees = nil
	h.mu.Unlock()
	for _, t := range trees {
		errs = append(errs, t.Close())
	}
	if h.store != nil {
		errs = append(errs, h.store.Close())
	}
	if h.sink != nil {
		errs = append(errs, h.sink.Close())
	}
	h.server, h.store, h.sink = nil, nil, nil
	return errors.Join(slices.DeleteFunc(errs, func(err error) bool { return err == nil || errors.Is(err, net.ErrClosed) })...)
}
