package policy_test

import (
	"fmt"
	"testing"

	"github.com/toolgate/toolgate/delegation"
	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/roots"
	"github.com/toolgate/toolgate/toolmeta"
)

func benchEngine(b *testing.B, edit func(*policy.Config)) (*world, *policy.Engine) {
	w := newWorld(b)
	tools := map[string]toolmeta.Metadata{"list_tabs": {Risk: toolmeta.RiskRead, ApprovalDefault: toolmeta.DefaultAllow, Source: toolmeta.SourceBuiltin}}
	for name, m := range w.tools.All() {
		tools[name] = m
	}
	reg, err := toolmeta.NewRegistry(tools)
	if err != nil {
		b.Fatal(err)
	}
	w.tools = reg
	return w, w.engine(b, edit)
}

func expectVerdict(b *testing.B, d policy.Decision, v policy.Verdict) {
	if d.Verdict != v {
		b.Fatalf("got %v (%s: %s), want %v", d.Verdict, d.Reason, d.Message, v)
	}
}

// BenchmarkEvaluateNoPaths is a read call with no path, command or target.
func BenchmarkEvaluateNoPaths(b *testing.B) {
	_, e := benchEngine(b, nil)
	c := policy.Call{ID: "c1", Tool: "list_tabs", Session: "s1", Surface: policy.SurfaceChat}
	b.ReportAllocs()
	for b.Loop() {
		expectVerdict(b, e.Evaluate(c), policy.Allow)
	}
}

// BenchmarkEvaluateOnePath is a write call with one path inside a root,
// beside the cost of resolving that path alone.
func BenchmarkEvaluateOnePath(b *testing.B) {
	w, e := benchEngine(b, nil)
	c := policy.Call{ID: "c1", Tool: "write_file", Args: map[string]any{"path": "src/main.go"}}
	b.Run("evaluate", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			expectVerdict(b, e.Evaluate(c), policy.Allow)
		}
	})
	b.Run("resolve-alone", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := w.roots.Resolve("src/main.go"); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkEvaluateStanding is an external call matched by one standing
// approval among n.
func BenchmarkEvaluateStanding(b *testing.B) {
	for _, n := range []int{10, 10000} {
		b.Run(fmt.Sprintf("approvals=%d", n), func(b *testing.B) {
			w := newWorld(b)
			a := policy.NewApprovals()
			for i := range n {
				if err := a.AddStanding(policy.StandingApproval{ID: fmt.Sprintf("sa-%d", i), Task: fmt.Sprintf("t%d", i%7),
					Tool: "slack_post", Target: fmt.Sprintf("#chan-%d", i)}, w.tools); err != nil {
					b.Fatal(err)
				}
			}
			e := w.engine(b, func(c *policy.Config) { c.StandingApprovals = a })
			c := policy.Call{ID: "c1", Tool: "slack_post", Task: fmt.Sprintf("t%d", (n/2)%7), Args: map[string]any{"channel": fmt.Sprintf("#chan-%d", n/2)}}
			b.ReportAllocs()
			for b.Loop() {
				d := e.Evaluate(c)
				if d.Reason != policy.ReasonApprovalStanding {
					b.Fatalf("not matched: %+v", d)
				}
			}
		})
	}
}

// BenchmarkEvaluateDelegated compares a call from an agent three levels
// down (folded once by package delegation) with the same call at the top
// level.
func BenchmarkEvaluateDelegated(b *testing.B) {
	w := newWorld(b)
	top := policy.Authority{Mode: policy.ModeAllow, AllTools: true, Roots: w.roots.Roots(), MayDelegate: true}
	rw := []delegation.RootRequest{{Path: w.ws, Access: roots.ReadWrite}}
	agents, _, err := delegation.Fold(top, map[string]delegation.Definition{
		"a1": {Tools: []string{"read_file", "write_file", "shell"}, Roots: rw},
		"a2": {Parent: "a1", Tools: []string{"read_file", "write_file"}, Roots: rw},
		"a3": {Parent: "a2", Tools: []string{"write_file"}, Roots: rw},
	}, w.tools)
	if err != nil {
		b.Fatal(err)
	}
	e := w.engine(b, func(c *policy.Config) { c.Agents = agents })
	for _, agent := range []string{"", "a3"} {
		name := "top-level"
		if agent != "" {
			name = "depth-3"
		}
		b.Run(name, func(b *testing.B) {
			c := policy.Call{ID: "c1", Tool: "write_file", Agent: agent, Args: map[string]any{"path": "src/main.go"}}
			b.ReportAllocs()
			for b.Loop() {
				expectVerdict(b, e.Evaluate(c), policy.Allow)
			}
		})
	}
}

// BenchmarkEvaluateRules is a call that no rule matches, against one rule
// and against a hundred (ninety naming a tool exactly, ten patterns over
// MCP servers), the shape of a large policy.
func BenchmarkEvaluateRules(b *testing.B) {
	for _, n := range []int{1, 100} {
		b.Run(fmt.Sprintf("rules=%d", n), func(b *testing.B) {
			var rules []policy.Rule
			for i := range n {
				r := policy.Rule{ID: fmt.Sprintf("r%d", i), Tool: fmt.Sprintf("tool_%d", i), Decision: policy.RuleAsk}
				if i%10 == 9 {
					r.Tool = fmt.Sprintf("mcp_%d/*", i)
				}
				rules = append(rules, r)
			}
			_, e := benchEngine(b, func(c *policy.Config) { c.Rules = rules })
			c := policy.Call{ID: "c1", Tool: "list_tabs", Session: "s1", Surface: policy.SurfaceChat}
			b.ReportAllocs()
			for b.Loop() {
				expectVerdict(b, e.Evaluate(c), policy.Allow)
			}
		})
	}
}
