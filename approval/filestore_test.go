package approval

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/toolgate/toolgate/policy"
)

// fill parks n records through an inbox over s.
func fill(t testing.TB, s Store, n int) []*Record {
	t.Helper()
	in := New(s, Options{})
	var out []*Record
	for i := range n {
		r, err := in.Park(context.Background(), policy.Call{ID: "c", Tool: "slack_post", Task: "t", Surface: policy.SurfaceGoalLoop},
			policy.Decision{Verdict: policy.ApprovalRequired, Targets: []policy.Target{{Argument: "channel", Value: "#x"}}}, Request{})
		require.NoError(t, err, i)
		out = append(out, r)
	}
	return out
}

func TestFileStore(t *testing.T) {
	ctx := context.Background()
	t.Run("the folder is 0700 and its files 0600", func(t *testing.T) {
		if runtime.GOOS == "windows" {
			t.Skip("Windows has no permission bits")
		}
		dir := filepath.Join(t.TempDir(), "state")
		s, err := OpenFile(dir)
		require.NoError(t, err)
		fill(t, s, 1)
		require.NoError(t, s.Compact(ctx))
		require.NoError(t, s.Close())
		st, err := os.Stat(dir)
		require.NoError(t, err)
		assert.Equal(t, os.FileMode(0o700), st.Mode().Perm())
		for _, name := range []string{logName, lockName} {
			st, err := os.Stat(filepath.Join(dir, name))
			require.NoError(t, err)
			assert.Equal(t, os.FileMode(0o600), st.Mode().Perm(), name)
		}
	})
	t.Run("a second open of one folder is ErrLocked until the first closes", func(t *testing.T) {
		dir := t.TempDir()
		s, err := OpenFile(dir)
		require.NoError(t, err)
		_, err = OpenFile(dir)
		assert.ErrorIs(t, err, ErrLocked)
		assert.ErrorContains(t, err, dir)
		require.NoError(t, s.Close())
		s, err = OpenFile(dir)
		require.NoError(t, err)
		s.Close()
	})
	t.Run("a torn tail is cut off on open and the log goes on", func(t *testing.T) {
		dir := t.TempDir()
		s, err := OpenFile(dir)
		require.NoError(t, err)
		rs := fill(t, s, 3)
		require.NoError(t, s.Close())
		path := filepath.Join(dir, logName)
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		frame := appendFrame(nil, mustEncode(t, rs[0]))
		for _, tail := range [][]byte{frame[:5], frame[:len(frame)-1], bytes.Repeat([]byte{0}, 64), {0xff}} {
			require.NoError(t, os.WriteFile(path, append(append([]byte(nil), data...), tail...), 0o600))
			s, st, err := openFileStats(osFS{}, dir)
			require.NoError(t, err)
			assert.Equal(t, len(tail), st.TornBytes)
			assert.Equal(t, 3, st.Records)
			fill(t, s, 1)
			require.NoError(t, s.Close())
			s, st, err = openFileStats(osFS{}, dir)
			require.NoError(t, err)
			assert.Equal(t, 0, st.TornBytes)
			assert.Equal(t, 4, st.Records)
			require.NoError(t, s.Close())
			data, err = os.ReadFile(path)
			require.NoError(t, err)
			data = data[:len(data)-len(appendFrame(nil, mustEncode(t, rs[0])))] // drop the fourth again
			require.NoError(t, os.WriteFile(path, data, 0o600))
		}
	})
	t.Run("damage before the tail is ErrCorrupt, not a silent loss", func(t *testing.T) {
		dir := t.TempDir()
		s, err := OpenFile(dir)
		require.NoError(t, err)
		fill(t, s, 3)
		require.NoError(t, s.Close())
		path := filepath.Join(dir, logName)
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		data[frameHeader+3] ^= 0x40 // inside the first frame's payload
		require.NoError(t, os.WriteFile(path, data, 0o600))
		_, err = OpenFile(dir)
		assert.ErrorIs(t, err, ErrCorrupt)
		assert.ErrorContains(t, err, path)
	})
	t.Run("compaction keeps every record and standing approval and drops revoked ones", func(t *testing.T) {
		dir := t.TempDir()
		s, err := OpenFile(dir)
		require.NoError(t, err)
		rs := fill(t, s, 20)
		in := New(s, Options{})
		for _, r := range rs[:10] {
			_, err := in.Deny(ctx, r.ID, "bob", "")
			require.NoError(t, err)
		}
		require.NoError(t, s.PutStanding(ctx, Standing{StandingApproval: policy.StandingApproval{ID: "a", Task: "t", Tool: "x", Target: "y"}}))
		require.NoError(t, s.PutStanding(ctx, Standing{StandingApproval: policy.StandingApproval{ID: "b", Task: "t", Tool: "x", Target: "z"}}))
		require.NoError(t, s.RevokeStanding(ctx, "b"))
		before, _ := s.List(ctx)
		require.NoError(t, s.Compact(ctx))
		fill(t, s, 1)
		require.NoError(t, s.Close())
		s, st, err := openFileStats(osFS{}, dir)
		require.NoError(t, err)
		defer s.Close()
		assert.Equal(t, 21, st.Records)
		assert.Equal(t, 1, st.Standing)
		after, _ := s.List(ctx)
		for i, r := range before {
			assert.Equal(t, r.State, after[i].State)
			assert.Equal(t, r.Revision, after[i].Revision)
		}
		data, _ := os.ReadFile(filepath.Join(dir, logName))
		n := 0
		for off := 0; off < len(data); n++ {
			_, k, err := readFrame(data[off:])
			require.NoError(t, err)
			off += k
		}
		assert.Equal(t, 22, n, "one frame per live record and standing approval, plus the write after compaction")
	})
	t.Run("a failed fsync fails the store closed", func(t *testing.T) {
		m := newMemFS(nil)
		s, err := openFile(m, "state")
		require.NoError(t, err)
		defer s.Close()
		m.mu.Lock()
		m.syncBudget = 0
		m.mu.Unlock()
		_, err = New(s, Options{}).Park(ctx, policy.Call{ID: "c", Tool: "t"}, policy.Decision{Verdict: policy.ApprovalRequired}, Request{})
		assert.ErrorIs(t, err, ErrClosed)
		_, err = s.List(ctx)
		assert.ErrorIs(t, err, ErrClosed, "memory may be ahead of the disk: nothing is served")
	})
	t.Run("an empty folder name is an error", func(t *testing.T) {
		_, err := OpenFile("")
		assert.Error(t, err)
	})
}

func mustEncode(t testing.TB, r *Record) []byte {
	t.Helper()
	b, err := encodeRecord(nil, r)
	require.NoError(t, err)
	return b
}

func TestConcurrentWritersShareFsyncs(t *testing.T) {
	m := newMemFS(nil)
	s, err := openFile(m, "state")
	require.NoError(t, err)
	defer s.Close()
	// Hold the first write's fsync until seven more writers have queued.
	release := make(chan struct{})
	m.mu.Lock()
	m.beforeSync = func() { <-release }
	m.mu.Unlock()
	park := func() error {
		_, err := New(s, Options{}).Park(context.Background(), policy.Call{ID: "c", Tool: "t"}, policy.Decision{Verdict: policy.ApprovalRequired}, Request{})
		return err
	}
	done := make(chan error, 8)
	for range 8 {
		go func() { done <- park() }()
	}
	for {
		s.mu.Lock()
		queued := s.entries
		s.mu.Unlock()
		if queued == 8 {
			break
		}
		runtime.Gosched()
	}
	m.mu.Lock()
	m.beforeSync = nil
	m.mu.Unlock()
	close(release)
	for range 8 {
		require.NoError(t, <-done)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	// The folder's fsync at open, the first batch's (held until all had
	// queued) and one for everyone else: at most three, where one fsync a
	// write would make nine.
	assert.LessOrEqual(t, m.syncs, 3, "concurrent writers did not share fsyncs")
}
