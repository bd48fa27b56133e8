//go:build unix

package roots

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// resolveTree is the tree most resolution tests run over. Roots: ws
// (read-write, primary, given through the link wslink), ws/ro (read, nested)
// and docs (read). ws2 sits beside ws and is outside.
var resolveTree = []string{
	"d ws/a/b/c",
	"f ws/file",
	"f ws/ro/doc",
	"f ws2/secret",
	"d outside/dir",
	"f outside/secret",
	"f docs/readme",
	"l wslink -> ws",
	"l ws/out -> $T/outside",
	"l ws/rel-out -> ../outside",
	"l ws/to-docs -> ../docs",
	"l ws/to-ro -> ro",
	"l ws/to-ws2 -> ../ws2",
	"l ws/dangling -> missing/deeper/file",
	"l ws/dangling-out -> $T/outside/new/file",
	"l ws/dangling-up -> nothing/../../outside",
	"l ws/loop1 -> loop2",
	"l ws/loop2 -> loop1",
	"l ws/self -> self",
	"l ws/chain1 -> chain2",
	"l ws/chain2 -> ./chain3",
	"l ws/chain3 -> a/b",
	"l ws/a/up -> ..",
	"l ws/a/upup -> ../..",
	"l ws/a/dirlink -> $T/outside/dir",
	"l ws/file-link -> file",
	"l ws/empty-dir-link -> a/b/",
	"l ws/proc -> /proc/self/root",
	"l ws/procetc -> /proc/self/root/etc",
	"l ws/abs-in -> $T/ws/a",
	"l ws/via-root-link -> $T/wslink/a",
}

func resolveSet(t testing.TB, dir string, opts ...Option) *Set {
	t.Helper()
	s, err := NewSet([]Root{
		{ID: "ws", Path: filepath.Join(dir, "wslink"), Access: ReadWrite, Primary: true, Source: Workspace},
		{ID: "ro", Path: filepath.Join(dir, "ws", "ro"), Access: Read, Source: UserGrant},
		{ID: "docs", Path: filepath.Join(dir, "docs"), Access: Read, Source: Task},
	}, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

type resolveCase struct {
	name string
	path string // "$T" is the temp folder
	want string // resolved path; "$T" is the temp folder; "" when the error carries none
	root string // containing root ID; "" when outside
	err  error
	goos string // run only there
}

var resolveCases = []resolveCase{
	{name: "a relative path resolves against the primary root", path: "a/b/c", want: "$T/ws/a/b/c", root: "ws"},
	{name: "an absolute path inside the primary root", path: "$T/ws/a", want: "$T/ws/a", root: "ws"},
	{name: "the root folder itself", path: "$T/ws", want: "$T/ws", root: "ws"},
	{name: "a dot is the primary root", path: ".", want: "$T/ws", root: "ws"},
	{name: "double and trailing slashes are ignored", path: "$T//ws///a//b/c//", want: "$T/ws/a/b/c", root: "ws"},
	{name: "dot components are ignored", path: "./a/./b/.", want: "$T/ws/a/b", root: "ws"},
	{name: "an existing file", path: "file", want: "$T/ws/file", root: "ws"},
	{name: "a trailing slash after a file is not a folder", path: "file/", err: ErrUnresolvable},
	{name: "a path through a file is unresolvable", path: "file/x", err: ErrUnresolvable},
	{name: "dot-dot after a file is unresolvable", path: "file/../a", err: ErrUnresolvable},
	{name: "a path through a link to a file is unresolvable", path: "file-link/x", err: ErrUnresolvable},
	{name: "a link to a file resolves to the file", path: "file-link", want: "$T/ws/file", root: "ws"},
	{name: "a missing leaf resolves through its parent", path: "new.txt", want: "$T/ws/new.txt", root: "ws"},
	{name: "a missing multi-level subtree resolves through the nearest ancestor", path: "a/x/y/z/new.txt", want: "$T/ws/a/x/y/z/new.txt", root: "ws"},
	{name: "a missing subtree with a trailing slash", path: "x/y/", want: "$T/ws/x/y", root: "ws"},
	{name: "dot-dot after a missing name is unresolvable, as the kernel fails there", path: "x/y/../../a/b", err: ErrUnresolvable},
	{name: "dot-dot right after a missing leaf is unresolvable", path: "x/..", err: ErrUnresolvable},
	{name: "dot-dot after a missing name cannot climb out", path: "x/../../outside/secret", err: ErrUnresolvable},
	{name: "a dangling link whose target climbs out of a missing name", path: "dangling-up", err: ErrUnresolvable},
	{name: "an absolute link out of the root", path: "out/secret", want: "$T/outside/secret", err: ErrOutsideRoots},
	{name: "a relative link out of the root", path: "rel-out/secret", want: "$T/outside/secret", err: ErrOutsideRoots},
	{name: "the link out itself", path: "out", want: "$T/outside", err: ErrOutsideRoots},
	{name: "a missing file under a link out", path: "out/new/file", want: "$T/outside/new/file", err: ErrOutsideRoots},
	{name: "a link into a read-only root takes that root", path: "to-docs/readme", want: "$T/docs/readme", root: "docs"},
	{name: "a link into a nested read-only root takes the nested root", path: "to-ro/doc", want: "$T/ws/ro/doc", root: "ro"},
	{name: "the nested root is more specific than its parent", path: "ro/new", want: "$T/ws/ro/new", root: "ro"},
	{name: "dot-dot out of a nested root returns to the outer root", path: "ro/../file", want: "$T/ws/file", root: "ws"},
	{name: "a dangling link is followed to where a write lands", path: "dangling", want: "$T/ws/missing/deeper/file", root: "ws"},
	{name: "a dangling link out of the root", path: "dangling-out", want: "$T/outside/new/file", err: ErrOutsideRoots},
	{name: "a two-link loop is an error, not a hang", path: "loop1", err: ErrLinkLoop},
	{name: "a self loop in the middle of a path", path: "self/x", err: ErrLinkLoop},
	{name: "a link loop is also unresolvable", path: "loop2/a", err: ErrUnresolvable},
	{name: "a chain of links", path: "chain1/c", want: "$T/ws/a/b/c", root: "ws"},
	{name: "a link to the parent", path: "a/up/file", want: "$T/ws/file", root: "ws"},
	{name: "a link to the grandparent leaves the root", path: "a/upup/ws2", want: "$T/ws2", err: ErrOutsideRoots},
	{name: "dot-dot applies to the link target, not the link name", path: "a/dirlink/../secret", want: "$T/outside/secret", err: ErrOutsideRoots},
	{name: "dot-dot after a link out, in an absolute path", path: "$T/ws/a/dirlink/../secret", want: "$T/outside/secret", err: ErrOutsideRoots},
	{name: "dot-dot climbing above the root", path: "../outside/secret", want: "$T/outside/secret", err: ErrOutsideRoots},
	{name: "dot-dot climbing past the file system root stops at /", path: "../../../../../../../../../../../..", want: "/", err: ErrOutsideRoots},
	{name: "a folder beside the root with a common prefix is outside", path: "$T/ws2/secret", want: "$T/ws2/secret", err: ErrOutsideRoots},
	{name: "a link to the folder beside the root", path: "to-ws2/secret", want: "$T/ws2/secret", err: ErrOutsideRoots},
	{name: "dot-dot to the folder beside the root", path: "../ws2", want: "$T/ws2", err: ErrOutsideRoots},
	{name: "an absolute link back inside", path: "abs-in/b", want: "$T/ws/a/b", root: "ws"},
	{name: "a path through the link the root was given as", path: "$T/wslink/file", want: "$T/ws/file", root: "ws"},
	{name: "a link through the root's link", path: "via-root-link/b", want: "$T/ws/a/b", root: "ws"},
	{name: "a link target with a trailing slash", path: "empty-dir-link", want: "$T/ws/a/b", root: "ws"},
	{name: "a link to /proc/self/root lands at /", path: "proc/etc/passwd", want: "/etc/passwd", err: ErrOutsideRoots, goos: "linux"},
	{name: "a link to /proc/self/root/etc lands in /etc", path: "procetc/passwd", want: "/etc/passwd", err: ErrOutsideRoots, goos: "linux"},
	{name: "/proc/self/root back into the root is inside, where the kernel lands", path: "proc$T/ws/file", want: "$T/ws/file", root: "ws", goos: "linux"},
	{name: "/proc/self/root to outside", path: "/proc/self/root$T/outside/secret", want: "$T/outside/secret", err: ErrOutsideRoots, goos: "linux"},
	{name: "an empty path is invalid", path: "", err: ErrInvalidPath},
	{name: "a NUL byte is invalid", path: "a/\x00/b", err: ErrInvalidPath},
	{name: "invalid UTF-8 is a valid Unix name", path: "a/\xff", want: "$T/ws/a/\xff", root: "ws"},
}

func TestResolve(t *testing.T) {
	dir := makeTree(t, resolveTree...)
	s := resolveSet(t, dir)
	for _, tc := range resolveCases {
		t.Run(tc.name, func(t *testing.T) {
			if tc.goos != "" && tc.goos != runtime.GOOS {
				t.Skip("needs", tc.goos)
			}
			p := strings.ReplaceAll(tc.path, "$T", dir)
			want := strings.ReplaceAll(tc.want, "$T", dir)
			got, err := s.Resolve(p)
			if !errors.Is(err, tc.err) {
				t.Fatalf("Resolve(%q) error = %v, want %v", p, err, tc.err)
			}
			if got.Value != p {
				t.Errorf("Value = %q, want %q", got.Value, p)
			}
			if got.Resolved != want {
				t.Errorf("Resolved = %q, want %q", got.Resolved, want)
			}
			if got.Root.ID != tc.root {
				t.Errorf("Root = %q, want %q", got.Root.ID, tc.root)
			}
			if tc.root != "" && got.Access != got.Root.Access {
				t.Errorf("Access = %q, want the root's %q", got.Access, got.Root.Access)
			}
			if err != nil {
				var pe *PathError
				if !errors.As(err, &pe) || pe.Path != p || !strings.Contains(err.Error(), "resolve") {
					t.Errorf("error %q is not a *PathError naming the path", err)
				}
			}
			// Canonical agrees with Resolve whenever resolution succeeds.
			c, cerr := s.Canonical(p)
			if (cerr == nil) != (got.Resolved != "") || c != got.Resolved {
				t.Errorf("Canonical = %q, %v; Resolve gave %q", c, cerr, got.Resolved)
			}
			// Where the path exists, the kernel agrees.
			if got.Resolved != "" && filepath.IsAbs(p) {
				if ev, err := filepath.EvalSymlinks(p); err == nil && !strings.HasPrefix(p, "/proc/") && ev != got.Resolved {
					t.Errorf("EvalSymlinks = %q, Resolve = %q", ev, got.Resolved)
				}
			}
		})
	}
}

func TestResolveWithoutPrimary(t *testing.T) {
	var empty Set
	for _, s := range []*Set{nil, &empty} {
		if _, err := s.Resolve("a/b"); !errors.Is(err, ErrUnresolvable) {
			t.Errorf("relative path on an empty set: %v, want ErrUnresolvable", err)
		}
		tg, err := s.Resolve("/")
		if !errors.Is(err, ErrOutsideRoots) || tg.Resolved != "/" {
			t.Errorf("absolute path on an empty set: %+v, %v, want outside", tg, err)
		}
	}
}

func TestMaxLinks(t *testing.T) {
	dir := makeTree(t, "d ws/d", "l ws/l1 -> l2", "l ws/l2 -> l3", "l ws/l3 -> d")
	root := []Root{{ID: "ws", Path: filepath.Join(dir, "ws"), Access: Read, Primary: true, Source: Workspace}}
	s2, err := NewSet(root, WithMaxLinks(2))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s2.Resolve("l1"); !errors.Is(err, ErrLinkLoop) {
		t.Errorf("3 links with a limit of 2: %v, want ErrLinkLoop", err)
	}
	s3, _ := NewSet(root, WithMaxLinks(3))
	if _, err := s3.Resolve("l1"); err != nil {
		t.Errorf("3 links with a limit of 3: %v", err)
	}
	s1, _ := NewSet(root, WithMaxLinks(1))
	if _, err := s1.Resolve("l3"); err != nil {
		t.Errorf("1 link with a limit of 1: %v", err)
	}
	if _, err := s1.Resolve("l2"); !errors.Is(err, ErrLinkLoop) {
		t.Errorf("2 links with a limit of 1: %v, want ErrLinkLoop", err)
	}
	s0, _ := NewSet(root, WithMaxLinks(0))
	if s0.opts.maxLinks != DefaultMaxLinks {
		t.Errorf("WithMaxLinks(0) allows %d links, want DefaultMaxLinks", s0.opts.maxLinks)
	}
}

func TestUnreadableFolderIsUnresolvable(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads every folder")
	}
	dir := makeTree(t, "f ws/locked/x")
	if err := os.Chmod(filepath.Join(dir, "ws/locked"), 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(filepath.Join(dir, "ws/locked"), 0o755) })
	s, err := NewSet([]Root{{ID: "ws", Path: filepath.Join(dir, "ws"), Access: Read, Primary: true, Source: Workspace}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Resolve("locked/x"); !errors.Is(err, ErrUnresolvable) {
		t.Errorf("got %v, want ErrUnresolvable", err)
	}
}

func TestFoldCaseOnUnix(t *testing.T) {
	dir := makeTree(t, "d ws/a")
	s, err := NewSet([]Root{{ID: "ws", Path: filepath.Join(dir, "ws"), Access: Read, Primary: true, Source: Workspace}}, FoldCase(true))
	if err != nil {
		t.Fatal(err)
	}
	if r, ok := s.Contains(filepath.Join(dir, "WS", "a")); !ok || r.ID != "ws" {
		t.Errorf("folded Contains = %v, %v", r, ok)
	}
	if _, ok := s.Contains(filepath.Join(dir, "WS2")); ok {
		t.Error("folding must still compare whole components")
	}
	exact, _ := NewSet([]Root{{ID: "ws", Path: filepath.Join(dir, "ws"), Access: Read, Primary: true, Source: Workspace}})
	if _, ok := exact.Contains(filepath.Join(dir, "WS", "a")); ok {
		t.Error("without folding, another case is another folder")
	}
}
