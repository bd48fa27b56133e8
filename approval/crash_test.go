package approval

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"sync"
	"testing"
	"time"

	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/toolmeta"
)

// memFS is a file system in memory that remembers, besides what a process
// sees, what an fsync made durable, and can be made to crash: after a given
// number of bytes written (the process dies mid-write; what it wrote stays
// in the page cache) or after a given number of fsyncs (the power fails;
// only what was fsynced, file data and folder entries alike, is left).
type memFS struct {
	mu           sync.Mutex
	names        map[string]*inode // the folder as the process sees it
	syncedNames  map[string]*inode // the folder as its last fsync left it
	byteBudget   int               // bytes left before a crash; -1: none
	syncBudget   int               // fsyncs left before a crash; -1: none
	bytes, syncs int               // counted
	crashed      bool
	beforeSync   func() // called, unlocked, before each fsync
}

type inode struct{ data, synced []byte }

var errCrash = errors.New("crashed")

func newMemFS(image map[string][]byte) *memFS {
	m := &memFS{names: map[string]*inode{}, syncedNames: map[string]*inode{}, byteBudget: -1, syncBudget: -1}
	for name, b := range image {
		n := &inode{data: append([]byte(nil), b...), synced: append([]byte(nil), b...)}
		m.names[name], m.syncedNames[name] = n, n
	}
	return m
}

// processImage is what survives the process's death: everything written.
func (m *memFS) processImage() map[string][]byte {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := map[string][]byte{}
	for name, n := range m.names {
		out[name] = append([]byte(nil), n.data...)
	}
	return out
}

// powerImage is what survives a power failure: only what was fsynced.
func (m *memFS) powerImage() map[string][]byte {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := map[string][]byte{}
	for name, n := range m.syncedNames {
		out[name] = append([]byte(nil), n.synced...)
	}
	return out
}

func (m *memFS) enter() error {
	m.mu.Lock()
	if m.crashed {
		m.mu.Unlock()
		return errCrash
	}
	return nil
}

func (m *memFS) MkdirAll(string, fs.FileMode) error {
	if err := m.enter(); err != nil {
		return err
	}
	m.mu.Unlock()
	return nil
}

func (m *memFS) open(name string, trunc bool) (storeFile, error) {
	if err := m.enter(); err != nil {
		return nil, err
	}
	defer m.mu.Unlock()
	n, ok := m.names[name]
	if !ok || trunc {
		n = &inode{}
		m.names[name] = n
	}
	return &memFile{m: m, n: n}, nil
}

func (m *memFS) OpenAppend(name string) (storeFile, error) { return m.open(name, false) }
func (m *memFS) Create(name string) (storeFile, error)     { return m.open(name, true) }

func (m *memFS) ReadFile(name string) ([]byte, error) {
	if err := m.enter(); err != nil {
		return nil, err
	}
	defer m.mu.Unlock()
	n, ok := m.names[name]
	if !ok {
		return nil, fs.ErrNotExist
	}
	return append([]byte(nil), n.data...), nil
}

func (m *memFS) Rename(o, n string) error {
	if err := m.enter(); err != nil {
		return err
	}
	defer m.mu.Unlock()
	x, ok := m.names[o]
	if !ok {
		return fs.ErrNotExist
	}
	m.names[n] = x
	delete(m.names, o)
	return nil
}

func (m *memFS) Remove(name string) error {
	if err := m.enter(); err != nil {
		return err
	}
	defer m.mu.Unlock()
	if _, ok := m.names[name]; !ok {
		return fs.ErrNotExist
	}
	delete(m.names, name)
	return nil
}

// sync counts one fsync and crashes after the last one the budget allows.
func (m *memFS) sync(f func()) error {
	m.mu.Lock()
	hook := m.beforeSync
	m.mu.Unlock()
	if hook != nil {
		hook()
	}
	if err := m.enter(); err != nil {
		return err
	}
	defer m.mu.Unlock()
	if m.syncBudget == 0 {
		m.crashed = true
		return errCrash
	}
	m.syncBudget--
	f()
	m.syncs++
	return nil
}

func (m *memFS) SyncDir(string) error {
	return m.sync(func() { m.syncedNames = maps.Clone(m.names) })
}

func (m *memFS) Lock(string) (io.Closer, error) {
	if err := m.enter(); err != nil {
		return nil, err
	}
	m.mu.Unlock()
	return io.NopCloser(nil), nil
}

type memFile struct {
	m *memFS
	n *inode
}

func (f *memFile) Write(p []byte) (int, error) {
	if err := f.m.enter(); err != nil {
		return 0, err
	}
	defer f.m.mu.Unlock()
	if f.m.byteBudget >= 0 && len(p) > f.m.byteBudget {
		f.n.data = append(f.n.data, p[:f.m.byteBudget]...)
		f.m.bytes += f.m.byteBudget
		f.m.byteBudget = 0
		f.m.crashed = true
		return 0, errCrash
	}
	if f.m.byteBudget >= 0 {
		f.m.byteBudget -= len(p)
	}
	f.n.data = append(f.n.data, p...)
	f.m.bytes += len(p)
	return len(p), nil
}

func (f *memFile) Sync() error {
	return f.m.sync(func() { f.n.synced = append([]byte(nil), f.n.data...) })
}

func (f *memFile) Truncate(size int64) error {
	if err := f.m.enter(); err != nil {
		return err
	}
	defer f.m.mu.Unlock()
	f.n.data = f.n.data[:size]
	return nil
}

func (f *memFile) Close() error { return nil }

// cycle is what one run of the crash test did, and which of its writes
// were acknowledged before the crash.
type cycle struct {
	parked, denyParked, approved, denied, completed bool
	standingPut, standingRevoked, compacted         bool
	revokeTried                                     bool
	id, denyID, key                                 string
	ran                                             []string // idempotency keys the executor saw
	ranDenied                                       bool
}

var crashTools, _ = toolmeta.NewRegistry(map[string]toolmeta.Metadata{
	"slack_post": {Risk: toolmeta.RiskExternal, TargetArgument: "channel", ApprovalDefault: toolmeta.DefaultAsk, Source: toolmeta.SourceMCP},
})

func crashInbox(s Store) *Inbox {
	t0 := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	n := 0
	return New(s, Options{Tools: crashTools, Rand: &countingRand{}, Now: func() time.Time { n++; return t0.Add(time.Duration(n) * time.Second) }})
}

// countingRand is a deterministic source, so every run writes the same
// bytes.
type countingRand struct{ n byte }

func (r *countingRand) Read(p []byte) (int, error) {
	for i := range p {
		r.n++
		p[i] = r.n
	}
	return len(p), nil
}

// runCycle parks two calls, approves one with a code and denies the
// other, resumes the approved one, adds and revokes a standing approval
// and compacts, stopping at the first error (the crash).
func runCycle(m *memFS, c *cycle) {
	s, err := openFile(m, "state")
	if err != nil {
		return
	}
	defer s.Close()
	ctx := context.Background()
	in := crashInbox(s)
	call := policy.Call{ID: "c1", Tool: "slack_post", Task: "t1", Surface: policy.SurfaceScheduledTask, Args: map[string]any{"channel": "#x"}}
	d := policy.Decision{Verdict: policy.ApprovalRequired, Targets: []policy.Target{{Argument: "channel", Value: "#x"}}}
	r, err := in.Park(ctx, call, d, Request{})
	if err != nil {
		return
	}
	c.parked, c.id, c.key = true, r.ID, r.IdempotencyKey
	r2, err := in.Park(ctx, call, d, Request{})
	if err != nil {
		return
	}
	c.denyParked, c.denyID = true, r2.ID
	code, _, err := in.IssueCode(ctx, r.ID)
	if err != nil {
		return
	}
	if _, err := in.ApproveWithCode(ctx, r.ID, code, "ann", ScopeOnce); err != nil {
		return
	}
	c.approved = true
	if _, err := in.Deny(ctx, r2.ID, "bob", ""); err != nil {
		return
	}
	c.denied = true
	if _, err := in.Resume(ctx, r.ID, c.exec); err != nil {
		return
	}
	c.completed = true
	if err := in.AddStanding(ctx, policy.StandingApproval{ID: "sa-1", Task: "t1", Tool: "slack_post", Target: "#x"}, "ann"); err != nil {
		return
	}
	c.standingPut = true
	if err := s.Compact(ctx); err != nil {
		return
	}
	c.compacted = true
	c.revokeTried = true
	if err := in.RevokeStanding(ctx, "sa-1"); err != nil {
		return
	}
	c.standingRevoked = true
}

func (c *cycle) exec(_ context.Context, run Run) error {
	if run.Record.ID == c.denyID {
		c.ranDenied = true
	}
	c.ran = append(c.ran, run.IdempotencyKey)
	return nil
}

// checkAfterCrash reopens the image a crash left and checks the
// invariants; then it recovers as a host would and checks again.
func checkAfterCrash(t *testing.T, image map[string][]byte, c *cycle) {
	t.Helper()
	m := newMemFS(image)
	s, err := openFile(m, "state")
	if err != nil {
		t.Fatalf("reopening: %v", err)
	}
	defer s.Close()
	ctx := context.Background()
	get := func(id string) *Record {
		if id == "" {
			return nil
		}
		r, err := s.Get(ctx, id)
		if errors.Is(err, ErrNotFound) {
			return nil
		}
		if err != nil {
			t.Fatalf("Get: %v", err)
		}
		return r
	}
	r, r2 := get(c.id), get(c.denyID)
	switch {
	case c.parked && r == nil:
		t.Fatal("an acknowledged park is lost")
	case c.denyParked && r2 == nil:
		t.Fatal("an acknowledged park is lost")
	case c.approved && (r.State != StateResuming && r.State != StateCompleted || r.Decision == nil || r.Decision.By != "ann"):
		t.Fatalf("an acknowledged approval is lost: %s", r.State)
	case c.denied && r2.State != StateDenied:
		t.Fatalf("an acknowledged denial is lost: %s", r2.State)
	case c.completed && r.State != StateCompleted:
		t.Fatalf("an acknowledged completion is lost: %s", r.State)
	case len(c.ran) > 0 && (r == nil || r.Checkpoint != CheckpointStarted):
		t.Fatal("the executor ran but the record was not durably started first")
	case c.ranDenied:
		t.Fatal("a denied call ran")
	}
	_, hasStanding, _ := s.Standing(ctx, "t1", "slack_post", "#x")
	if c.standingPut && !c.revokeTried && !hasStanding {
		t.Fatal("an acknowledged standing approval is lost")
	}
	if c.standingRevoked && hasStanding {
		t.Fatal("an acknowledged revocation is lost")
	}

	// Recover as a host does: run approved records, retry interrupted ones.
	in := crashInbox(s)
	rec, err := in.Recover(ctx)
	if err != nil {
		t.Fatalf("Recover: %v", err)
	}
	for _, x := range rec.Approved {
		if _, err := in.Resume(ctx, x.ID, c.exec); err != nil {
			t.Fatalf("Resume after the crash: %v", err)
		}
	}
	for _, x := range rec.Interrupted {
		if _, err := in.Retry(ctx, x.ID, c.exec); err != nil {
			t.Fatalf("Retry after the crash: %v", err)
		}
	}
	for _, k := range c.ran {
		if k != c.key {
			t.Fatalf("the executor ran with key %q, want %q", k, c.key)
		}
	}
	if c.ranDenied {
		t.Fatal("a denied call ran")
	}
	if r = get(c.id); r != nil && r.State == StateResuming {
		t.Fatalf("after recovery the approved record is still %s/%s", r.State, r.Checkpoint)
	}
	if r != nil && r.State == StateCompleted && len(c.ran) == 0 {
		t.Fatal("a completed record whose executor never ran")
	}
	if len(c.ran) > 1 && !(r != nil && r.Attempts == len(c.ran)) {
		t.Fatalf("the executor ran %d times, the record counts %d attempts", len(c.ran), r.Attempts)
	}
}

func TestACrashAtAnyByteOrFsyncLosesNothingAcknowledgedAndRunsNothingTwice(t *testing.T) {
	full := newMemFS(nil)
	var whole cycle
	runCycle(full, &whole)
	if !whole.standingRevoked || len(whole.ran) != 1 {
		t.Fatalf("the cycle did not finish without a crash: %+v", whole)
	}
	t.Logf("one cycle writes %d bytes and makes %d fsyncs", full.bytes, full.syncs)
	for k := 0; k <= full.bytes; k++ {
		m := newMemFS(nil)
		m.byteBudget = k
		var c cycle
		runCycle(m, &c)
		t.Run(fmt.Sprintf("the process dies after byte %d", k), func(t *testing.T) {
			checkAfterCrash(t, m.processImage(), &c)
		})
	}
	for k := 0; k <= full.syncs; k++ {
		m := newMemFS(nil)
		m.syncBudget = k
		var c cycle
		runCycle(m, &c)
		t.Run(fmt.Sprintf("the power fails after fsync %d", k), func(t *testing.T) {
			checkAfterCrash(t, m.powerImage(), &c)
		})
	}
}
