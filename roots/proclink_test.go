package roots_test

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/toolgate/toolgate/roots"
)

func TestResolutionReportsLinksThatDependOnTheReadingProcess(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("/proc/self is Linux's")
	}
	dir, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	require.NoError(t, os.Symlink("/proc/self", dir+"/me"))
	require.NoError(t, os.Symlink("/dev/stdin", dir+"/in"))
	require.NoError(t, os.WriteFile(dir+"/plain", nil, 0o600))
	set, err := roots.NewSet([]roots.Root{
		{ID: "ws", Path: dir, Access: roots.ReadWrite, Primary: true, Source: roots.Workspace},
		{ID: "all", Path: "/", Access: roots.Read, Source: roots.UserGrant},
	})
	require.NoError(t, err)
	for _, p := range []string{"me/cwd", "me", "in", "/proc/self/root" + dir, "/proc/thread-self/cwd", "/dev/fd/0"} {
		tg, err := set.Resolve(p)
		if err == nil {
			assert.True(t, tg.ViaProcessLink, "%s resolved to %s", p, tg.Resolved)
		}
	}
	tg, err := set.Resolve("plain")
	require.NoError(t, err)
	assert.False(t, tg.ViaProcessLink)
	tg, err = set.Resolve("/proc/1/status")
	if err == nil {
		assert.False(t, tg.ViaProcessLink, "another process's entry does not depend on who reads it")
	}
}

// startChild runs a process that waits until the test ends, in dir, and
// returns its ID. With unshare it runs in its own user and mount
// namespaces after bind-mounting from over onto under.
func startChild(t *testing.T, dir string, bind ...string) int {
	t.Helper()
	cmd := exec.Command("sleep", "60")
	if len(bind) == 2 {
		cmd = exec.Command("unshare", "-Urm", "sh", "-c", `mount --bind "$0" "$1" && echo ready && exec sleep 60`, bind[0], bind[1])
	}
	cmd.Dir = dir
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	if err := cmd.Start(); err != nil {
		t.Skip("cannot start", cmd.Args[0], err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	if len(bind) == 2 {
		line := make([]byte, 6)
		if n, _ := io.ReadFull(out, line); n != 6 || string(line) != "ready\n" {
			t.Skip("no user and mount namespaces here")
		}
	}
	return cmd.Process.Pid
}

// TestAnotherProcesssMagicLinksAreReported: /proc/PID/root and cwd read as
// text that names a folder, but the kernel follows them into that process's
// view. A process in its own mount namespace sees /proc/PID/root as "/", so
// the text names a file in the workspace while the kernel reaches whatever
// that namespace mounted there.
func TestAnotherProcesssMagicLinksAreReported(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("/proc/PID is Linux's")
	}
	dir, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	ws, outside := dir+"/ws", dir+"/outside"
	require.NoError(t, os.MkdirAll(ws+"/sub", 0o755))
	require.NoError(t, os.MkdirAll(outside, 0o755))
	require.NoError(t, os.WriteFile(outside+"/secret", []byte("outside"), 0o600))
	set, err := roots.NewSet([]roots.Root{{ID: "ws", Path: ws, Access: roots.ReadWrite, Primary: true, Source: roots.Workspace}})
	require.NoError(t, err)

	t.Run("another process's working folder", func(t *testing.T) {
		pid := startChild(t, ws)
		tg, err := set.Resolve("/proc/" + strconv.Itoa(pid) + "/cwd/sub")
		require.NoError(t, err)
		assert.Equal(t, ws+"/sub", tg.Resolved)
		assert.True(t, tg.ViaProcessLink, "a magic link of another process was taken at its word")
	})
	t.Run("a bind mount in another process's namespace", func(t *testing.T) {
		pid := startChild(t, dir, outside, ws+"/sub")
		p := "/proc/" + strconv.Itoa(pid) + "/root" + ws + "/sub/secret"
		b, err := os.ReadFile(p)
		require.NoError(t, err)
		require.Equal(t, "outside", string(b), "the kernel reaches the file outside the root")
		tg, err := set.Resolve(p)
		if err == nil {
			assert.True(t, tg.ViaProcessLink, "%s resolved to %s in root %q, where the kernel reaches %s", p, tg.Resolved, tg.Root.ID, outside+"/secret")
		}
	})
}
