//go:build unix && !linux

package proctree

import "syscall"

func setParentDeathSignal(*syscall.SysProcAttr) {}

// newProcTable returns nil: a tree's processes cannot be listed here, and
// only its process group is signalled and watched.
func newProcTable(int) procTable { return nil }
