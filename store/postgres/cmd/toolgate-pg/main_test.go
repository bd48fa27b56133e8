package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/toolgate/toolgate/audit"
	"github.com/toolgate/toolgate/store/postgres"
	"github.com/toolgate/toolgate/store/postgres/internal/pgtest"
)

var server *pgtest.Server

func TestMain(m *testing.M) {
	var err error
	server, err = pgtest.Start()
	if err != nil && os.Getenv(pgtest.EnvCI) == "true" {
		fmt.Fprintf(os.Stderr, "CI=true and no PostgreSQL server: %v\n", err)
		os.Exit(1)
	}
	code := m.Run()
	if server != nil {
		server.Close()
	}
	os.Exit(code)
}

func TestUsage(t *testing.T) {
	for _, c := range []struct {
		name string
		args []string
		code int
		out  string
	}{
		{"help prints the usage to stdout", []string{"--help"}, 0, "toolgate-pg migrate"},
		{"a verb's help prints to stdout", []string{"audit", "verify", "--help"}, 0, "--stream NAME"},
		{"no verb is bad usage", nil, 2, ""},
		{"an unknown verb is bad usage", []string{"frobnicate"}, 2, ""},
		{"verify without a stream is bad usage", []string{"audit", "verify"}, 2, ""},
		{"a connection string on the command line is refused", []string{"migrate", "--dsn", "postgres://u:pw@h/d"}, 2, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			if got := run(c.args, &out, &errb); got != c.code {
				t.Errorf("exit %d, want %d; stderr %s", got, c.code, errb.String())
			}
			if !strings.Contains(out.String(), c.out) {
				t.Errorf("stdout %q, want it to contain %q", out.String(), c.out)
			}
			if strings.Contains(errb.String(), "pw@") {
				t.Errorf("stderr repeats the connection string: %s", errb.String())
			}
		})
	}
}

func TestMigrateThenVerifyAStream(t *testing.T) {
	if server == nil {
		t.Skip("no PostgreSQL server")
	}
	t.Setenv(postgres.EnvDSN, server.DSN)
	var out, errb bytes.Buffer
	if code := run([]string{"migrate"}, &out, &errb); code != 0 {
		t.Fatalf("migrate: exit %d: %s", code, errb.String())
	}
	latest := fmt.Sprintf("schema at version %d", len(postgres.Migrations()))
	if code := run([]string{"migrate"}, &out, &errb); code != 0 || !strings.Contains(out.String(), latest) {
		t.Fatalf("a second migrate: exit %d: %s %s", code, out.String(), errb.String())
	}
	ctx := context.Background()
	pool, err := pgxpool.New(ctx, server.DSN)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	sink, _ := postgres.NewSink(pool, "cli", postgres.SinkOptions{})
	if err := sink.Append(ctx, audit.Event{Kind: audit.Proposed, DecisionID: "d", Tool: "shell"}, audit.Event{Kind: audit.PolicyDecided, DecisionID: "d", Tool: "shell"}); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if code := run([]string{"audit", "verify", "--stream", "cli"}, &out, &errb); code != 0 || !strings.Contains(out.String(), "ok, 2 events") {
		t.Fatalf("verify: exit %d: %s %s", code, out.String(), errb.String())
	}
	out.Reset()
	if code := run([]string{"audit", "export", "--stream", "cli"}, &out, &errb); code != 0 {
		t.Fatalf("export: exit %d: %s", code, errb.String())
	}
	if h, err := audit.Verify(out.Bytes()); err != nil || h.Events != 2 {
		t.Fatalf("the export verifies as %+v, %v", h, err)
	}
	if _, err := pool.Exec(ctx, `DELETE FROM toolgate_audit_events WHERE stream = 'cli' AND seq = 1`); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if code := run([]string{"audit", "verify", "--stream", "cli"}, &out, &errb); code != 1 || !strings.Contains(out.String(), "broken") {
		t.Fatalf("verify of a broken stream: exit %d: %s", code, out.String())
	}
}
