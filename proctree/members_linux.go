package proctree

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"slices"
	"strconv"
	"sync"
	"syscall"
)

func setParentDeathSignal(attr *syscall.SysProcAttr) { attr.Pdeathsig = syscall.SIGKILL }

// members finds the live processes of a tree on Linux by reading /proc:
// those in the leader's session or process group, those descended from a
// member, and those seen as members before (matched by start time, so a
// reused pid is not mistaken for one). A descendant that starts a new
// session after its parent has exited, before any scan saw it, cannot be
// told from an unrelated process and is not found.
type members struct {
	root   string // "/proc"
	leader int
	self   int
	mu     sync.Mutex
	known  map[int]uint64 // pid -> start time
}

func newProcTable(leader int) procTable { return newMembers("/proc", leader) }

func newMembers(root string, leader int) *members {
	m := &members{root: root, leader: leader, self: os.Getpid(), known: map[int]uint64{}}
	// The leader is known by its start time, so that its pid, once reaped
	// and reused, is not taken for it.
	if s, err := readStat(m.pidPath(leader) + "/stat"); err == nil {
		m.known[leader] = s.start
	}
	return m
}

func (m *members) pidPath(pid int) string { return m.root + "/" + strconv.Itoa(pid) }

type procStat struct {
	state               byte
	ppid, pgrp, session int
	threads             int
	start               uint64
	dead                bool
}

// errBadStat is readStat's error for a stat line it cannot read whole.
var errBadStat = errors.New("proctree: unreadable stat line")

// readStat reads and parses a stat file (/proc/PID/stat or
// /proc/PID/task/TID/stat).
func readStat(name string) (procStat, error) {
	b, err := os.ReadFile(name)
	if err != nil {
		return procStat{}, err
	}
	s, ok := parseStat(b)
	if !ok {
		return procStat{}, errBadStat
	}
	return s, nil
}

// gone reports whether err, from reading a process's files in /proc, says
// that the process is not there for this user: it has exited, or it is
// another user's, hidden from this one (and out of its signals' reach).
// A line parseStat refuses is taken for gone too, as it always was (the
// kernel writes the line whole: FuzzParseStat). Any other error (out of
// file descriptors, of memory) says nothing about the process.
func gone(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ESRCH) ||
		errors.Is(err, fs.ErrPermission) || errors.Is(err, errBadStat)
}

// parseStat parses the text of /proc/PID/stat. The command name, in
// parentheses, may hold any byte, so the fields are read after the last
// ')'. A line it cannot read whole is refused rather than half read.
func parseStat(b []byte) (procStat, bool) {
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return procStat{}, false
	}
	f := bytes.Fields(b[i+1:])
	// f[0] is field 3 (state); start time is field 22.
	if len(f) < 20 {
		return procStat{}, false
	}
	var s procStat
	var e1, e2, e3, e4, e5 error
	s.state = f[0][0]
	s.dead = s.state == 'Z' || s.state == 'X'
	s.ppid, e1 = strconv.Atoi(string(f[1]))
	s.pgrp, e2 = strconv.Atoi(string(f[2]))
	s.session, e3 = strconv.Atoi(string(f[3]))
	s.threads, e4 = strconv.Atoi(string(f[17]))
	s.start, e5 = strconv.ParseUint(string(f[19]), 10, 64)
	if e1 != nil || e2 != nil || e3 != nil || e4 != nil || e5 != nil {
		return procStat{}, false
	}
	return s, true
}

// scan returns the pids of the tree's live processes, sorted, and whether
// it read the whole table: a process whose files it could not read for
// want of a resource (not because it was gone) may be a member it missed,
// and so may be any descendant of it.
//
// A process whose stat says zombie is alive while another of its threads
// is: the main thread of a process can exit and leave the others running,
// and the process shows as a zombie until the last one ends.
func (m *members) scan() ([]int, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	ents, err := os.ReadDir(m.root)
	if err != nil {
		return nil, false
	}
	complete := true
	stats := make(map[int]procStat, len(ents))
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == m.self {
			continue
		}
		s, err := readStat(m.pidPath(pid) + "/stat")
		if err != nil {
			complete = complete && gone(err)
			continue
		}
		if s.state == 'Z' {
			live, err := m.liveThread(pid)
			complete = complete && err == nil
			s.dead = !live && err == nil
		}
		stats[pid] = s
	}
	return m.match(stats), complete
}

// threads calls f with the state of each thread of pid; err is nil also
// when pid is gone (it has no thread left).
func (m *members) threads(pid int, f func(state byte) bool) error {
	dir := m.pidPath(pid) + "/task"
	ents, err := os.ReadDir(dir)
	if err != nil {
		if gone(err) {
			return nil
		}
		return err
	}
	for _, e := range ents {
		s, err := readStat(dir + "/" + e.Name() + "/stat")
		if err != nil {
			if gone(err) {
				continue // the thread has exited
			}
			return err
		}
		if !f(s.state) {
			return nil
		}
	}
	return nil
}

// liveThread reports whether a thread of pid is neither a zombie nor dead.
func (m *members) liveThread(pid int) (bool, error) {
	live := false
	err := m.threads(pid, func(state byte) bool {
		live = state != 'Z' && state != 'X'
		return !live
	})
	return live, err
}

// halted reports whether every thread of pid is stopped (T, or t when
// traced) or dead, or pid is gone. A thread that cannot be read counts as
// running. The main thread's state, in /proc/PID/stat, decides alone when
// it runs, or when it is stopped and the only thread; the others are read
// only when it is stopped or dead and they may not be.
func (m *members) halted(pid int) bool {
	s, err := readStat(m.pidPath(pid) + "/stat")
	if err != nil {
		return gone(err)
	}
	switch s.state {
	case 'T', 't':
		if s.threads == 1 {
			return true
		}
	case 'Z', 'X':
	default:
		return false
	}
	halted := true
	err = m.threads(pid, func(state byte) bool {
		halted = state == 'T' || state == 't' || state == 'Z' || state == 'X'
		return halted
	})
	return halted && err == nil
}

// match returns the live members of the tree among stats, sorted, and
// remembers every member it finds. The members are the processes in the
// leader's session or group or known from an earlier scan, and everything
// descended from them, found by walking down from those: a chain of
// descendants of any length, each in a session of its own, is followed to
// its end (a walk up from each process, cut at some depth, would leave the
// far end of a long chain out and let it outlive Close), and a parent loop
// in a torn snapshot of /proc ends the walk rather than repeating it.
func (m *members) match(stats map[int]procStat) []int {
	children := make(map[int][]int, len(stats))
	var todo []int
	for pid, s := range stats {
		children[s.ppid] = append(children[s.ppid], pid)
		if start, wasKnown := m.known[pid]; s.pgrp == m.leader || s.session == m.leader || wasKnown && start == s.start {
			todo = append(todo, pid)
		}
	}
	in := make(map[int]bool, len(todo))
	for _, pid := range todo {
		in[pid] = true
	}
	for len(todo) > 0 {
		pid := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		for _, c := range children[pid] {
			if !in[c] {
				in[c] = true
				todo = append(todo, c)
			}
		}
	}
	var pids []int
	for pid := range in {
		s := stats[pid]
		m.known[pid] = s.start
		if !s.dead {
			pids = append(pids, pid)
		}
	}
	slices.Sort(pids)
	return pids
}
