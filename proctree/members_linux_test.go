package proctree

import (
	"fmt"
	"os"
	"os/exec"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseStatReadsThisProcess(t *testing.T) {
	s, err := readStat(fmt.Sprintf("/proc/%d/stat", os.Getpid()))
	require.NoError(t, err)
	assert.Equal(t, os.Getppid(), s.ppid)
	assert.False(t, s.dead)
	assert.Contains(t, "RS", string(s.state), "this process runs")
	assert.NotZero(t, s.start)
}

// statLine is a /proc/PID/stat line with the given command name and fields.
func statLine(comm string, state byte, ppid, pgrp, session int, start uint64) string {
	return fmt.Sprintf("1234 (%s) %c %d %d %d 34816 1234 4194560 100 0 0 0 1 2 0 0 20 0 1 0 %d 1000 200 18446744073709551615",
		comm, state, ppid, pgrp, session, start)
}

// FuzzParseStat checks parseStat against lines built from known fields,
// with a command name that may hold anything, ')' and spaces included, as
// a process can name itself.
func FuzzParseStat(f *testing.F) {
	f.Add("sleep", byte('S'), 10, 20, 30, uint64(12345))
	f.Add("a) Z 1 1 1 (b", byte('R'), 1, 2, 3, uint64(1))
	f.Add("", byte('Z'), 0, 0, 0, uint64(0))
	f.Add("x\ny", byte('X'), -1, 5, 6, uint64(1<<63))
	f.Fuzz(func(t *testing.T, comm string, state byte, ppid, pgrp, session int, start uint64) {
		if !('A' <= state && state <= 'Z' || 'a' <= state && state <= 'z') {
			return // the kernel writes a letter
		}
		s, ok := parseStat([]byte(statLine(comm, state, ppid, pgrp, session, start)))
		if !ok {
			t.Fatalf("refused a well-formed line for comm %q", comm)
		}
		want := procStat{state: state, threads: 1, ppid: ppid, pgrp: pgrp, session: session, start: start, dead: state == 'Z' || state == 'X'}
		if s != want {
			t.Fatalf("comm %q: got %+v, want %+v", comm, s, want)
		}
	})
}

func TestParseStatNeedsEveryFieldUpToTheStartTime(t *testing.T) {
	// The start time is the 20th field after the command name; a line cut
	// there is whole enough, one cut before it is refused.
	s, ok := parseStat([]byte("1234 (x) S 10 20 30 0 0 0 0 0 0 0 0 0 0 0 0 0 1 0 777"))
	require.True(t, ok)
	assert.Equal(t, procStat{state: 'S', ppid: 10, pgrp: 20, session: 30, threads: 1, start: 777}, s)
	_, ok = parseStat([]byte("1234 (x) S 10 20 30 0 0 0 0 0 0 0 0 0 0 0 0 0 1 0"))
	assert.False(t, ok, "a line without the start time")
	_, ok = parseStat([]byte("1234 (x S 10 20 30 0 0 0 0 0 0 0 0 0 0 0 0 0 1 0 777"))
	assert.False(t, ok, "a line without the end of the command name")
	_, ok = parseStat([]byte("S 10 20 30 0 0 0 0 0 0 0 0 0 0 0 0 0 1 0 777"))
	assert.False(t, ok, "a line without a command name is not read from its start")
}

// TestMatchFollowsALongChainOfSessions: a descendant far down a chain in
// which every process starts a session of its own is still a member, as
// are the known and the grouped ones; a stranger and a dead member are
// not returned.
func TestMatchFollowsALongChainOfSessions(t *testing.T) {
	const leader, chain = 1000, 1000
	stats := map[int]procStat{
		leader: {ppid: 1, pgrp: leader, session: leader, start: 1},
		50:     {ppid: 1, pgrp: 50, session: 50, start: 2},                // a stranger
		60:     {ppid: 1, pgrp: 60, session: 60, start: 3},                // seen before, now in a session of its own
		61:     {ppid: 60, pgrp: 61, session: 61, start: 4},               // its child
		70:     {ppid: 1, pgrp: 70, session: 70, start: 5},                // a pid once a member, now reused
		80:     {ppid: leader, pgrp: leader, session: leader, dead: true}, // a zombie member
	}
	want := []int{60, 61}
	for i := 1; i <= chain; i++ {
		pid := leader + i
		stats[pid] = procStat{ppid: pid - 1, pgrp: pid, session: pid, start: uint64(10 + i)}
	}
	for pid := leader; pid <= leader+chain; pid++ {
		want = append(want, pid)
	}
	for range 20 { // map order varies from run to run
		m := &members{leader: leader, known: map[int]uint64{60: 3, 70: 999}}
		got := m.match(stats)
		require.Equal(t, want, got)
		assert.Contains(t, m.known, leader+chain, "the far end is remembered")
		assert.Contains(t, m.known, 80, "a zombie member is remembered, not returned")
		assert.NotContains(t, m.known, 50)
		assert.Equal(t, uint64(999), m.known[70], "a reused pid is not taken for the member it replaced")
	}
}

// TestHaltedNeedsEveryThreadStopped: a process is halted once every thread
// of it is stopped, or it is dead or gone; one whose main thread has
// exited (a zombie in /proc/PID/stat) runs on in its other threads, and a
// scan returns it as alive.
func TestHaltedNeedsEveryThreadStopped(t *testing.T) {
	// The test binary plays a process whose main thread exits (the
	// lone-thread role of proctree_test.go's helper).
	lone := exec.Command(os.Args[0])
	lone.Env = []string{"PROCTREE_TEST_ROLE=lone-thread"}
	require.NoError(t, lone.Start())
	t.Cleanup(func() { lone.Process.Kill(); lone.Wait() })
	pid := lone.Process.Pid
	m := newMembers("/proc", pid)
	require.Eventually(t, func() bool {
		s, err := readStat(fmt.Sprintf("/proc/%d/stat", pid))
		return err == nil && s.state == 'Z'
	}, 5*time.Second, 5*time.Millisecond, "the main thread exits")
	pids, complete := m.scan()
	assert.True(t, complete)
	assert.Equal(t, []int{pid}, pids, "a process with a live thread is alive")
	assert.False(t, m.halted(pid), "its other threads run")

	require.NoError(t, syscall.Kill(pid, syscall.SIGSTOP))
	require.Eventually(t, func() bool { return m.halted(pid) }, 5*time.Second, time.Millisecond, "stopped")
	pids, _ = m.scan()
	assert.Equal(t, []int{pid}, pids, "a stopped process is alive")
	require.NoError(t, syscall.Kill(pid, syscall.SIGCONT))
	require.Eventually(t, func() bool { return !m.halted(pid) }, 5*time.Second, time.Millisecond, "running again")

	require.NoError(t, syscall.Kill(pid, syscall.SIGKILL))
	require.Eventually(t, func() bool { pids, _ := m.scan(); return len(pids) == 0 }, 5*time.Second, time.Millisecond,
		"a killed process, unreaped, is dead")
	assert.True(t, m.halted(pid), "a zombie is halted")
	lone.Wait()
	assert.True(t, m.halted(pid), "a process gone is halted")
}

// TestAScanThatCannotReadTheTableSaysSo: a table that cannot be read says
// nothing about the tree (the host out of file descriptors, say): a scan
// of it is not complete.
func TestAScanThatCannotReadTheTableSaysSo(t *testing.T) {
	m := newMembers(t.TempDir()+"/missing", 1)
	pids, complete := m.scan()
	assert.Empty(t, pids)
	assert.False(t, complete)
	_, complete = newMembers("/proc", os.Getpid()).scan()
	assert.True(t, complete)
}

// TestHaltedReadsEveryThread, on a /proc made for the test: a main thread
// stopped while another runs (a group stop reaching the threads one by
// one) is not halted; a stopped process with one thread is; a zombie main
// thread with a live thread beside it is a live process.
func TestHaltedReadsEveryThread(t *testing.T) {
	root := t.TempDir()
	proc := func(pid int, states ...byte) {
		dir := fmt.Sprintf("%s/%d", root, pid)
		require.NoError(t, os.MkdirAll(dir+"/task", 0o755))
		line := func(tid int, state byte) []byte {
			return fmt.Appendf(nil, "%d (x) %c 1 %d %d 0 -1 0 0 0 0 0 0 0 0 0 20 0 %d 0 %d 0 0",
				tid, state, pid, pid, len(states), pid)
		}
		require.NoError(t, os.WriteFile(dir+"/stat", line(pid, states[0]), 0o644))
		for i, state := range states {
			tdir := fmt.Sprintf("%s/task/%d", dir, pid+i)
			require.NoError(t, os.MkdirAll(tdir, 0o755))
			require.NoError(t, os.WriteFile(tdir+"/stat", line(pid+i, state), 0o644))
		}
	}
	proc(100, 'T', 'R')
	proc(200, 'T')
	proc(300, 'T', 'T', 't')
	proc(400, 'Z', 'S')
	proc(500, 'Z')
	proc(600, 'S')
	m := newMembers(root, 1)
	assert.False(t, m.halted(100), "a thread runs")
	assert.True(t, m.halted(200))
	assert.True(t, m.halted(300))
	assert.False(t, m.halted(400), "a thread runs beside the dead main one")
	assert.True(t, m.halted(500))
	assert.False(t, m.halted(600))
	assert.True(t, m.halted(700), "gone")
	m.known = map[int]uint64{100: 100, 200: 200, 300: 300, 400: 400, 500: 500, 600: 600}
	pids, complete := m.scan()
	assert.True(t, complete)
	assert.Equal(t, []int{100, 200, 300, 400, 600}, pids, "all but the zombie are alive")
}
