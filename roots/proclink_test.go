package roots_test

import (
	"os"
	"path/filepath"
	"runtime"
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
