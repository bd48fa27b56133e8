package proctree

import (
	"slices"
	"testing"
	"testing/synctest"
	"time"

	"github.com/stretchr/testify/assert"
)

// fakeTree is a tree whose first stopOnTerm processes leave termDelay
// after a TERM, and the rest at a KILL, but for the last unkillable ones;
// its lateBorn processes appear at the KILL, born of a member as it died,
// and leave only when forced again.
type fakeTree struct {
	pids       []int
	stopOnTerm int
	unkillable int
	lateBorn   []int
	termDelay  time.Duration
	log        []string
	start      time.Time
	termAt     time.Time
	killed     bool
	rekilled   map[int]bool
}

func (f *fakeTree) at() string { return time.Since(f.start).String() }

func (f *fakeTree) term() bool {
	f.log = append(f.log, "term@"+f.at())
	f.termAt = time.Now()
	return true
}

func (f *fakeTree) kill() {
	f.log = append(f.log, "kill@"+f.at())
	f.killed = true
}

// alive is the processes left: those that stop on TERM go termDelay after
// it, the others at KILL unless unkillable.
func (f *fakeTree) alive() ([]int, bool) {
	pids := f.pids
	if !f.termAt.IsZero() && time.Since(f.termAt) >= f.termDelay {
		pids = pids[min(f.stopOnTerm, len(pids)):]
	}
	if f.killed {
		pids = pids[max(len(pids)-f.unkillable, 0):]
		for _, pid := range f.lateBorn {
			if !f.rekilled[pid] {
				pids = append(pids, pid)
			}
		}
	}
	return pids, len(pids) > 0
}

func (f *fakeTree) rekill(pids []int) {
	if f.rekilled == nil {
		f.rekilled = map[int]bool{}
	}
	for _, pid := range pids {
		if !slices.Contains(f.pids[len(f.pids)-f.unkillable:], pid) {
			f.rekilled[pid] = true
		}
	}
}

func (f *fakeTree) release() {}

func TestTerminate(t *testing.T) {
	tests := []struct {
		name    string
		tree    fakeTree
		wantLog []string
		wantErr []int
	}{
		{"a tree that stops on TERM is not forced", fakeTree{pids: []int{1, 2}, stopOnTerm: 2, termDelay: time.Second},
			[]string{"term@0s"}, nil},
		{"a process that ignores TERM is killed when the grace period ends", fakeTree{pids: []int{1, 2}, stopOnTerm: 1, termDelay: time.Second},
			[]string{"term@0s", "kill@5s"}, nil},
		{"a tree slower than the grace period is killed", fakeTree{pids: []int{1}, stopOnTerm: 1, termDelay: 6 * time.Second},
			[]string{"term@0s", "kill@5s"}, nil},
		{"a process that survives KILL is reported", fakeTree{pids: []int{1, 2, 3}, unkillable: 1},
			[]string{"term@0s", "kill@5s"}, []int{3}},
		{"a process born as the tree was killed is killed when seen", fakeTree{pids: []int{1, 2}, lateBorn: []int{7, 8}},
			[]string{"term@0s", "kill@5s"}, nil},
		{"a late-born process is reported if it survives", fakeTree{pids: []int{1, 2}, unkillable: 1, lateBorn: []int{7}},
			[]string{"term@0s", "kill@5s"}, []int{2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				f := tt.tree
				f.start = time.Now()
				err := terminate(&f, DefaultGrace)
				assert.Equal(t, tt.wantLog, f.log)
				if tt.wantErr == nil {
					assert.NoError(t, err)
					return
				}
				assert.Equal(t, &SurvivorsError{PIDs: tt.wantErr}, err)
			})
		})
	}
}
