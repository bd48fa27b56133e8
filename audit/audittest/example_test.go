package audittest_test

import (
	"context"
	"fmt"
	"sync"

	"github.com/toolgate/toolgate/audit"
	"github.com/toolgate/toolgate/audit/audittest"
)

// memory is a host's sink: it copies each event it is given.
type memory struct {
	mu     sync.Mutex
	events []audit.Event
}

func (m *memory) Write(ctx context.Context, e audit.Event) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	out, _ := audit.RedactArgs(e.Args, nil) // a deep copy, redacted
	e.Args = out
	e.Resources = append([]string(nil), e.Resources...)
	m.mu.Lock()
	defer m.mu.Unlock()
	m.events = append(m.events, e)
	return nil
}

func ExampleCheck() {
	err := audittest.Check(func() (audittest.Harness, error) {
		m := &memory{}
		return audittest.Harness{Sink: m, Read: func() ([]audit.Event, error) {
			m.mu.Lock()
			defer m.mu.Unlock()
			return append([]audit.Event(nil), m.events...), nil
		}}, nil
	})
	fmt.Println(err)
	// Output: <nil>
}
