package audittest_test

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/toolgate/toolgate/audit"
	"github.com/toolgate/toolgate/audit/audittest"
)

func TestTheFileSinkPasses(t *testing.T) {
	dir := t.TempDir()
	n := 0
	audittest.Run(t, func() (audittest.Harness, error) {
		n++
		path := filepath.Join(dir, "audit", string(rune('a'+n))+".jsonl")
		s, err := audit.OpenFile(path, audit.FileOptions{Sync: audit.SyncOnClose})
		if err != nil {
			return audittest.Harness{}, err
		}
		t.Cleanup(func() { s.Close() })
		return audittest.Harness{Sink: s, Read: func() ([]audit.Event, error) {
			data, err := os.ReadFile(path)
			if err != nil {
				return nil, err
			}
			var out []audit.Event
			for _, r := range audit.Records(data) {
				if r.Err != nil {
					return nil, r.Err
				}
				out = append(out, r.Event)
			}
			return out, nil
		}}, nil
	})
}

// sloppy is a sink that stores the caller's event as is, ignores the
// context and drops every tenth event: the checks must catch it.
type sloppy struct {
	mu     sync.Mutex
	n      int
	events []audit.Event
}

func (s *sloppy) Write(_ context.Context, e audit.Event) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.n++
	if s.n%10 != 0 {
		s.events = append(s.events, e)
	}
	return nil
}

func TestTheChecksCatchABrokenSink(t *testing.T) {
	err := audittest.Check(func() (audittest.Harness, error) {
		s := &sloppy{}
		return audittest.Harness{Sink: s, Read: func() ([]audit.Event, error) {
			s.mu.Lock()
			defer s.mu.Unlock()
			return append([]audit.Event(nil), s.events...), nil
		}}, nil
	})
	require.Error(t, err)
	for _, want := range []string{"every concurrent write is stored once", "a cancelled context", "no reference to the caller's maps"} {
		assert.Contains(t, err.Error(), want)
	}
	assert.NotContains(t, err.Error(), "reads back whole")
}
