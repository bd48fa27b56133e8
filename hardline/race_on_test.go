//go:build race

package hardline

// raceEnabled says the tests run under the race detector, whose sync.Pool
// drops some of what is put back: allocation counts are then not the
// build's.
const raceEnabled = true
