//go:build unix

package policyfile

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// readManaged reads the managed layer's file after checking that only an
// administrator could have written it: on Unix the file, with symbolic
// links resolved, must be a regular file owned by root (uid 0) and not
// writable by its group or by others, and so must every folder above it
// up to "/", since whoever may write a folder may replace what is in it;
// the same holds for the path as given, when links lead elsewhere.
// A folder with the sticky bit set (such as /tmp) may be writable by
// everyone if root owns it: there only an entry's owner may remove or
// rename it, and the entries below are root's. The file is checked
// through the descriptor it is read from, so it cannot be swapped between
// the check and the read.
func readManaged(path string) ([]byte, error) {
	f, fi, real, given, err := openManaged(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if err := adminOnly(path, real, fi, false); err != nil {
		return nil, err
	}
	if err := adminChain(path, filepath.Dir(real)); err != nil {
		return nil, err
	}
	// The path as given too: whoever may change a link on it, or a folder
	// holding one, may point it at another file.
	if given != real {
		if err := adminChain(path, given); err != nil {
			return nil, err
		}
	}
	return readOpen(f, path)
}

// adminChain checks at and every folder above it, up to "/". A symbolic
// link on the way must be root's; its own mode means nothing.
func adminChain(path, at string) error {
	for ; ; at = filepath.Dir(at) {
		fi, err := os.Lstat(at)
		if err != nil {
			return fmt.Errorf("%w: %w", ErrRead, err)
		}
		if fi.Mode()&fs.ModeSymlink != 0 {
			if st, ok := fi.Sys().(*syscall.Stat_t); !ok || st.Uid != 0 {
				return untrusted(path, at, "is a symbolic link not owned by root")
			}
		} else if err := adminOnly(path, at, fi, true); err != nil {
			return err
		}
		if at == filepath.Dir(at) {
			return nil
		}
	}
}

// adminOnly checks one file or folder on the managed file's path.
func adminOnly(path, at string, fi fs.FileInfo, folder bool) error {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return untrusted(path, at, "has no owner this system reports")
	}
	if st.Uid != 0 {
		return untrusted(path, at, fmt.Sprintf("is owned by uid %d, not root", st.Uid))
	}
	perm := fi.Mode().Perm()
	if folder && fi.Mode()&fs.ModeSticky != 0 {
		perm &^= 0o022 // root's sticky folder: only an entry's owner may replace it
	}
	switch {
	case perm&0o002 != 0:
		return untrusted(path, at, fmt.Sprintf("is writable by everyone (mode %v)", fi.Mode()))
	case perm&0o020 != 0:
		return untrusted(path, at, fmt.Sprintf("is writable by its group (mode %v)", fi.Mode()))
	}
	return nil
}
