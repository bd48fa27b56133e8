package roots

import (
	"errors"
	"sync/atomic"
)

// DefaultLookups is the number of file-system lookups a [Budget] allows
// when its Max is 0. Resolving an ordinary path costs one lookup per name
// below its root plus one per symbolic link, so 4096 covers hundreds of
// paths in one call, while a path multiplied through chains of links
// stops after a few milliseconds instead of minutes.
const DefaultLookups = 4096

// ErrBudget: the lookups of a [Budget] are used up. Errors wrapping
// ErrBudget also match ErrUnresolvable, so a caller that denies
// unresolvable paths denies these too.
var ErrBudget = errors.New("file-system lookup budget exhausted")

// Budget bounds the file-system lookups (Lstat, Readlink and, on Windows,
// long-name queries) that several resolutions make together: a caller
// shares one Budget across every path of one tool call, through
// [Set.ResolveBudget] and [Set.CanonicalBudget]. Once the lookups are
// used up, every further resolution fails with [ErrBudget]; a Budget is
// never refilled, make a new one per call.
//
// The zero Budget allows [DefaultLookups]. A Budget is safe for concurrent
// use and must not be copied after first use.
type Budget struct {
	// Max is the number of lookups allowed; 0 or less means DefaultLookups.
	Max  int
	used atomic.Int64
}

// Used returns the number of lookups made so far, including the one
// refused when the budget ran out.
func (b *Budget) Used() int { return int(b.used.Load()) }

func (b *Budget) limit() int64 {
	if b.Max <= 0 {
		return DefaultLookups
	}
	return int64(b.Max)
}

// take counts one lookup for the resolution of p; a nil Budget is
// unbounded (each resolution is still bounded by its length and its links).
func (b *Budget) take(p string) *PathError {
	if b == nil {
		return nil
	}
	if n := b.used.Add(1); n > b.limit() {
		return &PathError{Path: p, Err: ErrBudget, Detail: "more than " + itoa(int(b.limit())) + " lookups in one call"}
	}
	return nil
}
