package approval_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/toolgate/toolgate/approval"
)

const resumeChildEnv = "TOOLGATE_APPROVAL_RESUME_CHILD"

// TestResumeChild is the child of TestTwoProcessesNeverRunOneApprovalTwice:
// it opens the state folder, resumes the record named in its environment
// and prints what happened. It does nothing unless started by that test.
func TestResumeChild(t *testing.T) {
	arg := os.Getenv(resumeChildEnv)
	if arg == "" {
		t.Skip("run as a child of TestTwoProcessesNeverRunOneApprovalTwice")
	}
	dir, id, _ := strings.Cut(arg, "|")
	s, err := approval.OpenFile(filepath.Join(dir, "state"))
	if err != nil {
		fmt.Println("open:", err)
		return
	}
	defer s.Close()
	_, err = approval.New(s, approval.Options{}).Resume(context.Background(), id, func(_ context.Context, run approval.Run) error {
		return appendLine(filepath.Join(dir, "probe"), "child "+run.IdempotencyKey)
	})
	fmt.Println("resume:", err)
}

// TestTwoProcessesNeverRunOneApprovalTwice starts a second process on a
// state folder the first holds, with its lock file in place and deleted
// as if stale: the second never opens the store, and the approved call
// runs once, in the first.
func TestTwoProcessesNeverRunOneApprovalTwice(t *testing.T) {
	for _, deleteLock := range []bool{false, true} {
		t.Run(fmt.Sprintf("lock file deleted: %v", deleteLock), func(t *testing.T) {
			dir := t.TempDir()
			s, err := approval.OpenFile(filepath.Join(dir, "state"))
			require.NoError(t, err)
			defer s.Close()
			in := approval.New(s, approval.Options{})
			r := park(t, in)
			_, err = in.Approve(t.Context(), r.ID, "ann", approval.ScopeOnce)
			require.NoError(t, err)
			if deleteLock {
				require.NoError(t, os.Remove(filepath.Join(dir, "state", "approvals.lock")))
			}

			cmd := exec.Command(os.Args[0], "-test.run=^TestResumeChild$", "-test.v")
			cmd.Env = append(os.Environ(), resumeChildEnv+"="+dir+"|"+r.ID)
			out, err := cmd.CombinedOutput()
			require.NoError(t, err, "%s", out)
			assert.Contains(t, string(out), "open: "+approval.ErrLocked.Error(), "the second process opened a held store")

			_, err = in.Resume(t.Context(), r.ID, func(_ context.Context, run approval.Run) error {
				return appendLine(filepath.Join(dir, "probe"), "parent "+run.IdempotencyKey)
			})
			require.NoError(t, err)
			runs, err := readLines(filepath.Join(dir, "probe"))
			require.NoError(t, err)
			assert.Len(t, runs, 1, "the approved call ran %d times: %v", len(runs), runs)
		})
	}
}
