//go:build !unix

package hardline

// oNonblock is 0 where opening a file does not wait for a writer.
const oNonblock = 0
