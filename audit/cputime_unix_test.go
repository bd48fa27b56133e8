//go:build unix

package audit

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time the process has used, user and system. On
// a shared machine it measures the work a benchmark does where wall time
// also counts the time spent waiting for a core.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
