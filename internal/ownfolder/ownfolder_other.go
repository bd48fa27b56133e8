//go:build !unix

package ownfolder

// NoFollow is 0 here: the open flag is Unix's.
const NoFollow = 0

func check(string) error { return nil }

func syncDir(string) error { return nil }
