package policyfile

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/toolgate/toolgate/delegation"
	"github.com/toolgate/toolgate/roots"
	"github.com/toolgate/toolgate/toolmeta"
)

// Errors. Every problem Load and Parse report is a *Problem inside an
// *Error; each Problem matches ErrInvalid and one of the more precise
// sentinels below, or wraps the typed error of the package that found it
// (a *toolmeta.FieldError, a *roots.RootError, a *delegation.FieldError),
// so that errors.Is and errors.As see through the aggregate.
var (
	// ErrRead: the file could not be read; nothing was checked.
	ErrRead = errors.New("policyfile: cannot read the policy file")
	// ErrInvalid is matched by every problem with what the file says.
	ErrInvalid = errors.New("policyfile: invalid policy")
	// ErrSyntax: the file is not valid JSON.
	ErrSyntax = errors.New("policyfile: not valid JSON")
	// ErrTooDeep: the file nests arrays and objects deeper than MaxDepth.
	ErrTooDeep = errors.New("policyfile: nested too deeply")
	// ErrUnknownField: an object has a key its place does not declare.
	ErrUnknownField = errors.New("policyfile: unknown field")
	// ErrDuplicateKey: an object gives one key twice.
	ErrDuplicateKey = errors.New("policyfile: key given twice")
	// ErrType: a value has the wrong JSON type for its place.
	ErrType = errors.New("policyfile: value of the wrong type")
	// ErrValue: a value has the right type but not a meaning the file
	// allows (an unknown mode, a missing name, an unknown agent).
	ErrValue = errors.New("policyfile: invalid value")
)

// Problem is one thing wrong with a policy file, at one place.
type Problem struct {
	// Path is the JSON path of the value at fault, in one style for keys
	// and indices: "roots[0].primary", "tools.read_file.pathArguments[1]",
	// "agents.reviewer.tools[2]", `tools["github/delete_repo"].risk`.
	// Empty for the document as a whole.
	Path string
	// Msg says what is wrong, for a person.
	Msg string
	// Err is the cause: one of this package's sentinels, or the typed
	// error of the package that found the problem.
	Err error
}

// Error returns "path: msg", or msg for the document as a whole.
func (p *Problem) Error() string {
	if p.Path == "" {
		return p.Msg
	}
	return p.Path + ": " + p.Msg
}

// Unwrap returns the cause.
func (p *Problem) Unwrap() error { return p.Err }

// Is makes every Problem match ErrInvalid.
func (p *Problem) Is(target error) bool { return target == ErrInvalid }

// MaxProblems is how many problems an *Error lists; a file with more has
// the rest counted in Error.More. It bounds the memory a hostile file can
// make the report take.
const MaxProblems = 1000

// Error is every problem found in one policy file, in the order of the
// loading phases. errors.Is and errors.As reach each Problem and its
// cause.
type Error struct {
	// File is the file's name as given to Load; empty from Parse.
	File string
	// Problems lists the problems, at least one and at most MaxProblems.
	Problems []*Problem
	// More counts the problems found beyond MaxProblems, not listed.
	More int
}

// Error lists the problems, one a line.
func (e *Error) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		b.WriteString(": ")
	}
	n := len(e.Problems) + e.More
	fmt.Fprintf(&b, "%d problem", n)
	if n != 1 {
		b.WriteString("s")
	}
	b.WriteString(" in the policy:")
	for _, p := range e.Problems {
		b.WriteString("\n  ")
		b.WriteString(strings.ReplaceAll(p.Error(), "\n", "\n    "))
	}
	if e.More > 0 {
		fmt.Fprintf(&b, "\n  and %d more, not listed", e.More)
	}
	return b.String()
}

// Unwrap returns the problems.
func (e *Error) Unwrap() []error {
	out := make([]error, len(e.Problems))
	for i, p := range e.Problems {
		out[i] = p
	}
	return out
}

// problemList collects the problems of one load, up to MaxProblems.
type problemList struct {
	problems []*Problem
	more     int
}

func (l *problemList) full() bool { return len(l.problems) >= MaxProblems }

func (l *problemList) add(p *Problem) {
	if l.full() {
		l.more++
		return
	}
	l.problems = append(l.problems, p)
}

func (l *problemList) error() *Error { return &Error{Problems: l.problems, More: l.more} }

// maxKeyInPath is the longest object key a path writes out whole; a
// longer one is cut, so that a problem's path stays short whatever the
// file holds.
const maxKeyInPath = 64

// key appends an object key to a JSON path: after a dot when it is a plain
// name, else quoted in brackets.
func key(path, k string) string {
	if len(k) > maxKeyInPath {
		cut := maxKeyInPath
		for cut > 0 && !utf8.RuneStart(k[cut]) {
			cut--
		}
		return path + "[" + strconv.Quote(k[:cut]) + "...(" + strconv.Itoa(len(k)) + " bytes)]"
	}
	if !plainKey(k) {
		return path + "[" + strconv.Quote(k) + "]"
	}
	if path == "" {
		return k
	}
	return path + "." + k
}

// index appends an array index to a JSON path.
func index(path string, i int) string { return path + "[" + strconv.Itoa(i) + "]" }

func plainKey(k string) bool {
	if k == "" {
		return false
	}
	for _, r := range k {
		if r != '_' && r != '-' && (r < '0' || r > '9') && (r < 'a' || r > 'z') && (r < 'A' || r > 'Z') {
			return false
		}
	}
	return true
}

// leaves returns the single problems an error reports: the errors an
// errors.Join (or any error listing several) holds, flattened, stopping at
// the typed errors of the packages policyfile builds on.
func leaves(err error) []error {
	if err == nil {
		return nil
	}
	switch err.(type) {
	case *toolmeta.FieldError, *roots.RootError, *roots.PathError, *delegation.FieldError, *Problem:
		return []error{err}
	}
	if m, ok := err.(interface{ Unwrap() []error }); ok {
		var out []error
		for _, e := range m.Unwrap() {
			out = append(out, leaves(e)...)
		}
		return out
	}
	return []error{err}
}

// problemOf turns one error of another package into a Problem under the
// JSON path at (the place the failed value came from). The typed errors
// name their own field; any other error whose text starts with a path
// ("rules[0].decision: ...", "id: ...") is placed by that path.
func problemOf(at string, err error) *Problem {
	var (
		tf *toolmeta.FieldError
		rf *roots.RootError
		df *delegation.FieldError
		p  *Problem
	)
	switch {
	case errors.As(err, &p):
		return p
	case errors.As(err, &tf):
		path := at
		if tf.Tool != "" {
			path = key(at, tf.Tool)
		}
		if tf.Field != "name" {
			path = join(path, tf.Field)
		}
		return &Problem{Path: path, Msg: tf.Msg, Err: err}
	case errors.As(err, &rf):
		path := at
		if rf.Index >= 0 {
			path = join(index(at, rf.Index), rf.Field)
		} else if rf.Field != "primary" {
			path = join(at, rf.Field)
		}
		return &Problem{Path: path, Msg: rf.Detail, Err: err}
	case errors.As(err, &df):
		path := at
		if df.Agent != "" || df.Field == "" {
			path = key(at, df.Agent)
		}
		return &Problem{Path: join(path, df.Field), Msg: df.Detail, Err: err}
	}
	msg := err.Error()
	if field, rest, ok := strings.Cut(msg, ": "); ok && isPath(field) {
		return &Problem{Path: join(at, field), Msg: rest, Err: err}
	}
	return &Problem{Path: at, Msg: msg, Err: err}
}

// join appends a relative path ("decision", "pathArguments[1]") to a path.
func join(path, rel string) string {
	switch {
	case rel == "":
		return path
	case path == "":
		return rel
	case strings.HasPrefix(rel, "["):
		return path + rel
	}
	return path + "." + rel
}

// isPath reports whether s reads as a relative JSON path such as
// "rules[0].decision" or "id".
func isPath(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r != '_' && r != '-' && r != '.' && r != '[' && r != ']' && (r < '0' || r > '9') && (r < 'a' || r > 'z') && (r < 'A' || r > 'Z') {
			return false
		}
	}
	return true
}
