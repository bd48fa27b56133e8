// Command embed is the smallest host embedding toolgate (go run ./examples/embed from the repository's root).
package main

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/toolgate/toolgate/approval"
	"github.com/toolgate/toolgate/audit"
	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/policyfile"
)

func main() {
	ctx, state := context.Background(), filepath.Join(os.TempDir(), "embed-state")
	p, err := policyfile.Load("examples/quickstart/policy.json", policyfile.Options{})
	sink, err1 := audit.OpenFile(filepath.Join(state, "audit.jsonl"), audit.FileOptions{})
	store, err2 := approval.OpenFile(filepath.Join(state, "approvals"))
	check(errors.Join(err, err1, err2))
	defer func() { sink.Close(); store.Close() }()
	inbox, logger := approval.New(store, approval.Options{}), audit.NewLogger(sink, nil)
	for _, c := range []policy.Call{ // what the model proposes
		{ID: "1", Tool: "read_file", Args: map[string]any{"path": "src/main.go"}, Surface: policy.SurfaceChat},
		{ID: "2", Tool: "slack_post", Args: map[string]any{"channel": "#ops"}, Surface: policy.SurfaceScheduledTask},
	} {
		id := audit.NewDecisionID()
		check(logger.Proposed(ctx, id, c)) // fail closed: nothing runs unrecorded
		d := p.Engine.Evaluate(c)
		check(logger.Decided(ctx, id, c, d))
		switch {
		case d.Verdict == policy.Allow:
			fmt.Println(c.ID, "runs") // run the tool here, then log Started and Completed
		case d.HumanRequired && d.Interaction == policy.Unattended:
			rec, err := inbox.Park(ctx, c, d, approval.Request{RequestID: id})
			check(err)
			fmt.Println(c.ID, "parked as", rec.ID) // inbox.Resume runs it once after approval
		default: // a deny runs nothing; attended, ask the person and run only on a yes
		}
	}
}

func check(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
