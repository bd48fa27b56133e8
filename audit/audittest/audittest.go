// Package audittest checks that an audit.Sink behaves as the audit package
// documents, so the host of a sink over its own store (a database, a log
// service) can run the same checks as the file sink.
//
// The checks use only the Sink interface and a function that reads back
// what the sink stored. They have no false positives and may have false
// negatives: run them under the race detector.
package audittest

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"sync"
	"time"

	"github.com/toolgate/toolgate/audit"
	"github.com/toolgate/toolgate/policy"
)

// Harness is a fresh sink for one check, and a function returning every
// event it has stored, in the order stored.
type Harness struct {
	Sink audit.Sink
	Read func() ([]audit.Event, error)
}

// MakeHarness makes a fresh Harness; it is called once per check.
type MakeHarness func() (Harness, error)

type check struct {
	name string
	run  func(h Harness) error
}

var checks = []check{
	{"a written event reads back whole", readsBack},
	{"every concurrent write is stored once", concurrent},
	{"a cancelled context stores nothing and says so", cancelled},
	{"the sink keeps no reference to the caller's maps", noAliasing},
}

// Check runs every check, each on a fresh harness, and returns what went
// wrong, joined; nil when the sink passed.
func Check(newHarness MakeHarness) error {
	var errs []error
	for _, c := range checks {
		h, err := newHarness()
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: making the harness: %w", c.name, err))
			continue
		}
		if err := c.run(h); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", c.name, err))
		}
	}
	return errors.Join(errs...)
}

// T is the part of testing.T that Run uses.
type T interface {
	Helper()
	Error(args ...any)
}

// Run runs Check and reports its failures on t.
func Run(t T, newHarness MakeHarness) {
	t.Helper()
	if err := Check(newHarness); err != nil {
		t.Error(err)
	}
}

var ctx = context.Background()

func sample(i int) audit.Event {
	return audit.Event{
		Time: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), Kind: audit.PolicyDecided, DecisionID: fmt.Sprintf("d-%d", i),
		CallID: "c", Session: "s", Task: "t", Agent: "a", Surface: policy.SurfaceMCP, Tool: "slack_post", Risk: "external",
		Status: "allow", Reason: policy.ReasonApprovalStanding, Rule: "r", Resources: []string{"#builds"},
		StandingApproval: "sa-1", Approver: "p", Args: map[string]any{"channel": "#builds", "n": float64(i)},
		Result: "ok", Message: "m", Error: "e", Redacted: []string{"args.text"},
	}
}

// comparable drops what a sink adds (the chain) so events can be compared.
func comparable(e audit.Event) audit.Event {
	e.Seq, e.Prev = 0, ""
	return e
}

func readsBack(h Harness) error {
	want := sample(1)
	if err := h.Sink.Write(ctx, want); err != nil {
		return err
	}
	got, err := h.Read()
	if err != nil {
		return err
	}
	if len(got) != 1 {
		return fmt.Errorf("%d events stored, want 1", len(got))
	}
	if g := comparable(got[0]); !reflect.DeepEqual(g, want) {
		return fmt.Errorf("stored %+v, want %+v", g, want)
	}
	return nil
}

func concurrent(h Harness) error {
	const writers, each = 8, 20
	var wg sync.WaitGroup
	errs := make(chan error, writers*each)
	for w := range writers {
		wg.Go(func() {
			for i := range each {
				if err := h.Sink.Write(ctx, sample(w*each+i)); err != nil {
					errs <- err
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return err
	}
	got, err := h.Read()
	if err != nil {
		return err
	}
	ids := map[string]int{}
	for _, e := range got {
		ids[e.DecisionID]++
	}
	for i := range writers * each {
		if n := ids[fmt.Sprintf("d-%d", i)]; n != 1 {
			return fmt.Errorf("event d-%d stored %d times", i, n)
		}
	}
	if len(got) != writers*each {
		return fmt.Errorf("%d events stored, want %d", len(got), writers*each)
	}
	return nil
}

func cancelled(h Harness) error {
	c, cancel := context.WithCancel(ctx)
	cancel()
	if err := h.Sink.Write(c, sample(1)); !errors.Is(err, context.Canceled) {
		return fmt.Errorf("the write returned %v, want context.Canceled", err)
	}
	got, err := h.Read()
	if err != nil {
		return err
	}
	if len(got) != 0 {
		return fmt.Errorf("%d events stored", len(got))
	}
	return nil
}

func noAliasing(h Harness) error {
	e := sample(1)
	args := maps.Clone(e.Args)
	resources := slices.Clone(e.Resources)
	if err := h.Sink.Write(ctx, e); err != nil {
		return err
	}
	e.Args["channel"] = "#changed"
	e.Resources[0] = "#changed"
	got, err := h.Read()
	if err != nil {
		return err
	}
	if len(got) != 1 || !reflect.DeepEqual(got[0].Args, args) || !reflect.DeepEqual(got[0].Resources, resources) {
		return errors.New("changing the caller's maps after Write changed what was stored")
	}
	return nil
}
