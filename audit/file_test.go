package audit_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/toolgate/toolgate/audit"
	"github.com/toolgate/toolgate/policy"
)

var ctx = context.Background()

func event(i int) audit.Event {
	return audit.Event{
		Time: time.Date(2026, 12, 1, 10, 0, i, 0, time.UTC), Kind: audit.Proposed, DecisionID: fmt.Sprintf("d%d", i),
		Session: "s1", Surface: policy.SurfaceChat, Tool: "shell", Args: map[string]any{"command": fmt.Sprintf("echo %d", i)},
	}
}

func writeEvents(t *testing.T, path string, n int, opts audit.FileOptions) {
	t.Helper()
	s, err := audit.OpenFile(path, opts)
	require.NoError(t, err)
	for i := range n {
		require.NoError(t, s.Write(ctx, event(i)))
	}
	require.NoError(t, s.Close())
}

func TestFileSinkWritesAVerifiableChain(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state", "audit.jsonl")
	writeEvents(t, path, 3, audit.FileOptions{})
	// Reopened, the chain goes on.
	s, err := audit.OpenFile(path, audit.FileOptions{Sync: audit.SyncOnClose})
	require.NoError(t, err)
	seq, _ := s.Head()
	assert.Equal(t, uint64(3), seq)
	require.NoError(t, s.Write(ctx, event(3)))
	_, head := s.Head()
	require.NoError(t, s.Close())
	assert.ErrorIs(t, s.Write(ctx, event(4)), audit.ErrClosed)

	data, err := audit.ReadFile(path, 0)
	require.NoError(t, err)
	h, err := audit.Verify(data)
	require.NoError(t, err)
	assert.Equal(t, audit.Head{Events: 4, Hash: head}, h)
	recs := audit.Records(data)
	require.Len(t, recs, 4)
	for i, r := range recs {
		require.NoError(t, r.Err)
		assert.Equal(t, uint64(i+1), r.Event.Seq)
		assert.Equal(t, fmt.Sprintf("d%d", i), r.Event.DecisionID)
	}
	assert.Equal(t, audit.Genesis, recs[0].Event.Prev)

	if runtime.GOOS != "windows" {
		fi, err := os.Stat(path)
		require.NoError(t, err)
		assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm())
		di, err := os.Stat(filepath.Dir(path))
		require.NoError(t, err)
		assert.Equal(t, os.FileMode(0o700), di.Mode().Perm())
	}
}

func TestVerifyFindsTheFirstBrokenOrMissingLink(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	writeEvents(t, path, 5, audit.FileOptions{})
	good, err := os.ReadFile(path)
	require.NoError(t, err)
	lines := strings.SplitAfter(string(good), "\n")[:5]
	join := func(ls ...string) []byte { return []byte(strings.Join(ls, "")) }
	tests := []struct {
		name string
		data []byte
		line int
		want string
	}{
		{"a changed line breaks the next link", join(lines[0], strings.Replace(lines[1], "echo 1", "echo X", 1), lines[2], lines[3], lines[4]), 3, "line 2 was changed"},
		{"a removed line is a missing link", join(lines[0], lines[1], lines[3], lines[4]), 3, "seq 4 where 3"},
		{"a repeated line is a missing link", join(lines[0], lines[1], lines[1], lines[2]), 3, "seq 2 where 3"},
		{"swapped lines are a missing link", join(lines[0], lines[2], lines[1]), 2, "seq 3 where 2"},
		{"a removed first line is a missing link", join(lines[1], lines[2]), 1, "seq 2 where 1"},
		{"a changed last line hides only from the head", join(lines[0], lines[1], lines[2], lines[3], strings.Replace(lines[4], "echo 4", "echo Y", 1)), 0, ""},
		{"an unchained line is a missing link", join(lines[0], `{"kind":"proposed"}`+"\n"), 2, "no seq or prev"},
		{"a line that is not JSON is broken", join(lines[0], "garbage\n"), 2, "not an event"},
		{"an incomplete last line is reported", join(lines[0], strings.TrimSuffix(lines[1], "\n")), 2, "incomplete"},
		{"a changed prev is a broken link", join(lines[0], strings.Replace(lines[1], `"prev":"`, `"prev":"0`, 1)), 2, "broken link"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, err := audit.Verify(tt.data)
			if tt.line == 0 {
				require.NoError(t, err)
				realHead, _ := audit.Verify(good)
				assert.NotEqual(t, realHead.Hash, h.Hash, "the head differs from the one kept elsewhere")
				return
			}
			var ce *audit.ChainError
			require.ErrorAs(t, err, &ce)
			assert.ErrorIs(t, err, audit.ErrBrokenChain)
			assert.Equal(t, tt.line, ce.Line, ce.Error())
			assert.Contains(t, ce.Error(), tt.want)
		})
	}
}

func TestVerifyHeadFindsLinesRemovedFromTheEnd(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	s, err := audit.OpenFile(path, audit.FileOptions{})
	require.NoError(t, err)
	for i := range 3 {
		require.NoError(t, s.Write(ctx, event(i)))
	}
	_, kept := s.Head()
	require.NoError(t, s.Write(ctx, event(3)))
	require.NoError(t, s.Close())
	data, _ := os.ReadFile(path)

	h, err := audit.VerifyHead(data, kept)
	require.NoError(t, err, "the file grew past the kept head")
	assert.Equal(t, 4, h.Events)

	lines := strings.SplitAfter(string(data), "\n")
	truncated := []byte(strings.Join(lines[:2], ""))
	_, err = audit.Verify(truncated)
	require.NoError(t, err, "the chain alone cannot see it")
	_, err = audit.VerifyHead(truncated, kept)
	var ce *audit.ChainError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, 3, ce.Line)
	assert.Contains(t, ce.Error(), "kept head")

	_, err = audit.VerifyHead(data, "")
	assert.ErrorIs(t, err, audit.ErrBrokenChain)
	_, err = audit.VerifyHead(nil, audit.Genesis)
	assert.NoError(t, err)
}

func TestOpenFileDropsATornLastLineAndRefusesForeignFiles(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "audit.jsonl")
	writeEvents(t, path, 2, audit.FileOptions{})
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	require.NoError(t, err)
	f.WriteString(`{"time":"2026-`)
	f.Close()
	writeEvents(t, path, 1, audit.FileOptions{})
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	h, err := audit.Verify(data)
	require.NoError(t, err)
	assert.Equal(t, 3, h.Events)

	foreign := filepath.Join(dir, "foreign.jsonl")
	require.NoError(t, os.WriteFile(foreign, []byte("{\"a\":1}\n"), 0o600))
	_, err = audit.OpenFile(foreign, audit.FileOptions{})
	assert.ErrorIs(t, err, audit.ErrNotChained)

	_, err = audit.OpenFile(dir, audit.FileOptions{})
	assert.ErrorContains(t, err, "not a regular file", "a folder is not an audit file")

	link := filepath.Join(dir, "link.jsonl")
	if err := os.Symlink(path, link); err == nil {
		_, err = audit.OpenFile(link, audit.FileOptions{})
		assert.ErrorContains(t, err, "not a regular file", "a symbolic link is refused")
	}
}

func TestReadFileRefusesAnOversizedFileWhole(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	writeEvents(t, path, 10, audit.FileOptions{})
	fi, err := os.Stat(path)
	require.NoError(t, err)
	data, err := audit.ReadFile(path, fi.Size())
	require.NoError(t, err)
	assert.Len(t, data, int(fi.Size()))
	data, err = audit.ReadFile(path, fi.Size()-1)
	assert.Nil(t, data)
	assert.ErrorIs(t, err, audit.ErrTooLarge)
	var tl *audit.TooLargeError
	require.ErrorAs(t, err, &tl)
	assert.Equal(t, path, tl.Path)
	after, _ := os.Stat(path)
	assert.Equal(t, fi.Size(), after.Size(), "the file is left as it is")
	assert.Equal(t, int64(64<<20), int64(audit.DefaultMaxFile))
}

func TestAnOversizedEventIsWrittenWithoutItsPayload(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	s, err := audit.OpenFile(path, audit.FileOptions{MaxEvent: 2048})
	require.NoError(t, err)
	e := event(0)
	e.Args = map[string]any{"content": strings.Repeat("x", 4096)}
	require.NoError(t, s.Write(ctx, e))
	e.Tool = strings.Repeat("t", 4096)
	assert.ErrorIs(t, s.Write(ctx, e), audit.ErrEventTooLarge)
	require.NoError(t, s.Close())
	data, _ := os.ReadFile(path)
	recs := audit.Records(data)
	require.Len(t, recs, 1)
	assert.Nil(t, recs[0].Event.Args)
	assert.Equal(t, []string{"args", "result"}, recs[0].Event.Redacted)
	_, err = audit.Verify(data)
	assert.NoError(t, err)
}

func TestConcurrentWritersKeepOneChain(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	s, err := audit.OpenFile(path, audit.FileOptions{Sync: audit.SyncOnClose})
	require.NoError(t, err)
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 25 {
				assert.NoError(t, s.Write(ctx, event(g*100+i)))
			}
		})
	}
	wg.Wait()
	require.NoError(t, s.Close())
	data, _ := os.ReadFile(path)
	h, err := audit.Verify(data)
	require.NoError(t, err)
	assert.Equal(t, 200, h.Events)
}

type failing struct{ err error }

func (f failing) Write(context.Context, audit.Event) error { return f.err }

type memory struct {
	mu     sync.Mutex
	events []audit.Event
}

func (m *memory) Write(_ context.Context, e audit.Event) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.events = append(m.events, e)
	return nil
}

func TestFanoutWritesEverywhereAndJoinsErrors(t *testing.T) {
	a, b := &memory{}, &memory{}
	e1, e2 := errors.New("disk full"), errors.New("network down")
	err := audit.Fanout(a, failing{e1}, b, failing{e2}).Write(ctx, event(1))
	assert.ErrorIs(t, err, e1)
	assert.ErrorIs(t, err, e2)
	assert.Len(t, a.events, 1)
	assert.Len(t, b.events, 1)
	assert.NoError(t, audit.Fanout().Write(ctx, event(1)))
}

func TestLoggerStampsAndRedacts(t *testing.T) {
	m := &memory{}
	l := audit.NewLogger(m, nil)
	c := policy.Call{ID: "c1", Tool: "http", Args: map[string]any{"url": "https://u:pw-123456@h/", "token": "t"}, Session: "s", Surface: policy.SurfaceMCP}
	require.NoError(t, l.Proposed(ctx, "d1", c))
	require.NoError(t, l.Decided(ctx, "d1", c, policy.Decision{ID: "c1", Verdict: policy.Deny, Reason: policy.ReasonRuleDeny, Rule: "no-http",
		Targets: []policy.Target{{Argument: "url", Value: "https://u:pw-123456@h/"}}}))
	require.Len(t, m.events, 2)
	p, d := m.events[0], m.events[1]
	assert.False(t, p.Time.IsZero())
	assert.Equal(t, audit.Proposed, p.Kind)
	assert.Equal(t, map[string]any{"url": "https://u:*********@h/", "token": audit.Marker}, p.Args)
	assert.Equal(t, []string{"args.token", "args.url"}, p.Redacted)
	assert.Equal(t, "deny", d.Status)
	assert.Equal(t, "no-http", d.Rule)
	assert.Equal(t, []string{"https://u:*********@h/"}, d.Resources)
	assert.Equal(t, []string{"resources[0]"}, d.Redacted)
	assert.Equal(t, "https://u:pw-123456@h/", c.Args["url"], "the call is not modified")
}

func TestKindsAreOrderedAndValid(t *testing.T) {
	assert.Equal(t, audit.Proposed, audit.Kinds()[0])
	for _, k := range audit.Kinds() {
		assert.True(t, k.Valid())
	}
	assert.False(t, audit.Kind("done").Valid())
	assert.Len(t, audit.NewDecisionID(), 32)
	assert.NotEqual(t, audit.NewDecisionID(), audit.NewDecisionID())
	assert.True(t, bytes.Equal([]byte(audit.Genesis), bytes.Repeat([]byte("0"), 64)))
}

// TestAFailedWriteLeavesNoLine: a write that fails part way (a full disk,
// a short write) or whose sync fails was not recorded, and the caller is
// told so and may write the event again. What the write left of its line
// is taken back, so the event never appears torn, nor twice once written
// again.
func TestAFailedWriteLeavesNoLine(t *testing.T) {
	for _, tc := range []struct {
		name         string
		short        int
		err, syncErr error
	}{
		{"a full disk after part of the line", 17, syscall.ENOSPC, nil},
		{"a short write of all but the newline", -1, io.ErrShortWrite, nil},
		{"a failed sync", 0, nil, syscall.EIO},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "audit.jsonl")
			s, err := audit.OpenFile(path, audit.FileOptions{})
			require.NoError(t, err)
			require.NoError(t, s.Write(ctx, event(0)))
			before, err := os.ReadFile(path)
			require.NoError(t, err)
			restore := audit.FailWrites(tc.short, tc.err, tc.syncErr)
			err = s.Write(ctx, event(1))
			restore()
			require.Error(t, err)
			assert.Error(t, s.Write(ctx, event(2)), "a failed sink stays failed")
			after, err := os.ReadFile(path)
			require.NoError(t, err)
			assert.Equal(t, string(before), string(after), "nothing of the failed line is left")
			_ = s.Close()

			// The host writes the event again after reopening: once.
			s, err = audit.OpenFile(path, audit.FileOptions{})
			require.NoError(t, err)
			require.NoError(t, s.Write(ctx, event(1)))
			require.NoError(t, s.Close())
			data, err := os.ReadFile(path)
			require.NoError(t, err)
			h, err := audit.Verify(data)
			require.NoError(t, err)
			assert.Equal(t, 2, h.Events)
			var ids []string
			for _, r := range audit.Records(data) {
				require.NoError(t, r.Err)
				ids = append(ids, r.Event.DecisionID)
			}
			assert.Equal(t, []string{"d0", "d1"}, ids)
		})
	}
}

// TestAFailedRemovalIsReported: when the sync that makes the removal of a
// failed line durable fails too, the error says so, as a crash could bring
// the line back.
func TestAFailedRemovalIsReported(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	s, err := audit.OpenFile(path, audit.FileOptions{})
	require.NoError(t, err)
	defer s.Close()
	restore := audit.FailWrites(17, syscall.ENOSPC, syscall.EIO)
	err = s.Write(ctx, event(0))
	restore()
	require.ErrorIs(t, err, syscall.ENOSPC)
	require.ErrorIs(t, err, syscall.EIO, "the failed sync of the removal is reported")
}
