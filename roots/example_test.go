package roots_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/toolgate/toolgate/roots"
)

// A workspace with a read-only docs folder, a link that leaves the
// workspace, and a directory request that the host grants.
func Example() {
	dir, _ := os.MkdirTemp("", "roots-example-")
	defer os.RemoveAll(dir)
	dir, _ = filepath.EvalSymlinks(dir)
	os.MkdirAll(filepath.Join(dir, "ws", "src"), 0o755)
	os.MkdirAll(filepath.Join(dir, "docs"), 0o755)
	os.MkdirAll(filepath.Join(dir, "home", ".ssh"), 0o700)
	os.Symlink(filepath.Join(dir, "home", ".ssh"), filepath.Join(dir, "ws", "keys"))

	set, err := roots.NewSet([]roots.Root{
		{ID: "ws", Path: filepath.Join(dir, "ws"), Access: roots.ReadWrite, Primary: true, Source: roots.Workspace},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	short := func(p string) string { return filepath.ToSlash(strings.TrimPrefix(p, dir)) }

	t, err := set.Resolve("src/new/main.go") // missing folders resolve through ws/src
	fmt.Println(short(t.Resolved), t.Root.ID, t.Access, err)

	t, err = set.Resolve("keys/id_ed25519") // a link out is judged where it lands
	fmt.Println(short(t.Resolved), errors.Is(err, roots.ErrOutsideRoots))

	live := roots.NewLive(set, roots.WithSubscriber(func(e roots.Event) {
		fmt.Printf("event %d: %s by %s: %s\n", e.Seq, e.Op, e.Who, e.Why)
	}))
	req := roots.Request{Path: filepath.Join(dir, "docs"), Access: roots.Read, Reason: "read the API docs"}
	fmt.Println("satisfied before:", live.Snapshot().Satisfied(req))
	if _, err := live.Grant(req, "docs", "alice"); err != nil {
		fmt.Println(err)
	}
	t, err = live.Snapshot().Resolve(filepath.Join(dir, "docs", "api.md"))
	fmt.Println(t.Root.ID, t.Access, t.Access.CanWrite(), err)

	// Output:
	// /ws/src/new/main.go ws read-write <nil>
	// /home/.ssh/id_ed25519 true
	// satisfied before: false
	// event 1: grant by alice: read the API docs
	// docs read false <nil>
}

// Files keeps writes inside the roots even if a path is swapped after the
// check, publishes new files without replacing anything, and refuses to
// replace a file that changed since it was read.
func ExampleFiles() {
	dir, _ := os.MkdirTemp("", "roots-example-")
	defer os.RemoveAll(dir)
	set, _ := roots.NewSet([]roots.Root{{ID: "ws", Path: dir, Access: roots.ReadWrite, Primary: true, Source: roots.Workspace}})
	files, err := roots.OpenFiles(set)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer files.Close()

	fmt.Println(files.CreateNew("notes.txt", []byte("v1\n"), 0o644))
	err = files.CreateNew("notes.txt", []byte("other\n"), 0o644)
	fmt.Println("second create refused:", errors.Is(err, os.ErrExist))

	data, version, _ := files.ReadFile("notes.txt")
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("edited elsewhere\n"), 0o644)
	err = files.Replace("notes.txt", append(data, "v2\n"...), version)
	fmt.Println("stale replace refused:", errors.Is(err, roots.ErrChanged))

	// Output:
	// <nil>
	// second create refused: true
	// stale replace refused: true
}

// WriteTarget writes to the target a decision was made on in one call:
// create-new by default, compare-before-replace with Replacing, and only
// inside the roots the deciding agent holds with HeldBy.
func ExampleFiles_WriteTarget() {
	dir, _ := os.MkdirTemp("", "roots-example-")
	defer os.RemoveAll(dir)
	dir, _ = filepath.EvalSymlinks(dir)
	os.Mkdir(filepath.Join(dir, "docs"), 0o755)
	set, _ := roots.NewSet([]roots.Root{{ID: "ws", Path: dir, Access: roots.ReadWrite, Primary: true, Source: roots.Workspace}})
	files, err := roots.OpenFiles(set)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer files.Close()

	// The target the policy decided on (Decision.Targets carries the same
	// Value and Resolved).
	target, _ := set.Resolve("notes.txt")
	fmt.Println("create:", files.WriteTarget(target, []byte("v1\n")))

	_, version, _ := files.ReadFile("notes.txt")
	fmt.Println("replace:", files.WriteTarget(target, []byte("v2\n"), roots.Replacing(version)))

	// A delegated agent that holds docs only may not write notes.txt.
	agent, _ := roots.NewSet([]roots.Root{{ID: "docs", Path: filepath.Join(dir, "docs"), Access: roots.ReadWrite, Primary: true, Source: roots.Task}})
	err = files.WriteTarget(target, []byte("v3\n"), roots.Replacing(version), roots.HeldBy(agent))
	fmt.Println("outside the agent's roots:", errors.Is(err, roots.ErrOutsideRoots))

	// Output:
	// create: <nil>
	// replace: <nil>
	// outside the agent's roots: true
}
