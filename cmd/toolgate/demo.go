package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/toolgate/toolgate/approval"
	"github.com/toolgate/toolgate/audit"
	"github.com/toolgate/toolgate/examples/refhost"
	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/roots"
)

const demoHelp = `Usage: toolgate demo [--keep]

Walks through what toolgate does in a host, in a temporary state folder,
with the reference host of examples/refhost and a scripted model:

  1. an allowed read;
  2. a write that needs approval, asked inline in an attended chat;
  3. a shell command that a hardline rule blocks in every mode;
  4. an unattended scheduled task whose external call is parked;
  5. the approval given from the inbox;
  6. the resume, which runs the call once, even across a restart;
  7. the audit trail, its hash chain verified.

Flags:
  --keep   keep the temporary folder and print where it is

Exit status: 0 when every step behaved as shown, 1 when one did not,
2 bad usage.
`

func cmdDemo(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("demo", demoHelp, stderr)
	keep := fs.Bool("keep", false, "keep the temporary folder")
	if code, done := parseFlags(fs, args, stdout); done {
		return code
	}
	if fs.NArg() != 0 {
		fmt.Fprintln(stderr, "toolgate demo: takes no arguments")
		fs.Usage()
		return exitUsage
	}
	dir, err := os.MkdirTemp("", "toolgate-demo-")
	if err == nil {
		dir, err = filepath.EvalSymlinks(dir)
	}
	if err != nil {
		fmt.Fprintf(stderr, "toolgate demo: %v\n", err)
		return exitNegative
	}
	if *keep {
		defer fmt.Fprintf(stdout, "\nThe demo's folder is kept: %s\n", dir)
	} else {
		defer os.RemoveAll(dir)
	}
	if err := demo(context.Background(), dir, stdout); err != nil {
		fmt.Fprintf(stderr, "toolgate demo: %v\n", err)
		return exitNegative
	}
	return exitOK
}

// demoHost opens the reference host on one surface of the demo's folder.
func demoHost(ctx context.Context, dir string, surface policy.Surface, ia policy.Interaction, ask func(context.Context, refhost.Question) bool) (*refhost.Host, *roots.Files, error) {
	ws := filepath.Join(dir, "workspace")
	rs := []roots.Root{{ID: "ws", Path: ws, Access: roots.ReadWrite, Primary: true, Source: roots.Workspace}}
	set, err := roots.NewSet(rs)
	if err != nil {
		return nil, nil, err
	}
	files, err := roots.OpenFiles(set)
	if err != nil {
		return nil, nil, err
	}
	h, err := refhost.Open(ctx, refhost.Config{
		Mode: policy.ModeAsk, Interaction: ia, Surface: surface, Session: "demo", Task: "nightly",
		Home: filepath.Join(dir, "home"), StateDir: filepath.Join(dir, "state"), Roots: rs,
		Tools: refhost.Tools(files, filepath.Join(dir, "outbox.jsonl")), Ask: ask,
	})
	if err != nil {
		files.Close()
		return nil, nil, err
	}
	return h, files, nil
}

func demo(ctx context.Context, dir string, w io.Writer) error {
	for _, d := range []string{"workspace", "home", "state"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o700); err != nil {
			return err
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "workspace", "README.md"), []byte("# A project\n"), 0o600); err != nil {
		return err
	}
	fmt.Fprintf(w, "A host in %s: mode ask, a workspace root (read-write),\nthe approval inbox and the audit file under state/.\n", dir)

	step := func(n int, title string) { fmt.Fprintf(w, "\n%d. %s\n", n, title) }
	show := func(o refhost.Outcome) {
		who := "model proposes "
		if o.Decision.Reason == approval.ReasonInbox {
			who = "inbox resumes  "
		}
		fmt.Fprintf(w, "   %s %s %s\n   toolgate says   %s (%s)\n   the host        %s",
			who, o.Call.Tool, demoArgs(o.Call.Args), o.Decision.Verdict, o.Decision.Reason, o.Status)
		if o.Output != "" {
			fmt.Fprintf(w, ": %s", strings.TrimSpace(o.Output))
		}
		fmt.Fprintln(w)
	}
	expect := func(o refhost.Outcome, status string) error {
		if o.Status != status {
			return fmt.Errorf("call %s: the host says %q, the demo expected %q", o.Call.ID, o.Status, status)
		}
		return nil
	}

	// Attended chat: a person answers inline.
	ask := func(_ context.Context, q refhost.Question) bool {
		fmt.Fprintf(w, "   [the person is asked: may %s run? They answer yes.]\n", q.Call.Tool)
		return true
	}
	h, files, err := demoHost(ctx, dir, policy.SurfaceChat, policy.Attended, ask)
	if err != nil {
		return err
	}
	script := refhost.Script{
		{{ID: "1", Tool: "read_file", Args: map[string]any{"path": "README.md"}}},
		{{ID: "2", Tool: "write_file", Args: map[string]any{"path": "notes.txt", "content": "remember the milk\n"}}},
		{{ID: "3", Tool: "shell", Args: map[string]any{"command": "rm -rf ~"}}},
	}
	titles := []string{"An allowed read (reads need no approval in ask mode)", "A write that needs approval (attended chat)", "A hardline block (in every mode, whatever a person says)"}
	wants := []string{"ran", "ran", "denied"}
	for i, turn := range script {
		step(i+1, titles[i])
		out, err := h.Turn(ctx, turn)
		if err == nil {
			show(out[0])
			err = expect(out[0], wants[i])
		}
		if err != nil {
			h.Close()
			files.Close()
			return err
		}
	}
	h.Close()
	files.Close()

	// A scheduled task: nobody is watching, so the call is parked.
	step(4, "An unattended park (a scheduled task posts to a channel)")
	h, files, err = demoHost(ctx, dir, policy.SurfaceScheduledTask, policy.Unattended, nil)
	if err != nil {
		return err
	}
	defer func() { h.Close(); files.Close() }()
	out, err := h.Turn(ctx, []policy.Call{{ID: "4", Tool: "post_message", Args: map[string]any{"channel": "#builds", "text": "nightly build is green"}}})
	if err != nil {
		return err
	}
	show(out[0])
	if err := expect(out[0], "parked"); err != nil {
		return err
	}
	id := out[0].Output
	fmt.Fprintf(w, "   nothing ran; the inbox holds %s (toolgate inbox list --state %s shows it)\n", id, filepath.Join(dir, "state", "approvals"))

	step(5, "An approval from the inbox")
	o, err := h.Approve(ctx, id, "you")
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "   you approve %s\n", id)

	step(6, "The resume runs the call once")
	show(o)
	if err := h.Restart(ctx); err != nil {
		return err
	}
	sent, err := os.ReadFile(filepath.Join(dir, "outbox.jsonl"))
	if err != nil {
		return err
	}
	if n := strings.Count(string(sent), "\n"); n != 1 {
		return fmt.Errorf("the outbox holds %d messages, the demo expected 1", n)
	}
	fmt.Fprintf(w, "   after a restart the outbox still holds one message: %s", sent)
	if _, err := h.Approve(ctx, id, "you"); err == nil {
		return fmt.Errorf("a second approval of %s was accepted", id)
	} else {
		fmt.Fprintf(w, "   approving it again changes nothing: %v\n", err)
	}

	step(7, "The audit trail, verified")
	data, err := audit.ReadFile(h.AuditPath(), audit.DefaultMaxFile)
	if err != nil {
		return err
	}
	head, err := audit.Verify(data)
	if err != nil {
		return err
	}
	for _, r := range audit.Records(data) {
		fmt.Fprintf(w, "   %3d  %-18s %-13s %s\n", r.Event.Seq, r.Event.Kind, r.Event.Tool, r.Event.Status)
	}
	fmt.Fprintf(w, "   the chain of %d events holds (head %s...); toolgate audit verify checks it too\n", head.Events, head.Hash[:12])
	return nil
}

// demoArgs shows a call's arguments briefly.
func demoArgs(args map[string]any) string {
	var parts []string
	for _, k := range []string{"path", "command", "channel", "content", "text"} {
		if v, ok := args[k]; ok {
			parts = append(parts, fmt.Sprintf("%s=%q", k, v))
		}
	}
	return strings.Join(parts, " ")
}
