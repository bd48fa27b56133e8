package policy_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/roots"
	"github.com/toolgate/toolgate/toolmeta"
)

func Example() {
	// A workspace the agent may change, in a temporary folder.
	dir, _ := os.MkdirTemp("", "toolgate-example")
	defer os.RemoveAll(dir)
	ws := filepath.Join(dir, "project")
	os.Mkdir(ws, 0o755)
	set, err := roots.NewSet([]roots.Root{{ID: "ws", Path: ws, Access: roots.ReadWrite, Primary: true, Source: roots.Workspace}})
	if err != nil {
		panic(err)
	}

	tools, err := toolmeta.NewRegistry(map[string]toolmeta.Metadata{
		"write_file": {Risk: toolmeta.RiskWriteLocal, PathArguments: []string{"path"}, ApprovalDefault: toolmeta.DefaultAllow, Source: toolmeta.SourceBuiltin},
		"shell":      {Risk: toolmeta.RiskExec, CommandArgument: "command", ApprovalDefault: toolmeta.DefaultAllow, Source: toolmeta.SourceBuiltin},
		"slack_post": {Risk: toolmeta.RiskExternal, TargetArgument: "channel", ApprovalDefault: toolmeta.DefaultAsk, Source: toolmeta.SourceMCP},
	})
	if err != nil {
		panic(err)
	}

	// Prepare once, evaluate many times.
	engine, err := policy.New(policy.Config{Mode: policy.ModeAllow, Roots: set, Tools: tools, Home: filepath.Join(dir, "home")})
	if err != nil {
		panic(err)
	}
	for _, c := range []policy.Call{
		{ID: "1", Tool: "write_file", Args: map[string]any{"path": "src/main.go"}},
		{ID: "2", Tool: "write_file", Args: map[string]any{"path": "../elsewhere.txt"}},
		{ID: "3", Tool: "shell", Args: map[string]any{"command": "go test ./..."}},
		{ID: "4", Tool: "shell", Args: map[string]any{"command": "sudo rm -fr --no-preserve-root /"}},
		{ID: "5", Tool: "slack_post", Args: map[string]any{"channel": "#builds"}},
		{ID: "6", Tool: "format_disk"},
	} {
		d := engine.Evaluate(c)
		fmt.Println(d.ID, d.Verdict, d.Reason, "("+d.Rule+")")
	}
	// Output:
	// 1 allow mode.allow ()
	// 2 deny root.outside ()
	// 3 allow mode.allow ()
	// 4 deny hardline.command (rm-root)
	// 5 approval-required tool.default-ask ()
	// 6 approval-required tool.unknown ()
}

func ExampleApprovals() {
	tools, _ := toolmeta.NewRegistry(map[string]toolmeta.Metadata{
		"slack_post": {Risk: toolmeta.RiskExternal, TargetArgument: "channel", ApprovalDefault: toolmeta.DefaultAsk, Source: toolmeta.SourceMCP},
		"shell":      {Risk: toolmeta.RiskExec, CommandArgument: "command", ApprovalDefault: toolmeta.DefaultAllow, Source: toolmeta.SourceBuiltin},
	})
	a := policy.NewApprovals()
	fmt.Println(a.AddStanding(policy.StandingApproval{ID: "sa-1", Task: "nightly", Tool: "slack_post", Target: "#builds"}, tools))
	fmt.Println(a.AddStanding(policy.StandingApproval{ID: "sa-2", Task: "nightly", Tool: "shell", Target: "make deploy"}, tools))
	// Output:
	// <nil>
	// tool: "shell" has risk exec; only external tools may have standing approvals: policy: not eligible for a standing approval
}

// A person approves one call for the rest of a session. The approval binds
// what the call resolved to, not its text: another spelling of the same
// file is covered, a file that became a symbolic link is not (here, to a
// git hook, whose write needs approval of its own), and neither is a
// sub-agent's call.
func ExampleBindingOf() {
	dir, _ := os.MkdirTemp("", "toolgate-example")
	defer os.RemoveAll(dir)
	ws := filepath.Join(dir, "project")
	os.MkdirAll(filepath.Join(ws, ".git", "hooks"), 0o755)
	os.WriteFile(filepath.Join(ws, "notes.txt"), nil, 0o644)
	set, _ := roots.NewSet([]roots.Root{{ID: "ws", Path: ws, Access: roots.ReadWrite, Primary: true, Source: roots.Workspace}})
	tools, _ := toolmeta.NewRegistry(map[string]toolmeta.Metadata{
		"write_file": {Risk: toolmeta.RiskWriteLocal, PathArguments: []string{"path"}, ApprovalDefault: toolmeta.DefaultAllow, Source: toolmeta.SourceBuiltin},
	})
	approvals := policy.NewApprovals()
	engine, _ := policy.New(policy.Config{Mode: policy.ModeAsk, Roots: set, Tools: tools, Home: dir,
		SessionApprovals: approvals, Agents: map[string]policy.Authority{"helper": {Mode: policy.ModeAsk, Tools: []string{"write_file"},
			Roots: []roots.Root{{ID: "ws", Path: ws, Access: roots.ReadWrite, Primary: true, Source: roots.Workspace}}}}})

	call := policy.Call{Tool: "write_file", Session: "s1", Args: map[string]any{"path": "notes.txt"}}
	d := engine.Evaluate(call)
	fmt.Println(d.Verdict, d.Reason)
	// The person says: yes, for this session.
	approvals.AddSession(policy.SessionApproval{Session: "s1", Binding: policy.BindingOf(call, d)})

	again := engine.Evaluate(policy.Call{Tool: "write_file", Session: "s1", Args: map[string]any{"path": "./notes.txt"}})
	fmt.Println(again.Verdict, again.Reason)
	child := engine.Evaluate(policy.Call{Tool: "write_file", Session: "s1", Agent: "helper", Args: map[string]any{"path": "notes.txt"}})
	fmt.Println(child.Verdict, child.Reason)
	os.Remove(filepath.Join(ws, "notes.txt"))
	os.Symlink(filepath.Join(ws, ".git", "hooks", "pre-commit"), filepath.Join(ws, "notes.txt"))
	swapped := engine.Evaluate(call)
	fmt.Println(swapped.Verdict, swapped.Reason)
	// Output:
	// approval-required mode.ask
	// allow approval.session
	// approval-required mode.ask
	// approval-required hardline.command
}
