package policy_test

import (
	"encoding/json"
	"testing"

	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/roots"
)

// FuzzEvaluate feeds Evaluate arbitrary call JSON: it must not panic, must
// always return a well-formed verdict, must never allow a call that names
// no known tool, and the shell analyser, which runs here against a real
// file system (links, patterns), must not fail.
func FuzzEvaluate(f *testing.F) {
	for _, s := range []string{
		`{"id":"c1","tool":"write_file","args":{"path":"src/main.go"},"session":"s1","surface":"chat"}`,
		`{"tool":"read_file","args":{"path":["src","../x","/etc/shadow"]}}`,
		`{"tool":"shell","args":{"command":"rm -rf / && cat ~/.ssh/id_ed25519"}}`,
		`{"tool":"shell","args":{"command":"go test ./..."},"session":"s1"}`,
		`{"tool":"slack_post","args":{"channel":"#builds"},"task":"t1","agent":"reviewer"}`,
		`{"tool":"email","args":{"to":"a@b"},"surface":"scheduled-task","agent":"wide"}`,
		`{"tool":"nope","args":{"path":"keys/id_ed25519"},"agent":"ghost"}`,
		`{"tool":"write_file","args":{"path":"keys/../out/x"}}`,
		`{"tool":"write_file","args":{"path":"~/.ssh/config"}}`,
		`{"tool":"","args":{}}`,
		`{"tool":"shell","args":{"command":"rm -rf k*/.. s*/../x ./*/../../.."}}`,
		`{"tool":"read_file","args":{"path":"src","follow":"./keys/id_ed25519","opts":{"x":["$HOME/.ssh",1,null]}}}`,
		`{"tool":"email","args":{"to":"FILE:///etc/shadow","attach":[[["../home/.ssh"]]]}}`,
	} {
		f.Add([]byte(s))
	}
	w := newWorld(f)
	a := policy.NewApprovals()
	if err := a.AddStanding(policy.StandingApproval{ID: "sa-1", Task: "t1", Tool: "slack_post", Target: "#builds"}, w.tools); err != nil {
		f.Fatal(err)
	}
	var engines []*policy.Engine
	for _, mode := range []policy.Mode{policy.ModeAllow, policy.ModeAsk, policy.ModeDeny} {
		engines = append(engines, w.engine(f, func(c *policy.Config) {
			c.Mode, c.SessionApprovals, c.StandingApprovals = mode, a, a
			c.Agents = map[string]policy.Authority{
				"reviewer": {Mode: policy.ModeAsk, Tools: []string{"read_file", "slack_post"}, StandingApprovals: []string{"sa-1"},
					Roots: []roots.Root{{ID: "ws", Path: w.ws, Access: roots.Read, Primary: true, Source: roots.Workspace}}},
				"wide": {Mode: policy.ModeAllow, AllTools: true,
					Roots: []roots.Root{{ID: "ws", Path: w.ws, Access: roots.ReadWrite, Primary: true, Source: roots.Workspace}}},
			}
		}))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var c policy.Call
		if json.Unmarshal(data, &c) != nil {
			return
		}
		_, known := w.tools.Lookup(c.Tool)
		for i, e := range engines {
			d := e.Evaluate(c)
			switch d.Verdict {
			case policy.Allow, policy.ApprovalRequired, policy.Deny:
			default:
				t.Fatalf("verdict %d is not one of the three", d.Verdict)
			}
			if d.Reason == "" {
				t.Fatalf("a decision without a reason: %+v", d)
			}
			if d.Rule == "internal-error" {
				t.Fatalf("the shell analyser failed on %+v: %s", c, d.Message)
			}
			if d.Verdict == policy.Allow && !known {
				t.Fatalf("allowed a call to unknown tool %q: %+v", c.Tool, d)
			}
			if d.Verdict == policy.Allow && i == 2 {
				t.Fatalf("deny mode allowed %+v: %+v", c, d)
			}
			if d.HumanRequired != (d.Verdict == policy.ApprovalRequired) {
				t.Fatalf("humanRequired disagrees with the verdict: %+v", d)
			}
		}
	})
}
