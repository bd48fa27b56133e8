package postgres

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"slices"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/toolgate/toolgate/audit"
)

// SinkOptions configure a Sink. The zero value is usable.
type SinkOptions struct {
	// Redactor redacts every event before it is stored; nil redacts shapes
	// and keys only. Configure it with the policy's secrets.
	Redactor *audit.Redactor
	// MaxEvent is the longest line stored; 0 means audit.DefaultMaxEvent.
	// A longer event is stored without its arguments and result, as the
	// file sink does.
	MaxEvent int
	// MaxBatch is the most events appended in one transaction; 0 means
	// 256.
	MaxBatch int
	// Now stamps an event that has no time; time.Now when nil.
	Now func() time.Time
}

// Sink is an audit.Sink on PostgreSQL: every host writing one stream
// extends one hash chain, in the format of the file sink, so that the
// stream exported as JSON Lines (Export) passes audit.Verify and
// `toolgate audit verify`.
//
// Writes are batched: concurrent Writes are appended together in one
// transaction, which locks the stream's head row, chains each event to the
// one before (Event.Seq and Event.Prev, from the head), inserts the lines
// and moves the head. The database orders the batches of all hosts; a
// Write returns once its batch is committed.
type Sink struct {
	pool   *pgxpool.Pool
	stream string
	opts   SinkOptions

	mu       sync.Mutex
	queue    []*pending
	flushing bool
	closed   bool
}

type pending struct {
	e    audit.Event
	done chan error
}

var _ audit.Sink = (*Sink)(nil)

// ErrNoStream is returned for an empty stream name.
var ErrNoStream = errors.New("postgres: an audit stream needs a name")

// NewSink returns a Sink appending to stream over pool. The schema must
// exist (see Migrate).
func NewSink(pool *pgxpool.Pool, stream string, opts SinkOptions) (*Sink, error) {
	if stream == "" {
		return nil, ErrNoStream
	}
	if opts.MaxEvent <= 0 {
		opts.MaxEvent = audit.DefaultMaxEvent
	}
	if opts.MaxBatch <= 0 {
		opts.MaxBatch = 256
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	return &Sink{pool: pool, stream: stream, opts: opts}, nil
}

// Write redacts e and appends it to the stream with whatever other events
// are waiting, in one transaction. When ctx ends before the batch commits,
// Write returns ctx's error and the event may or may not be stored.
func (s *Sink) Write(ctx context.Context, e audit.Event) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	p := &pending{e: e, done: make(chan error, 1)}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return audit.ErrClosed
	}
	s.queue = append(s.queue, p)
	if !s.flushing {
		s.flushing = true
		go s.flush()
	}
	s.mu.Unlock()
	select {
	case err := <-p.done:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// flush appends the queued events, a batch at a time, until none is left.
func (s *Sink) flush() {
	for {
		s.mu.Lock()
		n := min(len(s.queue), s.opts.MaxBatch)
		batch := slices.Clone(s.queue[:n])
		s.queue = s.queue[n:]
		if n == 0 {
			s.flushing = false
			s.mu.Unlock()
			return
		}
		s.mu.Unlock()
		events := make([]audit.Event, len(batch))
		for i, p := range batch {
			events[i] = p.e
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		err := s.Append(ctx, events...)
		cancel()
		for _, p := range batch {
			p.done <- err
		}
	}
}

// Append redacts the events and appends them to the stream, in this
// order, in one transaction. Nothing is stored when it fails.
func (s *Sink) Append(ctx context.Context, events ...audit.Event) error {
	if len(events) == 0 {
		return nil
	}
	redacted := make([]audit.Event, len(events))
	for i := range events {
		e := events[i].Redact(s.opts.Redactor)
		if e.Time.IsZero() {
			e.Time = s.opts.Now().UTC()
		}
		redacted[i] = e
	}
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return describe(s.pool, "appending to audit stream "+quote(s.stream), err)
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	op := "appending to audit stream " + quote(s.stream)
	if _, err := tx.Exec(ctx, `INSERT INTO toolgate_audit_heads (stream, seq, hash) VALUES ($1, 0, $2)
		ON CONFLICT (stream) DO NOTHING`, s.stream, audit.Genesis); err != nil {
		return describe(s.pool, op, err)
	}
	var seq int64
	var prev string
	if err := tx.QueryRow(ctx, `SELECT seq, hash FROM toolgate_audit_heads WHERE stream = $1 FOR UPDATE`, s.stream).Scan(&seq, &prev); err != nil {
		return describe(s.pool, op, err)
	}
	rows := make([][]any, len(redacted))
	for i, e := range redacted {
		e.Seq, e.Prev = uint64(seq)+1, prev
		line, err := s.encode(e)
		if err != nil {
			return err
		}
		seq++
		prev = hashHex(line)
		rows[i] = []any{s.stream, seq, line}
	}
	if _, err := tx.CopyFrom(ctx, pgx.Identifier{"toolgate_audit_events"}, []string{"stream", "seq", "line"}, pgx.CopyFromRows(rows)); err != nil {
		return describe(s.pool, op, err)
	}
	if _, err := tx.Exec(ctx, `UPDATE toolgate_audit_heads SET seq = $2, hash = $3 WHERE stream = $1`, s.stream, seq, prev); err != nil {
		return describe(s.pool, op, err)
	}
	if err := tx.Commit(ctx); err != nil {
		return describe(s.pool, op, err)
	}
	return nil
}

// encode serializes a chained event exactly as the file sink does
// (audit.EncodeLine), so an exported stream verifies like a file.
func (s *Sink) encode(e audit.Event) ([]byte, error) {
	return audit.EncodeLine(e, s.opts.Redactor, s.opts.MaxEvent)
}

// Close waits for the queued events to be written; later Writes return
// audit.ErrClosed. The pool stays open.
func (s *Sink) Close() error {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	for {
		s.mu.Lock()
		busy := s.flushing
		s.mu.Unlock()
		if !busy {
			return nil
		}
		time.Sleep(time.Millisecond)
	}
}

func hashHex(line []byte) string {
	sum := sha256.Sum256(line)
	return hex.EncodeToString(sum[:])
}

func quote(s string) string { return fmt.Sprintf("%q", s) }

// Export writes the stream's lines, in order, to w as JSON Lines: the
// format of the file sink, which audit.Verify and `toolgate audit verify`
// read. It returns the number of lines written.
func Export(ctx context.Context, pool *pgxpool.Pool, stream string, w io.Writer) (int, error) {
	if stream == "" {
		return 0, ErrNoStream
	}
	op := "exporting audit stream " + quote(stream)
	rows, err := pool.Query(ctx, `SELECT line FROM toolgate_audit_events WHERE stream = $1 ORDER BY seq`, stream)
	if err != nil {
		return 0, describe(pool, op, err)
	}
	defer rows.Close()
	n := 0
	var line []byte
	for rows.Next() {
		if err := rows.Scan(&line); err != nil {
			return n, describe(pool, op, err)
		}
		if _, err := w.Write(append(line, '\n')); err != nil {
			return n, fmt.Errorf("postgres: %s: %w", op, err)
		}
		n++
	}
	if err := rows.Err(); err != nil {
		return n, describe(pool, op, err)
	}
	return n, nil
}

// Verify reads the stream and checks its chain with audit.Verify, and that
// the chain ends at the head the database keeps (so lines removed from the
// end are found too). Errors from the chain are *audit.ChainError, line
// numbers counting from 1 as in the exported file.
func Verify(ctx context.Context, pool *pgxpool.Pool, stream string) (audit.Head, error) {
	var buf bytes.Buffer
	if _, err := Export(ctx, pool, stream, &buf); err != nil {
		return audit.Head{}, err
	}
	h, err := audit.Verify(buf.Bytes())
	if err != nil {
		return h, err
	}
	var seq int64
	var hash string
	err = pool.QueryRow(ctx, `SELECT seq, hash FROM toolgate_audit_heads WHERE stream = $1`, stream).Scan(&seq, &hash)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		seq, hash = 0, audit.Genesis
	case err != nil:
		return h, describe(pool, "reading the head of audit stream "+quote(stream), err)
	}
	if int64(h.Events) != seq || h.Hash != hash {
		return h, &audit.ChainError{Line: h.Events + 1, Problem: fmt.Sprintf(
			"missing link: the stream's head is at seq %d, the last line found is %d (lines were removed from the end)", seq, h.Events)}
	}
	return h, nil
}
