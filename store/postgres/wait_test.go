package postgres_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/toolgate/toolgate/approval"
	"github.com/toolgate/toolgate/store/postgres"
)

func TestAParkedRunWakesWhenAnotherHostDecides(t *testing.T) {
	ctx := context.Background()
	schema, pool := freshSchema(t)
	// The host that waits never polls: its inbox would read the store
	// once an hour.
	s := postgres.New(pool, postgres.Options{})
	defer s.Close()
	in := approval.New(s, approval.Options{Poll: time.Hour})
	other, err := postgres.ConnectConfig(ctx, poolConfig(t, server.DSN, schema))
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	them := approval.New(postgres.New(other, postgres.Options{}), approval.Options{})

	for _, c := range []struct {
		name   string
		decide func(id string) error
		want   approval.State
	}{
		{"an approval wakes it", func(id string) error {
			_, err := them.Approve(ctx, id, "ann", approval.ScopeOnce)
			return err
		}, approval.StateResuming},
		{"a denial wakes it", func(id string) error { _, err := them.Deny(ctx, id, "bob", "no"); return err }, approval.StateDenied},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, err := in.Park(ctx, parkCall, parkDecision, approval.Request{})
			if err != nil {
				t.Fatal(err)
			}
			got := make(chan *approval.Record, 1)
			errs := make(chan error, 1)
			go func() {
				r, err := s.Wait(ctx, in, r.ID)
				got <- r
				errs <- err
			}()
			if err := c.decide(r.ID); err != nil {
				t.Fatal(err)
			}
			w := <-got
			if err := <-errs; err != nil {
				t.Fatal(err)
			}
			if w.State != c.want {
				t.Errorf("Wait returned a %s record, want %s", w.State, c.want)
			}
		})
	}
	t.Run("a cancelled wait returns the context's error and no record", func(t *testing.T) {
		r, err := in.Park(ctx, parkCall, parkDecision, approval.Request{})
		if err != nil {
			t.Fatal(err)
		}
		cctx, cancel := context.WithCancel(ctx)
		go func() {
			// Cancel once the waiter is registered and listening.
			for {
				time.Sleep(10 * time.Millisecond)
				if _, err := s.Get(ctx, r.ID); err == nil {
					cancel()
					return
				}
			}
		}()
		got, err := s.Wait(cctx, in, r.ID)
		if !errors.Is(err, context.Canceled) || got != nil {
			t.Errorf("Wait = %v, %v; want nil, context.Canceled", got, err)
		}
	})
	t.Run("a closed store's wait is ErrClosed", func(t *testing.T) {
		c := postgres.New(pool, postgres.Options{})
		c.Close()
		if _, err := c.Wait(ctx, in, "x"); !errors.Is(err, approval.ErrClosed) {
			t.Errorf("Wait after Close: %v, want ErrClosed", err)
		}
	})
}
