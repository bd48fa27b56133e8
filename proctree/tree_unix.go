//go:build unix

package proctree

import (
	"errors"
	"os"
	"os/exec"
	"syscall"
)

func prepare(cmd *exec.Cmd) (func(*os.Process) (osTree, error), error) {
	attr := &syscall.SysProcAttr{Setsid: true}
	setParentDeathSignal(attr)
	cmd.SysProcAttr = attr
	return func(p *os.Process) (osTree, error) {
		if p == nil {
			return nil, nil
		}
		return &unixTree{leader: p.Pid, members: newMembers(p.Pid)}, nil
	}, nil
}

// unixTree is a child started as the leader of a new session, and so of a
// new process group with its pid as id.
type unixTree struct {
	leader  int
	members *members // nil where the system cannot list processes
}

func (u *unixTree) signal(sig syscall.Signal) {
	// The group first, then every member seen outside it (a descendant
	// that moved to a group or session of its own).
	_ = syscall.Kill(-u.leader, sig)
	if u.members != nil {
		for _, pid := range u.members.scan() {
			_ = syscall.Kill(pid, sig)
		}
	}
}

func (u *unixTree) term() bool { u.signal(syscall.SIGTERM); return true }

// kill stops every member before it kills any: a member outside the
// group that forks between the last scan and its own SIGKILL would leave
// a child no scan saw (its parent dead, it descends from no member), alive
// and unreported. A stopped process cannot fork, and SIGSTOP cannot be
// caught, so the tree is scanned again until a scan finds no member not
// yet stopped (at most maxStopRounds times), and only then killed whole.
// See docs/security-model.md.
func (u *unixTree) kill() {
	_ = syscall.Kill(-u.leader, syscall.SIGSTOP)
	if u.members != nil {
		stopped := map[int]bool{}
		for range maxStopRounds {
			more := false
			for _, pid := range u.members.scan() {
				if !stopped[pid] {
					stopped[pid], more = true, true
					_ = syscall.Kill(pid, syscall.SIGSTOP)
				}
			}
			if !more {
				break
			}
		}
	}
	u.signal(syscall.SIGKILL)
}

// maxStopRounds bounds the scans kill makes to stop a tree that keeps
// growing: each round stops every member the last one found, so a tree
// grows for at most as many generations.
const maxStopRounds = 16

func (u *unixTree) alive() ([]int, bool) {
	if u.members != nil {
		pids := u.members.scan()
		return pids, len(pids) > 0
	}
	err := syscall.Kill(-u.leader, 0)
	return nil, err == nil || !errors.Is(err, syscall.ESRCH)
}

func (u *unixTree) release() {}
