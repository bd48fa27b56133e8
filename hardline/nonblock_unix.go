//go:build unix

package hardline

import "syscall"

// oNonblock makes an open of a named pipe return at once.
const oNonblock = syscall.O_NONBLOCK

// lstatThere reports whether lstat finds path: true unless the lookup
// says there is no such entry (ENOENT, or ENOTDIR for a path through a
// file). The stat buffer stays on the stack and an errno is no
// allocation, so a lookup costs the path's conversion alone.
func lstatThere(path string) bool {
	var st syscall.Stat_t
	for {
		err := syscall.Lstat(path, &st)
		switch err {
		case nil:
			return true
		case syscall.EINTR:
			continue
		case syscall.ENOENT, syscall.ENOTDIR:
			return false
		}
		return true
	}
}
