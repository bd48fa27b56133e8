//go:build windows

package roots

import (
	"errors"
	"io/fs"
	"os"

	"golang.org/x/sys/windows"
)

// osSys is the real file system.
type osSys struct{}

func (osSys) lstat(name string) (kind, error) {
	fi, err := os.Lstat(name)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return kindMissing, nil
		}
		return 0, err
	}
	m := fi.Mode()
	switch {
	case m&fs.ModeSymlink != 0:
		return kindLink, nil
	case m&fs.ModeIrregular != 0:
		// Junctions and volume mount points are reparse points that Go
		// reports as irregular; they redirect like symbolic links, and
		// os.Readlink reads them. Other reparse points (cloud file
		// placeholders, for example) stay in place.
		if _, err := os.Readlink(name); err == nil {
			return kindLink, nil
		}
		if m.IsDir() {
			return kindDir, nil
		}
		return kindOther, nil
	case m.IsDir():
		return kindDir, nil
	}
	return kindOther, nil
}

func (osSys) readlink(name string) (string, error) { return os.Readlink(name) }

// longName expands 8.3 short names (PROGRA~1) with GetLongPathNameW.
func (osSys) longName(name string) (string, error) {
	p, err := windows.UTF16PtrFromString(name)
	if err != nil {
		return "", err
	}
	buf := make([]uint16, 260)
	for {
		n, err := windows.GetLongPathName(p, &buf[0], uint32(len(buf)))
		if err != nil {
			return "", &fs.PathError{Op: "GetLongPathName", Path: name, Err: err}
		}
		if n < uint32(len(buf)) {
			return windows.UTF16ToString(buf[:n]), nil
		}
		buf = make([]uint16, n)
	}
}

// linkCount returns the number of hard links to the open file f, which
// Windows reports for the handle, not in fi.
func linkCount(f *os.File, _ fs.FileInfo) (uint64, error) {
	var d windows.ByHandleFileInformation
	if err := windows.GetFileInformationByHandle(windows.Handle(f.Fd()), &d); err != nil {
		return 0, err
	}
	return uint64(d.NumberOfLinks), nil
}
