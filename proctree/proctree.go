package proctree

import (
	"errors"
	"fmt"
	"github.com/toolgate/toolgate/childenv"
	"io"
	"os"
	"os/exec"
	"runtime"
	"sync"
	"time"
)

// DefaultGrace is how long Close waits after asking the tree to stop
// before it forces it.
const DefaultGrace = 5 * time.Second

// killWait is how long Close waits for forced processes to disappear
// before it reports the ones it still sees.
const killWait = 2 * time.Second

// pollEvery is how often Close looks for remaining processes.
const pollEvery = 10 * time.Millisecond

// Config says what to start.
type Config struct {
	// Path is the program to run, found through PATH when it has no
	// separator.
	Path string
	// Args are the arguments after the program's name.
	Args []string
	// Dir is the working folder; empty means the host's.
	Dir string
	// Env is the child's whole environment. nil gives
	// childenv.Build(os.Environ(), childenv.Config{}) and nothing else; a non-nil empty
	// slice gives an empty environment.
	Env []string
	// Stdin, Stdout and Stderr are as in os/exec.Cmd; nil is the null device.
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// Grace is how long Close waits between asking and forcing; 0 means
	// DefaultGrace.
	Grace time.Duration
}

// ErrConfig is returned (wrapped) by Start for an invalid Config.
var ErrConfig = errors.New("proctree: invalid config")

// SurvivorsError is returned by Close when processes of the tree are still
// alive after they were forced. PIDs lists the ones it could see; it is
// empty where the system cannot list a tree's members (not Linux or
// Windows) and only the tree's process group was seen alive.
type SurvivorsError struct {
	PIDs []int
}

// Error says how many processes survived and which.
func (e *SurvivorsError) Error() string {
	if len(e.PIDs) == 0 {
		return "proctree: processes of the tree survived"
	}
	return fmt.Sprintf("proctree: %d processes of the tree survived: %v", len(e.PIDs), e.PIDs)
}

// Tree is a started child and every process it starts. Close ends them.
type Tree struct {
	cmd     *exec.Cmd
	grace   time.Duration
	os      osTree
	done    chan struct{}
	waitErr error

	closeOnce sync.Once
	closeErr  error
}

// osTree is what Close needs from the system.
type osTree interface {
	// term asks every process of the tree it can see to stop, and reports
	// whether the system has a way to ask (Windows has none).
	term() bool
	// kill forces them.
	kill()
	// rekill forces again, after kill, the processes alive found (nil
	// where the system cannot list them): one born of a member that forked
	// as it was forced may have been missed by kill's own look.
	rekill(pids []int)
	// alive returns the processes of the tree still running, and whether
	// any is (on systems that can only tell the second, pids is nil).
	alive() (pids []int, any bool)
	// release frees what the tree holds (the job object).
	release()
}

// Start starts cfg.Path with its own process group (Unix) or job object
// (Windows), so that Close, or on Linux and Windows the host's own death,
// ends the whole tree. See the package documentation for what each system
// guarantees.
func Start(cfg Config) (*Tree, error) {
	if cfg.Path == "" {
		return nil, fmt.Errorf("%w: Path is empty", ErrConfig)
	}
	if cfg.Grace < 0 {
		return nil, fmt.Errorf("%w: Grace is negative", ErrConfig)
	}
	cmd := exec.Command(cfg.Path, cfg.Args...)
	cmd.Dir = cfg.Dir
	cmd.Env = cfg.Env
	if cmd.Env == nil {
		// The sanitized default: an explicit allowlist, never a hook
		// (NODE_OPTIONS, LD_PRELOAD, ...) or a credential.
		cmd.Env = childenv.Build(os.Environ(), childenv.Config{})
	}
	if len(cmd.Env) == 0 {
		cmd.Env = []string{} // exec.Cmd would read a nil Env as the host's whole environment
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = cfg.Stdin, cfg.Stdout, cfg.Stderr
	t := &Tree{cmd: cmd, grace: cfg.Grace, done: make(chan struct{})}
	if t.grace == 0 {
		t.grace = DefaultGrace
	}
	after, err := prepare(cmd)
	if err != nil {
		return nil, err
	}
	started := make(chan error)
	go func() {
		// The thread that starts the child stays alive, waiting for it,
		// until the child exits: Linux sends the parent-death signal when
		// that thread ends, not when the process does.
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		if err := cmd.Start(); err != nil {
			_, _ = after(nil) // releases what prepare made
			started <- fmt.Errorf("proctree: starting %s: %w", cfg.Path, err)
			return
		}
		ot, err := after(cmd.Process)
		if err != nil {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
			started <- fmt.Errorf("proctree: starting %s: %w", cfg.Path, err)
			return
		}
		t.os = ot
		started <- nil
		t.waitErr = cmd.Wait()
		close(t.done)
	}()
	if err := <-started; err != nil {
		return nil, err
	}
	return t, nil
}

// Pid returns the child's process id.
func (t *Tree) Pid() int { return t.cmd.Process.Pid }

// Done is closed when the child has exited and, when Stdout or Stderr is
// not an *os.File, its output has been copied: a descendant that holds
// the output open keeps Done open until it exits or Close ends it.
func (t *Tree) Done() <-chan struct{} { return t.done }

// Wait waits for the child to exit and returns its exit error, as
// exec.Cmd.Wait does.
func (t *Tree) Wait() error {
	<-t.done
	return t.waitErr
}

// Close ends the whole tree: it asks every process of the tree to stop
// (SIGTERM on Unix), waits up to the grace period for them to go, forces
// the rest (SIGKILL on Unix; on Windows the job is terminated at once), and
// returns a *SurvivorsError naming the processes it still sees. Close is
// safe to call more than once and from several goroutines.
func (t *Tree) Close() error {
	t.closeOnce.Do(func() {
		t.closeErr = terminate(t.os, t.grace)
		t.os.release()
	})
	return t.closeErr
}

// terminate asks, waits up to grace, forces, waits up to killWait (forcing
// again every process of the tree it still sees), and reports survivors.
func terminate(ot osTree, grace time.Duration) error {
	if ot.term() && waitGone(ot, grace, nil) {
		return nil
	}
	ot.kill()
	if waitGone(ot, killWait, ot.rekill) {
		return nil
	}
	pids, _ := ot.alive()
	return &SurvivorsError{PIDs: pids}
}

// waitGone polls until no process of the tree is alive or d has passed,
// and gives each poll's live processes to each, when it is not nil.
func waitGone(ot osTree, d time.Duration, each func(pids []int)) bool {
	deadline := time.Now().Add(d)
	tick := time.NewTicker(pollEvery)
	defer tick.Stop()
	for {
		pids, any := ot.alive()
		if !any {
			return true
		}
		if !time.Now().Before(deadline) {
			return false
		}
		if each != nil {
			each(pids)
		}
		<-tick.C
	}
}
