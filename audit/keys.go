package audit

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/toolgate/toolgate/internal/words"
)

// sensitiveKeyParts are the words that make a key secret wherever they
// occur in it, after normalization (lower case, letters and digits only).
var sensitiveKeyParts = []string{
	"token", "password", "passwd", "passphrase", "secret", "authorization", "cookie",
	"apikey", "privatekey", "accesskey", "credential", "signature",
	"accountkey", "signingkey", "encryptionkey", "masterkey", "sessionkey", "mnemonic",
}

// sensitiveKeyWords are the words that make a key secret as its last word
// (DB_PASS, smtpPwd), not inside a longer word (bypass, compass) nor
// before another (pass_through).
var sensitiveKeyWords = []string{"pass", "pwd", "pw"}

// sensitiveKeys are the keys that are secret as whole names: message
// bodies and typed browser input, and short names of credentials.
var sensitiveKeys = map[string]bool{
	"auth": true, "pwd": true, "pin": true, "otp": true, "cvv": true,
	"body": true, "messagebody": true, "message": true, "text": true, "html": true,
	"typedtext": true, "typedinput": true, "inputtext": true, "keystrokes": true,
}

// SensitiveKey reports whether a key's name implies that its value is
// secret: a token, password (pass and pwd as words of it too), secret,
// authorization header, cookie, API, private, signing or account key,
// recovery phrase or credential, a message body, or typed browser input;
// and, read by its words, creds, a JWT, a passcode, a webhook, a key some
// word before it makes a credential (authKey, app_key, ssh_key,
// client-key-data, deployKey, licenseKey), a seed or recovery phrase, a
// one-time code or a session ID.
// The comparison ignores case and separators, so "X-Api-Key", "api_key"
// and "apiKey" all match.
func SensitiveKey(key string) bool {
	n := normalizeKey(key)
	if sensitiveKeys[n] {
		return true
	}
	for _, p := range sensitiveKeyParts {
		if strings.Contains(n, p) {
			return true
		}
	}
	ws := words.Split(key)
	if len(ws) > 0 && slices.Contains(sensitiveKeyWords, ws[len(ws)-1]) {
		return true
	}
	if len(ws) > 1 && ws[0] == "bundle" && strings.Contains(key, "__") {
		return true // Bundler's credentials for a gem source: BUNDLE_GEMS__EXAMPLE__COM
	}
	for i, w := range ws {
		if slices.Contains(sensitiveKeyAnyWords, w) {
			return true
		}
		if i > 0 && slices.Contains(sensitiveKeyPairs[ws[i-1]], w) {
			return true
		}
	}
	return false
}

// sensitiveKeyAnyWords are words that make a key secret wherever they
// stand in it as whole words (creds, jwt, passcode), read as
// internal/words splits a name.
var sensitiveKeyAnyWords = []string{"creds", "cred", "jwt", "bearer", "totp", "passcode", "privkey", "authkey", "webhook", "webhooks", "dockerconfigjson", "dockercfg", "sshpass"}

// sensitiveKeyPairs are two words that together make a key secret: a
// key that some word before it says is a credential (authKey, app_key,
// client-key-data, ssh_key, deployKey, licenseKey), a recovery or seed
// phrase and codes, a one-time code. A public or host key is not one.
var sensitiveKeyPairs = map[string][]string{
	"auth": {"key", "keys"}, "app": {"key", "keys"}, "client": {"key", "keys"}, "ssh": {"key", "keys"},
	"deploy": {"key", "keys"}, "license": {"key", "keys"}, "shared": {"key", "keys"}, "consumer": {"key", "keys"},
	"subscription": {"key", "keys"}, "priv": {"key", "keys"}, "gpg": {"key", "keys"}, "pgp": {"key", "keys"},
	"age": {"key", "keys"}, "wallet": {"key", "keys"}, "sas": {"key", "keys"},
	"recovery": {"phrase", "code", "codes", "key", "keys"}, "seed": {"phrase", "words"}, "backup": {"code", "codes"},
	"mfa": {"code", "codes"}, "otp": {"code", "codes"}, "session": {"id"},
}

func normalizeKey(k string) string {
	b := make([]byte, 0, len(k))
	for i := 0; i < len(k); i++ {
		c := fold(k[i])
		if 'a' <= c && c <= 'z' || '0' <= c && c <= '9' {
			b = append(b, c)
		}
	}
	return string(b)
}

// maxDepth bounds how deep RedactArgs walks; anything deeper is replaced
// whole.
const maxDepth = 64

// RedactArgs returns a redacted copy of a call's arguments (or a result)
// and the paths of the fields it redacted, sorted: "token",
// "headers.Authorization", "items[2]". The value of a key for which
// SensitiveKey holds is replaced whole by Marker, and so is a string
// that looks random under a key whose last word is "key" (STRIPE_KEY,
// serviceKey; not a public, host, sort, partition, primary, foreign or
// object key); every other string (map
// keys included) is redacted by r as text. Values that are not JSON types
// are first converted through encoding/json; one that cannot be is
// replaced whole. args is never modified. A nil r redacts shapes and keys
// only.
func RedactArgs(args map[string]any, r *Redactor) (map[string]any, []string) {
	if args == nil {
		return nil, nil
	}
	w := walker{r: r}
	out := w.object("", args, 0)
	slices.Sort(w.paths)
	return out, w.paths
}

type walker struct {
	r     *Redactor
	paths []string
}

func (w *walker) object(path string, m map[string]any, depth int) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		rk, changed := w.r.String(k)
		p := joinKey(path, rk)
		if changed {
			w.paths = append(w.paths, p)
		}
		if SensitiveKey(k) || namedKeyValue(k, v) {
			out[rk] = Marker
			if !changed {
				w.paths = append(w.paths, p)
			}
			continue
		}
		out[rk] = w.value(p, v, depth+1)
	}
	return out
}

// namedKeyValue reports whether v, under the key k, is a service's key
// named for the service: k's last word is "key" (STRIPE_KEY, serviceKey,
// "key"), no word before it says the key is none (a public, host, sort,
// partition, primary, foreign or object key), and v looks random
// (secretLooking), as free text's NAME=VALUE is read.
func namedKeyValue(k string, v any) bool {
	s, ok := v.(string)
	if !ok || !secretLooking(s) {
		return false
	}
	ws := words.Split(k)
	n := len(ws)
	return n > 0 && ws[n-1] == "key" && (n == 1 || !slices.Contains(notSecretKeyWords, ws[n-2]))
}

func joinKey(path, k string) string {
	if path == "" {
		return k
	}
	return path + "." + k
}

func (w *walker) value(path string, v any, depth int) any {
	if depth > maxDepth {
		w.paths = append(w.paths, path)
		return Marker
	}
	switch v := v.(type) {
	case nil, bool, float64, float32, int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64:
		return v
	case json.Number:
		return v
	case string:
		s, changed := w.r.String(v)
		if changed {
			w.paths = append(w.paths, path)
		}
		return s
	case map[string]any:
		return w.object(path, v, depth)
	case []any:
		out := make([]any, len(v))
		var prev any
		for i, e := range v {
			out[i] = w.element(path+"["+strconv.Itoa(i)+"]", prev, e, depth)
			prev = e
		}
		return out
	case []string:
		out := make([]any, len(v))
		var prev any
		for i, e := range v {
			out[i] = w.element(path+"["+strconv.Itoa(i)+"]", prev, e, depth)
			prev = e
		}
		return out
	case map[string]string:
		m := make(map[string]any, len(v))
		for k, e := range v {
			m[k] = e
		}
		return w.object(path, m, depth)
	}
	// Anything else goes through its JSON form.
	data, err := marshal(v)
	if err != nil {
		w.paths = append(w.paths, path)
		return Marker
	}
	var generic any
	if err := json.Unmarshal(data, &generic); err != nil {
		w.paths = append(w.paths, path)
		return Marker
	}
	return w.value(path, generic, depth)
}

// element redacts a list's element e at path, prev the element before it
// (nil for the first). A string after a string (an argument vector's
// option: "--password", "hunter2" or "-u", "name:password"; a key:
// "token:", "abc") is read as the text "PREVIOUS VALUE" would be, so the
// shapes of a key's or an option's value apply to it.
func (w *walker) element(path string, prev, e any, depth int) any {
	s, ok := e.(string)
	opt, after := prev.(string)
	if !ok || !after {
		return w.value(path, e, depth+1)
	}
	joined := []byte(opt + " " + s)
	from := len(opt) + 1
	var own []span
	for _, sp := range w.r.spans(joined, false) { // a nil Redactor reads shapes
		if sp.end > from {
			own = append(own, span{max(sp.start, from) - from, sp.end - from})
		}
	}
	if len(own) == 0 {
		return w.value(path, e, depth+1)
	}
	out, _ := replace(nil, []byte(s), own)
	w.paths = append(w.paths, path)
	return string(out)
}

func itoa(i int) string { return strconv.Itoa(i) }

// marshal is json.Marshal that turns a panic of the value's own
// MarshalJSON into an error: redaction never panics.
func marshal(v any) (data []byte, err error) {
	defer func() {
		if p := recover(); p != nil {
			data, err = nil, fmt.Errorf("encoding a %T panicked", v)
		}
	}()
	return json.Marshal(v)
}
