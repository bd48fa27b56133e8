//go:build unix && !linux

package proctree

import "syscall"

func setParentDeathSignal(*syscall.SysProcAttr) {}

// members cannot list a tree's processes here: only its process group is
// signalled and watched.
type members struct{}

func newMembers(int) *members { return nil }

func (*members) scan() []int { return nil }
