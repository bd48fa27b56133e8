package audit

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/secret"
)

// benchSecrets returns n random fake secrets of 24 to 56 bytes.
func benchSecrets(n int) []secret.Secret {
	rng := rand.New(rand.NewPCG(1, 2))
	const chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_+/"
	out := make([]secret.Secret, n)
	for i := range out {
		b := make([]byte, 24+rng.IntN(33))
		for j := range b {
			b[j] = chars[rng.IntN(len(chars))]
		}
		out[i] = secret.New(fmt.Sprint("s", i), b)
	}
	return out
}

// benchEvent is a completed event of about 4 KiB serialized: a command,
// source text, a result with one configured secret and one JWT in it.
func benchEvent(secrets []secret.Secret) Event {
	code := strings.Repeat("func handler(w http.ResponseWriter, r *http.Request) { // serve the page\n", 45)
	return Event{
		Time: time.Unix(1_800_000_000, 0).UTC(), Kind: Completed, DecisionID: "0f1e2d3c4b5a69788796a5b4c3d2e1f0",
		CallID: "call-42", Session: "session-7", Agent: "reviewer", Surface: policy.SurfaceChat, Tool: "shell",
		Risk: "exec", Status: "ok", Rule: "", Resources: []string{"/home/dev/proj/src/server.go"},
		Args: map[string]any{
			"command": "go test ./... -run TestServer -count=1 && git diff --stat HEAD~1",
			"workdir": "/home/dev/proj",
			"env":     map[string]any{"GOFLAGS": "-mod=mod", "CI": "1"},
		},
		Result: map[string]any{
			"stdout":   code + "ok  \texample.test/server\t0.412s\nusing key " + string(secrets[7].Reveal()) + "\n",
			"stderr":   "auth: eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJkZXYiLCJpYXQiOjE3MDB9.c2lnbmF0dXJlLW5vdC1yZWFsLTAxMjM0\n",
			"exitCode": 0,
		},
	}
}

func BenchmarkRedactEvent(b *testing.B) {
	secrets := benchSecrets(50)
	r := NewRedactor(secrets...)
	e := benchEvent(secrets)
	line, _ := json.Marshal(e)
	b.Logf("event: %d bytes serialized, 50 secrets", len(line))
	b.Run("text", func(b *testing.B) {
		// One pass of the redactor over the serialized event.
		b.SetBytes(int64(len(line)))
		dst := make([]byte, 0, len(line))
		start := cpuTime()
		for b.Loop() {
			dst, _ = r.Redact(dst[:0], line)
		}
		reportCPU(b, start)
	})
	b.Run("event", func(b *testing.B) {
		// What FileSink does before writing: field by field, serialize,
		// then the line as text.
		b.SetBytes(int64(len(line)))
		start := cpuTime()
		for b.Loop() {
			out := e.Redact(r)
			l, _ := json.Marshal(out)
			if _, err := r.redactJSON(l); err != nil {
				b.Fatal(err)
			}
		}
		reportCPU(b, start)
	})
}

// reportCPU reports the process's CPU time per operation since start.
func reportCPU(b *testing.B, start time.Duration) {
	if d := cpuTime() - start; d > 0 {
		b.ReportMetric(float64(d.Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}

func BenchmarkFileSink(b *testing.B) {
	secrets := benchSecrets(50)
	r := NewRedactor(secrets...)
	e := Event{Kind: Proposed, DecisionID: "0f1e2d3c4b5a69788796a5b4c3d2e1f0", Session: "s1", Surface: policy.SurfaceChat,
		Tool: "write_file", Args: map[string]any{"path": "src/main.go", "content": strings.Repeat("package main\n", 20)}}
	for _, tc := range []struct {
		name string
		sync SyncPolicy
	}{{"fsync=each-event", SyncEachEvent}, {"fsync=on-close", SyncOnClose}} {
		b.Run(tc.name, func(b *testing.B) {
			s, err := OpenFile(filepath.Join(b.TempDir(), "audit.jsonl"), FileOptions{Sync: tc.sync, Redactor: r})
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			ctx := context.Background()
			for b.Loop() {
				if err := s.Write(ctx, e); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "appends/s")
		})
	}
}

func BenchmarkNewRedactor(b *testing.B) {
	secrets := benchSecrets(50)
	for b.Loop() {
		NewRedactor(secrets...)
	}
}
