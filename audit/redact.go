package audit

import (
	"bytes"
	"encoding/base64"
	"encoding/hex"
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
//     HTML escaping), percent-escaped (any of its characters, in either
//     case, up to three times over, with '+' for a space or not), in hex,
//     and base64 in the standard and URL alphabets, padded or not, at any
//     alignment inside a longer base64 text (the bytes that depend only
//     on the secret are redacted; up to two characters at each edge,
//     which also depend on their neighbours, may remain). Literals match
//     ignoring ASCII case;
//   - every known secret shape (Shapes lists them): cloud keys, GitHub,
//     GitLab, Slack, Stripe and OpenAI-style tokens, JWTs and JWEs, PEM
//     and PuTTY private keys, base64 that wraps a private key or JSON
//     holding a secret, bearer and basic authorization values, passwords
//     and tokens in URLs, a command's password option, Oracle connect
//     strings, secrets a command takes as plain words or reads from a
//     pipe, .NET settings and HTTP Digest responses, in free text the
//     value after a secret-named key, and the keys of services no shape
//     names by their form (a lower-case prefix such as acme_live_, then a
//     random body of letters of both cases and digits).
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
	if strings.Contains(raw, " ") {
		// A form's encoding writes a space as '+' and may escape the
		// rest in any mix, which the decoded reading of the text meets.
		forms = append(forms, strings.ReplaceAll(raw, " ", "+"))
	}
	if 2*len(v) >= minEncoded {
		forms = append(forms, hex.EncodeToString(v)) // either case matches
	}
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

// scanShapes are the shapes without anchors (see shape.scan).
var scanShapes = func() []int {
	var out []int
	for i, sh := range shapes {
		if sh.scan != nil {
			out = append(out, i)
		}
	}
	return out
}()

// anchorPatterns are the anchors of every shape, and for the
// base64-wrapped shape also the base64 of every other shape's
// case-sensitive prefix (wrappedPrefixes).
var anchorPatterns = func() []acPattern {
	var out []acPattern
	for i := range shapes {
		for _, a := range shapes[i].allAnchors() {
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
//
// Text that holds percent-escapes is also read decoded, up to
// maxPercentLevels deep, and what the decoded text holds is redacted where
// it was written: a secret whose characters are escaped in any mix
// (%2F or %2f, some characters escaped and others not, or escaped twice)
// is found as its consumer would read it; so is one, or a key, written
// with a JSON string's \u escapes (see unicodeDecode).
func (r *Redactor) spans(t []byte, jsonText bool) []span {
	if r == nil || r.m == nil {
		r = defaultRedactor
	}
	found := r.m.spans(t, nil, jsonText)
	if dec, decAt, ok := unicodeDecode(t); ok {
		// A JSON or JavaScript string's \u escapes ("ghp\u005f...",
		// "pass\u0077ord"), as the consumer that decodes it reads them.
		for _, s := range r.m.spans(dec, nil, jsonText) {
			found = append(found, span{decAt[s.start], decAt[s.end]})
		}
	}
	view, at := t, []int(nil)
	for range maxPercentLevels {
		dec, decAt, ok := percentDecode(view, at)
		if !ok {
			break
		}
		for _, s := range r.m.spans(dec, nil, jsonText) {
			found = append(found, span{decAt[s.start], decAt[s.end]})
		}
		view, at = dec, decAt
	}
	return merge(found)
}

// unicodeDecode returns t with every \u00XX escape of a letter, a digit or
// a character secrets and keys are spelt with (_-.+/=:~@) decoded, as
// decodeView returns it. Other escapes stay as they are: none spells a
// secret, and the ones JSON encoders write for HTML (\u003c, \u003e,
// \u0026) are common enough that reading text twice for them would cost
// every event.
func unicodeDecode(t []byte) (dec []byte, decAt []int, ok bool) {
	return decodeView(t, nil, []byte(`\u00`), func(k int) (byte, int) {
		if k+5 < len(t) && isHex(t[k+4]) && isHex(t[k+5]) {
			if c := unhex(t[k+4])<<4 | unhex(t[k+5]); escapedChars[c] {
				return c, 6
			}
		}
		return 0, 0
	})
}

// escapedChars are the characters whose \u escapes unicodeDecode reads.
var escapedChars = set("A-Za-z0-9", "_.+/=:~@-")

// maxPercentLevels bounds how many layers of percent-encoding the
// Redactor reads through.
const maxPercentLevels = 3

// percentDecode returns t with every valid %XX escape decoded, as
// decodeView returns it.
func percentDecode(t []byte, at []int) (dec []byte, decAt []int, ok bool) {
	return decodeView(t, at, []byte("%"), func(k int) (byte, int) {
		if k+2 < len(t) && isHex(t[k+1]) && isHex(t[k+2]) {
			return unhex(t[k+1])<<4 | unhex(t[k+2]), 3
		}
		return 0, 0
	})
}

// decodeView returns t with every escape decoded and, for each byte of the
// result and one past its end, the offset in the original text where it
// begins (through at, the offsets of t itself when t is a decoded view;
// nil when t is the original). An escape starts with mark; esc returns
// the byte an escape at k stands for and its length, 0 for no escape. ok
// is false when t holds no escape.
func decodeView(t []byte, at []int, mark []byte, esc func(k int) (byte, int)) (dec []byte, decAt []int, ok bool) {
	orig := func(i int) int {
		if at == nil {
			return i
		}
		return at[i]
	}
	i := bytes.Index(t, mark)
	for i >= 0 {
		if _, n := esc(i); n > 0 {
			break
		}
		j := bytes.Index(t[i+1:], mark)
		if j < 0 {
			return nil, nil, false
		}
		i += 1 + j
	}
	if i < 0 {
		return nil, nil, false
	}
	dec = make([]byte, 0, len(t))
	decAt = make([]int, 0, len(t)+1)
	for k := 0; k < len(t); {
		decAt = append(decAt, orig(k))
		if t[k] == mark[0] && bytes.HasPrefix(t[k:], mark) {
			if c, n := esc(k); n > 0 {
				dec = append(dec, c)
				k += n
				continue
			}
		}
		dec = append(dec, t[k])
		k++
	}
	decAt = append(decAt, orig(len(t)))
	return dec, decAt, true
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c >= 'a':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

// spans finds the ranges of t that the literals and shapes cover, appended
// to found, unsorted.
func (m *acMatcher) spans(t []byte, found []span, jsonText bool) []span {
	for _, i := range scanShapes {
		if !jsonText || !shapes[i].textOnly {
			found = shapes[i].scan(t, found)
		}
	}
	found, hits := m.scan(t, found, nil)
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
				n := len(found)
				found = shapes[si].findAll(t, h.start, a.length, found)
				for _, s := range found[n:] {
					// Only a span that holds the anchor covers the anchors
					// after it: one that starts further on (a command's
					// password option) leaves what stands between to the
					// other hits.
					if s.start <= h.start+a.length {
						covered = max(covered, s.end)
					}
				}
			}
		}
	}
	return found
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
