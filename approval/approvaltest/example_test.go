package approvaltest_test

import (
	"testing"

	"github.com/toolgate/toolgate/approval"
	"github.com/toolgate/toolgate/approval/approvaltest"
)

// A store's own test runs the suite with a constructor that makes a fresh
// store, and, for a durable store, a way to reopen the same state.
func ExampleRun() {
	_ = func(t *testing.T) {
		approvaltest.Run(t, func(t *testing.T) (approval.Store, func() (approval.Store, error)) {
			dir := t.TempDir()
			s, err := approval.OpenFile(dir)
			if err != nil {
				t.Fatal(err)
			}
			return s, func() (approval.Store, error) { return approval.OpenFile(dir) }
		})
	}
	// Output:
}
