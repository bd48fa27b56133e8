package approvaltest

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/toolgate/toolgate/approval"
	"github.com/toolgate/toolgate/policy"
)

// faults a brokenStore can have; the zero value is a correct store.
type faults struct {
	noCAS        bool // updates ignore the revision
	noMachine    bool // updates skip the state machine
	overwrite    bool // a second Create replaces the first
	alias        bool // hands out and keeps the caller's records
	unordered    bool // List in map order, reversed
	forget       bool // a reopen starts empty
	looseLookup  bool // standing lookup ignores the task
	keepRevoked  bool // revoking leaves the lookup in place
	ignoreClosed bool // keeps serving after Close
	ignoreCtx    bool // writes with a cancelled context
	anySession   bool // a session approval matches any binding of the session
}

// brokenStore is a deliberately simple store whose faults are switched on
// one at a time, to show that the suite catches each.
type brokenStore struct {
	f        faults
	mu       *sync.Mutex
	records  map[string]*approval.Record
	standing map[string]approval.Standing
	closed   bool
}

func (s *brokenStore) copy(r *approval.Record) *approval.Record {
	if s.f.alias {
		return r
	}
	return r.Clone()
}

func (s *brokenStore) enter(ctx context.Context) error {
	if !s.f.ignoreCtx {
		if err := ctx.Err(); err != nil {
			return err
		}
	}
	if s.closed && !s.f.ignoreClosed {
		return approval.ErrClosed
	}
	return nil
}

func (s *brokenStore) Create(ctx context.Context, r *approval.Record) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter(ctx); err != nil {
		return err
	}
	if err := r.Validate(); err != nil || r.Revision != 1 {
		return fmt.Errorf("%w: %v", approval.ErrInvalidRecord, err)
	}
	if _, ok := s.records[r.ID]; ok && !s.f.overwrite {
		return approval.ErrExists
	}
	s.records[r.ID] = s.copy(r)
	return nil
}

func (s *brokenStore) Get(ctx context.Context, id string) (*approval.Record, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter(ctx); err != nil {
		return nil, err
	}
	r, ok := s.records[id]
	if !ok {
		return nil, approval.ErrNotFound
	}
	return s.copy(r), nil
}

func (s *brokenStore) Update(ctx context.Context, r *approval.Record) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter(ctx); err != nil {
		return err
	}
	old, ok := s.records[r.ID]
	if !ok {
		return approval.ErrNotFound
	}
	probe := old.Clone()
	if s.f.noCAS {
		probe.Revision = r.Revision - 1
	}
	if s.f.noMachine {
		probe.State, probe.Checkpoint, probe.Decision = approval.StateWaiting, "", nil
		if r.State != approval.StateWaiting && r.State != approval.StateExpired && r.State != approval.StateDenied {
			probe.State, probe.Checkpoint, probe.Decision = r.State, r.Checkpoint, r.Decision
			if r.State == approval.StateResuming && r.Checkpoint == approval.CheckpointApproved {
				probe.State, probe.Checkpoint, probe.Decision = approval.StateWaiting, "", nil
			}
		}
		if r.State == approval.StateResuming && r.Checkpoint == approval.CheckpointStarted {
			probe.Checkpoint = approval.CheckpointApproved
		}
		if r.State == approval.StateCompleted || r.State == approval.StateFailed {
			probe.State, probe.Checkpoint = approval.StateResuming, approval.CheckpointStarted
		}
	}
	if err := approval.CheckTransition(probe, r); err != nil {
		return err
	}
	s.records[r.ID] = s.copy(r)
	return nil
}

func (s *brokenStore) List(ctx context.Context) ([]*approval.Record, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter(ctx); err != nil {
		return nil, err
	}
	var out []*approval.Record
	for _, r := range s.records {
		out = append(out, s.copy(r))
	}
	slices.SortFunc(out, func(a, b *approval.Record) int {
		return cmp.Or(a.Created.Compare(b.Created), strings.Compare(a.ID, b.ID))
	})
	if s.f.unordered {
		slices.Reverse(out)
	}
	return out, nil
}

func (s *brokenStore) SessionApproval(ctx context.Context, session string, b policy.Binding) (string, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter(ctx); err != nil {
		return "", false, err
	}
	for _, r := range s.records {
		if d := r.Decision; d != nil && d.Approved && d.Scope == approval.ScopeSession && r.Session == session && (r.Binding == b || s.f.anySession) {
			return r.ID, true, nil
		}
	}
	return "", false, nil
}

func (s *brokenStore) PutStanding(ctx context.Context, st approval.Standing) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter(ctx); err != nil {
		return err
	}
	if _, ok := s.standing[st.ID]; ok {
		return approval.ErrExists
	}
	for _, o := range s.standing {
		if o.Task == st.Task && o.Tool == st.Tool && o.Target == st.Target {
			return approval.ErrExists
		}
	}
	s.standing[st.ID] = st
	return nil
}

func (s *brokenStore) RevokeStanding(ctx context.Context, id string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter(ctx); err != nil {
		return err
	}
	st, ok := s.standing[id]
	if !ok || st.Task == "" {
		return approval.ErrNotFound
	}
	if s.f.keepRevoked {
		st.Task = ""
		s.standing[id] = st
		return nil
	}
	delete(s.standing, id)
	return nil
}

func (s *brokenStore) Standing(ctx context.Context, task, tool, target string) (approval.Standing, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter(ctx); err != nil {
		return approval.Standing{}, false, err
	}
	for _, st := range s.standing {
		if st.Tool == tool && st.Target == target && (st.Task == task || s.f.looseLookup || (s.f.keepRevoked && st.Task == "")) {
			return st, true, nil
		}
	}
	return approval.Standing{}, false, nil
}

func (s *brokenStore) ListStanding(ctx context.Context) ([]approval.Standing, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter(ctx); err != nil {
		return nil, err
	}
	var out []approval.Standing
	for _, st := range s.standing {
		if st.Task != "" {
			out = append(out, st)
		}
	}
	slices.SortFunc(out, func(a, b approval.Standing) int { return strings.Compare(a.ID, b.ID) })
	return out, nil
}

func (s *brokenStore) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	return nil
}

// newBroken returns a NewStore for stores with faults f, durable across
// reopens unless f.forget.
func newBroken(f faults) NewStore {
	return func(t *testing.T) (approval.Store, func() (approval.Store, error)) {
		s := &brokenStore{f: f, mu: &sync.Mutex{}, records: map[string]*approval.Record{}, standing: map[string]approval.Standing{}}
		return s, func() (approval.Store, error) {
			n := *s
			n.closed = false
			if f.forget {
				n.records, n.standing = map[string]*approval.Record{}, map[string]approval.Standing{}
			}
			return &n, nil
		}
	}
}

// failures runs every check on stores from newStore and returns the names
// of those that failed.
func failures(t *testing.T, newStore NewStore) []string {
	var failed []string
	for _, c := range checks {
		t.Run(c.name, func(t *testing.T) {
			if runCheck(t, newStore, c) != "" {
				failed = append(failed, c.name)
			}
		})
	}
	return failed
}

func TestTheSuitePassesACorrectStore(t *testing.T) {
	if got := failures(t, newBroken(faults{})); len(got) != 0 {
		t.Errorf("a correct store failed %q", got)
	}
}

func TestTheSuiteCatchesEveryBrokenStore(t *testing.T) {
	for _, c := range []struct {
		name string
		f    faults
		want []string // checks that must fail, at least
	}{
		{"a store without compare-and-set", faults{noCAS: true}, []string{
			"an update based on a stale revision is ErrConflict and changes nothing",
			"of many updates racing on one revision exactly one wins"}},
		{"a store that skips the state machine", faults{noMachine: true}, []string{
			"every illegal transition is ErrIllegalTransition and changes nothing"}},
		{"a store whose Create overwrites", faults{overwrite: true}, []string{
			"a second record with one ID is refused with ErrExists"}},
		{"a store that shares memory with its callers", faults{alias: true}, []string{
			"the store shares no memory with its callers"}},
		{"a store that lists out of order", faults{unordered: true}, []string{
			"listing returns every record ordered by creation"}},
		{"a store that forgets on reopen", faults{forget: true}, []string{
			"every acknowledged write survives a restart",
			"after a restart approved calls run once and started ones are interrupted"}},
		{"a store whose standing lookup ignores the task", faults{looseLookup: true}, []string{
			"a standing approval matches only its exact task, tool and target"}},
		{"a store that keeps revoked standing approvals", faults{keepRevoked: true}, []string{
			"a revoked standing approval no longer matches"}},
		{"a store that serves after Close", faults{ignoreClosed: true}, []string{
			"a closed store refuses every call with ErrClosed"}},
		{"a store that writes with a cancelled context", faults{ignoreCtx: true}, []string{
			"a cancelled context writes nothing"}},
		{"a store whose session approval ignores the binding", faults{anySession: true}, []string{
			"a session approval matches only its session and binding"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := failures(t, newBroken(c.f))
			for _, w := range c.want {
				if !slices.Contains(got, w) {
					t.Errorf("the check %q passed; failed: %q", w, got)
				}
			}
		})
	}
}
