package main

import (
	"bufio"
	"bytes"
	"io"
	"testing"

	"github.com/toolgate/toolgate/policyfile"
)

// BenchmarkEval measures toolgate eval end to end on calls without paths:
// JSON lines in, JSON lines out, one decision a call.
func BenchmarkEval(b *testing.B) {
	p, err := policyfile.Load(example+"/policy.json", policyfile.Options{})
	if err != nil {
		b.Fatal(err)
	}
	const n = 10000
	var in bytes.Buffer
	for range n {
		in.WriteString(`{"id":"c-000123","tool":"slack_post","args":{"channel":"#builds","text":"deploy finished"},"session":"s1","task":"nightly","surface":"scheduled-task"}` + "\n")
	}
	data := in.Bytes()
	b.SetBytes(int64(len(data)))
	w := bufio.NewWriter(io.Discard)
	for b.Loop() {
		if err := evalStream(p.Engine, bytes.NewReader(data), w); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "decisions/s")
}
