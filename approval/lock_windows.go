//go:build windows

package approval

import "os"

// lockFolder locks nothing more on Windows: a file open there, the lock
// file included, cannot be deleted, so the lock file's lock is never
// orphaned.
func lockFolder(string) (*os.File, error) { return nil, nil }
