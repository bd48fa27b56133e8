//go:build unix

package hardline

import (
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReadScriptFileDoesNotWaitOnAPipe: a named pipe put where a script
// was is refused at once, not waited on for a writer.
func TestReadScriptFileDoesNotWaitOnAPipe(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	done := make(chan error, 1)
	go func() {
		_, err := ReadScriptFile(fifo, 64)
		done <- err
	}()
	select {
	case err := <-done:
		assert.ErrorContains(t, err, "not a regular file")
	case <-time.After(10 * time.Second):
		t.Fatal("ReadScriptFile waited for a writer of a named pipe")
	}
}
