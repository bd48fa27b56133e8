//go:build unix

package roots

import (
	"errors"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// benchTree holds a 6-component path below the root with one symbolic link
// (a/l -> b), and a path whose last 2 components are missing.
func benchTree(b *testing.B) (s *Set, existing, missing string) {
	dir := makeTree(b, "d ws/a/b/c/d/e", "f ws/a/b/c/d/e/file.go", "l ws/a/l -> b")
	s, err := NewSet([]Root{{ID: "ws", Path: filepath.Join(dir, "ws"), Access: ReadWrite, Primary: true, Source: Workspace}})
	if err != nil {
		b.Fatal(err)
	}
	existing = filepath.Join(dir, "ws/a/l/c/d/e/file.go")
	missing = filepath.Join(dir, "ws/a/l/c/d/new/file.go")
	return s, existing, missing
}

// BenchmarkResolve measures Resolve side by side with filepath.EvalSymlinks
// on the same path. Names use key=value parts so that
//
//	benchstat -col /impl bench.txt
//
// puts the two in columns. EvalSymlinks cannot resolve a missing path: on
// path=missing-last-2 it stops with fs.ErrNotExist after the same Lstat
// calls, which is the floor Resolve is measured against.
func BenchmarkResolve(b *testing.B) {
	s, existing, missing := benchTree(b)
	for _, c := range []struct{ name, path string }{
		{"existing-6-with-link", existing},
		{"missing-last-2", missing},
	} {
		b.Run("path="+c.name+"/impl=EvalSymlinks", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := filepath.EvalSymlinks(c.path); err != nil && !errors.Is(err, fs.ErrNotExist) {
					b.Fatal(err)
				}
			}
		})
		b.Run("path="+c.name+"/impl=Resolve", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := s.Resolve(c.path); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkResolveRelative resolves the existing path given relative to the
// primary root, the common form in tool calls.
func BenchmarkResolveRelative(b *testing.B) {
	s, _, _ := benchTree(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.Resolve("a/l/c/d/e/file.go"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkResolveUnderRoot resolves an existing path eight names below a
// root three names deep (the temp folder, /tmp/BenchmarkX/001 on most
// systems), side by side with filepath.EvalSymlinks. Resolution starts at
// the canonical root, so it looks up the eight names below it only.
func BenchmarkResolveUnderRoot(b *testing.B) {
	dir := makeTree(b, "f a/b/c/d/e/f/g/file")
	if n := strings.Count(dir, "/"); n != 3 {
		b.Logf("the root is %d names deep, not 3: %s", n, dir)
	}
	s, err := NewSet([]Root{{ID: "ws", Path: dir, Access: ReadWrite, Primary: true, Source: Workspace}})
	if err != nil {
		b.Fatal(err)
	}
	p := filepath.Join(dir, "a/b/c/d/e/f/g/file")
	b.Run("path=8-under-root-3/impl=EvalSymlinks", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := filepath.EvalSymlinks(p); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("path=8-under-root-3/impl=Resolve", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := s.Resolve(p); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("path=8-under-root-3/impl=ResolveBudget", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := s.ResolveBudget(p, &Budget{}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
