package sidecar

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
)

// EnvVar is the environment variable through which a host hands the token
// to the sidecar it starts. The token never travels in argv, where every
// local user can read it (ps, /proc/PID/cmdline).
const EnvVar = "TOOLGATE_TOKEN"

// Token lengths. NewToken makes 32 random bytes, written as 43 characters of
// unpadded URL-safe base64. ParseToken accepts any text of at least
// MinTokenLen characters from that alphabet (so 64 hex digits also do) and
// at most MaxTokenLen.
const (
	TokenBytes  = 32
	MinTokenLen = 43
	MaxTokenLen = 512
)

const redacted = "[REDACTED]"

// ErrBadToken is returned (wrapped) by ParseToken for a missing, short, long
// or malformed token. Its message never contains the token.
var ErrBadToken = errors.New("sidecar: bad token")

// Token is the per-launch secret that every request to the sidecar must
// carry. Its zero value is no token: a Guard built with it refuses every
// request that needs one.
//
// A Token redacts itself everywhere it could be printed: String, GoString,
// every fmt verb, MarshalJSON, MarshalText and slog.LogValuer all give
// "[REDACTED]". Its text is held by a closure, which neither fmt nor any
// reflection-based printer can look into, so even printing a struct that
// holds a Token in an unexported field shows only an address. Reveal
// is the one way to its text; call it only to hand the token to a child's
// environment or to a trusted client.
type Token struct {
	text func() string
}

func newToken(text string) Token { return Token{func() string { return text }} }

// NewToken returns a fresh token of TokenBytes bytes from crypto/rand.
func NewToken() (Token, error) {
	var b [TokenBytes]byte
	if _, err := rand.Read(b[:]); err != nil {
		return Token{}, fmt.Errorf("sidecar: reading random bytes: %w", err)
	}
	return newToken(base64.RawURLEncoding.EncodeToString(b[:])), nil
}

// ParseToken reads a token given as text, typically from the EnvVar
// environment variable. It refuses text shorter than MinTokenLen or longer
// than MaxTokenLen characters, and any character outside A-Z a-z 0-9 - _
// (the alphabet that fits both an Authorization header and a
// Sec-WebSocket-Protocol value). The error never repeats the text.
func ParseToken(text string) (Token, error) {
	switch {
	case text == "":
		return Token{}, fmt.Errorf("%w: the token is empty", ErrBadToken)
	case len(text) < MinTokenLen:
		return Token{}, fmt.Errorf("%w: the token has %d characters, at least %d are needed", ErrBadToken, len(text), MinTokenLen)
	case len(text) > MaxTokenLen:
		return Token{}, fmt.Errorf("%w: the token has %d characters, at most %d are allowed", ErrBadToken, len(text), MaxTokenLen)
	}
	for i := 0; i < len(text); i++ {
		if !tokenChar(text[i]) {
			return Token{}, fmt.Errorf("%w: character %d is outside A-Z a-z 0-9 - _", ErrBadToken, i+1)
		}
	}
	return newToken(text), nil
}

func tokenChar(c byte) bool {
	return 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '_'
}

// IsZero reports whether t is the zero Token (no token at all).
func (t Token) IsZero() bool { return t.text == nil }

// Reveal returns the token's text. It is meant for two places only: the
// environment of the child that serves (Env) and a trusted client.
func (t Token) Reveal() string {
	if t.text == nil {
		return ""
	}
	return t.text()
}

// Env returns the NAME=VALUE entry that hands t to a child process through
// its environment, as EnvVar.
func (t Token) Env() string { return EnvVar + "=" + t.Reveal() }

// Equal reports, in time independent of where they differ, whether
// presented is t's text. The zero Token equals nothing.
func (t Token) Equal(presented string) bool {
	if t.text == nil {
		return false
	}
	want := t.text()
	if len(presented) != len(want) {
		return false
	}
	var v byte
	for i := 0; i < len(want); i++ {
		v |= presented[i] ^ want[i]
	}
	return subtle.ConstantTimeByteEq(v, 0) == 1
}

// String returns "[REDACTED]".
func (Token) String() string { return redacted }

// GoString returns "[REDACTED]", for %#v.
func (Token) GoString() string { return redacted }

// Format writes "[REDACTED]" for every fmt verb, %x and %q included.
func (Token) Format(f fmt.State, _ rune) { _, _ = f.Write([]byte(redacted)) }

// MarshalJSON returns the JSON string "[REDACTED]".
func (Token) MarshalJSON() ([]byte, error) { return []byte(`"` + redacted + `"`), nil }

// MarshalText returns "[REDACTED]".
func (Token) MarshalText() ([]byte, error) { return []byte(redacted), nil }

// LogValue returns "[REDACTED]", for log/slog.
func (Token) LogValue() slog.Value { return slog.StringValue(redacted) }

var (
	_ fmt.Stringer   = Token{}
	_ fmt.GoStringer = Token{}
	_ fmt.Formatter  = Token{}
	_ slog.LogValuer = Token{}
)
