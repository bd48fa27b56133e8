package postgres

import (
	"context"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/toolgate/toolgate/approval"
)

// Wait blocks until the record with the ID is decided (approved, denied,
// expired, withdrawn) and returns it, as approval.Inbox.Wait does but
// without polling: the Store keeps one connection that LISTENs for the
// notification Update sends in the transaction that decides a record, and
// wakes the waiters of that record. in reads the record (and expires it
// when due); Wait also wakes at the record's expiry.
//
// When the listening connection is lost, or the database cannot be
// reached, Wait returns an error matching ErrUnavailable: an outage is
// never an approval. When ctx ends Wait returns its error, and nothing
// decided afterwards authorizes this run: the caller should Withdraw the
// record.
func (s *Store) Wait(ctx context.Context, in *approval.Inbox, id string) (*approval.Record, error) {
	if err := s.enter(ctx); err != nil {
		return nil, err
	}
	h := s.listener()
	if h == nil {
		return nil, approval.ErrClosed
	}
	w := h.add(id)
	defer h.remove(id, w)
	if err := h.ready(ctx, w); err != nil {
		return nil, err
	}
	for {
		r, err := in.Get(ctx, id)
		if err != nil {
			return nil, err
		}
		if decided(r.State) {
			return r, nil
		}
		timer := time.NewTimer(max(time.Until(r.Expires), time.Millisecond))
		select {
		case <-ctx.Done():
			timer.Stop()
			return nil, ctx.Err()
		case <-w.wake:
		case <-timer.C:
		}
		timer.Stop()
		if err := h.ready(ctx, w); err != nil {
			return nil, err
		}
	}
}

// listener returns the store's hub, starting it on first use.
func (s *Store) listener() *hub {
	s.hubOnce.Do(func() {
		ctx, cancel := context.WithCancel(context.Background())
		s.hub = &hub{s: s, ctx: ctx, cancel: cancel, waiters: map[string]map[*waiter]bool{}, up: make(chan struct{})}
		s.hub.done.Add(1)
		go s.hub.run()
	})
	return s.hub
}

// hub is the listening connection and the waiters it wakes.
type hub struct {
	s      *Store
	ctx    context.Context
	cancel context.CancelFunc
	done   sync.WaitGroup

	mu      sync.Mutex
	waiters map[string]map[*waiter]bool
	up      chan struct{} // closed while the connection listens
	down    error         // why the connection is not listening
}

type waiter struct{ wake chan struct{} }

func (h *hub) add(id string) *waiter {
	w := &waiter{wake: make(chan struct{}, 1)}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.waiters[id] == nil {
		h.waiters[id] = map[*waiter]bool{}
	}
	h.waiters[id][w] = true
	return w
}

func (h *hub) remove(id string, w *waiter) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.waiters[id], w)
	if len(h.waiters[id]) == 0 {
		delete(h.waiters, id)
	}
}

// ready waits until the connection listens, and returns the reason it
// does not when the last attempt failed. w is woken when that changes.
func (h *hub) ready(ctx context.Context, w *waiter) error {
	for {
		h.mu.Lock()
		up, down := h.up, h.down
		h.mu.Unlock()
		select {
		case <-up:
			return nil
		default:
		}
		if down != nil {
			return down
		}
		select {
		case <-up:
			return nil
		case <-w.wake:
		case <-h.ctx.Done():
			return approval.ErrClosed
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// wakeAll wakes every waiter (all), or those of one record.
func (h *hub) wakeAll(id string, all bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for key, ws := range h.waiters {
		if !all && key != id {
			continue
		}
		for w := range ws {
			select {
			case w.wake <- struct{}{}:
			default:
			}
		}
	}
}

func (h *hub) setUp() {
	h.mu.Lock()
	h.down = nil
	close(h.up)
	h.mu.Unlock()
}

func (h *hub) setDown(err error) {
	h.mu.Lock()
	select {
	case <-h.up:
		h.up = make(chan struct{})
	default:
	}
	h.down = err
	h.mu.Unlock()
	h.wakeAll("", true)
}

// run keeps one connection listening, reconnecting after a loss with a
// growing pause, until the store closes.
func (h *hub) run() {
	defer h.done.Done()
	pause := 50 * time.Millisecond
	for h.ctx.Err() == nil {
		err := h.listen()
		if h.ctx.Err() != nil {
			break
		}
		h.setDown(describe(h.s.pool, "listening for decisions", err))
		select {
		case <-h.ctx.Done():
		case <-time.After(pause):
		}
		pause = min(2*pause, 2*time.Second)
		if err == nil {
			pause = 50 * time.Millisecond
		}
	}
	h.setDown(approval.ErrClosed)
}

// listen connects, LISTENs and wakes waiters until the connection fails.
func (h *hub) listen() error {
	conn, err := pgx.ConnectConfig(h.ctx, h.s.pool.Config().ConnConfig.Copy())
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(h.ctx))
	if _, err := conn.Exec(h.ctx, "LISTEN "+pgx.Identifier{notifyChannel}.Sanitize()); err != nil {
		return err
	}
	// Every waiter re-reads its record: a decision made while the
	// connection was down sent a notification nobody heard.
	h.setUp()
	h.wakeAll("", true)
	for {
		n, err := conn.WaitForNotification(h.ctx)
		if err != nil {
			return err
		}
		h.wakeAll(n.Payload, false)
	}
}

func (h *hub) close() {
	h.cancel()
	h.done.Wait()
}
