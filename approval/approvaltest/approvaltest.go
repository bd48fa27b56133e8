// Package approvaltest checks that an approval.Store behaves as package
// approval needs: compare-and-set transitions along the state machine and
// only along it, races that exactly one writer wins, listing, standing and
// session approvals, expiry, and, for a durable store, every acknowledged
// write surviving a restart.
//
// A store's own tests call Run, as a file system's call
// testing/fstest.TestFS. The checks use only the Store interface and
// package approval's Inbox over it. They report no false positives; they
// can miss a fault (a race that a scheduler happens never to show), so run
// them under the race detector.
package approvaltest

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/toolgate/toolgate/approval"
	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/toolmeta"
)

// NewStore makes a fresh, empty store for one check. Reopen, when not nil,
// declares that the store is durable: called after the store was closed,
// it opens the same backing state again, as a restarted process would. A
// store that keeps nothing across a restart returns a nil Reopen, and the
// restart checks are skipped.
type NewStore func(t *testing.T) (s approval.Store, reopen func() (approval.Store, error))

// check is one behaviour: it returns "" or what went wrong.
type check struct {
	name string
	run  func(e *env) string
}

// env is what a check works with.
type env struct {
	t      *testing.T
	ctx    context.Context
	store  approval.Store
	reopen func() (approval.Store, error)
	clock  *clock
}

// Run checks the stores newStore makes, one fresh store per check, each as
// a subtest named for the behaviour it checks.
func Run(t *testing.T, newStore NewStore) {
	t.Helper()
	for _, c := range checks {
		t.Run(c.name, func(t *testing.T) {
			if msg := runCheck(t, newStore, c); msg != "" {
				t.Error(msg)
			}
		})
	}
}

// runCheck runs one check on a fresh store, with a watchdog.
func runCheck(t *testing.T, newStore NewStore, c check) (msg string) {
	s, reopen := newStore(t)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	e := &env{t: t, ctx: ctx, store: s, reopen: reopen, clock: &clock{now: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}}
	defer func() {
		if e.store != nil {
			e.store.Close()
		}
		if p := recover(); p != nil {
			msg = fmt.Sprintf("panic: %v", p)
		}
	}()
	return c.run(e)
}

// clock is a settable clock for expiry.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// tools is the tool metadata the checks' inbox uses: an external tool with
// a target argument, a shell tool and a local-write tool.
var tools = func() *toolmeta.Registry {
	r, err := toolmeta.NewRegistry(map[string]toolmeta.Metadata{
		"slack_post": {Risk: toolmeta.RiskExternal, TargetArgument: "channel", ApprovalDefault: toolmeta.DefaultAsk, Source: toolmeta.SourceMCP},
		"shell":      {Risk: toolmeta.RiskExec, CommandArgument: "command", ApprovalDefault: toolmeta.DefaultAllow, Source: toolmeta.SourceBuiltin},
		"write_file": {Risk: toolmeta.RiskWriteLocal, PathArguments: []string{"path"}, ApprovalDefault: toolmeta.DefaultAllow, Source: toolmeta.SourceBuiltin},
	})
	if err != nil {
		panic(err)
	}
	return r
}()

func (e *env) inbox() *approval.Inbox {
	return approval.New(e.store, approval.Options{Now: e.clock.Now, Tools: tools, TTL: time.Hour})
}

var seq atomic.Uint64

// record returns a valid record in state s with a fresh ID.
func (e *env) record(s approval.State) *approval.Record {
	n := seq.Add(1)
	now := e.clock.Now()
	r := &approval.Record{
		ID: fmt.Sprintf("rec-%04d", n), Revision: 1,
		RequestID: "req", CallID: fmt.Sprintf("call-%d", n), Session: "s1", Task: "t1", Goal: "g1", Agent: "a1", Parent: "p1",
		Surface: policy.SurfaceScheduledTask, Tool: "slack_post",
		Arguments: map[string]any{"channel": "#builds", "n": 1.5, "list": []any{"x", true}},
		Targets:   []policy.Target{{Argument: "channel", Value: "#builds"}},
		Binding:   policy.Binding{Tool: "slack_post", Agent: "a1", Target: "\x07channel\x07#builds"},
		Risk:      "external", Reason: policy.ReasonToolDefaultAsk, Rule: "r1", Message: "asks",
		Created: now.Add(time.Duration(n) * time.Millisecond), Expires: now.Add(time.Hour), Updated: now,
		State: s, IdempotencyKey: fmt.Sprintf("key-%d", n),
		// A call hash of its own, so that a store that drops it (it is not
		// in the record's JSON) fails the comparison.
		CallHash: []byte(fmt.Sprintf("%032d", n)),
	}
	switch s {
	case approval.StateResuming, approval.StateCompleted:
		r.Decision = &approval.Decision{Approved: true, Scope: approval.ScopeOnce, By: "ann", At: now}
		r.Checkpoint = approval.CheckpointApproved
		if s == approval.StateCompleted {
			r.Checkpoint = approval.CheckpointStarted
		}
	case approval.StateDenied:
		r.Decision = &approval.Decision{By: "bob", At: now, Note: "no"}
	}
	return r
}

// next returns r's successor in state s and checkpoint cp.
func next(r *approval.Record, s approval.State, cp approval.Checkpoint) *approval.Record {
	n := r.Clone()
	n.Revision++
	n.State, n.Checkpoint = s, cp
	switch {
	case s == approval.StateResuming && n.Decision == nil:
		n.Decision = &approval.Decision{Approved: true, Scope: approval.ScopeOnce, By: "ann", At: r.Updated}
	case s == approval.StateDenied && n.Decision == nil:
		n.Decision = &approval.Decision{By: "bob", At: r.Updated}
	}
	return n
}

// diff says how two records differ, comparing times as instants and nil
// and empty slices as equal; "" when they are the same.
func diff(got, want *approval.Record) string {
	if got == nil || want == nil {
		if got == want {
			return ""
		}
		return fmt.Sprintf("got %v, want %v", got, want)
	}
	g, w := normal(got), normal(want)
	if reflect.DeepEqual(g, w) {
		return ""
	}
	gv, wv := reflect.ValueOf(*g), reflect.ValueOf(*w)
	var out []string
	for i := range gv.NumField() {
		if !reflect.DeepEqual(gv.Field(i).Interface(), wv.Field(i).Interface()) {
			out = append(out, fmt.Sprintf("%s: got %#v, want %#v", gv.Type().Field(i).Name, gv.Field(i).Interface(), wv.Field(i).Interface()))
		}
	}
	return fmt.Sprintf("record %q: %s", want.ID, strings.Join(out, "; "))
}

func normal(r *approval.Record) *approval.Record {
	n := r.Clone()
	for _, t := range []*time.Time{&n.Created, &n.Expires, &n.Updated, &n.CodeIssued} {
		*t = t.Round(0).UTC()
	}
	if n.Decision != nil {
		n.Decision.At = n.Decision.At.Round(0).UTC()
	}
	if len(n.Targets) == 0 {
		n.Targets = nil
	}
	if len(n.Arguments) == 0 {
		n.Arguments = nil
	}
	if len(n.CodeHash) == 0 {
		n.CodeHash = nil
	}
	if len(n.CallHash) == 0 {
		n.CallHash = nil
	}
	return n
}

// wantErr says what is wrong when err does not match target.
func wantErr(what string, err, target error) string {
	if !errors.Is(err, target) {
		return fmt.Sprintf("%s: got error %v, want one matching %v", what, err, target)
	}
	return ""
}

// first returns the first non-empty message.
func first(msgs ...string) string {
	for _, m := range msgs {
		if m != "" {
			return m
		}
	}
	return ""
}
