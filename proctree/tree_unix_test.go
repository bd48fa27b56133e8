//go:build unix

package proctree

import (
	"fmt"
	"slices"
	"syscall"
	"testing"
	"testing/synctest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeProc is a process of a fakeTable.
type fakeProc struct {
	lag     int  // scans it runs on after a SIGSTOP before it stops
	child   int  // the pid of a child it is forking (0: none), made when it stops or dies
	breeds  bool // it makes a child, which stops at once, at every scan
	sigAt   int  // the scans done when it was sent SIGSTOP; -1 before
	stopped bool
	dead    bool
}

// fakeTable is a process table whose clock is its scans: a process sent
// SIGSTOP runs on for lag scans, and one inside fork makes its child as it
// stops, or as it dies if it is killed first, after the scan that saw it
// still running has read the table, as fork(2) does when a signal reaches
// a process inside it. The group is the leader alone.
type fakeTable struct {
	procs      map[int]*fakeProc // the processes made so far
	denied     map[int]bool      // the processes signals cannot reach (EPERM)
	unborn     map[int]*fakeProc // the children not yet made
	scans      int
	incomplete int           // how many first scans cannot read the whole table
	scanTime   time.Duration // how long a scan takes
}

func (f *fakeTable) scan() ([]int, bool) {
	time.Sleep(f.scanTime)
	var pids []int
	for pid, p := range f.procs {
		if !p.dead {
			pids = append(pids, pid)
		}
	}
	slices.Sort(pids)
	f.scans++
	// The members run once the table is read.
	var stopping []*fakeProc
	for _, p := range f.procs {
		if !p.dead && !p.stopped && p.sigAt >= 0 && f.scans >= p.sigAt+p.lag {
			stopping = append(stopping, p)
		}
	}
	for _, p := range stopping {
		f.finishFork(p)
		p.stopped = true
	}
	var breeders []*fakeProc
	for _, p := range f.procs {
		if p.breeds && !p.dead && !p.stopped {
			breeders = append(breeders, p)
		}
	}
	for range breeders {
		f.procs[1000+len(f.procs)] = &fakeProc{lag: 1, sigAt: -1}
	}
	return pids, f.scans > f.incomplete
}

func (f *fakeTable) finishFork(p *fakeProc) {
	if c := f.unborn[p.child]; c != nil {
		f.procs[p.child] = c
		delete(f.unborn, p.child)
	}
}

func (f *fakeTable) halted(pid int) bool {
	p := f.procs[pid]
	return p == nil || p.stopped || p.dead
}

func (f *fakeTable) send(pid int, sig syscall.Signal) error {
	p := f.procs[max(pid, -pid)]
	if p == nil || p.dead {
		return syscall.ESRCH
	}
	if f.denied[max(pid, -pid)] {
		return syscall.EPERM
	}
	switch sig {
	case syscall.SIGSTOP:
		if p.sigAt < 0 {
			p.sigAt = f.scans
		}
	case syscall.SIGKILL:
		if !p.stopped {
			f.finishFork(p) // a fork past its last check completes
		}
		p.dead = true
	}
	return nil
}

// newFakeTable makes a table of leader 1 and member 2, which is inside
// fork when the kill begins and runs on for lag scans after its SIGSTOP;
// its child 3 and grandchild 4 are forking too and stop on the next scan.
func newFakeTable(lag int) *fakeTable {
	p := func(lag, child int) *fakeProc { return &fakeProc{lag: lag, child: child, sigAt: -1} }
	return &fakeTable{
		procs:  map[int]*fakeProc{1: p(1, 0), 2: p(lag, 3)},
		unborn: map[int]*fakeProc{3: p(1, 4), 4: p(1, 0)},
	}
}

// TestKillWaitsForEveryMemberToStop: a member sent SIGSTOP while inside
// fork finishes it before it stops; kill must see it stopped and then
// look again, or the child it makes after the last look survives. Each
// member here takes longer to stop than a scan that finds nothing new.
func TestKillWaitsForEveryMemberToStop(t *testing.T) {
	for _, lag := range []int{1, 2, 3, 10} {
		t.Run(fmt.Sprintf("lag %d", lag), func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				f := newFakeTable(lag)
				u := &unixTree{leader: 1, procs: f, send: f.send}
				require.True(t, u.stop(), "the tree is seen stopped")
				for pid, p := range f.procs {
					assert.True(t, p.stopped, "%d stopped", pid)
				}
				assert.Empty(t, f.unborn, "every fork is over")
				u.signal(syscall.SIGKILL)
				for pid, p := range f.procs {
					assert.True(t, p.dead, "%d killed", pid)
				}
			})
		})
	}
}

// TestKillWaitsThroughSlowScans: on a loaded machine one scan of a crowded
// table can take longer than stopStall, and a member take more than a
// round to stop; the rounds go on while they make progress, and a round
// without any does not end them alone.
func TestKillWaitsThroughSlowScans(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := func(lag, child int) *fakeProc { return &fakeProc{lag: lag, child: child, sigAt: -1} }
		f := &fakeTable{
			procs:    map[int]*fakeProc{1: p(1, 0), 2: p(2, 3)},
			unborn:   map[int]*fakeProc{3: p(1, 0)},
			scanTime: stopStall * 3 / 2,
		}
		u := &unixTree{leader: 1, procs: f, send: f.send}
		require.True(t, u.stop(), "the tree is seen stopped")
		assert.Empty(t, f.unborn, "every fork is over")
		for pid, p := range f.procs {
			assert.True(t, p.stopped, "%d stopped", pid)
		}
	})
}

// TestKillGoesOnWhenAMemberNeverStops: a member that never shows as
// stopped delays the kill by stopStall once nothing else changes, no
// more, and is killed; the child it was forking, born as it died, is
// killed when a later look sees it.
func TestKillGoesOnWhenAMemberNeverStops(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		f := newFakeTable(1 << 30)
		u := &unixTree{leader: 1, procs: f, send: f.send}
		start := time.Now()
		u.kill()
		assert.GreaterOrEqual(t, time.Since(start), stopStall)
		assert.Less(t, time.Since(start), stopStall+10*stopPoll)
		assert.True(t, f.procs[1].dead && f.procs[2].dead, "the members are killed")
		pids, _ := u.alive()
		assert.Equal(t, []int{3}, pids, "the child born as its parent died")
		// What terminate does after the kill: each look forces again
		// what it sees (3's own child is born as 3 dies).
		assert.True(t, waitGone(u, killWait, u.rekill))
		for pid, p := range f.procs {
			assert.True(t, p.dead, "%d killed", pid)
		}
	})
}

// TestKillGoesOnWhenTheTreeKeepsGrowing: a member that never stops and
// keeps making children makes progress every round; stopCap ends the
// rounds.
func TestKillGoesOnWhenTheTreeKeepsGrowing(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		f := newFakeTable(1 << 30)
		f.procs[2].breeds = true
		f.scanTime = 50 * time.Millisecond
		u := &unixTree{leader: 1, procs: f, send: f.send}
		start := time.Now()
		assert.False(t, u.stop())
		assert.GreaterOrEqual(t, time.Since(start), stopCap)
		assert.Less(t, time.Since(start), stopCap+f.scanTime+10*stopPoll)
	})
}

// TestKillDoesNotWaitForAMemberItMayNotSignal: a member running as another
// user (a setuid program) cannot be stopped; the others are, at once.
func TestKillDoesNotWaitForAMemberItMayNotSignal(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		f := newFakeTable(1)
		f.denied = map[int]bool{2: true}
		u := &unixTree{leader: 1, procs: f, send: f.send}
		start := time.Now()
		assert.True(t, u.stop())
		assert.Less(t, time.Since(start), 10*stopPoll)
		assert.True(t, f.procs[1].stopped)
	})
}

// TestRekillSparesTheGroupWhenMembersAreListed: after the kill the
// group's id may name a stranger's group (the leader reaped, the group
// empty), so only the members a scan found are killed again, but for
// where members cannot be listed and the group is all there is.
func TestRekillSparesTheGroupWhenMembersAreListed(t *testing.T) {
	var sent []int
	send := func(pid int, _ syscall.Signal) error { sent = append(sent, pid); return nil }
	u := &unixTree{leader: 1, procs: &fakeTable{}, send: send}
	u.rekill([]int{5, 6})
	assert.Equal(t, []int{5, 6}, sent)
	sent = nil
	u = &unixTree{leader: 1, send: send}
	u.rekill(nil)
	assert.Equal(t, []int{-1}, sent)
}

// TestAnIncompleteScanEndsNoStopRound: a scan that could not read the whole
// table may have missed a member, so it cannot end the rounds, nor say
// that none of the tree is alive.
func TestAnIncompleteScanEndsNoStopRound(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		f := newFakeTable(1)
		f.incomplete = 8
		u := &unixTree{leader: 1, procs: f, send: f.send}
		require.True(t, u.stop())
		assert.Greater(t, f.scans, f.incomplete, "the rounds end on a complete scan")
	})
	f := &fakeTable{procs: map[int]*fakeProc{}, incomplete: 1}
	u := &unixTree{leader: 1, procs: f, send: f.send}
	_, any := u.alive()
	assert.True(t, any, "a scan that read part of the table cannot say the tree is gone")
	_, any = u.alive()
	assert.False(t, any)
}
