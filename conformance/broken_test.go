package conformance_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/toolgate/toolgate/conformance"
	"github.com/toolgate/toolgate/examples/refhost"
	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/roots"
	"github.com/toolgate/toolgate/toolmeta"
)

// broken is the reference host with one fault added: a Config edited
// before the host starts, and hooks around the adapter's verbs.
type broken struct {
	conformance.Host
	t     testing.TB
	cfg   conformance.Config
	mu    sync.Mutex
	calls map[string]conformance.Call

	beforeTurn  func(b *broken, ctx context.Context, calls []conformance.Call)
	afterDecide func(b *broken, ctx context.Context, item conformance.Item, approve bool)
	restart     func(b *broken, ctx context.Context) error
	sidecar     func(b *broken) (string, string)
}

// breakHost returns a NewHost for the reference host with a fault.
func breakHost(edit func(*conformance.Config), hook func(*broken)) conformance.NewHost {
	return func(t testing.TB, cfg conformance.Config) (conformance.Host, error) {
		if edit != nil {
			edit(&cfg)
		}
		h, err := refhost.NewConformanceHost(t, cfg)
		if err != nil {
			return nil, err
		}
		b := &broken{Host: h, t: t, cfg: cfg, calls: map[string]conformance.Call{}}
		if hook != nil {
			hook(b)
		}
		return b, nil
	}
}

// runTool runs a call's probe directly, as a host that skips the engine
// would.
func (b *broken) runTool(ctx context.Context, c conformance.Call, key string) {
	for _, tool := range b.cfg.Tools {
		if tool.Name == c.Tool && tool.Run != nil {
			tool.Run(ctx, conformance.Invocation{CallID: c.ID, Args: c.Args, IdempotencyKey: key})
		}
	}
}

func (b *broken) Turn(ctx context.Context, calls []conformance.Call) error {
	b.mu.Lock()
	for _, c := range calls {
		b.calls[c.ID] = c
	}
	b.mu.Unlock()
	if b.beforeTurn != nil {
		b.beforeTurn(b, ctx, calls)
	}
	return b.Host.Turn(ctx, calls)
}

func (b *broken) Decide(ctx context.Context, id string, approve bool) error {
	items, _ := b.Host.Pending(ctx)
	err := b.Host.Decide(ctx, id, approve)
	for _, it := range items {
		if it.ID == id && b.afterDecide != nil {
			b.afterDecide(b, ctx, it, approve)
		}
	}
	return err
}

func (b *broken) Restart(ctx context.Context) error {
	if b.restart != nil {
		return b.restart(b, ctx)
	}
	return b.Host.Restart(ctx)
}

func (b *broken) Sidecar() (string, string) {
	if b.sidecar != nil {
		return b.sidecar(b)
	}
	return b.Host.Sidecar()
}

func inRoots(cfg conformance.Config, path string) bool {
	for _, r := range cfg.Roots {
		if rel, err := filepath.Rel(r.Path, path); err == nil && filepath.IsLocal(rel) {
			return true
		}
	}
	return false
}

// brokenHosts are the faulty hosts and the contracts each must fail, on
// every surface unless surfaces says otherwise.
var brokenHosts = []struct {
	name      string
	contracts []int
	surfaces  []policy.Surface
	skipped   []policy.Surface
	newHost   conformance.NewHost
}{
	{name: "writes outside the roots in allow mode", contracts: []int{1},
		newHost: breakHost(nil, func(b *broken) {
			b.beforeTurn = func(b *broken, ctx context.Context, calls []conformance.Call) {
				for _, c := range calls {
					if p, _ := c.Args["path"].(string); c.Tool == conformance.ToolWrite && b.cfg.Mode == policy.ModeAllow && !inRoots(b.cfg, p) {
						b.runTool(ctx, c, "")
					}
				}
			}
		})},
	{name: "treats ask mode as allow", contracts: []int{2, 7},
		newHost: breakHost(func(c *conformance.Config) {
			if c.Mode == policy.ModeAsk {
				c.Mode = policy.ModeAllow
			}
		}, nil)},
	{name: "treats ask mode as allow on the mcp surface only", contracts: []int{2, 7}, surfaces: []policy.Surface{policy.SurfaceMCP},
		newHost: breakHost(func(c *conformance.Config) {
			if c.Mode == policy.ModeAsk && c.Surface == policy.SurfaceMCP {
				c.Mode = policy.ModeAllow
			}
		}, nil)},
	{name: "runs calls in deny mode", contracts: []int{3},
		newHost: breakHost(func(c *conformance.Config) {
			if c.Mode == policy.ModeDeny {
				c.Mode = policy.ModeAllow
			}
		}, nil)},
	{name: "gives unknown tools metadata of its own", contracts: []int{4},
		newHost: breakHost(func(c *conformance.Config) {
			for i, t := range c.Tools {
				if t.Meta == nil || t.Meta.Validate() != nil {
					c.Tools[i].Meta = &toolmeta.Metadata{Risk: toolmeta.RiskRead, ApprovalDefault: toolmeta.DefaultAllow, Source: toolmeta.SourceBuiltin}
				}
			}
		}, nil)},
	{name: "makes read-only roots read-write", contracts: []int{5},
		newHost: breakHost(func(c *conformance.Config) {
			for i := range c.Roots {
				c.Roots[i].Access = roots.ReadWrite
			}
		}, nil)},
	{name: "lets a child widen its mode, roots and tools", contracts: []int{6},
		newHost: breakHost(func(c *conformance.Config) {
			for id, d := range c.Agents {
				d.Parent = ""
				c.Agents[id] = d
			}
		}, nil)},
	{name: "executes unattended calls before approval", contracts: []int{7, 8},
		newHost: breakHost(nil, func(b *broken) {
			b.beforeTurn = func(b *broken, ctx context.Context, calls []conformance.Call) {
				if b.cfg.Interaction == policy.Unattended {
					for _, c := range calls {
						b.runTool(ctx, c, "")
					}
				}
			}
		})},
	{name: "loses parked calls on restart", contracts: []int{7},
		newHost: breakHost(nil, func(b *broken) {
			b.restart = func(b *broken, ctx context.Context) error {
				b.Host.Close()
				cfg := b.cfg
				cfg.StateDir = b.t.TempDir()
				h, err := refhost.NewConformanceHost(b.t, cfg)
				b.Host = h
				return err
			}
		})},
	{name: "re-runs an approved call on resume", contracts: []int{8},
		newHost: breakHost(nil, func(b *broken) {
			b.afterDecide = func(b *broken, ctx context.Context, it conformance.Item, approve bool) {
				b.mu.Lock()
				c := b.calls[it.CallID]
				b.mu.Unlock()
				if approve {
					b.runTool(ctx, c, "retry")
				}
			}
		})},
	{name: "matches standing approvals by prefix", contracts: []int{9},
		newHost: breakHost(nil, func(b *broken) {
			b.beforeTurn = func(b *broken, ctx context.Context, calls []conformance.Call) {
				for _, c := range calls {
					ch, _ := c.Args["channel"].(string)
					for _, s := range b.cfg.Standing {
						if ch != s.Target && strings.HasPrefix(strings.ToLower(ch), strings.ToLower(s.Target)) {
							b.runTool(ctx, c, "")
						}
					}
				}
			}
		})},
	{name: "accepts a missing sidecar token", contracts: []int{10},
		newHost: breakHost(nil, func(b *broken) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
			b.t.Cleanup(srv.Close)
			b.sidecar = func(b *broken) (string, string) { return srv.URL + "/", "any-token-at-all-0123456789abcdef" }
		})},
	{name: "leaks a configured secret into its audit", contracts: []int{11},
		newHost: breakHost(func(c *conformance.Config) { c.Secrets = nil }, nil)},
	{name: "leaves a grandchild running after Close", contracts: []int{12},
		newHost: breakHost(func(c *conformance.Config) {
			for i, t := range c.Tools {
				if t.Name == conformance.ToolShell {
					args := func(in conformance.Invocation) string { s, _ := in.Args["command"].(string); return s }
					c.Tools[i].Run = func(ctx context.Context, in conformance.Invocation) (string, error) {
						out, err := exec.CommandContext(ctx, "sh", "-c", args(in)).CombinedOutput()
						return string(out), err
					}
				}
			}
		}, nil)},
	{name: "does not serve the mcp surface", skipped: []policy.Surface{policy.SurfaceMCP},
		newHost: func(t testing.TB, cfg conformance.Config) (conformance.Host, error) {
			if cfg.Surface == policy.SurfaceMCP {
				return nil, fmt.Errorf("no MCP here: %w", conformance.ErrUndeclared)
			}
			return refhost.NewConformanceHost(t, cfg)
		}},
	{name: "declines one contract on a surface it serves", contracts: []int{10}, surfaces: []policy.Surface{policy.SurfaceChat},
		newHost: func(t testing.TB, cfg conformance.Config) (conformance.Host, error) {
			if cfg.Surface == policy.SurfaceChat && strings.Contains(t.Name(), "/10-") {
				return nil, conformance.ErrUndeclared
			}
			return refhost.NewConformanceHost(t, cfg)
		}},
}

func TestBrokenHostsFailExactlyTheirCells(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the whole matrix once per broken host")
	}
	for _, bh := range brokenHosts {
		t.Run(bh.name, func(t *testing.T) {
			t.Parallel()
			surfaces := bh.surfaces
			if surfaces == nil {
				surfaces = policy.Surfaces()
			}
			var want, wantSkipped, failed, skipped []string
			for _, s := range surfaces {
				for _, n := range bh.contracts {
					want = append(want, fmt.Sprintf("%s/%02d", s, n))
				}
			}
			for _, s := range bh.skipped {
				for n := 1; n <= 12; n++ {
					wantSkipped = append(wantSkipped, fmt.Sprintf("%s/%02d", s, n))
				}
			}
			rep := conformance.Check(bh.newHost, conformance.Options{Parallel: 6})
			assert.Len(t, rep.Cells, 72)
			for _, c := range rep.Cells {
				key := c.Name()[:strings.Index(c.Name(), "-"+c.Contract)]
				if c.Failed {
					failed = append(failed, key)
					if !slices.Contains(want, key) {
						t.Logf("%s failed unexpectedly:\n%s", c.Name(), strings.Join(c.Messages, "\n"))
					}
				}
				if c.Skipped {
					skipped = append(skipped, key)
				}
			}
			assert.ElementsMatch(t, want, failed, "failed cells")
			assert.ElementsMatch(t, wantSkipped, skipped, "skipped cells")
		})
	}
}

// hung is a host whose Turn never returns and ignores its context.
type hung struct{ conformance.Host }

func (hung) Turn(context.Context, []conformance.Call) error { select {} }

func TestWatchdogFailsACellWhoseHostHangs(t *testing.T) {
	rep := conformance.Check(func(t testing.TB, cfg conformance.Config) (conformance.Host, error) {
		h, err := refhost.NewConformanceHost(t, cfg)
		if err == nil {
			t.Cleanup(func() { h.Close() })
		}
		return hung{h}, err
	}, conformance.Options{Timeout: 300 * time.Millisecond, Filter: func(cell string) bool { return cell == "chat/02-ask-allows-reads-and-asks-for-changes" }})
	if assert.Len(t, rep.Cells, 1) {
		assert.True(t, rep.Cells[0].Failed)
		assert.Contains(t, strings.Join(rep.Cells[0].Messages, "\n"), "watchdog: the cell did not finish within 300ms; the host was stuck in Turn")
	}
}

func TestAFailureSaysWhatWasProposedExpectedDoneAndBroken(t *testing.T) {
	rep := conformance.Check(brokenHosts[0].newHost, conformance.Options{Filter: func(cell string) bool { return cell == "goal-loop/01-allow-cannot-escape-roots-or-hardline" }})
	if assert.Len(t, rep.Cells, 1) && assert.True(t, rep.Cells[0].Failed) {
		msg := rep.Cells[0].Messages[0]
		assert.Regexp(t, `^proposed: c1-outside write_file \{.*"path":".*/outside/c1.txt"\}\n`, msg)
		assert.Contains(t, msg, "\nexpected: it never runs\nthe host: ran it 1 time(s)\n")
		assert.Contains(t, msg, `breaks: invariant 2, "Allow is not a bypass" (docs/security-model.md, Invariants)`)
	}
}
