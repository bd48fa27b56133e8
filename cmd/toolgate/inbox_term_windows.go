//go:build windows

package main

import "golang.org/x/sys/windows"

// fdIsTerminal reports whether fd is a console.
func fdIsTerminal(fd uintptr) bool {
	var mode uint32
	return windows.GetConsoleMode(windows.Handle(fd), &mode) == nil
}
