//go:build unix

package roots

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// foldingSys is the real file system read as a case-insensitive,
// normalizing one (macOS, an ext4 casefold folder) reads it: every name
// is looked up in lower case and composed.
// Names below dir only: the temporary folder's own name keeps its case.
type foldingSys struct {
	osSys
	dir string
}

func (f foldingSys) lstat(name string) (kind, error) {
	if rest, ok := strings.CutPrefix(name, f.dir); ok {
		name = f.dir + strings.ReplaceAll(strings.ToLower(rest), "e\u0301", "\u00e9")
	}
	return f.osSys.lstat(name)
}

// TestAliasOfANestedReadOnlyRootIsNotWritable: where the file system folds
// case or Unicode forms, /ws/RO/doc is the read-only root's /ws/ro/doc,
// though its spelling lies only in the read-write /ws.
func TestAliasOfANestedReadOnlyRootIsNotWritable(t *testing.T) {
	dir := makeTree(t, "f ws/ro/doc", "f ws/r\u00e9/doc", "f ws/other/doc")
	s, err := NewSet([]Root{
		{ID: "ws", Path: filepath.Join(dir, "ws"), Access: ReadWrite, Primary: true, Source: Workspace},
		{ID: "ro", Path: filepath.Join(dir, "ws/ro"), Access: Read, Source: UserGrant},
		{ID: "re", Path: filepath.Join(dir, "ws/r\u00e9"), Access: Read, Source: UserGrant},
	}, withPlatform(platform{}, foldingSys{dir: dir}))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"RO/doc", "Ro/new", "r\u00c9/doc", "re\u0301/doc", "re\u0301"} {
		tg, err := s.Resolve(p)
		if tg.Access.CanWrite() || !errors.Is(err, ErrOutsideRoots) {
			t.Errorf("Resolve(%q) = %q in %q (%s), %v; want outside: it names a read-only root's file", p, tg.Resolved, tg.Root.ID, tg.Access, err)
		}
	}
	for p, want := range map[string]string{"ro/doc": "ro", "r\u00e9/doc": "re", "other/doc": "ws", "rox/doc": "ws", "doc": "ws"} {
		if tg, err := s.Resolve(p); err != nil || tg.Root.ID != want {
			t.Errorf("Resolve(%q) = %q, %v; want root %q", p, tg.Root.ID, err, want)
		}
	}
}
