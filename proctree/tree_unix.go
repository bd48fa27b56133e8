//go:build unix

package proctree

import (
	"errors"
	"os"
	"os/exec"
	"syscall"
	"time"
)

func prepare(cmd *exec.Cmd) (func(*os.Process) (osTree, error), error) {
	attr := &syscall.SysProcAttr{Setsid: true}
	setParentDeathSignal(attr)
	cmd.SysProcAttr = attr
	return func(p *os.Process) (osTree, error) {
		if p == nil {
			return nil, nil
		}
		return &unixTree{leader: p.Pid, procs: newProcTable(p.Pid), send: syscall.Kill}, nil
	}, nil
}

// procTable is what the force needs from the system's process table.
type procTable interface {
	// scan returns the tree's live members, sorted, and whether it could
	// read the whole table (a scan that could not may have missed some).
	scan() (pids []int, complete bool)
	// halted reports whether pid cannot run: every thread of it is
	// stopped or dead, or it is gone. A process seen halted is in no
	// system call (fork included): every child it made is in the table.
	halted(pid int) bool
}

// unixTree is a child started as the leader of a new session, and so of a
// new process group with its pid as id.
type unixTree struct {
	leader int
	procs  procTable                               // nil where the system cannot list processes
	send   func(pid int, sig syscall.Signal) error // syscall.Kill
}

func (u *unixTree) signal(sig syscall.Signal) {
	// The group first, then every member seen outside it (a descendant
	// that moved to a group or session of its own).
	_ = u.send(-u.leader, sig)
	if u.procs != nil {
		pids, _ := u.procs.scan()
		for _, pid := range pids {
			_ = u.send(pid, sig)
		}
	}
}

func (u *unixTree) term() bool { u.signal(syscall.SIGTERM); return true }

// kill stops the whole tree before it kills any of it (see stop), then
// kills every member.
func (u *unixTree) kill() {
	u.stop()
	u.signal(syscall.SIGKILL)
}

// stop stops every member of the tree and reports whether it saw them all
// stopped. A member outside the group that forks between the last scan and
// its own SIGKILL would leave a child no scan saw (its parent dead, it
// descends from no member), alive and unreported; a stopped process cannot
// fork, and SIGSTOP cannot be caught. But kill(2) returns when the signal
// is queued, not when the target has stopped: a member inside fork(2)
// finishes it first (a signal sent to one process does not restart a
// fork), and its child can appear after the next scan has read the table.
// So a round is finished only when every member its scan found has been
// seen halted (stopped or dead in every thread) after the scan before it:
// from then on no member runs, and the scan sees every child any of them
// made. Members not yet seen halted get SIGSTOP again each round.
//
// Rounds go on while they make progress (a member found that no round
// found before, or one seen halted that the round before did not see so),
// however long a scan takes on a loaded machine, up to stopCap in all
// against a tree that keeps growing. They end without progress only after
// stopStall and stallRounds rounds: a member blocked in the kernel may
// never show as stopped (a parent waiting for a vfork child that was
// stopped before it ran a program, which cannot fork while it waits); kill
// then goes on without it seen stopped, and a child it makes as it dies is
// killed by rekill if a scan sees it. See docs/security-model.md.
func (u *unixTree) stop() bool {
	_ = u.send(-u.leader, syscall.SIGSTOP)
	if u.procs == nil {
		return false // the group cannot be watched stopping
	}
	start := time.Now()
	lastProgress, idle := start, 0
	seen := map[int]bool{}   // the members any round found
	denied := map[int]bool{} // members this user may not signal
	var halted map[int]bool  // the last scan's members seen halted after it
	for {
		pids, complete := u.procs.scan()
		done := halted != nil && complete
		progress := false
		for _, pid := range pids {
			if !seen[pid] {
				seen[pid], progress = true, true
			}
			if !halted[pid] {
				done = false
				if errors.Is(u.send(pid, syscall.SIGSTOP), syscall.EPERM) {
					denied[pid] = true
				}
			}
		}
		if done {
			return true
		}
		next := make(map[int]bool, len(pids))
		all := complete
		for _, pid := range pids {
			// A member this user may not signal (one that runs a setuid
			// program) cannot be stopped, nor killed: waiting for it
			// helps nothing, and Close reports it if it survives.
			if denied[pid] || u.procs.halted(pid) {
				next[pid] = true
				progress = progress || !halted[pid]
			} else {
				all = false
			}
		}
		halted = next
		now := time.Now()
		if progress {
			lastProgress, idle = now, 0
		} else {
			idle++
		}
		if now.Sub(start) >= stopCap || idle >= stallRounds && now.Sub(lastProgress) >= stopStall {
			return false
		}
		if !all {
			time.Sleep(stopPoll) // let the members run to their stop
		}
	}
}

// stopCap bounds how long stop goes on while its rounds make progress.
const stopCap = 10 * time.Second

// stopStall and stallRounds bound how long, and for how many rounds at
// least, stop goes on without progress.
const (
	stopStall   = time.Second
	stallRounds = 3
)

// stopPoll is how long stop lets the members run between rounds when some
// are not yet seen stopped.
const stopPoll = time.Millisecond

// rekill kills again the members a scan after kill found alive: a member
// kill could not see stopped may have forked as it died, and a child seen
// by a later scan must not be left running because the kill's own scan
// came too early. Where members cannot be listed it kills the group
// again; where they can, the scan has found the group's members, and the
// group's id, once the group is empty and the leader reaped, may be a
// stranger's.
func (u *unixTree) rekill(pids []int) {
	if u.procs == nil {
		_ = u.send(-u.leader, syscall.SIGKILL)
	}
	for _, pid := range pids {
		_ = u.send(pid, syscall.SIGKILL)
	}
}

func (u *unixTree) alive() ([]int, bool) {
	if u.procs != nil {
		pids, complete := u.procs.scan()
		// A scan that could not read the whole table cannot say that
		// none is left.
		return pids, len(pids) > 0 || !complete
	}
	err := u.send(-u.leader, 0)
	return nil, err == nil || !errors.Is(err, syscall.ESRCH)
}

func (u *unixTree) release() {}
