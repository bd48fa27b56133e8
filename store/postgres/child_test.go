package postgres_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/toolgate/toolgate/store/postgres"
)

// envChild names the role a re-executed test binary plays; envSchema the
// schema it works in.
const (
	envChild  = "TOOLGATE_PG_CHILD"
	envSchema = "TOOLGATE_PG_SCHEMA"
)

// child runs a role in a re-executed test binary and returns its exit
// code. The role "worker" drains the queue of approved records with its
// own pool, running the probe executor on each.
func child(role string) int {
	if role != "worker" {
		fmt.Fprintf(os.Stderr, "unknown role %q\n", role)
		return 2
	}
	ctx := context.Background()
	cfg, err := pgxpool.ParseConfig(os.Getenv("TOOLGATE_PG_DSN"))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	cfg.ConnConfig.RuntimeParams["search_path"] = os.Getenv(envSchema)
	pool, err := postgres.ConnectConfig(ctx, cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer pool.Close()
	s := postgres.New(pool, postgres.Options{})
	var wg sync.WaitGroup
	errs := make(chan error, 2)
	for range 2 {
		wg.Go(func() { errs <- drain(ctx, s, pool) })
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
	}
	return 0
}

// drain claims and runs approved records until none is left unstarted,
// including rows another worker holds locked for a moment.
func drain(ctx context.Context, s *postgres.Store, pool *pgxpool.Pool) error {
	for {
		rs, err := s.Claim(ctx, 16)
		if err != nil {
			return err
		}
		for _, r := range rs {
			xerr := probe(ctx, pool, r.IdempotencyKey)
			if _, err := s.Finish(ctx, r, xerr); err != nil {
				return errors.Join(xerr, err)
			}
		}
		if len(rs) > 0 {
			continue
		}
		var left int
		if err := pool.QueryRow(ctx, `SELECT count(*) FROM toolgate_approvals WHERE state = 'resuming' AND checkpoint = 'approved'`).Scan(&left); err != nil {
			return err
		}
		if left == 0 {
			return nil
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// probe is the executor of the exactly-once tests: it records the call
// under its idempotency key, once; a second call with one key is
// deduplicated (as an external service that honours the key would) and
// logged in probe_dupes so the test can count it.
func probe(ctx context.Context, pool *pgxpool.Pool, key string) error {
	tag, err := pool.Exec(ctx, `INSERT INTO probe (key, pid) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING`, key, os.Getpid())
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		_, err = pool.Exec(ctx, `INSERT INTO probe_dupes (key, pid) VALUES ($1, $2)`, key, os.Getpid())
	}
	return err
}
