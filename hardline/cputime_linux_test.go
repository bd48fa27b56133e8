package hardline

import (
	"runtime"
	"time"

	"golang.org/x/sys/unix"
)

// timed runs fn and returns the CPU time the calling thread spent in it:
// what the analysis itself cost, whatever else the machine is doing.
func timed(fn func()) time.Duration {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	before := threadCPU()
	fn()
	return threadCPU() - before
}

func threadCPU() time.Duration {
	var ru unix.Rusage
	if unix.Getrusage(unix.RUSAGE_THREAD, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
