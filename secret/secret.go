// Package secret holds secret values that never print.
//
// A policy file names a secret by reference only (a Ref: a name and where
// the host finds its value); a Resolver turns the reference into a Secret
// when the host needs the value, typically to configure redaction (package
// audit) or to hand a credential to one child process (package childenv).
// It sits beside the evaluation, not in it: the engine never sees a value.
//
// A Secret prints as "[REDACTED:name]" through every path the standard
// library offers: String, GoString, every fmt verb (%v %+v %#v %s %q %x %d
// ...), encoding/json and encoding.TextMarshaler, and log/slog's LogValuer.
// Its value sits behind a pointer, so even a struct that holds a Secret in
// an unexported field and is printed with %+v shows an address, not bytes.
// Reveal is the one way to read the value.
//
// Release zeroes the value. This is best effort, as it is in any garbage
// collected language: a copy made by Reveal's caller, a string the value was
// built from (FromString), or memory the runtime moved or freed before
// Release ran are out of its reach, and the operating system may have
// swapped the page. What Release guarantees is that the Secret and every
// copy of it no longer reveal the value afterwards.
//
// See docs/security-model.md, Secrets and child processes.
package secret

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strconv"
	"sync"
)

// Secret is a secret value with a name. Copies share the value, and Release
// on any copy releases it for all. The zero Secret has no name and no value.
// A Secret is safe for concurrent use.
type Secret struct {
	s *state
}

type state struct {
	mu    sync.RWMutex
	name  string
	value []byte
}

// New returns a Secret holding a copy of value. The caller may zero its own
// slice afterwards; the Secret keeps its copy until Release.
func New(name string, value []byte) Secret {
	v := make([]byte, len(value))
	copy(v, value)
	return Secret{s: &state{name: name, value: v}}
}

// FromString returns a Secret holding value. The string itself cannot be
// zeroed: prefer New with a byte slice the caller zeroes when the value
// comes from a source that yields bytes.
func FromString(name, value string) Secret {
	return Secret{s: &state{name: name, value: []byte(value)}}
}

// Name returns the secret's name, which is not secret.
func (s Secret) Name() string {
	if s.s == nil {
		return ""
	}
	return s.s.name
}

// Reveal returns the value itself, not a copy: the caller must not keep it
// or change it, and finds it zeroed after Release. It is nil for the zero
// Secret and after Release.
func (s Secret) Reveal() []byte {
	if s.s == nil {
		return nil
	}
	s.s.mu.RLock()
	defer s.s.mu.RUnlock()
	return s.s.value
}

// Len returns the length of the value, 0 after Release.
func (s Secret) Len() int { return len(s.Reveal()) }

// Release zeroes the value and forgets it; see the package documentation
// for what best effort means here. Release is idempotent.
func (s Secret) Release() {
	if s.s == nil {
		return
	}
	s.s.mu.Lock()
	defer s.s.mu.Unlock()
	clear(s.s.value)
	s.s.value = nil
}

// redacted is what every printing path shows.
func (s Secret) redacted() string {
	if n := s.Name(); n != "" {
		return "[REDACTED:" + n + "]"
	}
	return "[REDACTED]"
}

// String returns "[REDACTED:name]".
func (s Secret) String() string { return s.redacted() }

// GoString returns "[REDACTED:name]", for %#v.
func (s Secret) GoString() string { return s.redacted() }

// Format prints "[REDACTED:name]" for every verb, quoted for %q, so no
// verb, flag or width reaches the value.
func (s Secret) Format(f fmt.State, verb rune) {
	if verb == 'q' {
		io.WriteString(f, strconv.Quote(s.redacted()))
		return
	}
	io.WriteString(f, s.redacted())
}

// MarshalJSON encodes the secret as the JSON string "[REDACTED:name]".
func (s Secret) MarshalJSON() ([]byte, error) { return []byte(strconv.Quote(s.redacted())), nil }

// MarshalText returns "[REDACTED:name]", for encoders that use
// encoding.TextMarshaler (map keys, XML, most configuration formats).
func (s Secret) MarshalText() ([]byte, error) { return []byte(s.redacted()), nil }

// LogValue returns "[REDACTED:name]" for log/slog.
func (s Secret) LogValue() slog.Value { return slog.StringValue(s.redacted()) }

var (
	_ fmt.Stringer   = Secret{}
	_ fmt.GoStringer = Secret{}
	_ fmt.Formatter  = Secret{}
	_ slog.LogValuer = Secret{}
)

// Ref names a secret by reference, as a policy file does: the name the
// secret goes by, and the environment variable that holds it for the
// EnvResolver. A host resolver may ignore Env and look Name up in its own
// store (an OS keychain, a vault).
type Ref struct {
	Name string `json:"name"`
	Env  string `json:"env,omitempty"`
}

// Resolver finds the value a Ref names. Implementations must be safe for
// concurrent use and return an error that wraps ErrNotFound when the
// secret does not exist, rather than an empty Secret. The OS keychain
// implementation belongs to the host; this package ships only EnvResolver.
type Resolver interface {
	Resolve(ctx context.Context, ref Ref) (Secret, error)
}

// ErrNotFound is matched by a Resolver's error when the secret does not
// exist or is empty.
var ErrNotFound = errors.New("secret not found")

// ResolveError says which secret could not be resolved and why.
type ResolveError struct {
	// Ref is the reference that failed.
	Ref Ref
	// Err is the cause; it never holds the value.
	Err error
}

func (e *ResolveError) Error() string {
	if e.Ref.Env != "" {
		return fmt.Sprintf("secret %q (environment variable %s): %v", e.Ref.Name, e.Ref.Env, e.Err)
	}
	return fmt.Sprintf("secret %q: %v", e.Ref.Name, e.Err)
}

func (e *ResolveError) Unwrap() error { return e.Err }

// EnvResolver resolves a Ref from the environment variable its Env names.
//
// It is for headless use (CI, containers, the toolgate command): the value
// lives in the process environment, readable by the process and often by
// its children and by tools that inspect processes, outside any
// OS-protected store. A desktop host should resolve from the OS keychain
// instead. An unset or empty variable is ErrNotFound.
type EnvResolver struct {
	// LookupEnv looks a variable up; nil means os.LookupEnv.
	LookupEnv func(name string) (string, bool)
}

// Resolve reads the variable ref.Env names.
func (r EnvResolver) Resolve(ctx context.Context, ref Ref) (Secret, error) {
	if err := ctx.Err(); err != nil {
		return Secret{}, &ResolveError{Ref: ref, Err: err}
	}
	if ref.Env == "" {
		return Secret{}, &ResolveError{Ref: ref, Err: errors.New("the reference names no environment variable")}
	}
	lookup := r.LookupEnv
	if lookup == nil {
		lookup = os.LookupEnv
	}
	v, ok := lookup(ref.Env)
	if !ok || v == "" {
		return Secret{}, &ResolveError{Ref: ref, Err: fmt.Errorf("%w: the variable is unset or empty", ErrNotFound)}
	}
	return FromString(ref.Name, v), nil
}

// ResolveAll resolves every reference and returns the secrets in the same
// order, or the errors of every reference that failed, joined. On error it
// releases what it resolved and returns no secret: a partial set would
// redact less than the policy asks.
func ResolveAll(ctx context.Context, r Resolver, refs []Ref) ([]Secret, error) {
	out := make([]Secret, 0, len(refs))
	var errs []error
	for _, ref := range refs {
		s, err := r.Resolve(ctx, ref)
		if err != nil {
			var re *ResolveError
			if !errors.As(err, &re) {
				err = &ResolveError{Ref: ref, Err: err}
			}
			errs = append(errs, err)
			continue
		}
		out = append(out, s)
	}
	if len(errs) > 0 {
		ReleaseAll(out)
		return nil, errors.Join(errs...)
	}
	return out, nil
}

// ReleaseAll releases every secret.
func ReleaseAll(secrets []Secret) {
	for _, s := range secrets {
		s.Release()
	}
}
