package roots

import "strings"

// listAfter is how many names of one folder a Memo looks up one by one
// before it lists the folder (on a file system that can: see dirLister).
// Listing costs a few system calls (open, file system type, read,
// close), so it pays only for a folder whose names are looked up again
// and again, as a script's targets in its working folder are.
const listAfter = 2

// dirLister is a file system that can list a folder in one go. Only the
// real file system on Linux implements it (list_linux.go), and only for
// file systems whose listing agrees with their lookups.
type dirLister interface {
	// list returns the entries of dir, a canonical folder, or ok false
	// when it cannot give all of them (the folder is too large, cannot
	// be opened or read, or lies on a file system not known to list
	// every name a lookup finds).
	list(dir string) (l *dirListing, ok bool)
}

// dirListing is one folder's entries as listed, in the order read.
type dirListing struct {
	entries []dirEntry
	// nonASCII says some entry's name is not ASCII: a case- or
	// normalisation-insensitive folder may then find it under another
	// spelling, so no name is taken as missing.
	nonASCII bool
}

// dirEntry is one listed name and its kind; known is false when the file
// system did not report the kind (it must then be looked up).
type dirEntry struct {
	name  string
	kind  kind
	known bool
}

// lookup answers what lstat would for name in the listed folder, or ok
// false when the listing cannot say: the kind is not known, or no entry
// has the name exactly but one could be found under it on a folder that
// folds case (an entry equal to it but for case, or a name that is not
// ASCII). A name that is not ASCII, or longer than any name can be, is
// never answered.
func (l *dirListing) lookup(name string) (kind, bool) {
	if name == "" || len(name) > 255 || !isASCII(name) {
		return 0, false
	}
	folded := false
	for i := range l.entries {
		e := &l.entries[i]
		if len(e.name) != len(name) {
			continue
		}
		if e.name == name {
			return e.kind, e.known
		}
		if strings.EqualFold(e.name, name) {
			folded = true
		}
	}
	if folded || l.nonASCII {
		return 0, false
	}
	return kindMissing, true
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// folderState is what a Memo knows of one folder for listing: how many
// of its names were looked up and found (or found missing), and its
// listing once made. tried says a listing was attempted, so that a folder
// that cannot be listed is not tried again.
type folderState struct {
	lookups int
	tried   bool
	listing *dirListing
}
