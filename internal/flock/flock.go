// Package flock takes the exclusive advisory lock that keeps one writer on
// each of toolgate's durable files (the approval store's lock file, the
// audit file): two writers would each continue from what they read and
// fork the file (see docs/security-model.md, "Approvals" and "Audit").
package flock

import "errors"

// ErrLocked is TryLock's answer when another holder, in this process or
// another, has the lock.
var ErrLocked = errors.New("locked by another holder")
