package approval

import (
	"cmp"
	"context"
	"encoding/binary"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/toolgate/toolgate/policy"
)

// index is the in-memory state every store in this package keeps: the
// records, the standing approvals, and the lookups the engine makes. It is
// not safe for concurrent use; its owner locks.
type index struct {
	records  map[string]*Record
	standing map[string]string   // ID -> standingKey
	byTarget map[string]Standing // standingKey -> the approval
	sessions map[sessionKey]string
}

type sessionKey struct {
	session string
	policy.Binding
}

func newIndex() *index {
	return &index{records: map[string]*Record{}, standing: map[string]string{},
		byTarget: map[string]Standing{}, sessions: map[sessionKey]string{}}
}

// appendStandingKey appends the key of task, tool and target to b, with
// length prefixes so no two triples share a key.
func appendStandingKey(b []byte, task, tool, target string) []byte {
	b = binary.AppendUvarint(b, uint64(len(task)))
	b = append(b, task...)
	b = binary.AppendUvarint(b, uint64(len(tool)))
	b = append(b, tool...)
	return append(b, target...)
}

func standingKey(task, tool, target string) string {
	return string(appendStandingKey(nil, task, tool, target))
}

// checkCreate and checkUpdate validate a write against the index without
// applying it; apply* then apply it. The file store logs between the two.
func (x *index) checkCreate(r *Record) error {
	if r.Revision != 1 {
		return fmt.Errorf("%w: record %q: a new record has revision 1, not %d", ErrInvalidRecord, r.ID, r.Revision)
	}
	if err := r.Validate(); err != nil {
		return err
	}
	if _, ok := x.records[r.ID]; ok {
		return fmt.Errorf("%w: record %q", ErrExists, r.ID)
	}
	return nil
}

func (x *index) checkUpdate(r *Record) error {
	old, ok := x.records[r.ID]
	if !ok {
		return fmt.Errorf("%w: record %q", ErrNotFound, r.ID)
	}
	return CheckTransition(old, r)
}

// putRecord stores r (owned by the index from now on).
func (x *index) putRecord(r *Record) {
	x.records[r.ID] = r
	if d := r.Decision; d != nil && d.Approved && d.Scope == ScopeSession && r.Session != "" {
		x.sessions[sessionKey{r.Session, r.Binding}] = r.ID
	}
}

func (x *index) get(id string) (*Record, error) {
	r, ok := x.records[id]
	if !ok {
		return nil, fmt.Errorf("%w: record %q", ErrNotFound, id)
	}
	return r.Clone(), nil
}

func (x *index) list() []*Record {
	out := make([]*Record, 0, len(x.records))
	for _, r := range x.records {
		out = append(out, r.Clone())
	}
	slices.SortFunc(out, func(a, b *Record) int {
		return cmp.Or(a.Created.Compare(b.Created), strings.Compare(a.ID, b.ID))
	})
	return out
}

func (x *index) checkStanding(s Standing) error {
	if s.ID == "" {
		return fmt.Errorf("%w: a standing approval needs an id", ErrInvalidRecord)
	}
	if _, ok := x.standing[s.ID]; ok {
		return fmt.Errorf("%w: standing approval %q", ErrExists, s.ID)
	}
	if old, ok := x.lookupStanding(s.Task, s.Tool, s.Target); ok {
		return fmt.Errorf("%w: standing approval %q already binds task %q, tool %q and target %q", ErrExists, old.ID, s.Task, s.Tool, s.Target)
	}
	return nil
}

func (x *index) putStanding(s Standing) {
	k := standingKey(s.Task, s.Tool, s.Target)
	x.standing[s.ID] = k
	x.byTarget[k] = s
}

func (x *index) checkRevoke(id string) error {
	if _, ok := x.standing[id]; !ok {
		return fmt.Errorf("%w: standing approval %q", ErrNotFound, id)
	}
	return nil
}

func (x *index) revoke(id string) {
	k, ok := x.standing[id]
	if !ok {
		return
	}
	delete(x.standing, id)
	delete(x.byTarget, k)
}

// lookupStanding makes no allocation for keys up to 256 bytes: the engine
// calls it on every call that needs approval.
func (x *index) lookupStanding(task, tool, target string) (Standing, bool) {
	var buf [256]byte
	s, ok := x.byTarget[string(appendStandingKey(buf[:0], task, tool, target))]
	return s, ok
}

func (x *index) listStanding() []Standing {
	out := make([]Standing, 0, len(x.byTarget))
	for _, s := range x.byTarget {
		out = append(out, s)
	}
	slices.SortFunc(out, func(a, b Standing) int { return strings.Compare(a.ID, b.ID) })
	return out
}

// MemoryStore is a Store that keeps everything in memory: for tests, and
// for hosts that want approvals to last only as long as the process. Its
// zero value is not usable; call NewMemoryStore.
type MemoryStore struct {
	mu     sync.RWMutex
	x      *index
	closed bool
}

var _ Store = (*MemoryStore)(nil)

// NewMemoryStore returns an empty MemoryStore.
func NewMemoryStore() *MemoryStore { return &MemoryStore{x: newIndex()} }

func (m *MemoryStore) lock(ctx context.Context, write bool) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if write {
		m.mu.Lock()
	} else {
		m.mu.RLock()
	}
	if m.closed {
		m.unlock(write)
		return ErrClosed
	}
	return nil
}

func (m *MemoryStore) unlock(write bool) {
	if write {
		m.mu.Unlock()
	} else {
		m.mu.RUnlock()
	}
}

// Create implements Store.
func (m *MemoryStore) Create(ctx context.Context, r *Record) error {
	if err := m.lock(ctx, true); err != nil {
		return err
	}
	defer m.unlock(true)
	if err := m.x.checkCreate(r); err != nil {
		return err
	}
	m.x.putRecord(r.Clone())
	return nil
}

// Get implements Store.
func (m *MemoryStore) Get(ctx context.Context, id string) (*Record, error) {
	if err := m.lock(ctx, false); err != nil {
		return nil, err
	}
	defer m.unlock(false)
	return m.x.get(id)
}

// Update implements Store.
func (m *MemoryStore) Update(ctx context.Context, r *Record) error {
	if err := m.lock(ctx, true); err != nil {
		return err
	}
	defer m.unlock(true)
	if err := m.x.checkUpdate(r); err != nil {
		return err
	}
	m.x.putRecord(r.Clone())
	return nil
}

// List implements Store.
func (m *MemoryStore) List(ctx context.Context) ([]*Record, error) {
	if err := m.lock(ctx, false); err != nil {
		return nil, err
	}
	defer m.unlock(false)
	return m.x.list(), nil
}

// SessionApproval implements Store.
func (m *MemoryStore) SessionApproval(ctx context.Context, session string, b policy.Binding) (string, bool, error) {
	if err := m.lock(ctx, false); err != nil {
		return "", false, err
	}
	defer m.unlock(false)
	id, ok := m.x.sessions[sessionKey{session, b}]
	return id, ok, nil
}

// PutStanding implements Store.
func (m *MemoryStore) PutStanding(ctx context.Context, s Standing) error {
	if err := m.lock(ctx, true); err != nil {
		return err
	}
	defer m.unlock(true)
	if err := m.x.checkStanding(s); err != nil {
		return err
	}
	m.x.putStanding(s)
	return nil
}

// RevokeStanding implements Store.
func (m *MemoryStore) RevokeStanding(ctx context.Context, id string) error {
	if err := m.lock(ctx, true); err != nil {
		return err
	}
	defer m.unlock(true)
	if err := m.x.checkRevoke(id); err != nil {
		return err
	}
	m.x.revoke(id)
	return nil
}

// Standing implements Store.
func (m *MemoryStore) Standing(ctx context.Context, task, tool, target string) (Standing, bool, error) {
	if err := m.lock(ctx, false); err != nil {
		return Standing{}, false, err
	}
	defer m.unlock(false)
	s, ok := m.x.lookupStanding(task, tool, target)
	return s, ok, nil
}

// ListStanding implements Store.
func (m *MemoryStore) ListStanding(ctx context.Context) ([]Standing, error) {
	if err := m.lock(ctx, false); err != nil {
		return nil, err
	}
	defer m.unlock(false)
	return m.x.listStanding(), nil
}

// Close implements Store.
func (m *MemoryStore) Close() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.closed = true
	return nil
}
