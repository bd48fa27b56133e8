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
func (u *unixTree) kill()      { u.signal(syscall.SIGKILL) }

func (u *unixTree) alive() ([]int, bool) {
	if u.members != nil {
		pids := u.members.scan()
		return pids, len(pids) > 0
	}
	err := syscall.Kill(-u.leader, 0)
	return nil, err == nil || !errors.Is(err, syscall.ESRCH)
}

func (u *unixTree) release() {}
