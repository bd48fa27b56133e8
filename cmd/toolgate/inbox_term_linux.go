//go:build linux

package main

import "golang.org/x/sys/unix"

// fdIsTerminal reports whether fd is a terminal: it has terminal settings.
func fdIsTerminal(fd uintptr) bool {
	_, err := unix.IoctlGetTermios(int(fd), unix.TCGETS)
	return err == nil
}
