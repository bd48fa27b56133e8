//go:build unix

package ownfolder

import (
	"fmt"
	"os"

	"golang.org/x/sys/unix"
)

// NoFollow makes an open refuse a final symbolic link: a store's own
// files (its log, lock and temporary file) are never read or written
// through a link put in their place.
const NoFollow = unix.O_NOFOLLOW

func check(dir string) error {
	var st unix.Stat_t
	if err := unix.Stat(dir, &st); err != nil {
		return err
	}
	if uid := os.Geteuid(); st.Uid != uint32(uid) && st.Uid != 0 {
		// root may write any folder anyway: one it owns (a service's
		// /var/lib folder, shared with its group) takes nothing away.
		return fmt.Errorf("it is owned by user %d, not by this process's user %d", st.Uid, uid)
	}
	if st.Mode&0o002 != 0 {
		return fmt.Errorf("every user may write it (mode %#o)", st.Mode&0o7777)
	}
	return nil
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	return err
}
