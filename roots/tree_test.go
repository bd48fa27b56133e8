package roots

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A tree is described in a small layout language, one entry per string:
//
//	"d a/b"      folder (with parents)
//	"f a/file"   empty file (with parents)
//	"l a/x -> t" symbolic link a/x with target t
//
// "$T" in a target stands for the canonical temp folder. Entries are created
// through an os.Root on the temp folder, so a link made earlier can never
// send a later entry outside it.
func makeTree(t testing.TB, entries ...string) string {
	t.Helper()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := buildTree(dir, entries); err != nil {
		t.Fatal(err)
	}
	return dir
}

func buildTree(dir string, entries []string) error {
	r, err := os.OpenRoot(dir)
	if err != nil {
		return err
	}
	defer r.Close()
	for _, e := range entries {
		if err := buildEntry(r, dir, e); err != nil {
			return err
		}
	}
	return nil
}

func buildEntry(r *os.Root, dir, e string) error {
	op, rest, ok := strings.Cut(e, " ")
	if !ok {
		return &os.PathError{Op: "layout", Path: e, Err: os.ErrInvalid}
	}
	switch op {
	case "d":
		return r.MkdirAll(rest, 0o755)
	case "f":
		if d := filepath.Dir(rest); d != "." {
			if err := r.MkdirAll(d, 0o755); err != nil {
				return err
			}
		}
		return r.WriteFile(rest, []byte(rest), 0o644)
	case "l":
		name, target, ok := strings.Cut(rest, " -> ")
		if !ok {
			return &os.PathError{Op: "layout", Path: e, Err: os.ErrInvalid}
		}
		if d := filepath.Dir(name); d != "." {
			if err := r.MkdirAll(d, 0o755); err != nil {
				return err
			}
		}
		return r.Symlink(strings.ReplaceAll(target, "$T", dir), name)
	}
	return &os.PathError{Op: "layout", Path: e, Err: os.ErrInvalid}
}
