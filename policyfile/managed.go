package policyfile

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// untrusted is the error for a managed file that someone other than an
// administrator could have written: at (the file or a folder above it)
// fails the check for the reason given.
func untrusted(path, at, why string) error {
	what := at
	if at != path {
		what = fmt.Sprintf("%s (on the way to %s)", at, path)
	}
	return fmt.Errorf("%w: %w: %s %s; the managed layer is used only when no one but an administrator could have written it",
		ErrRefused, ErrManagedUntrusted, what, why)
}

// openManaged opens the managed layer's file where its links lead (real)
// and reports it with its FileInfo and the path as given made absolute
// (given), for the platform's ownership checks. A file that is not a
// regular one is refused. The caller closes f.
func openManaged(path string) (f *os.File, fi fs.FileInfo, real, given string, err error) {
	real, err = filepath.EvalSymlinks(path)
	if err == nil {
		real, err = filepath.Abs(real)
	}
	if err == nil {
		given, err = filepath.Abs(path)
	}
	if err == nil {
		f, err = os.Open(real)
	}
	if err != nil {
		return nil, nil, "", "", fmt.Errorf("%w: %w", ErrRead, err)
	}
	if fi, err = f.Stat(); err != nil {
		f.Close()
		return nil, nil, "", "", fmt.Errorf("%w: %w", ErrRead, err)
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, nil, "", "", untrusted(path, real, "is not a regular file")
	}
	return f, fi, real, given, nil
}
