package flock_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/toolgate/toolgate/internal/flock"
)

func TestASecondHolderIsRefusedUntilTheFirstCloses(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lock")
	open := func() *os.File {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	a, b := open(), open()
	defer b.Close()
	if err := flock.TryLock(a); err != nil {
		t.Fatal(err)
	}
	if err := flock.TryLock(b); !errors.Is(err, flock.ErrLocked) {
		t.Fatalf("a second holder: %v, want ErrLocked", err)
	}
	a.Close()
	if err := flock.TryLock(b); err != nil {
		t.Fatalf("after the first closed: %v", err)
	}
}
