//go:build unix

package approval

import (
	"errors"
	"fmt"
	"os"

	"github.com/toolgate/toolgate/internal/ownfolder"

	"golang.org/x/sys/unix"
)

// lockFile takes an exclusive flock(2) on f without waiting. The kernel
// drops it when the process dies, however it dies.
func lockFile(f *os.File) error {
	err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
	if errors.Is(err, unix.EWOULDBLOCK) {
		return errWouldBlock
	}
	return err
}

// lockFolder takes an exclusive flock(2) on the state folder itself,
// besides the lock file: a lock file deleted as stale while its holder
// runs would let the next process create a new one and lock it, and two
// processes would then write one log, each deciding compare-and-set
// against its own memory (a call approved once could run in both). A
// folder cannot be deleted while it holds the log. See
// docs/security-model.md, "Approvals".
func lockFolder(dir string) (*os.File, error) {
	d, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	if err := lockFile(d); err != nil {
		d.Close()
		return nil, err
	}
	return d, nil
}

// noFollow makes the store's opens refuse a final symbolic link: the log,
// its lock and its temporary file are the store's own files, and a link
// in their place (approvals.log pointing at another user's file) would
// have the store read or write through it.
const noFollow = unix.O_NOFOLLOW

// checkStateFolder refuses a state folder that another user may write
// (ownfolder.Check): whoever can write the folder can replace the log
// with records of their own (its checksums are no signature) and have a
// call run that nobody approved. See docs/security-model.md, "Approvals".
func checkStateFolder(dir string) error {
	if err := ownfolder.Check(dir); err != nil {
		return fmt.Errorf("%w: anyone who may write it could forge an approval there", err)
	}
	return nil
}
