package roots

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"
)

// Request is what an agent may ask for when it needs a folder it has no
// root for: a path, the access it wants and why. A Request changes nothing by
// itself; a host shows it to a person and, if they agree, calls [Live.Grant].
type Request struct {
	Path   string `json:"path"`
	Access Access `json:"access"`
	Reason string `json:"reason"`
}

// Validate reports every problem with r at once, each naming the field; the
// error matches ErrInvalidRequest.
func (r Request) Validate() error {
	var errs []error
	bad := func(field, detail string) {
		errs = append(errs, fmt.Errorf("%w: %s: %s", ErrInvalidRequest, field, detail))
	}
	switch {
	case r.Path == "":
		bad("path", "must not be empty")
	case strings.IndexByte(r.Path, 0) >= 0:
		bad("path", "contains a NUL byte")
	case len(r.Path) > maxPathLen:
		bad("path", "too long")
	}
	if !r.Access.Valid() {
		bad("access", fmt.Sprintf("%s is not %q or %q", quote(string(r.Access)), Read, ReadWrite))
	}
	switch {
	case strings.TrimSpace(r.Reason) == "":
		bad("reason", "must say why the folder is needed")
	case !utf8.ValidString(r.Reason):
		bad("reason", "must be UTF-8")
	}
	return errors.Join(errs...)
}

// Satisfied reports whether s already grants r: the path resolves inside a
// root whose access is at least the access asked for.
func (s *Set) Satisfied(r Request) bool {
	t, err := s.Resolve(r.Path)
	return err == nil && (r.Access == Read || t.Access.CanWrite())
}

// Event records one change to a [Live] set, for the audit log.
type Event struct {
	Seq    uint64    `json:"seq"`    // 1 for the first change, then +1
	Op     string    `json:"op"`     // "grant", "revoke" or "replace"
	Before []Root    `json:"before"` // the roots before the change
	After  []Root    `json:"after"`  // the roots after the change
	Who    string    `json:"who"`    // who made the change (a person, a host component)
	Why    string    `json:"why"`    // why, e.g. the Request's reason
	Time   time.Time `json:"time"`
}

// Live is the root set of a running session. Readers take a consistent,
// immutable *Set with Snapshot and may keep using it while the set changes;
// only the host changes it, through Grant, Revoke and Replace, each of which
// builds a new Set, publishes it atomically and delivers an Event to every
// subscriber. Live is safe for concurrent use.
type Live struct {
	cur  atomic.Pointer[Set]
	mu   sync.Mutex // serializes changes and subscriber calls
	seq  uint64
	subs map[int]func(Event)
	next int
	now  func() time.Time
}

// LiveOption configures a Live.
type LiveOption func(*Live)

// WithClock sets the clock that stamps events (time.Now by default).
func WithClock(now func() time.Time) LiveOption { return func(l *Live) { l.now = now } }

// WithSubscriber registers fn as NewLive returns, so that no change is missed.
func WithSubscriber(fn func(Event)) LiveOption {
	return func(l *Live) { l.subs[l.next] = fn; l.next++ }
}

// NewLive returns a Live set starting at s (nil means empty).
func NewLive(s *Set, opts ...LiveOption) *Live {
	if s == nil {
		s = &Set{primary: -1, opts: defaultOptions()}
	}
	l := &Live{subs: map[int]func(Event){}, now: time.Now}
	l.cur.Store(s)
	for _, o := range opts {
		o(l)
	}
	return l
}

// Snapshot returns the current set. It never blocks on a change in progress.
func (l *Live) Snapshot() *Set { return l.cur.Load() }

// Subscribe registers fn to receive every later Event, in order. fn runs
// synchronously while the change lock is held: it must not call Grant,
// Revoke, Replace or Subscribe (Snapshot is fine). The returned func
// unsubscribes.
func (l *Live) Subscribe(fn func(Event)) (cancel func()) {
	l.mu.Lock()
	defer l.mu.Unlock()
	id := l.next
	l.next++
	l.subs[id] = fn
	return func() {
		l.mu.Lock()
		defer l.mu.Unlock()
		delete(l.subs, id)
	}
}

// Grant adds a root for an approved request: ID id, the request's path and
// access, source UserGrant, never primary (an empty set gets it as primary).
// who names the person or component that approved it; the event's Why is
// the request's reason.
func (l *Live) Grant(req Request, id, who string) (Event, error) {
	if err := req.Validate(); err != nil {
		return Event{}, err
	}
	return l.change("grant", who, req.Reason, func(rs []Root) ([]Root, error) {
		return append(rs, Root{ID: id, Path: req.Path, Access: req.Access, Source: UserGrant, Primary: len(rs) == 0}), nil
	})
}

// Revoke removes the root with the given ID. Revoking the primary root is
// refused while other roots remain; Replace the set instead.
func (l *Live) Revoke(id, who, why string) (Event, error) {
	return l.change("revoke", who, why, func(rs []Root) ([]Root, error) {
		i := slices.IndexFunc(rs, func(r Root) bool { return r.ID == id })
		if i < 0 {
			return nil, &RootError{ID: id, Index: -1, Field: "id", Detail: "no such root"}
		}
		if rs[i].Primary && len(rs) > 1 {
			return nil, &RootError{ID: id, Index: i, Field: "primary", Detail: "cannot revoke the primary root while other roots remain"}
		}
		return slices.Delete(rs, i, i+1), nil
	})
}

// Replace sets the roots to rs, validated as NewSet does with the options of
// the current set.
func (l *Live) Replace(rs []Root, who, why string) (Event, error) {
	return l.change("replace", who, why, func([]Root) ([]Root, error) { return slices.Clone(rs), nil })
}

func (l *Live) change(op, who, why string, edit func([]Root) ([]Root, error)) (Event, error) {
	if strings.TrimSpace(who) == "" {
		return Event{}, fmt.Errorf("roots: %s: who must name the person or component making the change", op)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	before := l.cur.Load()
	rs, err := edit(before.Roots())
	if err != nil {
		return Event{}, err
	}
	after, err := NewSet(rs, before.options()...)
	if err != nil {
		return Event{}, err
	}
	l.seq++
	ev := Event{Seq: l.seq, Op: op, Before: before.Roots(), After: after.Roots(), Who: who, Why: why, Time: l.now()}
	l.cur.Store(after)
	ids := make([]int, 0, len(l.subs))
	for id := range l.subs {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		l.subs[id](ev)
	}
	return ev, nil
}
