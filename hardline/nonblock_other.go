//go:build !unix

package hardline

import "os"

// oNonblock is 0 where opening a file does not wait for a writer.
const oNonblock = 0

// lstatThere reports whether os.Lstat finds path: true unless the lookup
// says there is no such entry.
func lstatThere(path string) bool {
	_, err := os.Lstat(path)
	return err == nil || !notThere(err)
}
