// Command host is a minimal agent host that embeds toolgate: every tool call
// a model proposes goes through one policy.Engine before anything runs, and
// the file tools it allows write through roots.Files, so that a folder or
// symbolic link swapped after the decision cannot redirect the write.
//
// Run it from the repository's root:
//
//	go run ./examples/host
//
// It loads examples/quickstart/policy.json, decides a few calls and carries
// out the allowed writes in a temporary copy of the workspace.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/policyfile"
	"github.com/toolgate/toolgate/roots"
)

func main() {
	if err := run(os.Stdout, "examples/quickstart/policy.json"); err != nil {
		fmt.Fprintln(os.Stderr, "host:", err)
		os.Exit(1)
	}
}

// Host decides and runs tool calls.
type Host struct {
	engine *policy.Engine
	files  *roots.Files
}

// Handle decides a call and, when it is allowed, runs it. A call that needs
// approval is not run: a real host would ask the user, or park the run.
func (h *Host) Handle(c policy.Call) (policy.Decision, error) {
	d := h.engine.Evaluate(c)
	if d.Verdict != policy.Allow {
		return d, nil
	}
	switch c.Tool {
	case "write_file":
		content, _ := c.Args["content"].(string)
		// Write to exactly the target the engine decided on, in one call,
		// through the root's handle: the write is refused if a name on the
		// way became a symbolic link since the decision, and it cannot
		// leave the root.
		t := d.Targets[0]
		err := h.files.WriteTarget(roots.Target{Value: t.Value, Resolved: t.Resolved}, []byte(content))
		if errors.Is(err, os.ErrExist) {
			err = fmt.Errorf("%s exists; a real host would read it and replace it (roots.Replacing)", t.Value)
		}
		return d, err
	}
	return d, nil
}

func run(out io.Writer, policyPath string) error {
	// Work on a copy of the example workspace, so the example changes
	// nothing in the repository.
	tmp, err := os.MkdirTemp("", "toolgate-host")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if err := os.CopyFS(tmp, os.DirFS(filepath.Dir(policyPath))); err != nil {
		return err
	}

	p, err := policyfile.Load(filepath.Join(tmp, filepath.Base(policyPath)), policyfile.Options{})
	if err != nil {
		return err
	}
	files, err := roots.OpenFiles(p.Roots.Snapshot())
	if err != nil {
		return err
	}
	defer files.Close()
	h := &Host{engine: p.Engine, files: files}

	calls := []policy.Call{
		{ID: "1", Tool: "write_file", Args: map[string]any{"path": "src/hello.txt", "content": "hello\n"}},
		{ID: "2", Tool: "write_file", Args: map[string]any{"path": "../reference/notes.md", "content": "x"}},
		{ID: "3", Tool: "shell", Args: map[string]any{"command": "rm -rf ~"}},
		{ID: "4", Tool: "slack_post", Args: map[string]any{"channel": "#general", "text": "hi"}},
	}
	for _, c := range calls {
		d, err := h.Handle(c)
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "%s %s %s %s\n", d.ID, c.Tool, d.Verdict, d.Reason)
	}
	data, err := os.ReadFile(filepath.Join(tmp, "workspace", "src", "hello.txt"))
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "src/hello.txt: %q\n", data)
	return nil
}
