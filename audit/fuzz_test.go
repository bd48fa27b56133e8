package audit

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/toolgate/toolgate/secret"
)

// FuzzRedact checks the redactor on any text and any configured secret:
// it never panics, never lengthens its input, leaves no occurrence of the
// secret, and on a serialized JSON line either keeps the line valid JSON
// without the secret or refuses it.
func FuzzRedact(f *testing.F) {
	f.Add("token=abc123 Authorization: Bearer abcdefghijklmnop1234", "s3cr3t-value")
	f.Add("x s3cr3t-value y czNjcjN0LXZhbHVl", "s3cr3t-value")
	f.Add("-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----", "MIIE")
	f.Add("https://u:p@h/ eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0. AKIA0000000000000000", "u:p")
	f.Add("\nfake0123456789", "nfake0123456789")
	f.Add(strings.Repeat("://", 50)+strings.Repeat("-----BEGIN ", 20), "://")
	f.Fuzz(func(t *testing.T, text, value string) {
		r := NewRedactor(secret.FromString("fuzz", value))
		out, _ := r.Redact(nil, []byte(text))
		if len(out) > len(text) {
			t.Fatalf("redaction lengthened %d bytes to %d", len(text), len(out))
		}
		check := value != "" && !strings.ContainsAny(value, "*[]") && !containsFold(Marker, value)
		if check && containsFold(string(out), value) {
			t.Fatalf("the secret %q is still in %q", value, out)
		}
		line, err := json.Marshal(map[string]string{"text": text})
		if err != nil {
			return
		}
		red, err := r.redactJSON(line)
		if err != nil {
			if !errors.Is(err, ErrUnredactable) {
				t.Fatal(err)
			}
			return
		}
		if len(red) > len(line) || !json.Valid(red) {
			t.Fatalf("the line %q became %q", line, red)
		}
		if check && containsFold(string(red), value) {
			t.Fatalf("the secret %q is still in the line %q", value, red)
		}
	})
}

// containsFold reports whether sub is in s, ignoring ASCII case only, as
// the redactor does.
func containsFold(s, sub string) bool {
	return bytes.Contains(foldAll(s), foldAll(sub))
}
