package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/toolgate/toolgate/approval"
	"github.com/toolgate/toolgate/policy"
)

// Options configure a Store. The zero value is usable.
type Options struct {
	// Now is the clock Claim and Finish stamp records with; time.Now when
	// nil.
	Now func() time.Time
}

// Store is an approval.Store on PostgreSQL, for several hosts sharing one
// set of approvals. Every transition is a compare-and-set inside one
// transaction that locks the record's row, checks the stored revision and
// approval.CheckTransition, and writes; of two hosts racing on one
// revision one wins and the other gets approval.ErrConflict. Claim hands
// out approved records with FOR UPDATE SKIP LOCKED, so two hosts draining
// the queue never both start one record. Wait wakes on LISTEN/NOTIFY.
//
// A Store is safe for concurrent use. Its schema is created by Migrate.
type Store struct {
	pool   *pgxpool.Pool
	own    bool
	opts   Options
	closed atomic.Bool

	hubOnce sync.Once
	hub     *hub
}

var _ approval.Store = (*Store)(nil)

// New returns a Store over pool; Close leaves the pool open. The schema
// must exist (see Migrate).
func New(pool *pgxpool.Pool, opts Options) *Store {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	return &Store{pool: pool, opts: opts}
}

// Open connects with the configuration from the environment (see
// ConfigFromEnv) and returns a Store that owns its pool: Close closes it.
func Open(ctx context.Context, opts Options) (*Store, error) {
	pool, err := Connect(ctx)
	if err != nil {
		return nil, err
	}
	s := New(pool, opts)
	s.own = true
	return s, nil
}

// Pool returns the store's connection pool.
func (s *Store) Pool() *pgxpool.Pool { return s.pool }

// enter refuses a call on a closed store or with an ended context.
func (s *Store) enter(ctx context.Context) error {
	if s.closed.Load() {
		return approval.ErrClosed
	}
	return ctx.Err()
}

func (s *Store) fail(op string, err error) error { return describe(s.pool, op, err) }

// serverError reports whether err is the server's answer to a statement,
// as opposed to a connection that failed or a server going away (classes
// 08, connection exception, and 57, operator intervention).
func serverError(err error) bool {
	var pe *pgconn.PgError
	if !errors.As(err, &pe) {
		return false
	}
	return len(pe.Code) != 5 || (pe.Code[:2] != "08" && pe.Code[:2] != "57")
}

// row is a record as the table stores it.
type row struct {
	body     []byte
	codeHash []byte
	callHash []byte
}

func encode(r *approval.Record) ([]byte, error) {
	b, err := json.Marshal(r)
	if err != nil {
		return nil, fmt.Errorf("%w: record %q: %v", approval.ErrInvalidRecord, r.ID, err)
	}
	return b, nil
}

func decode(rw row) (*approval.Record, error) {
	r := &approval.Record{}
	if err := json.Unmarshal(rw.body, r); err != nil {
		return nil, fmt.Errorf("postgres: a stored record does not decode: %w", err)
	}
	if len(rw.codeHash) > 0 {
		r.CodeHash = rw.codeHash
	}
	if len(rw.callHash) > 0 {
		r.CallHash = rw.callHash
	}
	return r, nil
}

// instant splits t for ordering: seconds and nanoseconds, the zero time
// first.
func instant(t time.Time) (int64, int32) {
	if t.IsZero() {
		return math.MinInt64, 0
	}
	return t.Unix(), int32(t.Nanosecond())
}

func sessionScoped(r *approval.Record) bool {
	d := r.Decision
	return d != nil && d.Approved && d.Scope == approval.ScopeSession && r.Session != ""
}

// decided reports whether a record in state st has been decided, so that a
// parked run waiting on it should wake.
func decided(st approval.State) bool {
	return st != approval.StateWaiting && st != approval.StateRunning
}

// notifyChannel is the LISTEN/NOTIFY channel of decided records; the
// payload is the record's ID.
const notifyChannel = "toolgate_approval_decided"

// Create implements approval.Store.
func (s *Store) Create(ctx context.Context, r *approval.Record) error {
	if err := s.enter(ctx); err != nil {
		return err
	}
	if r.Revision != 1 {
		return fmt.Errorf("%w: record %q: a new record has revision 1, not %d", approval.ErrInvalidRecord, r.ID, r.Revision)
	}
	if err := r.Validate(); err != nil {
		return err
	}
	body, err := encode(r)
	if err != nil {
		return err
	}
	cs, cns := instant(r.Created)
	tag, err := s.pool.Exec(ctx, `INSERT INTO toolgate_approvals
		(id, revision, state, checkpoint, created_s, created_ns, session, binding_tool, binding_agent, binding_target, session_scope, code_hash, call_hash, body)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
		ON CONFLICT (id) DO NOTHING`,
		r.ID, int64(r.Revision), string(r.State), string(r.Checkpoint), cs, cns, []byte(r.Session),
		[]byte(r.Binding.Tool), []byte(r.Binding.Agent), []byte(r.Binding.Target), sessionScoped(r), nullable(r.CodeHash), nullable(r.CallHash), body)
	if err != nil {
		return s.fail(opf("creating record %q", r.ID), err)
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("%w: record %q", approval.ErrExists, r.ID)
	}
	return nil
}

func nullable(b []byte) []byte {
	if len(b) == 0 {
		return nil
	}
	return b
}

// Get implements approval.Store.
func (s *Store) Get(ctx context.Context, id string) (*approval.Record, error) {
	if err := s.enter(ctx); err != nil {
		return nil, err
	}
	var rw row
	err := s.pool.QueryRow(ctx, `SELECT body, code_hash, call_hash FROM toolgate_approvals WHERE id = $1`, id).Scan(&rw.body, &rw.codeHash, &rw.callHash)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("%w: record %q", approval.ErrNotFound, id)
	}
	if err != nil {
		return nil, s.fail(opf("reading record %q", id), err)
	}
	return decode(rw)
}

// Update implements approval.Store: in one transaction it locks the row,
// checks the change against the stored record with
// approval.CheckTransition, and writes it where the revision is still the
// one checked. A decision notifies the parked runs that Wait.
func (s *Store) Update(ctx context.Context, r *approval.Record) error {
	if err := s.enter(ctx); err != nil {
		return err
	}
	return s.inTx(ctx, opf("updating record %q", r.ID), func(tx pgx.Tx) error {
		stored, err := lockRecord(ctx, tx, r.ID)
		if err != nil {
			return err
		}
		if err := approval.CheckTransition(stored, r); err != nil {
			return err
		}
		return writeRecord(ctx, tx, stored, r)
	})
}

// inTx runs f in a transaction and commits it. An error of f that is not a
// driver error (a refused transition, say) is returned as it is.
func (s *Store) inTx(ctx context.Context, op string, f func(pgx.Tx) error) error {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return s.fail(op, err)
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	if err := f(tx); err != nil {
		if isDriver(err) {
			return s.fail(op, err)
		}
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return s.fail(op, err)
	}
	return nil
}

// isDriver reports whether err came from the driver or the server rather
// than from this package's checks.
func isDriver(err error) bool {
	var pe *pgconn.PgError
	var e *Error
	if errors.As(err, &e) {
		return false
	}
	if errors.As(err, &pe) || pgconn.SafeToRetry(err) || pgconn.Timeout(err) {
		return true
	}
	for _, sentinel := range []error{approval.ErrNotFound, approval.ErrConflict, approval.ErrIllegalTransition,
		approval.ErrInvalidRecord, approval.ErrExists, approval.ErrClosed} {
		if errors.Is(err, sentinel) {
			return false
		}
	}
	return true
}

// lockRecord reads the record with the ID and locks its row until the
// transaction ends.
func lockRecord(ctx context.Context, tx pgx.Tx, id string) (*approval.Record, error) {
	var rw row
	err := tx.QueryRow(ctx, `SELECT body, code_hash, call_hash FROM toolgate_approvals WHERE id = $1 FOR UPDATE`, id).Scan(&rw.body, &rw.codeHash, &rw.callHash)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("%w: record %q", approval.ErrNotFound, id)
	}
	if err != nil {
		return nil, err
	}
	return decode(rw)
}

// writeRecord replaces the stored record with r, and notifies waiters
// when r decides a record that was undecided. The row must be locked by
// the transaction.
func writeRecord(ctx context.Context, tx pgx.Tx, stored, r *approval.Record) error {
	from := stored.Revision
	body, err := encode(r)
	if err != nil {
		return err
	}
	tag, err := tx.Exec(ctx, `UPDATE toolgate_approvals SET revision = $3, state = $4, checkpoint = $5,
		session_scope = $6, code_hash = $7, body = $8 WHERE id = $1 AND revision = $2`,
		r.ID, int64(from), int64(r.Revision), string(r.State), string(r.Checkpoint), sessionScoped(r), nullable(r.CodeHash), body)
	if err != nil {
		return err
	}
	if tag.RowsAffected() != 1 {
		return fmt.Errorf("%w: record %q is no longer at revision %d", approval.ErrConflict, r.ID, from)
	}
	if decided(r.State) && !decided(stored.State) {
		if _, err := tx.Exec(ctx, `SELECT pg_notify($1, $2)`, notifyChannel, r.ID); err != nil {
			return err
		}
	}
	return nil
}

// List implements approval.Store.
func (s *Store) List(ctx context.Context) ([]*approval.Record, error) {
	if err := s.enter(ctx); err != nil {
		return nil, err
	}
	rows, err := s.pool.Query(ctx, `SELECT body, code_hash, call_hash FROM toolgate_approvals ORDER BY created_s, created_ns, id COLLATE "C"`)
	if err != nil {
		return nil, s.fail("listing records", err)
	}
	out, err := collect(rows)
	if err != nil {
		return nil, s.fail("listing records", err)
	}
	return out, nil
}

func collect(rows pgx.Rows) ([]*approval.Record, error) {
	defer rows.Close()
	out := []*approval.Record{}
	for rows.Next() {
		var rw row
		if err := rows.Scan(&rw.body, &rw.codeHash, &rw.callHash); err != nil {
			return nil, err
		}
		r, err := decode(rw)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// SessionApproval implements approval.Store.
func (s *Store) SessionApproval(ctx context.Context, session string, b policy.Binding) (string, bool, error) {
	if err := s.enter(ctx); err != nil {
		return "", false, err
	}
	var id string
	err := s.pool.QueryRow(ctx, `SELECT id FROM toolgate_approvals WHERE session_scope AND session = $1
		AND binding_tool = $2 AND binding_agent = $3 AND binding_target = $4 LIMIT 1`,
		[]byte(session), []byte(b.Tool), []byte(b.Agent), []byte(b.Target)).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, s.fail("looking up a session approval", err)
	}
	return id, true, nil
}

// PutStanding implements approval.Store.
func (s *Store) PutStanding(ctx context.Context, st approval.Standing) error {
	if err := s.enter(ctx); err != nil {
		return err
	}
	if st.ID == "" {
		return fmt.Errorf("%w: a standing approval needs an id", approval.ErrInvalidRecord)
	}
	body, err := json.Marshal(st)
	if err != nil {
		return fmt.Errorf("%w: standing approval %q: %v", approval.ErrInvalidRecord, st.ID, err)
	}
	tag, err := s.pool.Exec(ctx, `INSERT INTO toolgate_standing (id, task, tool, target, body) VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT DO NOTHING`, st.ID, []byte(st.Task), []byte(st.Tool), []byte(st.Target), body)
	if err != nil {
		return s.fail(opf("storing standing approval %q", st.ID), err)
	}
	if tag.RowsAffected() == 0 {
		// The same ID, or the same task, tool and target (a unique index).
		return fmt.Errorf("%w: standing approval %q (its id, or its task, tool and target)", approval.ErrExists, st.ID)
	}
	return nil
}

// RevokeStanding implements approval.Store.
func (s *Store) RevokeStanding(ctx context.Context, id string) error {
	if err := s.enter(ctx); err != nil {
		return err
	}
	tag, err := s.pool.Exec(ctx, `DELETE FROM toolgate_standing WHERE id = $1`, id)
	if err != nil {
		return s.fail(opf("revoking standing approval %q", id), err)
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("%w: standing approval %q", approval.ErrNotFound, id)
	}
	return nil
}

// Standing implements approval.Store. There is at most one standing
// approval for one task, tool and target (a unique index).
func (s *Store) Standing(ctx context.Context, task, tool, target string) (approval.Standing, bool, error) {
	if err := s.enter(ctx); err != nil {
		return approval.Standing{}, false, err
	}
	var body []byte
	err := s.pool.QueryRow(ctx, `SELECT body FROM toolgate_standing WHERE task = $1 AND tool = $2 AND target = $3
		ORDER BY seq DESC LIMIT 1`, []byte(task), []byte(tool), []byte(target)).Scan(&body)
	if errors.Is(err, pgx.ErrNoRows) {
		return approval.Standing{}, false, nil
	}
	if err != nil {
		return approval.Standing{}, false, s.fail("looking up a standing approval", err)
	}
	var st approval.Standing
	if err := json.Unmarshal(body, &st); err != nil {
		return approval.Standing{}, false, fmt.Errorf("postgres: a stored standing approval does not decode: %w", err)
	}
	return st, true, nil
}

// ListStanding implements approval.Store.
func (s *Store) ListStanding(ctx context.Context) ([]approval.Standing, error) {
	if err := s.enter(ctx); err != nil {
		return nil, err
	}
	rows, err := s.pool.Query(ctx, `SELECT body FROM toolgate_standing ORDER BY id COLLATE "C"`)
	if err != nil {
		return nil, s.fail("listing standing approvals", err)
	}
	defer rows.Close()
	out := []approval.Standing{}
	for rows.Next() {
		var body []byte
		if err := rows.Scan(&body); err != nil {
			return nil, s.fail("listing standing approvals", err)
		}
		var st approval.Standing
		if err := json.Unmarshal(body, &st); err != nil {
			return nil, fmt.Errorf("postgres: a stored standing approval does not decode: %w", err)
		}
		out = append(out, st)
	}
	if err := rows.Err(); err != nil {
		return nil, s.fail("listing standing approvals", err)
	}
	return out, nil
}

// Close implements approval.Store: later calls return approval.ErrClosed,
// parked Waits return it too, and a pool the Store opened is closed.
func (s *Store) Close() error {
	if s.closed.Swap(true) {
		return nil
	}
	s.hubOnce.Do(func() {}) // no hub starts after this
	if s.hub != nil {
		s.hub.close()
	}
	if s.own {
		s.pool.Close()
	}
	return nil
}
