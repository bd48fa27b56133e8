// Package audit records what happens to every tool call, with secrets
// removed before anything is persisted.
//
// The engine stays pure: policy.Engine.Evaluate writes nothing. The host
// (or the toolgate command) records each call's lifecycle around it:
//
//	proposed -> policy_decided -> approval_requested -> approval_resolved
//	         -> started -> completed | failed | interrupted
//
// proposed before step 1 of the evaluation order, policy_decided with the
// Decision of step 9, the approval steps while the call waits for a person,
// and the rest while it runs. Every Event names the session, agent,
// surface, tool, risk, matched rule, resolved resources, status and
// standing approval, and a decision ID ties the events of one call
// together.
//
// A Sink receives events. It is one method, safe for concurrent use, and
// returns its errors so the host can fail closed; Fanout writes to several.
// FileSink is the durable embedded default: JSON Lines in a 0600 file, an
// fsync policy the host chooses, and a hash chain that Verify checks.
// ReadFile refuses an oversized file whole instead of truncating it.
//
// A Redactor removes secrets: values under secret-named keys (SensitiveKey),
// known secret shapes (Shapes: service tokens by their prefixes, JWTs and
// JWEs, PEM and PuTTY private keys, base64 that wraps a private key,
// JSON holding a secret, a token or a URL with a password, a Kubernetes
// Secret's data, passwords and tokens in URLs, a command's
// password option, an Oracle connect string's password, a secret a
// command takes as a plain word or reads from a pipe, a .NET setting
// whose key names a secret, an HTTP Digest response, the value after a
// secret-named key, and a service's key no shape names by its form: a
// lower-case prefix, then a random body), and the literal value of every configured
// secret in its JSON, percent-escaped, hex and base64 forms, all in one
// pass; text with percent-escapes, or with a JSON string's \u escapes of
// the characters secrets are spelt with, is also read decoded. RedactArgs applies
// it to a call's arguments for any store that persists them, such as an
// approval store, and reads a list's string with the one before it, so an
// argument vector's "--password", "VALUE" loses its value. Events record
// the paths of redacted fields, never the values.
//
// See docs/security-model.md, Audit and Secrets and child processes.
package audit
