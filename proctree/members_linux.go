package proctree

import (
	"bytes"
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
	leader int
	self   int
	mu     sync.Mutex
	known  map[int]uint64 // pid -> start time
}

func newMembers(leader int) *members {
	m := &members{leader: leader, self: os.Getpid(), known: map[int]uint64{}}
	// The leader is known by its start time, so that its pid, once reaped
	// and reused, is not taken for it.
	if s, ok := readStat(leader); ok {
		m.known[leader] = s.start
	}
	return m
}

type procStat struct {
	ppid, pgrp, session int
	start               uint64
	dead                bool
}

// readStat parses /proc/PID/stat. The command name, in parentheses, may
// hold any byte, so the fields are read after the last ')'.
func readStat(pid int) (procStat, bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return procStat{}, false
	}
	return parseStat(b)
}

// parseStat parses the text of /proc/PID/stat. A line it cannot read whole
// is refused rather than half read.
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
	var e1, e2, e3, e4 error
	s.dead = f[0][0] == 'Z' || f[0][0] == 'X'
	s.ppid, e1 = strconv.Atoi(string(f[1]))
	s.pgrp, e2 = strconv.Atoi(string(f[2]))
	s.session, e3 = strconv.Atoi(string(f[3]))
	s.start, e4 = strconv.ParseUint(string(f[19]), 10, 64)
	if e1 != nil || e2 != nil || e3 != nil || e4 != nil {
		return procStat{}, false
	}
	return s, true
}

// scan returns the pids of the tree's live processes, sorted.
func (m *members) scan() []int {
	m.mu.Lock()
	defer m.mu.Unlock()
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	stats := make(map[int]procStat, len(ents))
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == m.self {
			continue
		}
		if s, ok := readStat(pid); ok {
			stats[pid] = s
		}
	}
	return m.match(stats)
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
