package conformance

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/toolgate/toolgate/delegation"
	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/roots"
	"github.com/toolgate/toolgate/secret"
	"github.com/toolgate/toolgate/toolmeta"
)

// The probe tools' names.
const (
	ToolRead    = "read_file"
	ToolWrite   = "write_file"
	ToolShell   = "shell"
	ToolPost    = "post_message"
	ToolUnknown = "mystery"
	ToolBadMeta = "bad_meta"
)

// SubAgent is the agent that proposes every call on the sub-agent surface
// unless a contract names another. It holds what the top level holds.
const SubAgent = "sub"

// invariants names the invariants of docs/security-model.md, by number.
var invariants = [...]string{
	1:  "One decision point",
	2:  "Allow is not a bypass",
	3:  "Unknown fails closed",
	4:  "Writes need a read-write root",
	5:  "Children never exceed parents",
	6:  "Unattended never means consent",
	7:  "Standing approvals are narrow",
	8:  "The local API is guarded",
	9:  "Credentials stay out of sight",
	10: "Side effects act once",
}

// env is one cell: its folders, its probes and what it saw.
type env struct {
	t       testing.TB
	ctx     context.Context
	surface policy.Surface
	cfg     Config
	host    Host
	closed  bool

	base, home, ws, ref, extra, outside, mark string
	secrets                                   []string

	mu       sync.Mutex
	answer   bool
	runs     map[string][]Invocation
	asked    map[string]int
	proposed map[string]Call
	step     string

	items                                     map[string][]Item
	runsAt                                    map[string]int
	sidecarProblem, auditProblem, treeProblem string
}

func newEnv(t testing.TB, s policy.Surface) (*env, error) {
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		return nil, err
	}
	e := &env{t: t, surface: s, base: base,
		runs: map[string][]Invocation{}, asked: map[string]int{}, proposed: map[string]Call{},
		items: map[string][]Item{}, runsAt: map[string]int{}}
	for _, d := range []string{"home/.ssh", "ws/.probe", "ref", "extra", "outside", "state"} {
		if err := os.MkdirAll(filepath.Join(base, d), 0o700); err != nil {
			return nil, err
		}
	}
	e.home, e.ws, e.ref = filepath.Join(base, "home"), filepath.Join(base, "ws"), filepath.Join(base, "ref")
	e.extra, e.outside = filepath.Join(base, "extra"), filepath.Join(base, "outside")
	e.mark = filepath.Join(e.ws, ".probe", "shell.log")
	for name, text := range map[string]string{
		"home/.ssh/id_rsa": "not a key\n", "ws/a.txt": "a\n", "ref/r.txt": "r\n", "outside/o.txt": "o\n",
	} {
		if err := os.WriteFile(filepath.Join(base, name), []byte(text), 0o600); err != nil {
			return nil, err
		}
	}
	var secrets []secret.Secret
	for _, name := range []string{"api", "db"} {
		v := "cf" + strconv.FormatInt(time.Now().UnixNano(), 36) + name + fmt.Sprintf("%x", randomish(name))
		e.secrets = append(e.secrets, v)
		secrets = append(secrets, secret.FromString(name, v))
	}
	e.cfg = Config{
		Surface: s, Mode: policy.ModeAllow, Interaction: policy.Attended,
		Session: "conformance", Task: "task", Home: e.home, StateDir: filepath.Join(base, "state"),
		Roots: []roots.Root{
			{ID: "ws", Path: e.ws, Access: roots.ReadWrite, Primary: true, Source: roots.Workspace},
			{ID: "ref", Path: e.ref, Access: roots.Read, Source: roots.UserGrant},
			{ID: "extra", Path: e.extra, Access: roots.ReadWrite, Source: roots.UserGrant},
		},
		Tools:   e.tools(),
		Agents:  map[string]delegation.Definition{},
		Secrets: secrets,
		Ask: func(_ context.Context, q Question) bool {
			e.mu.Lock()
			defer e.mu.Unlock()
			e.asked[noteOf(q.Args, q.CallID)]++
			return e.answer
		},
	}
	return e, nil
}

// randomish gives a few bytes that differ from cell to cell; secrets need
// not be strong here, only unlike anything else in the audit.
func randomish(salt string) []byte {
	f, err := os.Open("/dev/urandom")
	if err == nil {
		defer f.Close()
		b := make([]byte, 12)
		if _, err := f.Read(b); err == nil {
			return b
		}
	}
	return []byte(salt + strconv.FormatInt(time.Now().UnixNano(), 16))
}

func noteOf(args map[string]any, fallback string) string {
	if n, ok := args["note"].(string); ok && n != "" {
		return n
	}
	return fallback
}

func (e *env) tools() []Tool {
	meta := func(m toolmeta.Metadata) *toolmeta.Metadata { return &m }
	probe := func(ctx context.Context, inv Invocation) (string, error) {
		e.mu.Lock()
		defer e.mu.Unlock()
		id := noteOf(inv.Args, inv.CallID)
		e.runs[id] = append(e.runs[id], inv)
		return "ok", nil
	}
	return []Tool{
		{Name: ToolRead, Run: probe, Meta: meta(toolmeta.Metadata{Risk: toolmeta.RiskRead, PathArguments: []string{"path"},
			ApprovalDefault: toolmeta.DefaultAllow, Source: toolmeta.SourceBuiltin})},
		{Name: ToolWrite, Run: probe, Meta: meta(toolmeta.Metadata{Risk: toolmeta.RiskWriteLocal, PathArguments: []string{"path"},
			ApprovalDefault: toolmeta.DefaultAllow, Source: toolmeta.SourceBuiltin})},
		{Name: ToolShell, Meta: meta(toolmeta.Metadata{Risk: toolmeta.RiskExec, CommandArgument: "command",
			ApprovalDefault: toolmeta.DefaultAllow, Source: toolmeta.SourceBuiltin})},
		{Name: ToolPost, Run: probe, Meta: meta(toolmeta.Metadata{Risk: toolmeta.RiskExternal, TargetArgument: "channel",
			ApprovalDefault: toolmeta.DefaultAsk, Source: toolmeta.SourceMCP, Server: "chat"})},
		{Name: ToolUnknown, Run: probe},
		{Name: ToolBadMeta, Run: probe, Meta: meta(toolmeta.Metadata{Risk: toolmeta.RiskExec,
			ApprovalDefault: toolmeta.DefaultAllow, Source: toolmeta.SourceBuiltin})},
	}
}

// finish completes the configuration after a contract's setup.
func (e *env) finish() {
	if e.surface != policy.SurfaceSubAgent {
		return
	}
	var ids []string
	for _, s := range e.cfg.Standing {
		ids = append(ids, s.ID)
	}
	e.cfg.Agents[SubAgent] = delegation.Definition{StandingApprovals: ids}
}

// Calls the suite proposes. Every call carries a "note" argument with its
// ID, which the probes record it by; a shell call echoes its ID into the
// shell probe's log.
func (e *env) read(id, path string) Call {
	return Call{ID: id, Tool: ToolRead, Args: map[string]any{"path": path, "note": id}}
}

func (e *env) write(id, path string) Call {
	return Call{ID: id, Tool: ToolWrite, Args: map[string]any{"path": path, "content": "from " + id, "note": id}}
}

func (e *env) post(id, channel string) Call {
	return Call{ID: id, Tool: ToolPost, Args: map[string]any{"channel": channel, "text": "from " + id, "note": id}}
}

// shell returns a call whose command runs script and then records id in
// the shell probe's log.
func (e *env) shell(id, script string) Call {
	cmd := "echo " + id + " >> " + e.mark
	if script != "" {
		cmd = script + "; " + cmd
	}
	return Call{ID: id, Tool: ToolShell, Args: map[string]any{"command": cmd, "note": id}}
}

func (e *env) as(agent string, c Call) Call { c.Agent = agent; return c }

// turn proposes calls to the host, as one model turn.
func (e *env) turn(calls ...Call) error {
	e.mu.Lock()
	for i, c := range calls {
		if e.surface == policy.SurfaceSubAgent && c.Agent == "" {
			calls[i].Agent = SubAgent
		}
		e.proposed[c.ID] = calls[i]
	}
	e.step = "Turn"
	e.mu.Unlock()
	return wrap("Turn", e.host.Turn(e.ctx, calls))
}

func (e *env) pending() ([]Item, error) {
	e.setStep("Pending")
	items, err := e.host.Pending(e.ctx)
	return items, wrap("Pending", err)
}

func (e *env) restart() error {
	e.setStep("Restart")
	return wrap("Restart", e.host.Restart(e.ctx))
}

func (e *env) setStep(s string) { e.mu.Lock(); e.step = s; e.mu.Unlock() }

func wrap(step string, err error) error {
	if err != nil {
		return fmt.Errorf("%s: %w", step, err)
	}
	return nil
}

// ran says how many times the call with this ID ran.
func (e *env) ran(id string) int {
	e.mu.Lock()
	defer e.mu.Unlock()
	if c, ok := e.proposed[id]; ok && c.Tool == ToolShell {
		data, _ := os.ReadFile(e.mark)
		return count(strings.Fields(string(data)), id)
	}
	return len(e.runs[id])
}

func count(words []string, w string) int {
	n := 0
	for _, x := range words {
		if x == w {
			n++
		}
	}
	return n
}

func (e *env) timesAsked(id string) int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.asked[id]
}

func (e *env) invocations(id string) []Invocation {
	e.mu.Lock()
	defer e.mu.Unlock()
	return slices.Clone(e.runs[id])
}

func (e *env) describe(id string) string {
	e.mu.Lock()
	c, ok := e.proposed[id]
	e.mu.Unlock()
	if !ok {
		return id
	}
	args, _ := json.Marshal(c.Args)
	s := fmt.Sprintf("%s %s %s", c.ID, c.Tool, args)
	if c.Agent != "" {
		s += " by agent " + c.Agent
	}
	return s
}

// alive reports whether process pid exists and is not a zombie. Where it
// cannot tell, it says no: the matrix prefers a false negative.
func alive(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil || p.Signal(syscall.Signal(0)) != nil {
		return false
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err == nil {
		if i := bytes.LastIndexByte(stat, ')'); i > 0 && i+2 < len(stat) && stat[i+2] == 'Z' {
			return false
		}
	}
	return true
}

func kill(pid int) {
	if p, err := os.FindProcess(pid); err == nil {
		p.Kill()
	}
}

func (e *env) currentStep() string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.step
}

// describeAll describes every call proposed so far.
func (e *env) describeAll() string {
	e.mu.Lock()
	ids := make([]string, 0, len(e.proposed))
	for id := range e.proposed {
		ids = append(ids, id)
	}
	e.mu.Unlock()
	slices.Sort(ids)
	if len(ids) == 0 {
		return "no call"
	}
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = e.describe(id)
	}
	return strings.Join(out, "; ")
}

// note keeps the parked items seen at one point of the action.
func (e *env) note(at string, items []Item) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.items[at] = slices.Clone(items)
}

// noteRuns keeps how often a call had run at one point of the action.
func (e *env) noteRuns(at, id string) {
	n := e.ran(id)
	e.mu.Lock()
	defer e.mu.Unlock()
	e.runsAt[at] = n
}

func (e *env) notedRuns(at string) int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.runsAt[at]
}

// parkedMissing names the calls that were not among the items noted at.
func (e *env) parkedMissing(at string, ids ...string) string {
	e.mu.Lock()
	defer e.mu.Unlock()
	var missing []string
	for _, id := range ids {
		if !slices.ContainsFunc(e.items[at], func(it Item) bool { return it.CallID == id }) {
			missing = append(missing, id)
		}
	}
	if len(missing) > 0 {
		return fmt.Sprintf("did not list %s among its parked calls (it listed %v)", strings.Join(missing, ", "), e.items[at])
	}
	return ""
}

// sameItems compares the item IDs noted at two points.
func (e *env) sameItems(a, b string) string {
	e.mu.Lock()
	defer e.mu.Unlock()
	ids := func(items []Item) map[string]string {
		m := map[string]string{}
		for _, it := range items {
			m[it.CallID] = it.ID
		}
		return m
	}
	before, after := ids(e.items[a]), ids(e.items[b])
	for call, id := range before {
		if after[call] != id {
			return fmt.Sprintf("listed call %s as item %q before the restart and %q after", call, id, after[call])
		}
	}
	return ""
}
