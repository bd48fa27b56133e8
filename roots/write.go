package roots

import (
	"errors"
	"io/fs"
)

// DefaultWritePerm is the permission of a file WriteTarget creates, before
// the umask, unless [WithPerm] says otherwise.
const DefaultWritePerm fs.FileMode = 0o644

// WriteOption configures [Files.WriteTarget].
type WriteOption func(*writeOptions)

type writeOptions struct {
	version Version
	replace bool
	held    *Set
	perm    fs.FileMode
}

// Replacing makes WriteTarget replace the file that was read as v (see
// [Files.ReadFile]) instead of creating a new file, with the
// compare-before-replace check of [Files.Replace]: if the file changed
// since it was read, the write fails with [ErrChanged].
func Replacing(v Version) WriteOption {
	return func(o *writeOptions) { o.version, o.replace = v, true }
}

// HeldBy scopes the write to the roots of held, the roots the agent that
// the decision was made for holds (a delegated agent holds fewer roots, or
// narrower access, than the set Files was opened on): the target must also
// lie in a read-write root of held. A nil held is a set without roots, so
// every write fails.
func HeldBy(held *Set) WriteOption {
	return func(o *writeOptions) {
		o.held = held
		if held == nil {
			o.held = &Set{primary: -1}
		}
	}
}

// WithPerm sets the permission of a new file (before the umask); the
// default is [DefaultWritePerm]. A replaced file keeps its own permission.
func WithPerm(perm fs.FileMode) WriteOption {
	return func(o *writeOptions) { o.perm = perm.Perm() }
}

// WriteTarget writes data to the target of a decision in one call: t is the
// target as the policy decided on it (its Resolved path is what is
// written; Value names it in errors; Root and Access are not trusted but
// judged again). By default it publishes a new file as [Files.CreateNew]
// does and never replaces anything; with [Replacing] it replaces the file
// read before, as [Files.Replace] does.
//
// The write is refused, with a *PathError, when
//   - t has no resolved path ([ErrInvalidPath]): it is not a decided target;
//   - t.Resolved is outside every root of f's set ([ErrOutsideRoots]) or in
//     a read-only one ([ErrReadOnly]);
//   - with [HeldBy], t.Resolved is outside the held roots
//     ([ErrOutsideRoots]) or in a held root that is read-only ([ErrReadOnly]);
//   - t.Resolved no longer resolves to itself ([ErrChanged]): a name on the
//     way became a symbolic link since the decision.
//
// The parent folder must exist. Like every Files call, the write happens
// relative to the handle of the containing root.
func (f *Files) WriteTarget(t Target, data []byte, opts ...WriteOption) error {
	const op = "write-target"
	o := writeOptions{perm: DefaultWritePerm}
	for _, opt := range opts {
		opt(&o)
	}
	if t.Resolved == "" {
		return &PathError{Op: op, Path: t.Value, Err: ErrInvalidPath, Detail: "the target has no resolved path"}
	}
	if o.held != nil {
		r, ok := o.held.Contains(t.Resolved)
		switch {
		case !ok:
			return &PathError{Op: op, Path: t.Value, Resolved: t.Resolved, Err: ErrOutsideRoots, Detail: "outside the roots held"}
		case !r.Access.CanWrite():
			return &PathError{Op: op, Path: t.Value, Resolved: t.Resolved, Err: ErrReadOnly, Detail: "held root " + quote(r.ID)}
		}
	}
	h, rel, cur, err := f.locate(op, t.Resolved, true)
	if err != nil {
		var pe *PathError
		if errors.As(err, &pe) {
			pe.Path = t.Value
			if pe.Resolved == "" {
				pe.Resolved = t.Resolved
			}
		}
		return err
	}
	if cur.Resolved != t.Resolved {
		return &PathError{Op: op, Path: t.Value, Resolved: t.Resolved, Err: ErrChanged, Detail: "now resolves to " + quote(cur.Resolved)}
	}
	if o.replace {
		return replace(h, rel, op, t.Value, t.Resolved, data, o.version)
	}
	return createNew(h, rel, op, t.Value, t.Resolved, data, o.perm)
}
