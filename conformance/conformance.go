package conformance

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/toolgate/toolgate/delegation"
	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/roots"
	"github.com/toolgate/toolgate/secret"
	"github.com/toolgate/toolgate/toolmeta"
)

// ErrUndeclared is returned (wrapped) by a NewHost asked for a surface the
// host does not serve. The whole surface is then reported as undeclared.
// A host that serves a surface must serve every contract on it: ErrUndeclared
// for one cell of a surface whose other cells ran is a failure.
var ErrUndeclared = errors.New("conformance: surface not declared by the host")

// CaseTimeout is the watchdog of one cell: a cell that has not finished by
// then fails, naming the step it was at.
const CaseTimeout = 30 * time.Second

// NewHost makes a fresh host for one cell, configured by cfg. The host
// must route every call in cfg.Tools through its policy.Engine and keep
// its durable state (approvals, audit) under cfg.StateDir. t is the cell's
// test; in Check's runner it implements Helper, Name, Log, Logf, Error,
// Errorf, Fatal, Fatalf, Skip, Skipf, Failed, Skipped, TempDir, Cleanup and
// Context, and nothing else.
type NewHost func(t testing.TB, cfg Config) (Host, error)

// Host is the adapter a host supplies: the handful of things a person or a
// model does with it. Every method may be called from the cell's goroutine
// only, one at a time.
type Host interface {
	// Turn feeds the host one model turn proposing calls, and returns once
	// the host has handled each one: run it, refused it, asked cfg.Ask about
	// it (attended) or parked it (unattended). An error is a host failure,
	// not a refusal.
	Turn(ctx context.Context, calls []Call) error
	// Pending lists the parked calls that wait for a person's decision.
	Pending(ctx context.Context) ([]Item, error)
	// Decide records a person's decision on a parked call. An approved call
	// runs once, now or at the latest when the host is restarted.
	Decide(ctx context.Context, id string, approve bool) error
	// Restart stops the host as a crash or an upgrade would and starts it
	// again over the same cfg.StateDir, recovering parked and approved calls.
	Restart(ctx context.Context) error
	// Audit returns the host's audit output as written.
	Audit(ctx context.Context) ([]byte, error)
	// Sidecar returns the base URL of the host's local API (on loopback)
	// and its per-launch token, presented as "Authorization: Bearer TOKEN".
	// A host that serves no local API returns "" for both, declaring so.
	Sidecar() (url, token string)
	// Close ends the host and every process it started.
	Close() error
}

// Config is what one cell asks of a host. Paths are absolute and canonical.
type Config struct {
	// Surface is the execution surface every call of the session comes from.
	Surface policy.Surface
	// Mode is the top-level permission mode.
	Mode policy.Mode
	// Interaction is the session's interaction on Surface.
	Interaction policy.Interaction
	// Session and Task name the session and the task of every call.
	Session, Task string
	// Home is the user's home folder as the engine must see it.
	Home string
	// StateDir is where the host keeps its durable state across Restart.
	StateDir string
	// Roots are the workspace roots; exactly one is primary.
	Roots []roots.Root
	// Tools are the probe tools the host must offer the model.
	Tools []Tool
	// Agents are the delegated agents, folded from the top level with
	// package delegation.
	Agents map[string]delegation.Definition
	// Standing are the task's standing approvals.
	Standing []policy.StandingApproval
	// Secrets are the configured secrets: the host must redact them.
	Secrets []secret.Secret
	// Ask is the person at the keyboard of an attended session: the host
	// calls it for a call that needs approval and runs the call only when it
	// answers true.
	Ask func(ctx context.Context, q Question) bool
}

// Tool is one probe tool. A tool whose Meta is nil has no valid security
// metadata and must be treated as such (see docs/security-model.md,
// Invariants 3).
type Tool struct {
	// Name is the tool's name.
	Name string
	// Meta is the tool's security metadata; nil for an unannotated tool.
	Meta *toolmeta.Metadata
	// Run runs the tool. It is nil for an exec tool: the host runs the
	// command text itself, with its own shell (sh -c on Unix) in its
	// managed process tree.
	Run func(ctx context.Context, inv Invocation) (string, error)
}

// Invocation is what a host passes a tool it runs.
type Invocation struct {
	// CallID is the call's ID.
	CallID string
	// Args are the call's arguments.
	Args map[string]any
	// IdempotencyKey is the key of a resumed call; empty for a call that
	// ran inline.
	IdempotencyKey string
}

// Call is one tool call a model proposes.
type Call struct {
	ID    string
	Tool  string
	Args  map[string]any
	Agent string
}

// Question is what an attended host asks a person.
type Question struct {
	CallID, Tool, Agent string
	Args                map[string]any
}

// Item is one parked call.
type Item struct {
	// ID names the inbox item, as Decide takes it.
	ID string
	// CallID and Tool are the parked call's.
	CallID, Tool string
}

// Run runs every contract on every surface as subtests named
// <surface>/<NN>-<contract>.
func Run(t *testing.T, newHost NewHost) {
	t.Helper()
	for _, s := range policy.Surfaces() {
		t.Run(string(s), func(t *testing.T) {
			var sv surfaceState
			for _, c := range contracts {
				t.Run(c.cellName(), func(t *testing.T) {
					runCell(t, newHost, s, c, &sv, CaseTimeout)
				})
			}
		})
	}
}

// surfaceState remembers whether a surface was declared.
type surfaceState struct {
	mu                  sync.Mutex
	declared, undeclare bool
}

// Cell is the outcome of one contract on one surface.
type Cell struct {
	Surface  policy.Surface
	Number   int
	Contract string
	// Failed and Skipped say how the cell ended; Skipped only for an
	// undeclared surface.
	Failed, Skipped bool
	// Messages are the cell's failures and log lines.
	Messages []string
	Elapsed  time.Duration
}

// Name returns the cell's subtest name, <surface>/<NN>-<contract>.
func (c Cell) Name() string {
	return string(c.Surface) + "/" + fmt.Sprintf("%02d-%s", c.Number, c.Contract)
}

// Report is the outcome of the whole matrix.
type Report struct {
	Cells   []Cell
	Elapsed time.Duration
}

// Failed counts the failed cells.
func (r Report) Failed() []Cell {
	var out []Cell
	for _, c := range r.Cells {
		if c.Failed {
			out = append(out, c)
		}
	}
	return out
}

// Contracts lists the contracts' names in order, as "NN-name".
func Contracts() []string {
	out := make([]string, len(contracts))
	for i, c := range contracts {
		out[i] = c.cellName()
	}
	return out
}

// Options tune Check.
type Options struct {
	// Filter, when not nil, selects the cells to run by name
	// (<surface>/<NN>-<contract>).
	Filter func(cell string) bool
	// Parallel is how many surfaces run at once; 0 or 1 runs one at a
	// time. The cells of one surface always run one after another.
	Parallel int
	// Timeout is each cell's watchdog; 0 means CaseTimeout.
	Timeout time.Duration
}

// Check runs the matrix without package testing, through a runner of its
// own that implements the part of testing.TB the matrix and an adapter
// use, and returns what happened, cells in matrix order.
func Check(newHost NewHost, opts Options) Report {
	start := time.Now()
	timeout := opts.Timeout
	if timeout <= 0 {
		timeout = CaseTimeout
	}
	surfaces := policy.Surfaces()
	perSurface := make([][]Cell, len(surfaces))
	sem := make(chan struct{}, max(1, opts.Parallel))
	var wg sync.WaitGroup
	for i, s := range surfaces {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			var sv surfaceState
			for _, c := range contracts {
				cell := Cell{Surface: s, Number: c.num, Contract: c.name}
				if opts.Filter != nil && !opts.Filter(cell.Name()) {
					continue
				}
				r := &recorder{name: cell.Name()}
				t0 := time.Now()
				r.run(func() { runCell(r, newHost, s, c, &sv, timeout) })
				cell.Elapsed = time.Since(t0)
				cell.Failed, cell.Skipped, cell.Messages = r.failed, r.skipped, r.msgs
				perSurface[i] = append(perSurface[i], cell)
			}
		})
	}
	wg.Wait()
	rep := Report{Elapsed: time.Since(start)}
	for _, cells := range perSurface {
		rep.Cells = append(rep.Cells, cells...)
	}
	return rep
}

// recorder is the subset of testing.TB the matrix and a host's adapter
// use. The embedded TB is nil: any other method panics.
type recorder struct {
	testing.TB
	name            string
	mu              sync.Mutex
	failed, skipped bool
	msgs            []string
	cleanups        []func()
	tmp             string
	tmpN            int
	ctx             context.Context
	cancel          context.CancelFunc
}

func (r *recorder) run(f func()) {
	r.ctx, r.cancel = context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer func() {
			if p := recover(); p != nil {
				r.Errorf("panic: %v", p)
			}
		}()
		f()
	}()
	<-done
	r.cancel()
	for _, f := range slices.Backward(r.cleanups) {
		f()
	}
	if r.tmp != "" {
		os.RemoveAll(r.tmp)
	}
}

func (r *recorder) add(failed bool, msg string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.failed = r.failed || failed
	r.msgs = append(r.msgs, msg)
}

func (r *recorder) Helper()                           {}
func (r *recorder) Name() string                      { return r.name }
func (r *recorder) Log(args ...any)                   { r.add(false, fmt.Sprint(args...)) }
func (r *recorder) Logf(format string, args ...any)   { r.add(false, fmt.Sprintf(format, args...)) }
func (r *recorder) Error(args ...any)                 { r.add(true, fmt.Sprint(args...)) }
func (r *recorder) Errorf(format string, args ...any) { r.add(true, fmt.Sprintf(format, args...)) }
func (r *recorder) Fatal(args ...any)                 { r.Error(args...); runtime.Goexit() }
func (r *recorder) Fatalf(format string, args ...any) { r.Errorf(format, args...); runtime.Goexit() }
func (r *recorder) Skip(args ...any)                  { r.skip(fmt.Sprint(args...)) }
func (r *recorder) Skipf(format string, args ...any)  { r.skip(fmt.Sprintf(format, args...)) }
func (r *recorder) Context() context.Context          { return r.ctx }

func (r *recorder) skip(msg string) {
	r.mu.Lock()
	r.skipped = true
	r.msgs = append(r.msgs, msg)
	r.mu.Unlock()
	runtime.Goexit()
}

func (r *recorder) Failed() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.failed
}

func (r *recorder) Skipped() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.skipped
}

func (r *recorder) Cleanup(f func()) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.cleanups = append(r.cleanups, f)
}

func (r *recorder) TempDir() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.tmp == "" {
		dir, err := os.MkdirTemp("", "toolgate-conformance-")
		if err != nil {
			panic(err)
		}
		r.tmp = dir
	}
	r.tmpN++
	dir := filepath.Join(r.tmp, fmt.Sprint(r.tmpN))
	if err := os.Mkdir(dir, 0o700); err != nil {
		panic(err)
	}
	return dir
}
