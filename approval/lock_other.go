//go:build !unix && !windows

package approval

import "os"

// lockFolder is never reached on these systems: flock.TryLock fails
// first.
func lockFolder(string) (*os.File, error) { return nil, nil }
