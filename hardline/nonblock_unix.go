//go:build unix

package hardline

import "syscall"

// oNonblock makes an open of a named pipe return at once.
const oNonblock = syscall.O_NONBLOCK
