//go:build !unix

package approval

import "time"

// cpuTime is not measured here.
func cpuTime() time.Duration { return 0 }
