package refhost_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/toolgate/toolgate/examples/refhost"
	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/roots"
)

// A scripted model proposes two calls in an unattended scheduled task: the
// read runs, the message is parked until a person approves it, and then
// runs once.
func Example() {
	dir, _ := os.MkdirTemp("", "refhost-example-")
	defer os.RemoveAll(dir)
	dir, _ = filepath.EvalSymlinks(dir)
	ws := filepath.Join(dir, "ws")
	os.MkdirAll(ws, 0o700)
	os.WriteFile(filepath.Join(ws, "plan.txt"), []byte("ship it\n"), 0o600)
	rs := []roots.Root{{ID: "ws", Path: ws, Access: roots.ReadWrite, Primary: true, Source: roots.Workspace}}
	set, _ := roots.NewSet(rs)
	files, _ := roots.OpenFiles(set)
	defer files.Close()

	ctx := context.Background()
	h, err := refhost.Open(ctx, refhost.Config{
		Mode: policy.ModeAsk, Interaction: policy.Unattended, Surface: policy.SurfaceScheduledTask,
		Session: "s1", Task: "nightly", StateDir: filepath.Join(dir, "state"), Roots: rs,
		Tools: refhost.Tools(files, filepath.Join(dir, "outbox.jsonl")),
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer h.Close()
	out, _ := h.Play(ctx, refhost.Script{{
		{ID: "1", Tool: "read_file", Args: map[string]any{"path": "plan.txt"}},
		{ID: "2", Tool: "post_message", Args: map[string]any{"channel": "#ops", "text": "shipping"}},
	}})
	for _, o := range out {
		fmt.Println(o.Call.ID, o.Call.Tool, o.Decision.Verdict, o.Status)
	}
	o, _ := h.Approve(ctx, out[1].Output, "you")
	fmt.Println(o.Call.ID, o.Call.Tool, o.Decision.Reason, o.Status, o.Output)
	// Output:
	// 1 read_file allow ran
	// 2 post_message approval-required parked
	// 2 post_message approval.inbox ran sent
}
