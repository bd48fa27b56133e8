//go:build !unix && !windows

package flock

import (
	"errors"
	"os"
)

// TryLock fails on systems with no advisory lock this package knows:
// without one, two writers could share a file.
func TryLock(*os.File) error {
	return errors.New("no advisory file lock on this system")
}
