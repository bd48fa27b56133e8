// Package ownfolder checks and syncs the folders that hold toolgate's
// durable files (the approval store's log, the audit file): whoever can
// write such a folder can replace the file in it (see
// docs/security-model.md, "Approvals" and "Audit").
package ownfolder

// Check refuses a folder another user may write: on Unix, one owned by a
// user other than the process's and root, or one every user may write. A folder
// its group may write is allowed: that is its owner's choice (a
// user-private group's umask makes every folder so). On Windows, whose
// folders are guarded by access lists, it checks nothing.
func Check(dir string) error { return check(dir) }

// Sync makes the folder's entries durable after a file in it was created
// or renamed (fsync of the folder). Windows has no folder fsync, and its
// file system journals the change: Sync does nothing there.
func Sync(dir string) error { return syncDir(dir) }
