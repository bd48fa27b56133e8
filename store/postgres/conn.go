package postgres

import (
	"context"
	"errors"
	"fmt"
	"os"
	"regexp"
	"strings"

	"github.com/jackc/pgx/v5/pgxpool"
)

// EnvDSN names the environment variable that holds the connection string.
// When it is unset or empty, the usual libpq variables (PGHOST, PGPORT,
// PGUSER, PGPASSWORD, PGDATABASE, PGSSLMODE, PGPASSFILE, ...) apply.
const EnvDSN = "TOOLGATE_PG_DSN"

// ErrUnavailable is matched by an *Error that says the database could not
// be reached or the connection failed mid-operation. Whatever the
// operation was, it did not approve, resume or record anything the caller
// may rely on: an outage is an error, never an approval.
var ErrUnavailable = errors.New("postgres: database unavailable")

// ErrBadConfig is matched by an *Error about a connection string or PG*
// variable that does not parse.
var ErrBadConfig = errors.New("postgres: bad connection configuration")

// Error is a database error with the connection string and password
// removed. It unwraps to ErrUnavailable or ErrBadConfig, and to the
// context's error when the context ended, never to the driver's error
// (which can carry the connection's configuration, password included).
type Error struct {
	// Op is what was being done, e.g. "connecting" or "updating record \"x\"".
	Op string
	// Msg is the driver's message, redacted.
	Msg  string
	kind error // ErrUnavailable or ErrBadConfig or nil
	ctx  error // context.Canceled or context.DeadlineExceeded, if any
}

func (e *Error) Error() string {
	if e.Msg == "" {
		return "postgres: " + e.Op
	}
	return "postgres: " + e.Op + ": " + e.Msg
}

// Unwrap returns the sentinel and the context's error, if any.
func (e *Error) Unwrap() []error {
	var out []error
	for _, err := range []error{e.kind, e.ctx} {
		if err != nil {
			out = append(out, err)
		}
	}
	return out
}

// Connection strings and their secrets in free text: key=value pairs and
// URL user info.
var (
	rePassword = regexp.MustCompile(`(?i)(password\s*=\s*)('(?:[^'\\]|\\.)*'|\S+)`)
	reUserInfo = regexp.MustCompile(`(?i)(postgres(?:ql)?://[^:/@\s]*:)[^@\s]*@`)
)

// redactText removes every secret from s: the given literals (the
// connection string, the password) and anything shaped like a password.
//
// Replacing a secret with the marker can itself spell a secret, where the
// secret overlaps the marker and the text beside it ("00[" in "00[REDACTED]").
// So the passes repeat until no literal is left; each pass turns at least
// one character that is not part of a marker into one, so a few suffice.
// If a literal is still there after the bound, the whole text is withheld:
// an error that says less is better than one that leaks.
func redactText(s string, secrets ...string) string {
	return redactWithin(8, s, secrets)
}

// redactWithin is redactText with the bound on passes given.
func redactWithin(passes int, s string, secrets []string) string {
	for range passes {
		for _, x := range secrets {
			if len(x) >= 3 {
				s = strings.ReplaceAll(s, x, redacted)
			}
		}
		s = rePassword.ReplaceAllString(s, "${1}"+redacted)
		s = reUserInfo.ReplaceAllString(s, "${1}"+redacted+"@")
		if !containsAny(s, secrets) {
			return s
		}
	}
	return redacted
}

// redacted stands in for a secret removed from a message.
const redacted = "[REDACTED]"

// containsAny reports whether s holds any secret of redactable length.
func containsAny(s string, secrets []string) bool {
	for _, x := range secrets {
		if len(x) >= 3 && strings.Contains(s, x) {
			return true
		}
	}
	return false
}

// wrap turns a driver error into an *Error that carries no secret. A
// connection-level failure (anything that is not an error the server
// reported for the statement) is ErrUnavailable.
func wrap(op string, err error, kind error, secrets ...string) error {
	if err == nil {
		return nil
	}
	var e *Error
	if errors.As(err, &e) {
		return err
	}
	w := &Error{Op: op, Msg: redactText(err.Error(), secrets...), kind: kind}
	switch {
	case errors.Is(err, context.Canceled):
		w.ctx = context.Canceled
	case errors.Is(err, context.DeadlineExceeded):
		w.ctx = context.DeadlineExceeded
	}
	return w
}

// secrets lists what must never appear in an error: the connection string
// from the environment and the passwords in it and in PGPASSWORD.
func envSecrets() []string {
	return []string{os.Getenv(EnvDSN), os.Getenv("PGPASSWORD")}
}

// ConfigFromEnv returns a pool configuration from TOOLGATE_PG_DSN, or from
// the PG* variables when it is unset. The connection string is never read
// from anywhere else; errors carry none of it.
func ConfigFromEnv() (*pgxpool.Config, error) {
	cfg, err := pgxpool.ParseConfig(os.Getenv(EnvDSN))
	if err != nil {
		return nil, &Error{Op: "reading the connection string from " + EnvDSN + " or the PG* variables",
			Msg: redactText(err.Error(), envSecrets()...), kind: ErrBadConfig}
	}
	return cfg, nil
}

// Connect opens a pool from the environment (see ConfigFromEnv) and checks
// that the server answers. Errors are *Error, with no secret in them.
func Connect(ctx context.Context) (*pgxpool.Pool, error) {
	cfg, err := ConfigFromEnv()
	if err != nil {
		return nil, err
	}
	return ConnectConfig(ctx, cfg)
}

// ConnectConfig opens a pool with cfg and checks that the server answers.
func ConnectConfig(ctx context.Context, cfg *pgxpool.Config) (*pgxpool.Pool, error) {
	secrets := append(envSecrets(), cfg.ConnString(), cfg.ConnConfig.Password)
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, wrap("connecting", err, ErrUnavailable, secrets...)
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, wrap("connecting", err, ErrUnavailable, secrets...)
	}
	return pool, nil
}

// describe wraps err from an operation on pool: a statement the server
// refused keeps its message; anything else is ErrUnavailable.
func describe(pool *pgxpool.Pool, op string, err error) error {
	if err == nil {
		return nil
	}
	cfg := pool.Config()
	secrets := append(envSecrets(), cfg.ConnString(), cfg.ConnConfig.Password)
	kind := ErrUnavailable
	if serverError(err) {
		kind = nil
	}
	return wrap(op, err, kind, secrets...)
}

// wrapf is fmt.Sprintf for an operation's name.
func opf(format string, args ...any) string { return fmt.Sprintf(format, args...) }
