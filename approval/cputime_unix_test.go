//go:build unix

package approval

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time (user and system) the process has used, so
// a benchmark can report it beside the wall time of a busy machine.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
