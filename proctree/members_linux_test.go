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
