package audit

import (
	"encoding/base64"
	"encoding/json"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/toolgate/toolgate/secret"
)

// Marker replaces a redacted value. A redacted stretch of text shorter than
// Marker is replaced by as many '*' instead, so redaction never makes text
// longer.
const Marker = "[REDACTED]"

// A Redactor removes secrets from text and from structured arguments
// before anything is persisted or shown to a model. It finds, in one pass
// over the text whatever the number of secrets:
//
//   - the literal value of every configured secret, in each of the forms
//     it takes in logs and requests: as is, JSON-escaped (with and without
//     HTML escaping), URL-encoded for a query and for a path, and base64
//     in the standard and URL alphabets, padded or not, at any alignment
//     inside a longer base64 text (the bytes that depend only on the
//     secret are redacted; up to two characters at each edge, which also
//     depend on their neighbours, may remain). Literals match ignoring
//     ASCII case, so percent-escapes in either case match;
//   - every known secret shape (Shapes lists them): cloud keys, GitHub,
//     GitLab, Slack, Stripe and OpenAI-style tokens, JWTs, PEM private
//     keys, bearer and basic authorization values, passwords in URLs, and
//     in free text the value after a secret-named key.
//
// In structured arguments (RedactArgs) the value of every key whose name
// implies a secret is replaced whole; see SensitiveKey.
//
// A Redactor holds the configured values inside its tables; Wipe zeroes
// them, best effort. A Redactor is safe for concurrent use. The zero
// Redactor and a nil *Redactor redact shapes and keys only.
type Redactor struct {
	m *acMatcher
}

var defaultRedactor = NewRedactor()

// minEncoded is the shortest encoded form of a secret the Redactor looks
// for on its own: shorter base64 fragments would match everywhere.
const minEncoded = 8

// NewRedactor returns a Redactor for the given secrets. An empty or
// released secret adds nothing. The Redactor copies what it needs: the
// caller may release the secrets afterwards.
func NewRedactor(secrets ...secret.Secret) *Redactor {
	var lits []acPattern
	seen := map[string]bool{}
	add := func(s string) {
		if s == "" || seen[strings.ToLower(s)] {
			return
		}
		seen[strings.ToLower(s)] = true
		lits = append(lits, acPattern{text: s})
	}
	for _, s := range secrets {
		v := s.Reveal()
		if len(v) == 0 {
			continue
		}
		for _, f := range literalForms(v) {
			add(f)
		}
	}
	r := &Redactor{m: buildAC(append(lits, anchorPatterns...))}
	for i := range lits {
		lits[i].text = ""
	}
	return r
}

// literalForms lists the forms of a secret value the Redactor looks for.
func literalForms(v []byte) []string {
	raw := string(v)
	forms := []string{raw, url.QueryEscape(raw), url.PathEscape(raw)}
	if q, err := json.Marshal(raw); err == nil {
		forms = append(forms, string(q[1:len(q)-1]))
	}
	q := strconv.QuoteToASCII(raw)
	forms = append(forms, q[1:len(q)-1], jsonNoHTML(raw))
	for _, enc := range []*base64.Encoding{base64.RawStdEncoding, base64.RawURLEncoding} {
		for k := range 3 {
			// The characters of base64(k bytes + v + ...) that depend only
			// on v: char i covers bits [6i, 6i+6).
			b := make([]byte, k+len(v))
			copy(b[k:], v)
			e := enc.EncodeToString(b)
			start := (8*k + 5) / 6
			end := (8 * (k + len(v))) / 6
			if end-start >= minEncoded {
				forms = append(forms, e[start:end])
			}
			clear(b)
		}
	}
	return forms
}

func jsonNoHTML(s string) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(s)
	out := strings.TrimSuffix(b.String(), "\n")
	return out[1 : len(out)-1]
}

// Wipe zeroes the Redactor's tables, best effort; afterwards it redacts
// nothing, not even shapes. Use it when the secrets are released.
func (r *Redactor) Wipe() {
	if r == nil || r.m == nil {
		return
	}
	r.m.wipe()
}

// anchorPatterns are the anchors of every shape.
var anchorPatterns = func() []acPattern {
	var out []acPattern
	for i, sh := range shapes {
		for _, a := range sh.anchors {
			out = append(out, acPattern{text: a, shapes: []int{i}})
		}
	}
	return out
}()

// span is a half-open byte range to redact.
type span struct{ start, end int }

// spans finds every range of t to redact, sorted and merged. In the
// serialized JSON of an event (jsonText), the free-text shapes are left
// out: keys were handled field by field.
func (r *Redactor) spans(t []byte, jsonText bool) []span {
	if r == nil || r.m == nil {
		r = defaultRedactor
	}
	m := r.m
	found, hits := m.scan(t, nil, nil)
	if len(hits) > 0 {
		slices.SortFunc(hits, func(a, b acHit) int { return a.start - b.start })
		covered := -1
		for _, h := range hits {
			if h.start < covered {
				continue
			}
			a := &m.anchors[h.anchor-1]
			for _, si := range a.shapes {
				if jsonText && shapes[si].textOnly {
					continue
				}
				if s, ok := shapes[si].find(t, h.start, a.length); ok && s.end > s.start {
					found = append(found, s)
					covered = max(covered, s.end)
				}
			}
		}
	}
	return merge(found)
}

func merge(s []span) []span {
	if len(s) < 2 {
		return s
	}
	slices.SortFunc(s, func(a, b span) int { return a.start - b.start })
	out := s[:1]
	for _, x := range s[1:] {
		last := &out[len(out)-1]
		if x.start <= last.end {
			last.end = max(last.end, x.end)
			continue
		}
		out = append(out, x)
	}
	return out
}

// Redact appends t, redacted, to dst and returns the extended slice and
// whether anything was redacted. The result is never longer than t.
func (r *Redactor) Redact(dst, t []byte) ([]byte, bool) {
	return replace(dst, t, r.spans(t, false))
}

func replace(dst, t []byte, spans []span) ([]byte, bool) {
	if len(spans) == 0 {
		return append(dst, t...), false
	}
	prev := 0
	for _, s := range spans {
		dst = append(dst, t[prev:s.start]...)
		if n := s.end - s.start; n >= len(Marker) {
			dst = append(dst, Marker...)
		} else {
			for range n {
				dst = append(dst, '*')
			}
		}
		prev = s.end
	}
	return append(dst, t[prev:]...), true
}

// String returns s redacted and whether anything was redacted.
func (r *Redactor) String(s string) (string, bool) {
	b := []byte(s)
	sp := r.spans(b, false)
	if len(sp) == 0 {
		return s, false
	}
	out, _ := replace(make([]byte, 0, len(b)), b, sp)
	return string(out), true
}
