package approval_test

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/toolgate/toolgate/approval"
	"github.com/toolgate/toolgate/policy"
)

var crashKills = flag.Int("crashkills", 200, "how many times TestKilledProcesses kills its child")

const childEnv = "TOOLGATE_APPROVAL_CRASH_CHILD"

// appendLine appends one line with a single write, so a kill leaves whole
// lines or none.
func appendLine(path, line string) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return err
	}
	_, err = f.WriteString(line + "\n")
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// TestCrashChild is the child of TestKilledProcesses: it runs cycles until
// it is killed. It does nothing unless started by that test.
func TestCrashChild(t *testing.T) {
	dir := os.Getenv(childEnv)
	if dir == "" {
		t.Skip("run as a child of TestKilledProcesses")
	}
	ctx := context.Background()
	s, err := approval.OpenFile(filepath.Join(dir, "state"))
	if err != nil {
		t.Fatal(err)
	}
	fmt.Println("ready") // the parent's clock starts here
	acks, probe := filepath.Join(dir, "acks"), filepath.Join(dir, "probe")
	ack := func(op, id string) {
		if err := appendLine(acks, op+" "+id); err != nil {
			t.Fatal(err)
		}
	}
	exec := func(_ context.Context, run approval.Run) error {
		return appendLine(probe, fmt.Sprintf("run %s %s %d", run.Record.ID, run.IdempotencyKey, run.Attempt))
	}
	in := approval.New(s, approval.Options{})
	soon := approval.New(s, approval.Options{TTL: time.Nanosecond})
	// Recover what the last child left, as a host does on start.
	rec, err := in.Recover(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rec.Approved {
		if _, err := in.Resume(ctx, r.ID, exec); err != nil {
			t.Fatal(err)
		}
		ack("complete", r.ID)
	}
	for _, r := range rec.Interrupted {
		if _, err := in.Retry(ctx, r.ID, exec); err != nil {
			t.Fatal(err)
		}
		ack("complete", r.ID)
	}
	call := policy.Call{ID: "c", Tool: "slack_post", Task: "t", Surface: policy.SurfaceScheduledTask}
	d := policy.Decision{Verdict: policy.ApprovalRequired, Targets: []policy.Target{{Argument: "channel", Value: "#x"}}}
	for i := 0; ; i++ {
		parker := in
		if i%4 == 3 {
			parker = soon
		}
		r, err := parker.Park(ctx, call, d, approval.Request{})
		if err != nil {
			t.Fatal(err)
		}
		ack("park", r.ID)
		switch i % 4 {
		case 0, 1:
			if _, err := in.Approve(ctx, r.ID, "ann", approval.ScopeOnce); err != nil {
				t.Fatal(err)
			}
			ack("approve", r.ID)
			if _, err := in.Resume(ctx, r.ID, exec); err != nil {
				t.Fatal(err)
			}
			ack("complete", r.ID)
		case 2:
			if _, err := in.Deny(ctx, r.ID, "bob", ""); err != nil {
				t.Fatal(err)
			}
			ack("deny", r.ID)
		case 3:
			if _, err := in.Approve(ctx, r.ID, "ann", approval.ScopeOnce); !errors.Is(err, approval.ErrExpired) {
				t.Fatalf("approving an expired record: %v", err)
			}
			ack("expire", r.ID)
		}
	}
}

func readLines(t *testing.T, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out [][]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		out = append(out, strings.Fields(sc.Text()))
	}
	return out
}

// checkKilled reopens the state a killed child left and checks that no
// acknowledged write is lost, no call ran under two keys or before its
// durable start, and no denied or expired call ran.
func checkKilled(t *testing.T, dir string) (records int) {
	t.Helper()
	ctx := context.Background()
	s, err := approval.OpenFile(filepath.Join(dir, "state"))
	if err != nil {
		t.Fatalf("reopening after the kill: %v", err)
	}
	defer s.Close()
	get := func(id string) *approval.Record {
		r, err := s.Get(ctx, id)
		if err != nil {
			t.Fatalf("acknowledged record %s: %v", id, err)
		}
		return r
	}
	for _, a := range readLines(t, filepath.Join(dir, "acks")) {
		r := get(a[1])
		ok := true
		switch a[0] {
		case "approve":
			ok = r.State == approval.StateResuming || r.State == approval.StateCompleted
		case "complete":
			ok = r.State == approval.StateCompleted
		case "deny":
			ok = r.State == approval.StateDenied
		case "expire":
			ok = r.State == approval.StateExpired
		}
		if !ok {
			t.Fatalf("acknowledged %s of %s lost: the record is %s/%s", a[0], a[1], r.State, r.Checkpoint)
		}
	}
	runs := map[string]int{}
	for _, p := range readLines(t, filepath.Join(dir, "probe")) {
		r := get(p[1])
		if p[2] != r.IdempotencyKey {
			t.Fatalf("record %s ran with key %s, its key is %s", p[1], p[2], r.IdempotencyKey)
		}
		if r.Checkpoint != approval.CheckpointStarted || r.Decision == nil || !r.Decision.Approved {
			t.Fatalf("record %s ran but is %s/%s", p[1], r.State, r.Checkpoint)
		}
		runs[p[1]]++
		if runs[p[1]] > r.Attempts {
			t.Fatalf("record %s ran %d times in %d attempts", p[1], runs[p[1]], r.Attempts)
		}
	}
	all, err := s.List(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return len(all)
}

func TestKilledProcessesLoseNothingAcknowledgedAndRunNothingTwice(t *testing.T) {
	if os.Getenv(childEnv) != "" {
		t.Skip("this is the child")
	}
	// Four lanes, each with its own state folder, overlap the children's
	// start-up, which dominates under the race detector.
	const lanes = 4
	for lane := range lanes {
		t.Run(fmt.Sprintf("lane %d", lane), func(t *testing.T) {
			t.Parallel()
			killRepeatedly(t, (*crashKills+lanes-1)/lanes)
		})
	}
}

// killRepeatedly starts a child on one state folder, kills it at a random
// instant and checks what it left, kills times over.
func killRepeatedly(t *testing.T, kills int) {
	dir := t.TempDir()
	records := 0
	start := time.Now()
	for range kills {
		cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$")
		cmd.Env = append(os.Environ(), childEnv+"="+dir)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Kill at a random instant once the child has its store open, so
		// kills land in recovery, parks, decisions and executions alike.
		if _, err := bufio.NewReader(out).ReadString('\n'); err != nil {
			t.Fatalf("the child never opened its store: %v", err)
		}
		time.Sleep(time.Duration(rand.IntN(40)) * time.Millisecond)
		if err := cmd.Process.Kill(); err != nil {
			t.Fatal(err)
		}
		err = cmd.Wait()
		if err == nil || cmd.ProcessState.Success() {
			t.Fatalf("the child exited by itself: %v", err)
		}
		records = checkKilled(t, dir)
	}
	t.Logf("%d kills in %s; %d records, %d probe runs", kills, time.Since(start).Round(time.Millisecond), records, len(readLines(t, filepath.Join(dir, "probe"))))
	if records == 0 {
		t.Fatal("no child ever wrote a record: the kills came too early to test anything")
	}
}
