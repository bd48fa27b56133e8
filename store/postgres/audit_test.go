package postgres_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/toolgate/toolgate/audit"
	"github.com/toolgate/toolgate/store/postgres"
)

func TestHostsSharingAStreamExtendOneChain(t *testing.T) {
	ctx := context.Background()
	schema, pool := freshSchema(t)
	other, err := postgres.ConnectConfig(ctx, poolConfig(t, server.DSN, schema))
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	const perWriter, writers = 150, 4
	var wg sync.WaitGroup
	errs := make(chan error, 2*writers)
	for host, p := range []*pgxpool.Pool{pool, other} {
		sink, err := postgres.NewSink(p, "fleet", postgres.SinkOptions{})
		if err != nil {
			t.Fatal(err)
		}
		defer sink.Close()
		for w := range writers {
			wg.Go(func() {
				for i := range perWriter {
					e := audit.Event{Kind: audit.Proposed, DecisionID: fmt.Sprintf("h%d-w%d-%d", host, w, i), Tool: "shell",
						Args: map[string]any{"command": "ls", "token": "tok-do-not-store"}}
					if err := sink.Write(ctx, e); err != nil {
						errs <- err
						return
					}
				}
			})
		}
	}
	// A second stream keeps its own chain.
	solo, _ := postgres.NewSink(pool, "solo", postgres.SinkOptions{})
	if err := solo.Append(ctx, audit.Event{Kind: audit.Proposed, DecisionID: "x", Tool: "t"}); err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	h, err := postgres.Verify(ctx, pool, "fleet")
	if err != nil {
		t.Fatal(err)
	}
	if h.Events != 2*writers*perWriter {
		t.Errorf("the chain has %d events, want %d", h.Events, 2*writers*perWriter)
	}
	// Rows inserted by one transaction share its xmin.
	var txs int
	if err := pool.QueryRow(ctx, `SELECT count(DISTINCT xmin::text) FROM toolgate_audit_events WHERE stream = 'fleet'`).Scan(&txs); err != nil {
		t.Fatal(err)
	}
	if txs >= h.Events {
		t.Errorf("%d concurrent writes took %d transactions: they were not batched", h.Events, txs)
	}
	t.Logf("%d events from %d writers on two pools, appended in %d transactions", h.Events, 2*writers, txs)
	var buf bytes.Buffer
	if _, err := postgres.Export(ctx, pool, "fleet", &buf); err != nil {
		t.Fatal(err)
	}
	if fh, err := audit.Verify(buf.Bytes()); err != nil || fh != h {
		t.Errorf("the exported file verifies as %+v, %v; want %+v", fh, err, h)
	}
	if strings.Contains(buf.String(), "tok-do-not-store") {
		t.Error("a secret-named argument was stored")
	}
	if h, err := postgres.Verify(ctx, pool, "solo"); err != nil || h.Events != 1 {
		t.Errorf("the second stream: %+v, %v", h, err)
	}
}

func TestVerifyFindsAChangedStream(t *testing.T) {
	for _, c := range []struct {
		name, change string
		line         int
	}{
		{"a changed line breaks the link of the next", `UPDATE toolgate_audit_events SET line = convert_to(replace(convert_from(line, 'UTF8'), '"ls"', '"rm"'), 'UTF8') WHERE seq = 3`, 4},
		{"a removed line is a missing link", `DELETE FROM toolgate_audit_events WHERE seq = 5`, 5},
		{"lines removed from the end disagree with the head", `DELETE FROM toolgate_audit_events WHERE seq >= 9`, 9},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx := context.Background()
			_, pool := freshSchema(t)
			sink, _ := postgres.NewSink(pool, "s", postgres.SinkOptions{})
			var es []audit.Event
			for i := range 10 {
				es = append(es, audit.Event{Kind: audit.Proposed, DecisionID: fmt.Sprint(i), Tool: "shell", Args: map[string]any{"command": "ls"}})
			}
			if err := sink.Append(ctx, es...); err != nil {
				t.Fatal(err)
			}
			if _, err := postgres.Verify(ctx, pool, "s"); err != nil {
				t.Fatalf("before the change: %v", err)
			}
			if _, err := pool.Exec(ctx, c.change); err != nil {
				t.Fatal(err)
			}
			_, err := postgres.Verify(ctx, pool, "s")
			var ce *audit.ChainError
			if !errors.As(err, &ce) || ce.Line != c.line {
				t.Errorf("Verify = %v, want a *audit.ChainError at line %d", err, c.line)
			}
		})
	}
}
