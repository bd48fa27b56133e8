package policyfile

import "fmt"

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
