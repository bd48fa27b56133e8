//go:build unix

package roots

import (
	"io/fs"
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// osSys is the real file system.
type osSys struct{}

func (osSys) lstat(name string) (kind, error) {
	var st unix.Stat_t
	var err error
	for {
		err = unix.Lstat(name, &st)
		if err != unix.EINTR {
			break
		}
	}
	switch err {
	case nil:
	case unix.ENOENT:
		return kindMissing, nil
	default:
		return 0, &fs.PathError{Op: "lstat", Path: name, Err: err}
	}
	switch uint32(st.Mode) & unix.S_IFMT {
	case unix.S_IFDIR:
		return kindDir, nil
	case unix.S_IFLNK:
		return kindLink, nil
	}
	return kindOther, nil
}

func (osSys) readlink(name string) (string, error) { return os.Readlink(name) }

func (osSys) longName(name string) (string, error) { return name, nil }

// linkCount returns the number of hard links to the open file f, whose
// information is fi, or 1 when the system does not say.
func linkCount(_ *os.File, fi fs.FileInfo) (uint64, error) {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink), nil
	}
	return 1, nil
}
