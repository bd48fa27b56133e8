//go:build !linux

package hardline

import "time"

// timed runs fn and returns the wall time it took.
func timed(fn func()) time.Duration {
	start := time.Now()
	fn()
	return time.Since(start)
}
