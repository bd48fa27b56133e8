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
	"sync"
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

func readLines(path string) ([][]string, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out [][]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		out = append(out, strings.Fields(sc.Text()))
	}
	return out, sc.Err()
}

// checkKilled reopens the state a killed child left and checks that no
// acknowledged write is lost, no call ran under two keys or before its
// durable start, and no denied or expired call ran.
func checkKilled(dir string) (records int, err error) {
	ctx := context.Background()
	s, err := approval.OpenFile(filepath.Join(dir, "state"))
	if err != nil {
		return 0, fmt.Errorf("reopening after the kill: %w", err)
	}
	defer s.Close()
	acks, err := readLines(filepath.Join(dir, "acks"))
	if err != nil {
		return 0, err
	}
	for _, a := range acks {
		r, err := s.Get(ctx, a[1])
		if err != nil {
			return 0, fmt.Errorf("acknowledged record %s: %w", a[1], err)
		}
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
			return 0, fmt.Errorf("acknowledged %s of %s lost: the record is %s/%s", a[0], a[1], r.State, r.Checkpoint)
		}
	}
	probe, err := readLines(filepath.Join(dir, "probe"))
	if err != nil {
		return 0, err
	}
	runs := map[string]int{}
	for _, p := range probe {
		r, err := s.Get(ctx, p[1])
		if err != nil {
			return 0, fmt.Errorf("record %s ran but is not stored: %w", p[1], err)
		}
		if p[2] != r.IdempotencyKey {
			return 0, fmt.Errorf("record %s ran with key %s, its key is %s", p[1], p[2], r.IdempotencyKey)
		}
		if r.Checkpoint != approval.CheckpointStarted || r.Decision == nil || !r.Decision.Approved {
			return 0, fmt.Errorf("record %s ran but is %s/%s", p[1], r.State, r.Checkpoint)
		}
		runs[p[1]]++
		if runs[p[1]] > r.Attempts {
			return 0, fmt.Errorf("record %s ran %d times in %d attempts", p[1], runs[p[1]], r.Attempts)
		}
	}
	all, err := s.List(ctx)
	return len(all), err
}

func TestKilledProcessesLoseNothingAcknowledgedAndRunNothingTwice(t *testing.T) {
	if os.Getenv(childEnv) != "" {
		t.Skip("this is the child")
	}
	// Eight lanes, each with its own state folder, overlap the children's
	// start-up, which dominates under the race detector.
	const lanes = 8
	start := time.Now()
	errs := make([]error, lanes)
	logs := make([]string, lanes)
	var wg sync.WaitGroup
	for lane := range lanes {
		dir := t.TempDir()
		wg.Go(func() {
			logs[lane], errs[lane] = killRepeatedly(dir, (*crashKills+lanes-1)/lanes)
		})
	}
	wg.Wait()
	for lane := range lanes {
		t.Logf("lane %d: %s", lane, logs[lane])
		if errs[lane] != nil {
			t.Errorf("lane %d: %v", lane, errs[lane])
		}
	}
	t.Logf("%d kills in %s", lanes*((*crashKills+lanes-1)/lanes), time.Since(start).Round(time.Millisecond))
}

// killRepeatedly starts a child on one state folder, kills it at a random
// instant and checks what it left, kills times over.
func killRepeatedly(dir string, kills int) (string, error) {
	records := 0
	for range kills {
		cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$")
		cmd.Env = append(os.Environ(), childEnv+"="+dir)
		out, err := cmd.StdoutPipe()
		if err != nil {
			return "", err
		}
		if err := cmd.Start(); err != nil {
			return "", err
		}
		// Kill at a random instant once the child has its store open, so
		// kills land in recovery, parks, decisions and executions alike.
		if _, err := bufio.NewReader(out).ReadString('\n'); err != nil {
			cmd.Process.Kill()
			cmd.Wait()
			return "", fmt.Errorf("the child never opened its store: %w", err)
		}
		time.Sleep(time.Duration(rand.IntN(40)) * time.Millisecond)
		if err := cmd.Process.Kill(); err != nil {
			return "", err
		}
		if err := cmd.Wait(); err == nil || cmd.ProcessState.Success() {
			return "", fmt.Errorf("the child exited by itself: %v", err)
		}
		if records, err = checkKilled(dir); err != nil {
			return "", err
		}
	}
	probe, _ := readLines(filepath.Join(dir, "probe"))
	if records == 0 {
		return "", errors.New("no child ever wrote a record: the kills came too early to test anything")
	}
	return fmt.Sprintf("%d kills, %d records, %d probe runs", kills, records, len(probe)), nil
}
