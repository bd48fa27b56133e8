package postgres_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/toolgate/toolgate/store/postgres"
	"github.com/toolgate/toolgate/store/postgres/internal/pgtest"
)

// server is the PostgreSQL server of this test binary; nil when none could
// be started outside CI (the tests that need it skip).
var (
	server   *pgtest.Server
	startErr error
)

func TestMain(m *testing.M) {
	if role := os.Getenv(envChild); role != "" {
		os.Exit(child(role))
	}
	if fuzzing() {
		// A fuzz target needs no server, and every fuzz worker would
		// start one.
		os.Exit(m.Run())
	}
	server, startErr = pgtest.Start()
	if startErr != nil && os.Getenv(pgtest.EnvCI) == "true" {
		fmt.Fprintf(os.Stderr, "CI=true and no PostgreSQL server: %v\n", startErr)
		os.Exit(1)
	}
	code := m.Run()
	if server != nil {
		if err := server.Close(); err != nil {
			fmt.Fprintf(os.Stderr, "stopping the test server: %v\n", err)
		}
	}
	os.Exit(code)
}

// need returns the server, or skips the test when there is none (a CI
// run has already failed in TestMain).
func need(t testing.TB) *pgtest.Server {
	t.Helper()
	if server == nil {
		t.Skipf("no PostgreSQL server: %v", startErr)
	}
	return server
}

var schemas atomic.Int64

// poolConfig returns a configuration for dsn whose search_path is schema.
func poolConfig(t testing.TB, dsn, schema string) *pgxpool.Config {
	t.Helper()
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		t.Fatal(err)
	}
	cfg.ConnConfig.RuntimeParams["search_path"] = schema
	return cfg
}

// freshSchema creates an empty, migrated schema and returns its name and
// a pool whose search_path is it. Both go at the end of the test.
func freshSchema(t testing.TB) (string, *pgxpool.Pool) {
	t.Helper()
	srv := need(t)
	ctx := context.Background()
	schema := fmt.Sprintf("t%d_%d", os.Getpid(), schemas.Add(1))
	admin, err := pgx.Connect(ctx, srv.DSN)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close(ctx)
	if _, err := admin.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatal(err)
	}
	pool, err := postgres.ConnectConfig(ctx, poolConfig(t, srv.DSN, schema))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := postgres.Migrate(ctx, pool); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		pool.Close()
		if c, err := pgx.Connect(ctx, srv.DSN); err == nil {
			c.Exec(ctx, "DROP SCHEMA "+schema+" CASCADE")
			c.Close(ctx)
		}
	})
	return schema, pool
}

// eventually retries f until it succeeds or d passes; for waiting on a
// server that is coming back, never for timing the code under test.
func eventually(d time.Duration, f func() error) error {
	deadline := time.Now().Add(d)
	for {
		err := f()
		if err == nil || time.Now().After(deadline) {
			return err
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func contains(s string, subs ...string) string {
	for _, x := range subs {
		if x != "" && strings.Contains(s, x) {
			return x
		}
	}
	return ""
}

// fuzzing reports whether this binary fuzzes (or is a fuzz worker).
func fuzzing() bool {
	for _, a := range os.Args[1:] {
		if strings.HasPrefix(a, "-test.fuzz") {
			return true
		}
	}
	return false
}
