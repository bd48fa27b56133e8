package audit_test

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/toolgate/toolgate/audit"
)

const lockChildEnv = "TOOLGATE_AUDIT_LOCK_CHILD"

// TestLockChild is the child of TestASecondWriterIsRefused: it opens the
// audit file, writes one event, says so and waits to be killed. It does
// nothing unless started by that test.
func TestLockChild(t *testing.T) {
	path := os.Getenv(lockChildEnv)
	if path == "" {
		t.Skip("run as a child of TestASecondWriterIsRefused")
	}
	s, err := audit.OpenFile(path, audit.FileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Write(ctx, event(0)); err != nil {
		t.Fatal(err)
	}
	os.Stdout.WriteString("ready\n")
	select {}
}

// TestASecondWriterIsRefused: two writers of one file, in one process or
// two, would each continue the chain from the head they read and fork it.
// The second is refused until the first closes the file or dies.
func TestASecondWriterIsRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	s, err := audit.OpenFile(path, audit.FileOptions{})
	require.NoError(t, err)
	_, err = audit.OpenFile(path, audit.FileOptions{})
	require.ErrorIs(t, err, audit.ErrLocked, "a second sink in the same process")
	require.NoError(t, s.Write(ctx, event(0)))
	require.NoError(t, s.Close())

	// Another process holds it: refused; once it is killed, the chain goes on.
	cmd := exec.Command(os.Args[0], "-test.run=^TestLockChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), lockChildEnv+"="+path)
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	line, err := bufio.NewReader(out).ReadString('\n')
	require.NoError(t, err)
	require.Equal(t, "ready\n", line)
	_, err = audit.OpenFile(path, audit.FileOptions{})
	require.ErrorIs(t, err, audit.ErrLocked, "a second sink in another process")
	require.NoError(t, cmd.Process.Kill())
	_ = cmd.Wait()

	s, err = audit.OpenFile(path, audit.FileOptions{})
	require.NoError(t, err, "the lock goes with the process")
	require.NoError(t, s.Write(ctx, event(2)))
	require.NoError(t, s.Close())
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	h, err := audit.Verify(data)
	require.NoError(t, err)
	assert.Equal(t, 3, h.Events)
}
