package roots

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"unicode/utf8"
)

// Access is what a root allows: reading only, or reading and writing.
type Access string

const (
	// Read allows reading files under the root, never writing them.
	Read Access = "read"
	// ReadWrite allows reading, creating, changing and removing files under the root.
	ReadWrite Access = "read-write"
)

// Valid reports whether a is one of the defined access levels.
func (a Access) Valid() bool { return a == Read || a == ReadWrite }

// CanWrite reports whether a allows writes. Anything but [ReadWrite] does not.
func (a Access) CanWrite() bool { return a == ReadWrite }

// Source says where a root came from, for the audit log and for hosts that
// treat roots differently by origin.
type Source string

const (
	// Workspace is the folder a session was started in, or one configured with it.
	Workspace Source = "workspace"
	// UserGrant is a folder a person granted, usually after a [Request].
	UserGrant Source = "user-grant"
	// Task is a folder that belongs to one task and lives as long as the task.
	Task Source = "task"
)

// Valid reports whether s is one of the defined sources.
func (s Source) Valid() bool { return s == Workspace || s == UserGrant || s == Task }

// Root is one authorized folder. In a [Set] its Path is canonical: absolute,
// free of symbolic links, "." and ".." as of the moment the set was built.
type Root struct {
	// ID names the root in decisions, events and errors. Unique within a set.
	ID string `json:"id"`
	// Path is the folder. Given to NewSet it must be absolute; in a Set it is canonical.
	Path string `json:"path"`
	// Access is what the root allows.
	Access Access `json:"access"`
	// Primary marks the root that relative paths resolve against.
	Primary bool `json:"primary,omitempty"`
	// Source says where the root came from.
	Source Source `json:"source"`
}

// Target is a path resolved against a [Set].
type Target struct {
	// Value is the path exactly as given.
	Value string `json:"value"`
	// Resolved is the canonical path. It is set whenever resolution got that
	// far, including when the error is ErrOutsideRoots, so that a caller can
	// judge where the path really points.
	Resolved string `json:"resolved"`
	// Root is the most specific root that contains Resolved; the zero Root
	// when none does.
	Root Root `json:"root"`
	// Access is Root.Access, or "" when no root contains the path.
	Access Access `json:"access"`
	// ViaProcessLink reports that resolution followed one of /proc's links
	// that resolve differently in every process (/proc/self,
	// /proc/thread-self; /dev/fd and /dev/stdin lead there) or a magic
	// link under any process's /proc entry (/proc/PID/root, cwd, fd/N),
	// which the kernel follows into that process's view of the file
	// system, not by the text it reads as. Resolved is then that text as
	// this process reads it, which need not be what a tool opening the
	// path reaches; a caller deciding for such a tool should refuse the
	// path.
	ViaProcessLink bool `json:"viaProcessLink,omitempty"`
}

// Errors. Every error returned by this package wraps one of these; test with
// errors.Is.
var (
	// ErrInvalidPath: the path is empty, contains a NUL byte, is too long,
	// or cannot be represented on this platform (for example invalid UTF-8,
	// a drive-relative path or a reserved device name on Windows).
	ErrInvalidPath = errors.New("invalid path")
	// ErrUnresolvable: the path cannot be canonicalized: it goes through a
	// file as if it were a folder, a component cannot be inspected
	// (permission denied), a symbolic link cannot be read or is empty, or the
	// path is relative and the set has no primary root. [Files.OpenFile]
	// also returns it for a write to a file with more than one hard link,
	// whose other names no path check can place.
	ErrUnresolvable = errors.New("path cannot be resolved")
	// ErrLinkLoop: resolution followed more symbolic links than allowed,
	// which is what a loop looks like. Errors wrapping ErrLinkLoop also
	// match ErrUnresolvable.
	ErrLinkLoop = errors.New("too many levels of symbolic links")
	// ErrOutsideRoots: the canonical path is not inside any root.
	ErrOutsideRoots = errors.New("outside every root")
	// ErrReadOnly: a write was attempted under a root whose access is Read.
	ErrReadOnly = errors.New("root is read-only")
	// ErrChanged: a replace found that the file changed since it was read.
	ErrChanged = errors.New("file changed since it was read")
	// ErrInvalidRoot: a root given to NewSet or to a Live change is invalid.
	ErrInvalidRoot = errors.New("invalid root")
	// ErrInvalidRequest: a directory Request is invalid.
	ErrInvalidRequest = errors.New("invalid directory request")
)

// PathError records a path that could not be resolved, placed or accessed.
type PathError struct {
	Op       string // "resolve", "canonical", "open", "create-new", "replace", ...
	Path     string // the path as given
	Resolved string // the canonical path, when resolution got that far
	Err      error  // one of the package's sentinel errors, or an OS error
	Detail   string // specifics, e.g. "symbolic link \"/ws/l\" is empty"
}

// Error describes the path, the sentinel and the details.
func (e *PathError) Error() string {
	var b strings.Builder
	b.WriteString("roots: ")
	b.WriteString(e.Op)
	b.WriteString(" ")
	b.WriteString(quote(e.Path))
	b.WriteString(": ")
	b.WriteString(e.Err.Error())
	if e.Detail != "" {
		b.WriteString(": ")
		b.WriteString(e.Detail)
	}
	if e.Resolved != "" && e.Resolved != e.Path {
		b.WriteString(" (resolves to ")
		b.WriteString(quote(e.Resolved))
		b.WriteString(")")
	}
	return b.String()
}

// Unwrap returns the wrapped error; a link loop and an exhausted budget
// also unwrap to ErrUnresolvable.
func (e *PathError) Unwrap() []error {
	if e.Err == ErrLinkLoop || e.Err == ErrBudget {
		return []error{e.Err, ErrUnresolvable}
	}
	return []error{e.Err}
}

// RootError describes one invalid root. NewSet joins one RootError for each
// problem it finds.
type RootError struct {
	ID     string // the root's ID, possibly empty
	Index  int    // the root's position in the slice given to NewSet
	Field  string // "id", "path", "access", "source" or "primary"
	Detail string
}

// Error names the root, the field and the problem.
func (e *RootError) Error() string {
	id := e.ID
	if id == "" {
		id = fmt.Sprintf("#%d", e.Index)
	} else {
		id = quote(id)
	}
	return "roots: root " + id + ": " + e.Field + ": " + e.Detail
}

// Unwrap returns ErrInvalidRoot.
func (e *RootError) Unwrap() error { return ErrInvalidRoot }

func quote(s string) string {
	if utf8.ValidString(s) && !strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 || r == '"' || r == 0x7f }) {
		return `"` + s + `"`
	}
	return fmt.Sprintf("%q", s)
}

// DefaultMaxLinks is the number of symbolic links one resolution may follow,
// the same limit filepath.EvalSymlinks uses. Linux itself stops at 40.
const DefaultMaxLinks = 255

// maxPathLen bounds the work one resolution can cause. Windows paths end at
// 32767 UTF-16 units; no Unix system accepts more in one call either.
const maxPathLen = 32 << 10

type options struct {
	maxLinks int
	fold     bool
	plat     platform
	sys      sysOps
}

// Option configures a Set.
type Option func(*options)

// WithMaxLinks sets how many symbolic links one resolution may follow before
// it fails with ErrLinkLoop. Values below 1 mean [DefaultMaxLinks].
func WithMaxLinks(n int) Option {
	return func(o *options) {
		if n < 1 {
			n = DefaultMaxLinks
		}
		o.maxLinks = n
	}
}

// FoldCase sets whether path names compare case-insensitively (the way NTFS
// compares them: each character by its simple upper-case form). It is on by
// default on Windows and off elsewhere. Turning it on where the file system
// is case-sensitive makes /ws/A and /ws/a look like one folder: only do so when
// every root is on a case-insensitive file system. Turning it off where the
// file system folds case only makes containment stricter (a path spelled in a
// different case than its root is outside).
func FoldCase(on bool) Option { return func(o *options) { o.fold = on } }

// withPlatform is a test hook: resolve with another platform's path syntax
// over a fake file system.
func withPlatform(p platform, sys sysOps) Option {
	return func(o *options) { o.plat, o.sys = p, sys }
}

func defaultOptions() options {
	return options{
		maxLinks: DefaultMaxLinks,
		fold:     runtime.GOOS == "windows",
		plat:     platform{windows: runtime.GOOS == "windows"},
		sys:      osSys{},
	}
}

// Set is an immutable set of canonical roots. It is safe for concurrent use.
// The zero Set and a nil *Set are empty: every path is outside.
type Set struct {
	roots   []Root // as given, with canonical paths
	bySpec  []int  // indexes into roots, longest path first
	primary int    // index of the primary root, -1 when empty
	// weakerNested: a read-only root lies inside a read-write one, so
	// Contains looks for paths that alias it (see aliasesWeaker).
	weakerNested bool
	opts         options
}

// NewSet validates rs and returns a Set of canonical roots. Every root must
// have a unique non-empty ID, a valid Access and Source, and an absolute Path
// naming an existing folder; a path given through symbolic links is stored
// resolved. Two roots may nest but not resolve to the same folder. A
// non-empty set needs exactly one primary root; an empty set is valid and
// contains nothing. NewSet reports every problem at once: the error joins one
// *RootError per problem, each naming the root and field, and matches
// ErrInvalidRoot.
func NewSet(rs []Root, opts ...Option) (*Set, error) {
	o := defaultOptions()
	for _, opt := range opts {
		opt(&o)
	}
	s := &Set{roots: make([]Root, len(rs)), primary: -1, opts: o}
	copy(s.roots, rs)
	var errs []error
	bad := func(i int, field, format string, args ...any) {
		errs = append(errs, &RootError{ID: rs[i].ID, Index: i, Field: field, Detail: fmt.Sprintf(format, args...)})
	}
	ids := make(map[string]int, len(rs))
	paths := make(map[string]int, len(rs))
	var primaries []int
	for i := range s.roots {
		r := &s.roots[i]
		switch {
		case r.ID == "":
			bad(i, "id", "must not be empty")
		case !utf8.ValidString(r.ID) || strings.ContainsFunc(r.ID, func(c rune) bool { return c < 0x20 || c == 0x7f }):
			bad(i, "id", "must be printable UTF-8")
		default:
			if j, dup := ids[r.ID]; dup {
				bad(i, "id", "duplicates root #%d", j)
			} else {
				ids[r.ID] = i
			}
		}
		if !r.Access.Valid() {
			bad(i, "access", "%s is not %q or %q", quote(string(r.Access)), Read, ReadWrite)
		}
		if !r.Source.Valid() {
			bad(i, "source", "%s is not %q, %q or %q", quote(string(r.Source)), Workspace, UserGrant, Task)
		}
		if r.Primary {
			primaries = append(primaries, i)
		}
		canon, err := s.canonicalRoot(r.Path)
		if err != nil {
			bad(i, "path", "%v", err)
			continue
		}
		r.Path = canon
		key := canon
		if o.fold {
			key = foldKey(canon)
		}
		if j, dup := paths[key]; dup {
			bad(i, "path", "%s is the same folder as root %s", quote(canon), quote(rs[j].ID))
		} else {
			paths[key] = i
		}
	}
	switch {
	case len(rs) > 0 && len(primaries) == 0:
		errs = append(errs, &RootError{Index: -1, ID: "", Field: "primary", Detail: "a non-empty set needs exactly one primary root, found none"})
	case len(primaries) > 1:
		for _, i := range primaries[1:] {
			bad(i, "primary", "a set has exactly one primary root; root %s is already primary", quote(rs[primaries[0]].ID))
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	if len(primaries) == 1 {
		s.primary = primaries[0]
	}
	s.bySpec = make([]int, len(s.roots))
	for i := range s.bySpec {
		s.bySpec[i] = i
	}
	slices.SortStableFunc(s.bySpec, func(a, b int) int { return len(s.roots[b].Path) - len(s.roots[a].Path) })
	for _, r := range s.roots {
		for _, n := range s.roots {
			s.weakerNested = s.weakerNested || o.nestsWeaker(r, n)
		}
	}
	return s, nil
}

// canonicalRoot resolves a root folder: absolute, existing, a directory.
func (s *Set) canonicalRoot(p string) (string, error) {
	if p == "" {
		return "", errors.New("must not be empty")
	}
	if !s.opts.plat.isAbs(p) {
		return "", fmt.Errorf("%s is not absolute", quote(p))
	}
	w := walkResult{}
	if err := s.walk(p, &w, nil); err != nil {
		return "", err
	}
	if w.missing {
		return "", fmt.Errorf("%s does not exist (resolves to %s)", quote(p), quote(w.resolved))
	}
	if w.final != kindDir {
		return "", fmt.Errorf("%s is not a folder (resolves to %s)", quote(p), quote(w.resolved))
	}
	return w.resolved, nil
}

// Resolve canonicalizes p and finds the most specific root that contains it.
// A relative p resolves against the primary root, never the process's
// working folder. On success the Target names the root and its access. On
// ErrOutsideRoots the Target still carries Value and Resolved. Other errors
// (ErrInvalidPath, ErrUnresolvable, ErrLinkLoop) carry only Value. Every error
// is a *PathError naming p.
func (s *Set) Resolve(p string) (Target, error) { return s.ResolveBudget(p, nil) }

// ResolveBudget is Resolve counting its file-system lookups against b,
// which the caller shares across every path of one call. Past the budget it
// fails with a *PathError matching ErrBudget and ErrUnresolvable. A nil b
// means no budget, as with Resolve.
func (s *Set) ResolveBudget(p string, b *Budget) (Target, error) {
	t := Target{Value: p}
	var w walkResult
	if err := s.walk(p, &w, b); err != nil {
		err.Op = "resolve"
		return t, err
	}
	t.Resolved, t.ViaProcessLink = w.resolved, w.viaProcess
	r, ok := s.Contains(w.resolved)
	if !ok {
		return t, &PathError{Op: "resolve", Path: p, Resolved: w.resolved, Err: ErrOutsideRoots}
	}
	t.Root, t.Access = r, r.Access
	return t, nil
}

// Canonical resolves p the way Resolve does but does not check containment:
// it returns the canonical path whether or not a root contains it.
func (s *Set) Canonical(p string) (string, error) { return s.CanonicalBudget(p, nil) }

// CanonicalBudget is Canonical counting its file-system lookups against b,
// as ResolveBudget does.
func (s *Set) CanonicalBudget(p string, b *Budget) (string, error) {
	var w walkResult
	if err := s.walk(p, &w, b); err != nil {
		err.Op = "canonical"
		return "", err
	}
	return w.resolved, nil
}

// Contains returns the most specific root that contains canonical, a path
// already canonical (as returned by Canonical or Resolve). Containment is by
// whole path components: /ws2 is not inside /ws. A path that is not absolute
// and clean is contained by nothing. Names compare case-insensitively when
// the set folds case (the default on Windows).
func (s *Set) Contains(canonical string) (Root, bool) {
	if s == nil || len(s.roots) == 0 || !s.opts.plat.isClean(canonical) {
		return Root{}, false
	}
	for _, i := range s.bySpec {
		if s.opts.plat.within(s.roots[i].Path, canonical, s.opts.fold) {
			if s.weakerNested && s.aliasesWeaker(s.roots[i], canonical) {
				return Root{}, false
			}
			return s.roots[i], true
		}
	}
	return Root{}, false
}

// aliasesWeaker reports whether canonical, inside r, lies in a root
// nested in r with less access as a case-insensitive or normalizing file
// system (macOS, ext4 casefold folders) would read its names:
// /ws/RO/doc or an NFD spelling of /ws/ré/doc where /ws/ro or /ws/ré is
// read-only inside the read-write /ws. Such a path is taken as outside
// every root rather than as r's: the names compare exactly, but the file
// system may open the nested root's file (see docs/security-model.md,
// Roots).
func (s *Set) aliasesWeaker(r Root, canonical string) bool {
	if !r.Access.CanWrite() {
		return false
	}
	for _, n := range s.roots {
		if s.opts.nestsWeaker(r, n) && s.opts.plat.looseWithin(n.Path, canonical) {
			return true
		}
	}
	return false
}

// nestsWeaker reports whether n is a read-only root nested in the
// read-write root r: the pairs whose aliases [Set.Contains] looks for.
func (o *options) nestsWeaker(r, n Root) bool {
	return r.Access.CanWrite() && !n.Access.CanWrite() && len(n.Path) > len(r.Path) && o.plat.within(r.Path, n.Path, o.fold)
}

// Primary returns the primary root, or false when the set is empty.
func (s *Set) Primary() (Root, bool) {
	if s == nil || s.primary < 0 || s.primary >= len(s.roots) {
		return Root{}, false
	}
	return s.roots[s.primary], true
}

// Roots returns a copy of the roots in the order given, with canonical paths.
func (s *Set) Roots() []Root {
	if s == nil {
		return nil
	}
	return slices.Clone(s.roots)
}

// Len returns the number of roots.
func (s *Set) Len() int {
	if s == nil {
		return 0
	}
	return len(s.roots)
}

// Root returns the root with the given ID.
func (s *Set) Root(id string) (Root, bool) {
	if s == nil {
		return Root{}, false
	}
	for _, r := range s.roots {
		if r.ID == id {
			return r, true
		}
	}
	return Root{}, false
}

// Snapshot returns s. With [Live.Snapshot] it lets callers accept either
// through an interface such as
//
//	type RootSource interface{ Snapshot() *roots.Set }
func (s *Set) Snapshot() *Set { return s }

// options returns the options s was built with, so that derived sets keep them.
func (s *Set) options() []Option {
	if s == nil {
		return nil
	}
	o := s.opts
	return []Option{func(dst *options) { *dst = o }}
}
