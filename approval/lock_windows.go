//go:build windows

package approval

import (
	"errors"
	"os"

	"golang.org/x/sys/windows"
)

// lockFile takes an exclusive LockFileEx lock on f without waiting. The
// system drops it when the process dies.
func lockFile(f *os.File) error {
	var ol windows.Overlapped
	err := windows.LockFileEx(windows.Handle(f.Fd()),
		windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, &ol)
	if errors.Is(err, windows.ERROR_LOCK_VIOLATION) || errors.Is(err, windows.ERROR_IO_PENDING) {
		return errWouldBlock
	}
	return err
}

// lockFolder locks nothing more on Windows: a file open there, the lock
// file included, cannot be deleted, so the lock file's lock is never
// orphaned.
func lockFolder(string) (*os.File, error) { return nil, nil }

// noFollow is 0 here: the open flag is Unix's.
const noFollow = 0

// checkStateFolder checks nothing here: Windows folders are guarded by
// their access lists, which the store does not read.
func checkStateFolder(string) error { return nil }
