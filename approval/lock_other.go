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

// noFollow is 0 here: the open flag is Unix's.
const noFollow = 0

// checkStateFolder checks nothing here: Windows folders are guarded by
// their access lists, which the store does not read.
func checkStateFolder(string) error { return nil }
