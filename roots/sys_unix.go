//go:build unix

package roots

import (
	"io/fs"
	"os"

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
