//go:build linux

package roots

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// fuzzBase is the fixed part of every fuzzed tree: the read-write primary
// root ws, a read-only root nested in it, and folders beside it.
var fuzzBase = []string{"d ws/in", "d ws2", "d out", "f out/secret"}

// FuzzResolve builds a tree of folders, files and symbolic links from the
// input, resolves a path in it, and checks the answer against the kernel:
// whenever Resolve places a path inside a root, opening the same path with
// the kernel (after creating any missing part, which is where a write would
// go) must reach exactly the resolved path, and that path must be inside the
// root by filepath.Rel and filepath.IsLocal. When Resolve reports a loop or
// an unresolvable path, the kernel must fail to open the path too.
//
// The layout is the language of makeTree, one entry per line, with names
// relative to the primary root ws (../out/x is beside it); "$T" in a link
// target or in the path stands for the temp folder.
func FuzzResolve(f *testing.F) {
	var seed []string
	for _, e := range resolveTree {
		op, rest, _ := strings.Cut(e, " ")
		if r, ok := strings.CutPrefix(rest, "ws/"); ok {
			rest = r
		} else {
			rest = "../" + rest
		}
		seed = append(seed, op+" "+rest)
	}
	for _, tc := range resolveCases {
		f.Add(strings.Join(seed, "\n"), tc.path)
	}
	f.Add("l a -> ../out\nl b -> a/../ws/in", "b/../x")
	f.Add("d d\nl d/l -> ../../ws2", "d/l/../ws/in/x")
	f.Add("l x -> /proc/self/root$T/ws/in", "x/y")
	f.Add("l x -> x/y", "x")
	f.Fuzz(func(t *testing.T, layout, p string) {
		if len(layout) > 1536 || len(p) > 256 || strings.Count(layout, "\n") > 40 {
			return
		}
		dir := fuzzDir(t)
		if err := buildTree(dir, fuzzBase); err != nil {
			t.Fatal(err)
		}
		if err := fuzzTree(dir, layout); err != nil {
			return
		}
		s, err := NewSet([]Root{
			{ID: "ws", Path: filepath.Join(dir, "ws"), Access: ReadWrite, Primary: true, Source: Workspace},
			{ID: "in", Path: filepath.Join(dir, "ws/in"), Access: Read, Source: Workspace},
		})
		if err != nil {
			return // the layout replaced a root folder
		}
		p = strings.ReplaceAll(p, "$T", dir)
		tg, rerr := s.Resolve(p)
		switch {
		case rerr == nil, errors.Is(rerr, ErrOutsideRoots):
			checkAgainstKernel(t, s, dir, p, tg, rerr)
		case errors.Is(rerr, ErrLinkLoop), errors.Is(rerr, ErrUnresolvable):
			if errors.Is(rerr, ErrUnresolvable) && strings.Contains(rerr.Error(), "permission denied") {
				return
			}
			if real, err := kernelOpen(s, p); err == nil {
				t.Errorf("Resolve(%q) = %v, but the kernel opens %q", p, rerr, real)
			}
		case errors.Is(rerr, ErrInvalidPath):
		default:
			t.Errorf("Resolve(%q): unexpected error %v", p, rerr)
		}
	})
}

// fuzzDir returns a fresh canonical temp folder, on tmpfs when there is
// one: building trees is most of the cost of an iteration.
func fuzzDir(t *testing.T) string {
	base := ""
	if fi, err := os.Stat("/dev/shm"); err == nil && fi.IsDir() {
		base = "/dev/shm"
	}
	dir, err := os.MkdirTemp(base, "roots-fuzz-")
	if err != nil {
		dir = t.TempDir()
	} else {
		t.Cleanup(func() { os.RemoveAll(dir) })
	}
	dir, err = filepath.EvalSymlinks(dir)
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// fuzzTree applies layout lines, skipping malformed ones; names stay inside
// dir because entries are made through an os.Root.
func fuzzTree(dir, layout string) error {
	r, err := os.OpenRoot(dir)
	if err != nil {
		return err
	}
	defer r.Close()
	for _, line := range strings.Split(layout, "\n") {
		if strings.IndexByte(line, 0) >= 0 {
			continue
		}
		if op, rest, ok := strings.Cut(line, " "); ok {
			buildEntry(r, dir, op+" ws/"+rest)
		}
	}
	return nil
}

func checkAgainstKernel(t *testing.T, s *Set, dir, p string, tg Target, rerr error) {
	t.Helper()
	r := tg.Resolved
	if r == "" {
		t.Fatalf("Resolve(%q) = %v without a resolved path", p, rerr)
	}
	if rerr == nil {
		rel, err := filepath.Rel(tg.Root.Path, r)
		if err != nil || !(rel == "." || filepath.IsLocal(rel)) {
			t.Fatalf("Resolve(%q) = %q, which is not inside root %q (%q)", p, r, tg.Root.ID, rel)
		}
	}
	// Create what is missing, through an os.Root so nothing can escape the
	// temp folder: afterwards the kernel can open the path.
	if rel, err := filepath.Rel(dir, r); err == nil && filepath.IsLocal(rel) {
		if root, err := os.OpenRoot(dir); err == nil {
			if _, err := root.Lstat(rel); err != nil {
				root.MkdirAll(rel, 0o755)
			}
			root.Close()
		}
	}
	real, err := kernelOpen(s, p)
	if err != nil {
		if errors.Is(err, unix.ELOOP) || errors.Is(err, unix.ENAMETOOLONG) || errors.Is(err, unix.EACCES) {
			return // the kernel's limits are lower than ours
		}
		if rerr != nil && errors.Is(err, unix.ENOENT) {
			return // outside the temp folder, where nothing is created
		}
		t.Fatalf("Resolve(%q) = %q (%v), but the kernel cannot open it: %v", p, r, rerr, err)
	}
	if real != r {
		t.Fatalf("Resolve(%q) = %q, the kernel opens %q", p, r, real)
	}
	// The kernel's location, judged independently of Contains.
	for _, root := range s.Roots() {
		rel, err := filepath.Rel(root.Path, real)
		inside := err == nil && (rel == "." || filepath.IsLocal(rel))
		if inside && rerr != nil {
			t.Fatalf("Resolve(%q) says outside, the kernel opens %q inside root %q", p, real, root.ID)
		}
	}
}

// kernelOpen opens p (relative to the primary root) with O_PATH and asks the
// kernel where the descriptor points.
func kernelOpen(s *Set, p string) (string, error) {
	pr, _ := s.Primary()
	dfd, err := unix.Open(pr.Path, unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return "", err
	}
	defer unix.Close(dfd)
	fd, err := unix.Openat(dfd, p, unix.O_PATH|unix.O_CLOEXEC, 0)
	if err != nil {
		return "", err
	}
	defer unix.Close(fd)
	real, err := os.Readlink(fmt.Sprintf("/proc/self/fd/%d", fd))
	if err != nil {
		return "", err
	}
	return real, nil
}
