//go:build !unix && !windows

package roots

import (
	"errors"
	"io/fs"
	"os"
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
	switch m := fi.Mode(); {
	case m&fs.ModeSymlink != 0:
		return kindLink, nil
	case m.IsDir():
		return kindDir, nil
	}
	return kindOther, nil
}

func (osSys) readlink(name string) (string, error) { return os.Readlink(name) }

func (osSys) longName(name string) (string, error) { return name, nil }

// linkCount returns 1: these systems do not report hard links (see the
// package documentation).
func linkCount(*os.File, fs.FileInfo) (uint64, error) { return 1, nil }
