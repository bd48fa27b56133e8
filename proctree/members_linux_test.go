package proctree

import (
	"fmt"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseStatReadsThisProcess(t *testing.T) {
	s, ok := readStat(os.Getpid())
	require.True(t, ok)
	assert.Equal(t, os.Getppid(), s.ppid)
	assert.False(t, s.dead)
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
		want := procStat{ppid: ppid, pgrp: pgrp, session: session, start: start, dead: state == 'Z' || state == 'X'}
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
	assert.Equal(t, procStat{ppid: 10, pgrp: 20, session: 30, start: 777}, s)
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
