//go:build !unix && !windows

package audit

import (
	"errors"
	"os"
)

// lockFile fails on systems with no advisory lock this package knows:
// without one, two writers could fork the chain.
func lockFile(*os.File) error {
	return errors.New("audit: no advisory file lock on this system")
}
