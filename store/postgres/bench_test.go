package postgres_test

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/toolgate/toolgate/approval"
	"github.com/toolgate/toolgate/store/postgres"
)

// benchBatch is the number of parks or resumes one benchmark iteration
// makes, shared among the workers.
const benchBatch = 64

// benchStores are the stores compared: PostgreSQL (fsync as the server is
// configured: set TOOLGATE_PG_FSYNC=on for the test server) and the file
// store, which fsyncs every write.
var benchStores = []struct {
	name string
	open func(b *testing.B) approval.Store
}{
	{"postgres", func(b *testing.B) approval.Store {
		_, pool := freshSchema(b)
		return postgres.New(pool, postgres.Options{})
	}},
	{"file", func(b *testing.B) approval.Store {
		s, err := approval.OpenFile(b.TempDir())
		if err != nil {
			b.Fatal(err)
		}
		return s
	}},
}

// inParallel runs f(i) for i in [0, n) on w workers.
func inParallel(b *testing.B, n, w int, f func(i int) error) {
	var wg sync.WaitGroup
	jobs := make(chan int)
	errs := make(chan error, w)
	for range w {
		wg.Go(func() {
			for i := range jobs {
				if err := f(i); err != nil {
					errs <- err
					for range jobs {
					}
					return
				}
			}
		})
	}
	for i := range n {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	close(errs)
	for err := range errs {
		b.Fatal(err)
	}
}

func BenchmarkPark(b *testing.B) {
	for _, st := range benchStores {
		for _, w := range []int{1, 8} {
			b.Run(fmt.Sprintf("store=%s/workers=%d", st.name, w), func(b *testing.B) {
				s := st.open(b)
				defer s.Close()
				in := approval.New(s, approval.Options{})
				ctx := context.Background()
				for b.Loop() {
					inParallel(b, benchBatch, w, func(int) error {
						_, err := in.Park(ctx, parkCall, parkDecision, approval.Request{})
						return err
					})
				}
				b.ReportMetric(float64(b.N*benchBatch)/b.Elapsed().Seconds(), "parks/s")
			})
		}
	}
}

func BenchmarkResume(b *testing.B) {
	for _, st := range benchStores {
		for _, w := range []int{1, 8} {
			b.Run(fmt.Sprintf("store=%s/workers=%d", st.name, w), func(b *testing.B) {
				s := st.open(b)
				defer s.Close()
				in := approval.New(s, approval.Options{})
				ctx := context.Background()
				ids := make([]string, benchBatch)
				noop := func(context.Context, approval.Run) error { return nil }
				for b.Loop() {
					b.StopTimer()
					inParallel(b, benchBatch, 8, func(i int) error {
						r, err := in.Park(ctx, parkCall, parkDecision, approval.Request{})
						if err == nil {
							_, err = in.Approve(ctx, r.ID, "ann", approval.ScopeOnce)
							ids[i] = r.ID
						}
						return err
					})
					b.StartTimer()
					inParallel(b, benchBatch, w, func(i int) error {
						_, err := in.Resume(ctx, ids[i], noop)
						return err
					})
				}
				b.ReportMetric(float64(b.N*benchBatch)/b.Elapsed().Seconds(), "resumes/s")
			})
		}
	}
}
