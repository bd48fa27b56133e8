package roots

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

func TestNewSetReportsEveryProblemAtOnce(t *testing.T) {
	dir := makeTree(t, "d ws", "d docs", "f file", "l wslink -> ws")
	_, err := NewSet([]Root{
		{ID: "ws", Path: filepath.Join(dir, "ws"), Access: ReadWrite, Primary: true, Source: Workspace},
		{ID: "", Path: filepath.Join(dir, "docs"), Access: Read, Source: UserGrant},
		{ID: "ws", Path: filepath.Join(dir, "docs"), Access: "write", Source: "friend"},
		{ID: "missing", Path: filepath.Join(dir, "nope"), Access: Read, Source: Task},
		{ID: "file", Path: filepath.Join(dir, "file"), Access: Read, Source: Task},
		{ID: "relative", Path: "ws", Access: Read, Source: Task},
		{ID: "empty", Path: "", Access: Read, Source: Task},
		{ID: "again", Path: filepath.Join(dir, "wslink"), Access: Read, Source: Task, Primary: true},
	})
	if !errors.Is(err, ErrInvalidRoot) {
		t.Fatalf("NewSet error = %v, want ErrInvalidRoot", err)
	}
	msg := err.Error()
	for _, want := range []string{
		`root #1: id: must not be empty`,
		`root "ws": id: duplicates root #0`,
		`root "ws": access: "write" is not`,
		`root "ws": source: "friend" is not`,
		`root "missing": path:`, "does not exist",
		`root "file": path:`, "is not a folder",
		`root "relative": path: "ws" is not absolute`,
		`root "empty": path: must not be empty`,
		`root "again": path:`, `is the same folder as root "ws"`,
		`root "again": primary: a set has exactly one primary root; root "ws" is already primary`,
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("error does not mention %q:\n%s", want, msg)
		}
	}
	var re *RootError
	if !errors.As(err, &re) {
		t.Errorf("error holds no *RootError")
	}
}

func TestNewSet(t *testing.T) {
	dir := makeTree(t, "d ws/a", "d docs", "l wslink -> ws")
	t.Run("an empty set is valid and contains nothing", func(t *testing.T) {
		s, err := NewSet(nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := s.Primary(); ok || s.Len() != 0 {
			t.Error("empty set has a primary or roots")
		}
		if _, err := s.Resolve(dir); !errors.Is(err, ErrOutsideRoots) {
			t.Errorf("Resolve on empty set = %v", err)
		}
	})
	t.Run("a non-empty set needs a primary", func(t *testing.T) {
		_, err := NewSet([]Root{{ID: "docs", Path: filepath.Join(dir, "docs"), Access: Read, Source: UserGrant}})
		if !errors.Is(err, ErrInvalidRoot) || !strings.Contains(err.Error(), "primary") {
			t.Errorf("got %v", err)
		}
	})
	t.Run("a root given through a symlink is stored resolved", func(t *testing.T) {
		s, err := NewSet([]Root{{ID: "ws", Path: filepath.Join(dir, "wslink") + "//a/..", Access: ReadWrite, Primary: true, Source: Workspace}})
		if err != nil {
			t.Fatal(err)
		}
		p, _ := s.Primary()
		if want := filepath.Join(dir, "ws"); p.Path != want {
			t.Errorf("primary path = %q, want %q", p.Path, want)
		}
		rs := s.Roots()
		rs[0].Path = "/changed"
		if s.Roots()[0].Path == "/changed" {
			t.Error("Roots returned the set's own slice")
		}
		if r, ok := s.Root("ws"); !ok || r.Path != p.Path {
			t.Errorf("Root(ws) = %v, %v", r, ok)
		}
		if s.Snapshot() != s {
			t.Error("Snapshot must return the set itself")
		}
	})
}

func TestContainsByComponents(t *testing.T) {
	s := &Set{
		roots: []Root{
			{ID: "ws", Path: "/ws", Access: ReadWrite, Primary: true},
			{ID: "ro", Path: "/ws/ro", Access: Read},
			{ID: "top", Path: "/", Access: Read},
		},
		primary: 0,
		opts:    defaultOptions(),
	}
	s.bySpec = []int{1, 0, 2}
	s.opts.plat, s.opts.fold = platform{}, false
	for _, tc := range []struct{ path, want string }{
		{"/ws", "ws"},
		{"/ws/a", "ws"},
		{"/ws2", "top"},
		{"/ws2/a", "top"},
		{"/wsx", "top"},
		{"/ws/ro", "ro"},
		{"/ws/ro/x", "ro"},
		{"/ws/rox", "ws"},
		{"/", "top"},
		{"/ws/", ""},     // not canonical
		{"/ws/./a", ""},  // not canonical
		{"/ws/../x", ""}, // not canonical
		{"ws/a", ""},     // not absolute
		{"", ""},
	} {
		r, ok := s.Contains(tc.path)
		if r.ID != tc.want || ok != (tc.want != "") {
			t.Errorf("Contains(%q) = %q, %v; want %q", tc.path, r.ID, ok, tc.want)
		}
	}
}

// TestWithinMatchesRelIsLocal checks the component comparison against
// filepath.Rel and filepath.IsLocal, the reference the style guide names.
func TestWithinMatchesRelIsLocal(t *testing.T) {
	if filepath.Separator != '/' {
		t.Skip("Unix paths")
	}
	paths := []string{"/", "/a", "/ab", "/a/b", "/a/bc", "/a/b/c", "/b", "/a.b", "/a-b/c", "/ab/c"}
	for _, root := range paths {
		for _, p := range paths {
			rel, err := filepath.Rel(root, p)
			want := err == nil && (rel == "." || filepath.IsLocal(rel))
			if got := (platform{}).within(root, p, false); got != want {
				t.Errorf("within(%q, %q) = %v, Rel+IsLocal says %v", root, p, got, want)
			}
		}
	}
}

func TestNewSetFieldChecks(t *testing.T) {
	dir := makeTree(t, "d ws")
	ws := filepath.Join(dir, "ws")
	t.Run("an ID may hold spaces and any printable text", func(t *testing.T) {
		if _, err := NewSet([]Root{{ID: "my work ~ é", Path: ws, Access: Read, Primary: true, Source: Workspace}}); err != nil {
			t.Fatal(err)
		}
	})
	for _, id := range []string{"a\tb", "a\x1fb", "a\x7fb", "a\xffb"} {
		t.Run(fmt.Sprintf("an ID holding %q is refused", id), func(t *testing.T) {
			_, err := NewSet([]Root{{ID: id, Path: ws, Access: Read, Primary: true, Source: Workspace}})
			var re *RootError
			if !errors.As(err, &re) || re.Field != "id" || re.Index != 0 {
				t.Fatalf("error = %v, want a RootError for field id of root 0", err)
			}
		})
	}
	t.Run("a set without a primary root names no root", func(t *testing.T) {
		_, err := NewSet([]Root{{ID: "ws", Path: ws, Access: Read, Source: Workspace}})
		var re *RootError
		if !errors.As(err, &re) || re.Field != "primary" || re.Index != -1 {
			t.Fatalf("error = %#v, want a RootError for field primary with index -1", err)
		}
	})
	t.Run("an empty set has no primary root", func(t *testing.T) {
		s, err := NewSet(nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := s.Primary(); ok || s.primary != -1 {
			t.Errorf("an empty set has primary %d", s.primary)
		}
	})
}
