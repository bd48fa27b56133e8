package postgres_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/toolgate/toolgate/approval"
	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/store/postgres"
)

const raceRecords = 10_000

// approvedRecord is record i of a batch, approved and never started.
func approvedRecord(i int, now time.Time) *approval.Record {
	return &approval.Record{
		ID: fmt.Sprintf("r%05d", i), Revision: 1, Tool: "probe", Binding: policy.Binding{Tool: "probe"},
		Created: now.Add(time.Duration(i)), Expires: now.Add(time.Hour), Updated: now,
		State: approval.StateResuming, Checkpoint: approval.CheckpointApproved,
		Decision:       &approval.Decision{Approved: true, Scope: approval.ScopeOnce, By: "ann", At: now},
		IdempotencyKey: fmt.Sprintf("key-%05d", i),
	}
}

// seed creates n approved records, 8 writers at a time.
func seed(t testing.TB, s *postgres.Store, n int) {
	t.Helper()
	now := time.Now().UTC()
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for w := range 8 {
		wg.Go(func() {
			for i := w; i < n; i += 8 {
				if err := s.Create(context.Background(), approvedRecord(i, now)); err != nil {
					errs <- err
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
}

func probeTables(t testing.TB, pool *pgxpool.Pool) {
	t.Helper()
	if _, err := pool.Exec(context.Background(), `CREATE TABLE probe (key text PRIMARY KEY, pid integer NOT NULL);
		CREATE TABLE probe_dupes (key text NOT NULL, pid integer NOT NULL)`); err != nil {
		t.Fatal(err)
	}
}

func count(t testing.TB, pool *pgxpool.Pool, query string) int {
	t.Helper()
	var n int
	if err := pool.QueryRow(context.Background(), query).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// worker starts the test binary as a worker process with its own pool.
func worker(t *testing.T, schema string) (*exec.Cmd, *bytes.Buffer) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), envChild+"=worker", envSchema+"="+schema, "TOOLGATE_PG_DSN="+server.DSN)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, &out
}

func TestTwoProcessesRunEveryApprovedRecordExactlyOnce(t *testing.T) {
	for _, c := range []struct {
		name string
		kill bool
	}{
		{"when both run to the end", false},
		{"when one is killed with SIGKILL midway and the other finishes", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			schema, pool := freshSchema(t)
			probeTables(t, pool)
			s := postgres.New(pool, postgres.Options{})
			seed(t, s, raceRecords)
			a, aout := worker(t, schema)
			b, bout := worker(t, schema)
			if c.kill {
				for count(t, pool, `SELECT count(*) FROM probe`) < raceRecords/4 {
					time.Sleep(20 * time.Millisecond)
				}
				if err := a.Process.Kill(); err != nil {
					t.Fatal(err)
				}
				if err := a.Wait(); err == nil {
					t.Fatal("the killed worker exited cleanly: it finished before the kill")
				}
				t.Logf("killed worker A with %d of %d records run", count(t, pool, `SELECT count(*) FROM probe`), raceRecords)
			} else if err := a.Wait(); err != nil {
				t.Fatalf("worker A: %v\n%s", err, aout)
			}
			if err := b.Wait(); err != nil {
				t.Fatalf("worker B: %v\n%s", err, bout)
			}

			// What a restarted host finds: nothing approved is left
			// unstarted; what the killed worker had started and not
			// finished is interrupted, and runs again only through Retry,
			// with the same idempotency key.
			in := approval.New(s, approval.Options{})
			rec, err := in.Recover(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if len(rec.Approved) != 0 {
				t.Fatalf("%d approved records were never run", len(rec.Approved))
			}
			if !c.kill && len(rec.Interrupted) != 0 {
				t.Fatalf("%d records were interrupted with no worker killed", len(rec.Interrupted))
			}
			for _, r := range rec.Interrupted {
				if _, err := in.Retry(context.Background(), r.ID, func(ctx context.Context, run approval.Run) error {
					return probe(ctx, pool, run.IdempotencyKey)
				}); err != nil {
					t.Fatal(err)
				}
			}
			all, err := s.List(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			interrupted := map[string]bool{}
			for _, r := range all {
				if r.State != approval.StateCompleted {
					t.Fatalf("record %s is %s, want completed", r.ID, r.State)
				}
				if r.Attempts > 1 {
					interrupted[r.IdempotencyKey] = true
				}
			}
			runs := count(t, pool, `SELECT count(*) FROM probe`)
			dupes := count(t, pool, `SELECT count(*) FROM probe_dupes`)
			byA := count(t, pool, fmt.Sprintf(`SELECT count(*) FROM probe WHERE pid = %d`, a.Process.Pid))
			if runs != raceRecords || len(all) != raceRecords {
				t.Fatalf("%d distinct calls ran for %d records, want %d", runs, len(all), raceRecords)
			}
			if byA == 0 || byA == raceRecords {
				t.Errorf("worker A ran %d of %d records: the two did not race", byA, raceRecords)
			}
			// A second call under one key happens only for a record whose
			// first attempt was cut short by the kill (the executor ran, the
			// completion was never written): the documented limit of exactly
			// once, which the idempotency key lets the external side absorb.
			rows, err := pool.Query(context.Background(), `SELECT key FROM probe_dupes`)
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			for rows.Next() {
				var key string
				rows.Scan(&key)
				if !interrupted[key] {
					t.Errorf("the call with key %s ran twice without being interrupted", key)
				}
			}
			t.Logf("%d records, %d run by A, %d by B, %d interrupted and retried, %d retries deduplicated by key",
				len(all), byA, runs-byA, len(rec.Interrupted), dupes)
		})
	}
}
