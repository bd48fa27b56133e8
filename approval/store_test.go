package approval_test

import (
	"testing"

	"github.com/toolgate/toolgate/approval"
	"github.com/toolgate/toolgate/approval/approvaltest"
)

func TestMemoryStorePassesTheStoreSuite(t *testing.T) {
	approvaltest.Run(t, func(t *testing.T) (approval.Store, func() (approval.Store, error)) {
		return approval.NewMemoryStore(), nil
	})
}

func TestFileStorePassesTheStoreSuite(t *testing.T) {
	approvaltest.Run(t, func(t *testing.T) (approval.Store, func() (approval.Store, error)) {
		dir := t.TempDir()
		s, err := approval.OpenFile(dir)
		if err != nil {
			t.Fatal(err)
		}
		return s, func() (approval.Store, error) { return approval.OpenFile(dir) }
	})
}
