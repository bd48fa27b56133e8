package approval

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/toolgate/toolgate/policy"
)

var benchCall = policy.Call{ID: "c1", Tool: "slack_post", Task: "nightly", Session: "s1", Surface: policy.SurfaceScheduledTask}
var benchDecision = policy.Decision{Verdict: policy.ApprovalRequired, Reason: policy.ReasonToolDefaultAsk,
	Targets: []policy.Target{{Argument: "channel", Value: "#builds"}}}

// BenchmarkParkFileStore parks calls in a file store with fsync on, from
// one writer and from eight at once: group commit lets the eight share
// fsyncs.
func BenchmarkParkFileStore(b *testing.B) {
	for _, writers := range []int{1, 8} {
		b.Run(fmt.Sprintf("writers=%d", writers), func(b *testing.B) {
			s, err := OpenFile(b.TempDir())
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			in := New(s, Options{})
			ctx := context.Background()
			if writers == 1 {
				for b.Loop() {
					if _, err := in.Park(ctx, benchCall, benchDecision, Request{}); err != nil {
						b.Fatal(err)
					}
				}
			} else {
				b.SetParallelism(writers) // with -cpu=1: eight goroutines
				b.RunParallel(func(pb *testing.PB) {
					for pb.Next() {
						if _, err := in.Park(ctx, benchCall, benchDecision, Request{}); err != nil {
							b.Error(err)
							return
						}
					}
				})
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "parks/s")
		})
	}
}

// writeLog writes a log of n records and the given number of standing
// approvals to dir, as a long-lived store would have compacted it.
func writeLog(b *testing.B, dir string, n, standing int) {
	b.Helper()
	t0 := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	var log, p []byte
	for i := range n {
		r := &Record{ID: fmt.Sprintf("ap-%08d", i), Revision: 2, CallID: "c1", Session: "s1", Task: fmt.Sprintf("task-%d", i),
			Surface: policy.SurfaceScheduledTask, Tool: "slack_post", Targets: benchDecision.Targets,
			Binding: policy.Binding{Tool: "slack_post", Target: policy.TargetKey(benchDecision.Targets)},
			Risk:    "external", Reason: policy.ReasonToolDefaultAsk, Created: t0, Expires: t0.Add(time.Hour), Updated: t0,
			State: StateDenied, Decision: &Decision{By: "bob", At: t0}, IdempotencyKey: fmt.Sprintf("%032x", i)}
		p, _ = encodeRecord(p[:0], r)
		log = appendFrame(log, p)
		if i >= standing {
			continue
		}
		s := Standing{StandingApproval: policy.StandingApproval{ID: fmt.Sprintf("sa-%d", i), Task: fmt.Sprintf("task-%d", i), Tool: "slack_post", Target: fmt.Sprintf("#channel-%d", i)}, Created: t0}
		log = appendFrame(log, encodeStanding(p[:0], s))
	}
	if err := os.WriteFile(filepath.Join(dir, logName), log, 0o600); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkStandingLookup is the engine's step 8 through the inbox, with
// 10 and with 100,000 records and standing approvals in the store.
func BenchmarkStandingLookup(b *testing.B) {
	for _, n := range []int{10, 100_000} {
		b.Run(fmt.Sprintf("records=%d", n), func(b *testing.B) {
			dir := b.TempDir()
			writeLog(b, dir, n, n)
			s, err := OpenFile(dir)
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			in := New(s, Options{})
			task, target := fmt.Sprintf("task-%d", n/2), fmt.Sprintf("#channel-%d", n/2)
			for b.Loop() {
				if _, ok := in.StandingApproval(task, "slack_post", target); !ok {
					b.Fatal("not found")
				}
			}
		})
	}
}

// BenchmarkReopen opens a state folder holding 100,000 records.
func BenchmarkReopen(b *testing.B) {
	dir := b.TempDir()
	writeLog(b, dir, 100_000, 0)
	cpu := cpuTime()
	for b.Loop() {
		s, err := OpenFile(dir)
		if err != nil {
			b.Fatal(err)
		}
		s.Close()
	}
	// On a shared machine the wall time counts other people's work; the
	// process's own CPU time (all threads, the collector's included) does
	// not.
	b.ReportMetric(float64((cpuTime()-cpu).Milliseconds())/float64(b.N), "cpu-ms/op")
}
