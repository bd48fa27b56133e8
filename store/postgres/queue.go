package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/toolgate/toolgate/approval"
)

// ErrQueueEmpty is returned by ResumeNext when no approved record is
// waiting to run (or every one is being claimed by another host).
var ErrQueueEmpty = errors.New("postgres: no approved record to resume")

// Claim takes up to limit approved records that no host has started, the
// oldest first, and marks each started (one more attempt, the same
// idempotency key) in one transaction. Rows another host is claiming at
// the same instant are skipped (FOR UPDATE SKIP LOCKED), so of any number
// of hosts draining the queue exactly one starts each record. The caller
// runs each returned record's call and reports the outcome with Finish; a
// host that dies in between leaves the record started, which
// approval.Inbox.Recover reports as interrupted and only Retry runs again.
func (s *Store) Claim(ctx context.Context, limit int) ([]*approval.Record, error) {
	if err := s.enter(ctx); err != nil {
		return nil, err
	}
	if limit <= 0 {
		return nil, fmt.Errorf("postgres: Claim: limit %d is not positive", limit)
	}
	var out []*approval.Record
	err := s.inTx(ctx, "claiming approved records", func(tx pgx.Tx) error {
		out = out[:0]
		rows, err := tx.Query(ctx, `SELECT body, code_hash, call_hash FROM toolgate_approvals
			WHERE state = 'resuming' AND checkpoint = 'approved'
			ORDER BY created_s, created_ns, id COLLATE "C" LIMIT $1 FOR UPDATE SKIP LOCKED`, limit)
		if err != nil {
			return err
		}
		claimed, err := collect(rows)
		if err != nil {
			return err
		}
		now := s.opts.Now().UTC()
		for _, r := range claimed {
			n := r.Clone()
			n.Revision++
			n.Checkpoint = approval.CheckpointStarted
			n.Attempts++
			n.Updated = now
			if err := approval.CheckTransition(r, n); err != nil {
				return err
			}
			if err := writeRecord(ctx, tx, r, n); err != nil {
				return err
			}
			out = append(out, n)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Finish records the outcome of a claimed record's call: completed when
// execErr is nil, failed with its text otherwise. r is the record Claim
// returned. The outcome is written even when ctx has ended: the call ran.
func (s *Store) Finish(ctx context.Context, r *approval.Record, execErr error) (*approval.Record, error) {
	f := r.Clone()
	f.Revision++
	f.Updated = s.opts.Now().UTC()
	if execErr != nil {
		f.State, f.Error = approval.StateFailed, execErr.Error()
	} else {
		f.State = approval.StateCompleted
	}
	if err := s.Update(context.WithoutCancel(ctx), f); err != nil {
		return nil, err
	}
	return f, nil
}

// ResumeNext claims the oldest approved record (see Claim), runs exec on
// it with its idempotency key, and records the outcome. It returns
// ErrQueueEmpty when there is nothing to run, and exec's error, joined
// with any error recording the outcome, when the call failed.
func (s *Store) ResumeNext(ctx context.Context, exec approval.Executor) (*approval.Record, error) {
	rs, err := s.Claim(ctx, 1)
	if err != nil {
		return nil, err
	}
	if len(rs) == 0 {
		return nil, ErrQueueEmpty
	}
	n := rs[0]
	xerr := exec(ctx, approval.Run{Record: n.Clone(), IdempotencyKey: n.IdempotencyKey, Attempt: n.Attempts})
	f, err := s.Finish(ctx, n, xerr)
	if err != nil {
		return n, errors.Join(xerr, err)
	}
	return f, xerr
}
