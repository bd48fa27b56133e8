package audit_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/toolgate/toolgate/audit"
	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/secret"
)

func Example() {
	// The host resolves the policy's secrets and builds one Redactor.
	key := secret.FromString("openai", "not-a-real-key-0123456789")
	red := audit.NewRedactor(key)
	key.Release()

	dir, _ := os.MkdirTemp("", "audit")
	defer os.RemoveAll(dir)
	sink, err := audit.OpenFile(filepath.Join(dir, "audit.jsonl"), audit.FileOptions{Redactor: red})
	if err != nil {
		fmt.Println(err)
		return
	}
	log := audit.NewLogger(sink, red)

	// Around Evaluate: proposed, then policy_decided, under one ID.
	call := policy.Call{ID: "c1", Tool: "http_post", Session: "s1", Surface: policy.SurfaceChat,
		Args: map[string]any{"url": "https://api.example.test/v1", "apiKey": "x", "note": "uses not-a-real-key-0123456789"}}
	id := "d-1"
	log.Log(context.Background(), audit.Event{Time: time.Unix(0, 0), Kind: audit.Proposed, DecisionID: id, Tool: call.Tool, Args: call.Args})
	log.Decided(context.Background(), id, call, policy.Decision{Verdict: policy.ApprovalRequired, Reason: policy.ReasonToolDefaultAsk})
	sink.Close()

	data, _ := audit.ReadFile(filepath.Join(dir, "audit.jsonl"), 0)
	for _, r := range audit.Records(data) {
		fmt.Println(r.Event.Seq, r.Event.Kind, r.Event.Status, r.Event.Args, r.Event.Redacted)
	}
	head, err := audit.Verify(data)
	fmt.Println(head.Events, err)
	// Output:
	// 1 proposed  map[apiKey:[REDACTED] note:uses [REDACTED] url:https://api.example.test/v1] [args.apiKey args.note]
	// 2 policy_decided approval-required map[] []
	// 2 <nil>
}

func ExampleRedactArgs() {
	red := audit.NewRedactor(secret.FromString("db", "hunter2-but-longer"))
	args := map[string]any{
		"headers": map[string]any{"X-Api-Key": "abc", "Accept": "text/plain"},
		"dsn":     "postgres://app:hunter2-but-longer@db/app",
		"path":    "README.md",
	}
	out, paths := audit.RedactArgs(args, red)
	fmt.Println(out["headers"], out["dsn"], out["path"])
	fmt.Println(paths)
	// Output:
	// map[Accept:text/plain X-Api-Key:[REDACTED]] postgres://app:[REDACTED]@db/app README.md
	// [dsn headers.X-Api-Key]
}
