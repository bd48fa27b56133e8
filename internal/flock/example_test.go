package flock_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/toolgate/toolgate/internal/flock"
)

func ExampleTryLock() {
	dir, _ := os.MkdirTemp("", "lock")
	defer os.RemoveAll(dir)
	f, _ := os.Create(filepath.Join(dir, "lock"))
	defer f.Close()
	fmt.Println(flock.TryLock(f))
	// Output: <nil>
}
