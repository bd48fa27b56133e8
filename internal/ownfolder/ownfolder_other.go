//go:build !unix

package ownfolder

func check(string) error { return nil }

func syncDir(string) error { return nil }
