//go:build windows

package flock

import (
	"errors"
	"os"

	"golang.org/x/sys/windows"
)

// TryLock takes an exclusive LockFileEx lock on f without waiting, or
// returns ErrLocked. It locks one byte far past any end the file will
// reach, since a Windows lock also bars other handles from reading the
// bytes it covers and a locked file must stay readable (toolgate audit
// verify). The system drops the lock when the process dies.
func TryLock(f *os.File) error {
	ol := windows.Overlapped{Offset: 0xFFFFFFFE, OffsetHigh: 0x7FFFFFFF}
	err := windows.LockFileEx(windows.Handle(f.Fd()),
		windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, &ol)
	if errors.Is(err, windows.ERROR_LOCK_VIOLATION) || errors.Is(err, windows.ERROR_IO_PENDING) {
		return ErrLocked
	}
	return err
}
