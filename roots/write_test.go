//go:build unix

package roots

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestWriteTarget(t *testing.T) {
	f, dir := openFiles(t)
	ws := filepath.Join(dir, "ws")
	decide := func(t *testing.T, p string) Target {
		t.Helper()
		tg, err := f.Set().Resolve(p)
		if err != nil && !errors.Is(err, ErrOutsideRoots) {
			t.Fatal(err)
		}
		return tg
	}
	read := func(t *testing.T, p string) string {
		t.Helper()
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	// held is what a delegated agent holds: ws/a read-only, ws/a/b read-write.
	held, err := NewSet([]Root{
		{ID: "a", Path: filepath.Join(ws, "a"), Access: Read, Primary: true, Source: Workspace},
		{ID: "b", Path: filepath.Join(ws, "a/b"), Access: ReadWrite, Source: UserGrant},
	})
	if err != nil {
		t.Fatal(err)
	}

	t.Run("a new file is created at the decided target", func(t *testing.T) {
		tg := decide(t, "a/new.txt")
		if err := f.WriteTarget(tg, []byte("one")); err != nil {
			t.Fatal(err)
		}
		if got := read(t, filepath.Join(ws, "a/new.txt")); got != "one" {
			t.Errorf("content %q", got)
		}
		fi, _ := os.Stat(filepath.Join(ws, "a/new.txt"))
		if fi.Mode().Perm()&^DefaultWritePerm != 0 {
			t.Errorf("mode %v exceeds %v", fi.Mode().Perm(), DefaultWritePerm)
		}
	})
	t.Run("WithPerm sets the new file's permission", func(t *testing.T) {
		if err := f.WriteTarget(decide(t, "a/private.txt"), nil, WithPerm(0o600)); err != nil {
			t.Fatal(err)
		}
		if fi, _ := os.Stat(filepath.Join(ws, "a/private.txt")); fi.Mode().Perm() != 0o600 {
			t.Errorf("mode %v, want 0600", fi.Mode().Perm())
		}
	})
	t.Run("an existing file is never replaced without a version", func(t *testing.T) {
		err := f.WriteTarget(decide(t, "file"), []byte("overwritten"))
		if !errors.Is(err, fs.ErrExist) {
			t.Errorf("error = %v, want fs.ErrExist", err)
		}
		if got := read(t, filepath.Join(ws, "file")); got != "ws/file" {
			t.Errorf("file now holds %q", got)
		}
	})
	t.Run("Replacing replaces the file read as that version", func(t *testing.T) {
		_, v, err := f.ReadFile("file")
		if err != nil {
			t.Fatal(err)
		}
		if err := f.WriteTarget(decide(t, "file"), []byte("v2"), Replacing(v)); err != nil {
			t.Fatal(err)
		}
		if got := read(t, filepath.Join(ws, "file")); got != "v2" {
			t.Errorf("file holds %q", got)
		}
		err = f.WriteTarget(decide(t, "file"), []byte("v3"), Replacing(v))
		if !errors.Is(err, ErrChanged) {
			t.Errorf("replacing with a stale version: %v, want ErrChanged", err)
		}
		if err := f.WriteTarget(decide(t, "file"), []byte("v3"), Replacing(Version{})); !errors.Is(err, ErrChanged) {
			t.Errorf("replacing with the zero version: %v, want ErrChanged", err)
		}
	})
	for _, tc := range []struct {
		name string
		path string
		opts []WriteOption
		err  error
	}{
		{name: "a target in a read-only root is refused", path: "ro/new", err: ErrReadOnly},
		{name: "a target through a link into a read-only root is refused", path: "to-docs/new", err: ErrReadOnly},
		{name: "a target outside every root is refused", path: "out/new", err: ErrOutsideRoots},
		{name: "a target outside the held roots is refused", path: "new2", opts: []WriteOption{HeldBy(held)}, err: ErrOutsideRoots},
		{name: "a target outside every held root is refused", path: "../docs/new", opts: []WriteOption{HeldBy(held)}, err: ErrOutsideRoots},
		{name: "a target in a held read-only root is refused", path: "a/held-ro", opts: []WriteOption{HeldBy(held)}, err: ErrReadOnly},
		{name: "a nil held set holds nothing", path: "a/b/none", opts: []WriteOption{HeldBy(nil)}, err: ErrOutsideRoots},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tg := decide(t, tc.path)
			err := f.WriteTarget(tg, []byte("x"), tc.opts...)
			var pe *PathError
			if !errors.Is(err, tc.err) || !errors.As(err, &pe) || pe.Path != tc.path || pe.Op != "write-target" {
				t.Fatalf("error = %v, want a write-target *PathError for %q matching %v", err, tc.path, tc.err)
			}
			if _, err := os.Lstat(tg.Resolved); err == nil {
				t.Errorf("%s was written", tg.Resolved)
			}
		})
	}
	t.Run("a target in a held read-write root is written", func(t *testing.T) {
		if err := f.WriteTarget(decide(t, "a/b/held.txt"), []byte("ok"), HeldBy(held)); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("a target whose folder became a link since the decision is refused", func(t *testing.T) {
		tg := decide(t, "swap/x")
		if err := os.Symlink(filepath.Join(dir, "outside"), filepath.Join(ws, "swap")); err != nil {
			t.Fatal(err)
		}
		err := f.WriteTarget(tg, []byte("x"))
		if !errors.Is(err, ErrChanged) && !errors.Is(err, ErrOutsideRoots) {
			t.Fatalf("error = %v, want ErrChanged or ErrOutsideRoots", err)
		}
		if _, err := os.Lstat(filepath.Join(dir, "outside/x")); err == nil {
			t.Error("the write went through the new link")
		}
	})
	t.Run("a target that now resolves elsewhere inside the root is refused", func(t *testing.T) {
		tg := decide(t, "moved/x")
		if err := os.Symlink("a", filepath.Join(ws, "moved")); err != nil {
			t.Fatal(err)
		}
		err := f.WriteTarget(tg, []byte("x"))
		if !errors.Is(err, ErrChanged) || !strings.Contains(err.Error(), "now resolves to") {
			t.Fatalf("error = %v, want ErrChanged naming the new place", err)
		}
	})
	t.Run("a target whose resolved path is invalid is refused and named", func(t *testing.T) {
		err := f.WriteTarget(Target{Value: "a/x", Resolved: ws + "/a/\x00x"}, []byte("x"))
		var pe *PathError
		if !errors.Is(err, ErrInvalidPath) || !errors.As(err, &pe) || pe.Path != "a/x" || pe.Resolved != ws+"/a/\x00x" {
			t.Fatalf("error = %#v, want ErrInvalidPath naming the value and the resolved path", err)
		}
	})
	t.Run("a target without a resolved path is refused", func(t *testing.T) {
		err := f.WriteTarget(Target{Value: "a/x"}, []byte("x"))
		if !errors.Is(err, ErrInvalidPath) {
			t.Fatalf("error = %v, want ErrInvalidPath", err)
		}
	})
	t.Run("the root folder itself is never created", func(t *testing.T) {
		if err := f.WriteTarget(decide(t, "."), []byte("x")); !errors.Is(err, fs.ErrExist) {
			t.Fatalf("error = %v, want fs.ErrExist", err)
		}
	})
}

func TestFilesRefuse(t *testing.T) {
	f, _ := openFiles(t)
	long := strings.Repeat("a/", maxPathLen/2+1)
	for _, tc := range []struct {
		name string
		path string
		flag int
		err  error
	}{
		{name: "write-only in a read-only root is refused", path: "ro/doc", flag: os.O_WRONLY, err: ErrReadOnly},
		{name: "read-write in a read-only root is refused", path: "ro/doc", flag: os.O_RDWR, err: ErrReadOnly},
		{name: "append in a read-only root is refused", path: "ro/doc", flag: os.O_WRONLY | os.O_APPEND, err: ErrReadOnly},
		{name: "truncate in a read-only root is refused", path: "ro/doc", flag: os.O_RDONLY | os.O_TRUNC, err: ErrReadOnly},
		{name: "create in a read-only root is refused", path: "ro/new", flag: os.O_RDONLY | os.O_CREATE, err: ErrReadOnly},
		{name: "read-write through a link into a read-only root is refused", path: "to-ro/doc", flag: os.O_RDWR, err: ErrReadOnly},
		{name: "a NUL byte at the start of a path is invalid", path: "\x00file", flag: os.O_RDONLY, err: ErrInvalidPath},
		{name: "a NUL byte in a path is invalid", path: "fi\x00le", flag: os.O_RDONLY, err: ErrInvalidPath},
		{name: "an empty path is invalid", path: "", flag: os.O_RDONLY, err: ErrInvalidPath},
		{name: "a path over the length limit is invalid", path: long, flag: os.O_RDONLY, err: ErrInvalidPath},
	} {
		t.Run(tc.name, func(t *testing.T) {
			file, _, err := f.OpenFile(tc.path, tc.flag, 0o644)
			if err == nil {
				file.Close()
			}
			if !errors.Is(err, tc.err) {
				t.Fatalf("OpenFile(%.20q, %#x) = %v, want %v", tc.path, tc.flag, err, tc.err)
			}
		})
	}
	t.Run("reading in a read-only root is allowed", func(t *testing.T) {
		file, _, err := f.OpenFile("ro/doc", os.O_RDONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		file.Close()
	})
	t.Run("an over-long path is cut in the error", func(t *testing.T) {
		_, err := f.Set().Resolve(long)
		var pe *PathError
		if !errors.As(err, &pe) || len(pe.Path) != 67 || !strings.HasSuffix(pe.Path, "...") || !strings.Contains(pe.Detail, "longer than 32768 bytes") {
			t.Fatalf("error = %v, want the path cut to 64 bytes and the limit named", err)
		}
		if _, err := f.Set().Resolve(long[:maxPathLen]); errors.Is(err, ErrInvalidPath) {
			t.Errorf("a path of exactly %d bytes is invalid: %v", maxPathLen, err)
		}
	})
}

func TestPathErrorText(t *testing.T) {
	for _, tc := range []struct {
		name string
		err  *PathError
		want string
	}{
		{"a resolved path that differs is named", &PathError{Op: "resolve", Path: "a", Resolved: "/ws/a", Err: ErrOutsideRoots},
			`roots: resolve "a": outside every root (resolves to "/ws/a")`},
		{"a resolved path equal to the path is not repeated", &PathError{Op: "resolve", Path: "/ws/a", Resolved: "/ws/a", Err: ErrOutsideRoots},
			`roots: resolve "/ws/a": outside every root`},
		{"no resolved path, no mention", &PathError{Op: "open", Path: "a", Err: ErrInvalidPath, Detail: "contains a NUL byte"},
			`roots: open "a": invalid path: contains a NUL byte`},
		{"a Windows path is quoted as written", &PathError{Op: "open", Path: `C:\ws\a`, Err: ErrInvalidPath},
			`roots: open "C:\ws\a": invalid path`},
		{"a path with a quote is quoted with escapes", &PathError{Op: "open", Path: `a"b`, Err: ErrInvalidPath},
			`roots: open "a\"b": invalid path`},
		{"a path with DEL is quoted with escapes", &PathError{Op: "open", Path: "a\x7fb", Err: ErrInvalidPath},
			`roots: open "a\x7fb": invalid path`},
		{"a path with control characters is quoted with escapes", &PathError{Op: "open", Path: "a\nb", Err: ErrInvalidPath},
			`roots: open "a\nb": invalid path`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.err.Error(); got != tc.want {
				t.Errorf("Error() = %s, want %s", got, tc.want)
			}
		})
	}
}

func TestVersionIsZero(t *testing.T) {
	for _, tc := range []struct {
		name string
		v    Version
		want bool
	}{
		{"the zero Version is zero", Version{}, true},
		{"a Version with a size is not zero", Version{Size: 1}, false},
		{"a Version with a time is not zero", Version{ModTime: time.Unix(1, 0)}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.v.IsZero(); got != tc.want {
				t.Errorf("IsZero() = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestReplaceRefusesAnotherFileWithTheSameContent(t *testing.T) {
	f, dir := openFiles(t)
	p := filepath.Join(dir, "ws/file")
	_, v, err := f.ReadFile("file")
	if err != nil {
		t.Fatal(err)
	}
	// Another file (another inode) with the same content, size and time
	// takes its place.
	fi, _ := os.Stat(p)
	other := filepath.Join(dir, "ws/other")
	if err := os.WriteFile(other, []byte("ws/file"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(other, fi.ModTime(), fi.ModTime()); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(other, p); err != nil {
		t.Fatal(err)
	}
	if err := f.Replace("file", []byte("new"), v); !errors.Is(err, ErrChanged) {
		t.Fatalf("Replace after the file was swapped: %v, want ErrChanged", err)
	}
	if err := f.WriteTarget(Target{Value: "file", Resolved: p}, []byte("new"), Replacing(v)); !errors.Is(err, ErrChanged) {
		t.Fatalf("WriteTarget after the file was swapped: %v, want ErrChanged", err)
	}
}

func TestWriteDetails(t *testing.T) {
	f, dir := openFiles(t)
	ws := filepath.Join(dir, "ws")
	t.Run("a replaced file keeps permission bits the umask would strip", func(t *testing.T) {
		p := filepath.Join(ws, "shared.txt")
		if err := os.WriteFile(p, []byte("v1"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(p, 0o666); err != nil {
			t.Fatal(err)
		}
		_, v, err := f.ReadFile("shared.txt")
		if err != nil {
			t.Fatal(err)
		}
		if err := f.Replace("shared.txt", []byte("v2"), v); err != nil {
			t.Fatal(err)
		}
		if fi, _ := os.Stat(p); fi.Mode().Perm() != 0o666 {
			t.Errorf("mode after Replace = %v, want 0666", fi.Mode().Perm())
		}
	})
	t.Run("a backslash is part of a Unix file name", func(t *testing.T) {
		if err := f.CreateNew(`back\slash.txt`, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(filepath.Join(ws, `back\slash.txt`)); err != nil {
			t.Error(err)
		}
	})
}
