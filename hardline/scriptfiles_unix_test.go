//go:build unix

package hardline

import (
	"os"
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

// TestUserPathThroughALinkedHome: a folder on the user's PATH is one in
// the home's canonical spelling too, as a write's canonical target is
// spelled (/home -> /var/home, macOS's /Users under /System/Volumes/Data).
func TestUserPathThroughALinkedHome(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(dir+"/real/.local/bin", 0o755))
	require.NoError(t, os.Symlink(dir+"/real", dir+"/home"))
	a, err := New(Config{Home: dir + "/home"})
	require.NoError(t, err)
	for _, p := range []string{dir + "/home/.local/bin/git", dir + "/real/.local/bin/git"} {
		f, ok := a.WriteTarget(p, "")
		assert.True(t, ok && f.Rule == rulePersistence, "%s: %+v", p, f)
	}
	_, ok := a.WriteTarget(dir+"/real/.local/lib/x", "")
	assert.False(t, ok)
}
