//go:build !unix && !windows

package approval

import (
	"errors"
	"os"
)

// lockFile fails on systems with no advisory lock this package knows:
// without one, two processes could corrupt one folder.
func lockFile(*os.File) error {
	return errors.New("approval: no advisory file lock on this system")
}

// lockFolder is never reached on these systems: lockFile fails first.
func lockFolder(string) (*os.File, error) { return nil, nil }
