package roots

import (
	"errors"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestRequestValidate(t *testing.T) {
	if err := (Request{Path: "/srv/docs", Access: Read, Reason: "read the API docs"}).Validate(); err != nil {
		t.Errorf("valid request: %v", err)
	}
	err := Request{Path: "a\x00b", Access: "all", Reason: " "}.Validate()
	if !errors.Is(err, ErrInvalidRequest) {
		t.Fatalf("got %v, want ErrInvalidRequest", err)
	}
	for _, field := range []string{"path:", "access:", "reason:"} {
		if !strings.Contains(err.Error(), field) {
			t.Errorf("error does not name %s: %v", field, err)
		}
	}
}

func TestLiveChanges(t *testing.T) {
	dir := makeTree(t, "d ws", "d docs", "d task")
	ws := filepath.Join(dir, "ws")
	s, err := NewSet([]Root{{ID: "ws", Path: ws, Access: ReadWrite, Primary: true, Source: Workspace}})
	if err != nil {
		t.Fatal(err)
	}
	clock := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
	var got []Event
	l := NewLive(s, WithClock(func() time.Time { return clock }), WithSubscriber(func(e Event) { got = append(got, e) }))
	before := l.Snapshot()

	req := Request{Path: filepath.Join(dir, "docs"), Access: Read, Reason: "read the docs"}
	if before.Satisfied(req) {
		t.Fatal("the request is satisfied before the grant")
	}
	ev, err := l.Grant(req, "docs", "alice")
	if err != nil {
		t.Fatal(err)
	}
	if ev.Seq != 1 || ev.Op != "grant" || ev.Who != "alice" || ev.Why != "read the docs" || !ev.Time.Equal(clock) ||
		len(ev.Before) != 1 || len(ev.After) != 2 || ev.After[1].Source != UserGrant || ev.After[1].Primary {
		t.Errorf("grant event = %+v", ev)
	}
	if !l.Snapshot().Satisfied(req) {
		t.Error("the request is not satisfied after the grant")
	}
	if _, err := before.Resolve(filepath.Join(dir, "docs")); !errors.Is(err, ErrOutsideRoots) {
		t.Error("an old snapshot changed")
	}
	if _, err := l.Grant(req, "docs", "alice"); !errors.Is(err, ErrInvalidRoot) {
		t.Errorf("granting the same id twice: %v", err)
	}
	if _, err := l.Grant(Request{Path: "x"}, "x", "alice"); !errors.Is(err, ErrInvalidRequest) {
		t.Errorf("an invalid request: %v", err)
	}
	if _, err := l.Revoke("ws", "alice", "done"); !errors.Is(err, ErrInvalidRoot) {
		t.Errorf("revoking the primary with other roots left: %v", err)
	}
	if _, err := l.Revoke("docs", "", "done"); err == nil {
		t.Error("a change without who")
	}
	if _, err := l.Revoke("docs", "bob", "no longer needed"); err != nil {
		t.Fatal(err)
	}
	if _, err := l.Replace([]Root{{ID: "task", Path: filepath.Join(dir, "task"), Access: ReadWrite, Primary: true, Source: Task}}, "host", "task started"); err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 || got[1].Op != "revoke" || got[1].Who != "bob" || got[2].Op != "replace" || got[2].Seq != 3 {
		t.Errorf("events = %+v", got)
	}
	if p, _ := l.Snapshot().Primary(); p.ID != "task" {
		t.Errorf("primary after replace = %q", p.ID)
	}
	if len(got) != 3 {
		t.Errorf("failed changes emitted events: %d", len(got))
	}
}

func TestLiveSnapshotsAreConsistentUnderChange(t *testing.T) {
	dir := makeTree(t, "d ws", "d a", "d b")
	s, _ := NewSet([]Root{{ID: "ws", Path: filepath.Join(dir, "ws"), Access: ReadWrite, Primary: true, Source: Workspace}})
	l := NewLive(s)
	var mu sync.Mutex
	n := 0
	cancel := l.Subscribe(func(Event) { mu.Lock(); n++; mu.Unlock() })
	var wg sync.WaitGroup
	stop := make(chan struct{})
	for range 4 {
		wg.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				snap := l.Snapshot()
				rs := snap.Roots()
				// Each snapshot is whole: either both grants or neither.
				_, okA := snap.Root("a")
				_, okB := snap.Root("b")
				if okA != okB || len(rs) != snap.Len() {
					t.Error("torn snapshot")
					return
				}
				if _, err := snap.Resolve("x"); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	for range 50 {
		rs := l.Snapshot().Roots()
		if _, err := l.Replace(append(rs,
			Root{ID: "a", Path: filepath.Join(dir, "a"), Access: Read, Source: UserGrant},
			Root{ID: "b", Path: filepath.Join(dir, "b"), Access: Read, Source: UserGrant}), "host", "both"); err != nil {
			t.Fatal(err)
		}
		if _, err := l.Replace(rs, "host", "neither"); err != nil {
			t.Fatal(err)
		}
	}
	close(stop)
	wg.Wait()
	cancel()
	l.Replace(l.Snapshot().Roots(), "host", "after cancel")
	if n != 100 {
		t.Errorf("subscriber saw %d events, want 100", n)
	}
}

func TestLiveKeepsTheSetsOptions(t *testing.T) {
	dir := makeTree(t, "d ws", "d docs")
	s, err := NewSet([]Root{{ID: "ws", Path: filepath.Join(dir, "ws"), Access: Read, Primary: true, Source: Workspace}}, WithMaxLinks(3), FoldCase(true))
	if err != nil {
		t.Fatal(err)
	}
	l := NewLive(s)
	if _, err := l.Grant(Request{Path: filepath.Join(dir, "docs"), Access: Read, Reason: "docs"}, "docs", "test"); err != nil {
		t.Fatal(err)
	}
	if o := l.Snapshot().opts; o.maxLinks != 3 || !o.fold {
		t.Errorf("after a grant: maxLinks %d, fold %v; want 3, true", o.maxLinks, o.fold)
	}
}

func TestLiveRevokeAndSubscribers(t *testing.T) {
	dir := makeTree(t, "d ws", "d docs", "d more")
	mk := func(t *testing.T, rs ...Root) *Live {
		s, err := NewSet(rs)
		if err != nil {
			t.Fatal(err)
		}
		return NewLive(s)
	}
	ws := Root{ID: "ws", Path: filepath.Join(dir, "ws"), Access: ReadWrite, Primary: true, Source: Workspace}
	docs := Root{ID: "docs", Path: filepath.Join(dir, "docs"), Access: Read, Source: UserGrant}
	t.Run("the first root can be revoked", func(t *testing.T) {
		l := mk(t, docs, ws)
		if _, err := l.Revoke("docs", "test", "done"); err != nil {
			t.Fatal(err)
		}
		if _, ok := l.Snapshot().Root("docs"); ok {
			t.Error("docs is still a root")
		}
	})
	t.Run("the primary root cannot be revoked while others remain", func(t *testing.T) {
		l := mk(t, ws, docs)
		if _, err := l.Revoke("ws", "test", "done"); !errors.Is(err, ErrInvalidRoot) {
			t.Fatalf("error = %v, want ErrInvalidRoot", err)
		}
		if _, ok := l.Snapshot().Primary(); !ok {
			t.Error("the set lost its primary root")
		}
	})
	t.Run("the last root can be revoked even when primary", func(t *testing.T) {
		l := mk(t, ws)
		if _, err := l.Revoke("ws", "test", "done"); err != nil {
			t.Fatal(err)
		}
		if l.Snapshot().Len() != 0 {
			t.Error("the set is not empty")
		}
	})
	t.Run("every subscriber hears every change", func(t *testing.T) {
		s, err := NewSet([]Root{ws})
		if err != nil {
			t.Fatal(err)
		}
		var heard [3]int
		l := NewLive(s, WithSubscriber(func(Event) { heard[0]++ }))
		l.Subscribe(func(Event) { heard[1]++ })
		l.Subscribe(func(Event) { heard[2]++ })
		if _, err := l.Grant(Request{Path: filepath.Join(dir, "more"), Access: Read, Reason: "more"}, "more", "test"); err != nil {
			t.Fatal(err)
		}
		if heard != [3]int{1, 1, 1} {
			t.Errorf("subscribers heard %v, want one event each", heard)
		}
	})
}
