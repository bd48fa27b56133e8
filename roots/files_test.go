//go:build unix

package roots

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func openFiles(t *testing.T) (*Files, string) {
	t.Helper()
	dir := makeTree(t, resolveTree...)
	f, err := OpenFiles(resolveSet(t, dir))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f, dir
}

func TestFilesAccess(t *testing.T) {
	f, dir := openFiles(t)
	t.Run("reads go through the containing root", func(t *testing.T) {
		file, tg, err := f.Open("to-docs/readme")
		if err != nil {
			t.Fatal(err)
		}
		defer file.Close()
		b, _ := io.ReadAll(file)
		if string(b) != "docs/readme" || tg.Root.ID != "docs" {
			t.Errorf("read %q from %q", b, tg.Root.ID)
		}
	})
	t.Run("writes under a read-only root are refused", func(t *testing.T) {
		for _, p := range []string{"to-docs/readme", "ro/new", "to-ro/doc"} {
			if _, _, err := f.OpenFile(p, os.O_WRONLY|os.O_CREATE, 0o644); !errors.Is(err, ErrReadOnly) {
				t.Errorf("OpenFile(%q) for writing: %v, want ErrReadOnly", p, err)
			}
			if err := f.CreateNew(p, nil, 0o644); !errors.Is(err, ErrReadOnly) {
				t.Errorf("CreateNew(%q): %v, want ErrReadOnly", p, err)
			}
		}
		if err := f.MkdirAll("ro/sub", 0o755); !errors.Is(err, ErrReadOnly) {
			t.Errorf("MkdirAll in a read-only root: %v", err)
		}
	})
	t.Run("paths outside every root are refused", func(t *testing.T) {
		if _, _, err := f.Open("out/secret"); !errors.Is(err, ErrOutsideRoots) {
			t.Errorf("got %v", err)
		}
		if _, err := f.Stat("../ws2/secret"); !errors.Is(err, ErrOutsideRoots) {
			t.Errorf("got %v", err)
		}
	})
	t.Run("a write lands at the resolved place", func(t *testing.T) {
		if err := f.MkdirAll("new/deeper", 0o755); err != nil {
			t.Fatal(err)
		}
		file, tg, err := f.OpenFile("new/deeper/x.txt", os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			t.Fatal(err)
		}
		file.Close()
		if tg.Resolved != filepath.Join(dir, "ws/new/deeper/x.txt") {
			t.Errorf("resolved %q", tg.Resolved)
		}
		if fi, err := f.Stat("new/deeper/x.txt"); err != nil || !fi.Mode().IsRegular() {
			t.Errorf("Stat = %v, %v", fi, err)
		}
	})
}

// TestFilesSwapBetweenCheckAndUse replaces a checked folder with a link out
// of the root after the check: the access must fail rather than follow it.
func TestFilesSwapBetweenCheckAndUse(t *testing.T) {
	f, dir := openFiles(t)
	if err := os.MkdirAll(filepath.Join(dir, "ws/swap"), 0o755); err != nil {
		t.Fatal(err)
	}
	f.afterCheck = func() {
		os.RemoveAll(filepath.Join(dir, "ws/swap"))
		os.Symlink(filepath.Join(dir, "outside"), filepath.Join(dir, "ws/swap"))
	}
	defer func() { f.afterCheck = nil }()
	file, _, err := f.OpenFile("swap/secret", os.O_RDWR|os.O_CREATE, 0o644)
	if err == nil {
		file.Close()
		t.Fatal("the open followed a link swapped in after the check")
	}
	b, _ := os.ReadFile(filepath.Join(dir, "outside/secret"))
	if string(b) != "outside/secret" {
		t.Errorf("the file outside changed: %q", b)
	}
	// Without os.Root, the same sequence writes outside: the check alone
	// is not enough.
	os.Remove(filepath.Join(dir, "ws/swap"))
	os.MkdirAll(filepath.Join(dir, "ws/swap"), 0o755)
	tg, err := f.Set().Resolve("swap/secret")
	if err != nil {
		t.Fatal(err)
	}
	f.afterCheck()
	if fi, err := os.Stat(tg.Resolved); err != nil || !fi.Mode().IsRegular() {
		t.Errorf("expected the plain path to reach the outside file: %v", err)
	}
}

func TestCreateNewNeverReplaces(t *testing.T) {
	f, dir := openFiles(t)
	if err := f.CreateNew("pub.txt", []byte("one"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := f.CreateNew("pub.txt", []byte("two"), 0o600); !errors.Is(err, fs.ErrExist) {
		t.Errorf("second CreateNew: %v, want fs.ErrExist", err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "ws/pub.txt")); string(b) != "one" {
		t.Errorf("content = %q, want the first", b)
	}
	if err := f.CreateNew("file", []byte("x"), 0o600); !errors.Is(err, fs.ErrExist) {
		t.Errorf("CreateNew over an existing file: %v", err)
	}
	// A dangling link is followed to where the write lands; that place is
	// free, so the file is created there, not over the link.
	if err := f.CreateNew("dangling", []byte("d"), 0o600); err == nil {
		t.Error("CreateNew through a dangling link into a missing folder succeeded")
	}
	if err := os.MkdirAll(filepath.Join(dir, "ws/missing/deeper"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := f.CreateNew("dangling", []byte("d"), 0o600); err != nil {
		t.Errorf("CreateNew through a dangling link: %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "ws/missing/deeper/file")); string(b) != "d" {
		t.Errorf("dangling target content = %q", b)
	}
	if err := f.CreateNew(".", nil, 0o600); !errors.Is(err, fs.ErrExist) {
		t.Errorf("CreateNew of the root: %v", err)
	}
	ents, _ := os.ReadDir(filepath.Join(dir, "ws"))
	for _, e := range ents {
		if strings.Contains(e.Name(), ".toolgate-") {
			t.Errorf("staged file left behind: %s", e.Name())
		}
	}
}

func TestReplaceRefusesChangedFiles(t *testing.T) {
	f, dir := openFiles(t)
	path := filepath.Join(dir, "ws/edit.txt")
	if err := os.WriteFile(path, []byte("v1"), 0o640); err != nil {
		t.Fatal(err)
	}
	os.Chmod(path, 0o640)
	data, v, err := f.ReadFile("edit.txt")
	if err != nil || string(data) != "v1" || v.Size != 2 {
		t.Fatalf("ReadFile = %q, %+v, %v", data, v, err)
	}
	if err := f.Replace("edit.txt", []byte("v2"), v); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "v2" {
		t.Errorf("content = %q", b)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o640 {
		t.Errorf("mode = %v, want 0640 kept", fi.Mode().Perm())
	}
	// The old version no longer matches: the file was replaced.
	if err := f.Replace("edit.txt", []byte("v3"), v); !errors.Is(err, ErrChanged) {
		t.Errorf("replace with a stale version: %v, want ErrChanged", err)
	}
	// A change in place with the same size and time is caught by the hash.
	_, v2, _ := f.ReadFile("edit.txt")
	fi, _ := os.Stat(path)
	os.WriteFile(path, []byte("XX"), 0o640)
	os.Chtimes(path, time.Time{}, fi.ModTime())
	if err := f.Replace("edit.txt", []byte("v3"), v2); !errors.Is(err, ErrChanged) {
		t.Errorf("replace after a same-size same-time change: %v, want ErrChanged", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "XX" {
		t.Errorf("the changed file was overwritten: %q", b)
	}
	os.Remove(path)
	if err := f.Replace("edit.txt", []byte("v4"), v2); !errors.Is(err, ErrChanged) {
		t.Errorf("replace of a removed file: %v", err)
	}
	if err := f.Replace("file", []byte("x"), Version{}); !errors.Is(err, ErrChanged) {
		t.Errorf("replace without a version: %v", err)
	}
	if _, v, err := f.ReadFile("to-docs/readme"); err != nil {
		t.Fatal(err)
	} else if err := f.Replace("to-docs/readme", nil, v); !errors.Is(err, ErrReadOnly) {
		t.Errorf("replace in a read-only root: %v", err)
	}
}

// TestWritesDoNotGoThroughHardLinks: a hard link in a read-write root to a
// file outside it (or in a read-only root) is, by its name, inside; a write
// opened through it would change the other names too.
func TestWritesDoNotGoThroughHardLinks(t *testing.T) {
	f, dir := openFiles(t)
	ws := filepath.Join(dir, "ws")
	if err := os.Link(filepath.Join(dir, "outside/secret"), filepath.Join(ws, "hl-out")); err != nil {
		t.Skip("no hard links here:", err)
	}
	if err := os.Link(filepath.Join(ws, "ro/doc"), filepath.Join(ws, "hl-ro")); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"hl-out", "hl-ro"} {
		if tg, err := f.Set().Resolve(p); err != nil || !tg.Access.CanWrite() {
			t.Fatalf("%s: %+v, %v: the layout should look writable", p, tg, err)
		}
		for _, flag := range []int{os.O_WRONLY | os.O_TRUNC, os.O_RDWR, os.O_WRONLY | os.O_APPEND, os.O_WRONLY | os.O_CREATE | os.O_TRUNC} {
			file, _, err := f.OpenFile(p, flag, 0o644)
			if err == nil {
				file.WriteString("written")
				file.Close()
			}
			if !errors.Is(err, ErrUnresolvable) || !strings.Contains(err.Error(), "hard links") {
				t.Errorf("OpenFile(%q, %#x) = %v, want ErrUnresolvable naming the hard links", p, flag, err)
			}
		}
	}
	for name, want := range map[string]string{"outside/secret": "outside/secret", "ws/ro/doc": "ws/ro/doc"} {
		if b, _ := os.ReadFile(filepath.Join(dir, name)); string(b) != want {
			t.Errorf("%s now holds %q", name, b)
		}
	}
	// Replace writes a new file under this name alone: the other stays.
	_, v, err := f.ReadFile("hl-out")
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Replace("hl-out", []byte("new"), v); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "outside/secret")); string(b) != "outside/secret" {
		t.Errorf("Replace wrote through the hard link: %q", b)
	}
	// A file with one name is written, and truncated when asked.
	file, _, err := f.OpenFile("hl-out", os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		t.Fatal(err)
	}
	file.WriteString("x")
	file.Close()
	if b, _ := os.ReadFile(filepath.Join(ws, "hl-out")); string(b) != "x" {
		t.Errorf("a single-link file holds %q after a truncating write, want %q", b, "x")
	}
}
