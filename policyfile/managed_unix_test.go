//go:build unix

package policyfile_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgate/toolgate/policyfile"
)

// nobody is a uid that is not root's.
const nobody = 65534

// TestManagedLayerOwnership puts the managed file under a folder
// hierarchy and changes one owner or mode at a time: the file is used only
// when root owns it and every folder above it, none writable by group or
// others (root's sticky folders excepted).
func TestManagedLayerOwnership(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root, to give files to root and to others")
	}
	cases := []struct {
		name  string
		setup func(t *testing.T, dir, file string) string // returns the path to load
		why   string                                      // "" when accepted
	}{
		{"a root-owned file in root-owned folders is used", func(t *testing.T, dir, file string) string { return file }, ""},
		{"a file owned by another user is refused", func(t *testing.T, dir, file string) string {
			require.NoError(t, os.Chown(file, nobody, 0))
			return file
		}, "is owned by uid 65534, not root"},
		{"a group-writable file is refused", func(t *testing.T, dir, file string) string {
			require.NoError(t, os.Chmod(file, 0o664))
			return file
		}, "is writable by its group"},
		{"a world-writable file is refused", func(t *testing.T, dir, file string) string {
			require.NoError(t, os.Chmod(file, 0o646))
			return file
		}, "is writable by everyone"},
		{"a file in a world-writable folder is refused", func(t *testing.T, dir, file string) string {
			require.NoError(t, os.Chmod(filepath.Dir(file), 0o777))
			return file
		}, "is writable by everyone"},
		{"a file in a group-writable grandparent folder is refused", func(t *testing.T, dir, file string) string {
			require.NoError(t, os.Chmod(dir, 0o775))
			return file
		}, "is writable by its group"},
		{"a file in a folder owned by another user is refused", func(t *testing.T, dir, file string) string {
			require.NoError(t, os.Chown(filepath.Dir(file), nobody, 0))
			return file
		}, "is owned by uid 65534"},
		{"a file in root's sticky world-writable folder is used", func(t *testing.T, dir, file string) string {
			require.NoError(t, os.Chmod(filepath.Dir(file), 0o777|os.ModeSticky))
			return file
		}, ""},
		{"a sticky world-writable folder owned by another user is refused", func(t *testing.T, dir, file string) string {
			require.NoError(t, os.Chmod(filepath.Dir(file), 0o777|os.ModeSticky))
			require.NoError(t, os.Chown(filepath.Dir(file), nobody, 0))
			return file
		}, "is owned by uid 65534"},
		{"a link from a good folder to a file in a writable folder is refused", func(t *testing.T, dir, file string) string {
			bad := filepath.Join(dir, "open")
			require.NoError(t, os.Mkdir(bad, 0o777))
			require.NoError(t, os.Chmod(bad, 0o777))
			real := filepath.Join(bad, "managed.json")
			require.NoError(t, os.Rename(file, real))
			require.NoError(t, os.Symlink(real, file))
			return file
		}, "is writable by everyone"},
		{"a link in a writable folder to a good file is refused", func(t *testing.T, dir, file string) string {
			bad := filepath.Join(dir, "open")
			require.NoError(t, os.Mkdir(bad, 0o777))
			require.NoError(t, os.Chmod(bad, 0o777))
			link := filepath.Join(bad, "managed.json")
			require.NoError(t, os.Symlink(file, link))
			return link
		}, "is writable by everyone"},
		{"a link owned by another user to a good file is refused", func(t *testing.T, dir, file string) string {
			link := filepath.Join(dir, "link.json")
			require.NoError(t, os.Symlink(file, link))
			require.NoError(t, os.Lchown(link, nobody, 0))
			return link
		}, "is a symbolic link not owned by root"},
		{"a root-owned link in root-owned folders to a good file is used", func(t *testing.T, dir, file string) string {
			link := filepath.Join(dir, "link.json")
			require.NoError(t, os.Symlink(file, link))
			return link
		}, ""},
		{"a folder instead of a file is refused", func(t *testing.T, dir, file string) string {
			return filepath.Dir(file)
		}, "is not a regular file"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			require.NoError(t, os.Chmod(dir, 0o755))
			etc := filepath.Join(dir, "etc", "toolgate")
			require.NoError(t, os.MkdirAll(etc, 0o755))
			file := filepath.Join(etc, "managed.json")
			require.NoError(t, os.WriteFile(file, []byte(`{"version": 1, "mode": "ask"}`), 0o644))
			user := filepath.Join(dir, "user.json")
			require.NoError(t, os.WriteFile(user, []byte(`{"version": 1, "mode": "deny", "tools": {}}`), 0o644))
			path := c.setup(t, dir, file)
			p, err := policyfile.LoadLayers(policyfile.Layers{Managed: path, User: user}, policyfile.Options{Home: dir})
			if c.why == "" {
				require.NoError(t, err)
				assert.Equal(t, "deny", string(p.File.Mode))
				return
			}
			require.Error(t, err)
			assert.Nil(t, p)
			assert.ErrorIs(t, err, policyfile.ErrRefused)
			assert.ErrorIs(t, err, policyfile.ErrManagedUntrusted)
			assert.Contains(t, err.Error(), c.why)
		})
	}
}
