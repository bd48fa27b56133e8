//go:build unix

package approval

import (
	"os"

	"github.com/toolgate/toolgate/internal/flock"
)

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
	if err := flock.TryLock(d); err != nil {
		d.Close()
		return nil, err
	}
	return d, nil
}
