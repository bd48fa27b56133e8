package postgres_test

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/toolgate/toolgate/store/postgres"
)

func TestMigrateIsIdempotentAndSafeFromManyHostsAtOnce(t *testing.T) {
	ctx := context.Background()
	srv := need(t)
	schema := "mig_fresh"
	admin, err := pgx.Connect(ctx, srv.DSN)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close(ctx)
	admin.Exec(ctx, "DROP SCHEMA IF EXISTS "+schema+" CASCADE")
	if _, err := admin.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatal(err)
	}
	defer admin.Exec(ctx, "DROP SCHEMA "+schema+" CASCADE")
	pool, err := postgres.ConnectConfig(ctx, poolConfig(t, srv.DSN, schema))
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	if v, err := postgres.SchemaVersion(ctx, pool); err != nil || v != 0 {
		t.Fatalf("an empty schema is at version %d (%v), want 0", v, err)
	}
	var (
		mu      sync.Mutex
		applied []int
		wg      sync.WaitGroup
	)
	for range 4 {
		wg.Go(func() {
			vs, err := postgres.Migrate(ctx, pool)
			if err != nil {
				t.Error(err)
			}
			mu.Lock()
			applied = append(applied, vs...)
			mu.Unlock()
		})
	}
	wg.Wait()
	slices.Sort(applied)
	want := []int{}
	for _, m := range postgres.Migrations() {
		want = append(want, m.Version)
	}
	if !slices.Equal(applied, want) {
		t.Errorf("four concurrent Migrates applied %v between them, want each version once: %v", applied, want)
	}
	if vs, err := postgres.Migrate(ctx, pool); err != nil || len(vs) != 0 {
		t.Errorf("a second Migrate applied %v (%v), want nothing", vs, err)
	}
	if v, _ := postgres.SchemaVersion(ctx, pool); v != len(want) {
		t.Errorf("schema version %d, want %d", v, len(want))
	}
	if _, err := pool.Exec(ctx, `INSERT INTO `+postgres.MigrationsTable+` (version, name) VALUES (999, 'future')`); err != nil {
		t.Fatal(err)
	}
	if _, err := postgres.Migrate(ctx, pool); !errors.Is(err, postgres.ErrSchemaTooNew) {
		t.Errorf("Migrate on a newer schema: %v, want ErrSchemaTooNew", err)
	}
}
