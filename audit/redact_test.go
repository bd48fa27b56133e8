package audit_test

import (
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/toolgate/toolgate/audit"
	"github.com/toolgate/toolgate/secret"
)

func TestTheCorpusHoldsEnoughOfEveryKind(t *testing.T) {
	shaped := secretShaped(t, 1)
	looks := readCorpus(t, "testdata/look-alikes.txt")
	assert.GreaterOrEqual(t, len(shaped), 100)
	assert.GreaterOrEqual(t, len(looks), 100)
	kinds := map[string]bool{}
	for _, e := range shaped {
		kinds[e.kind] = true
		require.NotEmpty(t, e.parts, "%s: %q has no generated part", e.kind, e.value)
	}
	for _, name := range audit.Shapes() {
		assert.True(t, kinds[name], "shape %s has no entry in testdata/secret-shaped.txt", name)
	}
	for k := range kinds {
		assert.Contains(t, audit.Shapes(), k, "testdata/secret-shaped.txt names an unknown shape")
	}
}

func TestEverySecretShapedValueIsRedacted(t *testing.T) {
	r := audit.NewRedactor()
	for seed := range uint64(5) {
		for _, e := range secretShaped(t, seed) {
			out, changed := r.String(e.value)
			assert.True(t, changed, "%s: %q", e.kind, e.value)
			for _, p := range e.parts {
				assert.NotContains(t, out, p, "%s: %q became %q", e.kind, e.value, out)
			}
		}
	}
}

// TestEveryShapeFindsItsOwnCorpus checks that each secret-shaped line is
// found by the shape it names, on its own: a line that only another shape
// (a key=value form, say) redacts would leave its own shape untested.
func TestEveryShapeFindsItsOwnCorpus(t *testing.T) {
	for seed := range uint64(3) {
		for _, e := range secretShaped(t, seed) {
			spans := audit.ShapeFinds(e.kind, e.value)
			for _, p := range e.parts {
				at := strings.Index(e.value, p)
				covered := slices.ContainsFunc(spans, func(s [2]int) bool { return s[0] <= at && at+len(p) <= s[1] })
				assert.True(t, covered, "%s does not find %q in %q (found %v)", e.kind, p, e.value, spans)
			}
		}
	}
}

func TestLookAlikesStayReadable(t *testing.T) {
	r := audit.NewRedactor(secret.FromString("k", randomSecret(rand.New(rand.NewPCG(3, 4)))))
	for _, e := range readCorpus(t, "testdata/look-alikes.txt") {
		e.value = strings.ReplaceAll(e.value, `\n`, "\n")
		out, changed := r.String(e.value)
		assert.False(t, changed, "%s: %q became %q", e.kind, e.value, out)
		assert.Equal(t, e.value, out)
	}
}

func randomSecret(rng *rand.Rand) string {
	return "fake" + randString(rng, classes["AN"], 28) + "+/=&\"<"
}

// forms lists the ways a configured secret is written in logs and
// requests, each inside surrounding text.
func forms(v string) map[string]string {
	jq, _ := json.Marshal(v)
	b64 := func(enc *base64.Encoding, prefix string) string {
		return enc.EncodeToString([]byte(prefix + v + "tail"))
	}
	return map[string]string{
		"as is":                          "x " + v + " y",
		"upper case":                     "x " + strings.ToUpper(v) + " y",
		"JSON-escaped":                   `{"a":` + string(jq) + `}`,
		"JSON-escaped without HTML":      `{"a":"` + strings.NewReplacer(`"`, `\"`).Replace(v) + `"}`,
		"URL query-escaped":              "https://h/p?k=" + url.QueryEscape(v) + "&z=1",
		"URL path-escaped":               "https://h/" + url.PathEscape(v) + "/z",
		"URL-escaped in upper-case hex":  strings.ToUpper(url.QueryEscape(v)),
		"base64 standard":                b64(base64.StdEncoding, ""),
		"base64 standard, one byte in":   b64(base64.StdEncoding, "a"),
		"base64 standard, two bytes in":  b64(base64.StdEncoding, "ab"),
		"base64 URL":                     b64(base64.URLEncoding, ""),
		"base64 URL raw, one byte in":    b64(base64.RawURLEncoding, "a"),
		"base64 raw standard, two bytes": b64(base64.RawStdEncoding, "ab"),
		"base64 of the value alone":      base64.StdEncoding.EncodeToString([]byte(v)),
		"percent-escaped, every byte":    "https://h/p?k=" + percentAll(v, "%%%02X") + "&z=1",
		"percent-escaped, lower case":    "k=" + percentAll(v, "%%%02x"),
		"percent-escaped, some bytes":    "k=" + percentSome(v),
		"form-encoded, some bytes":       "k=" + strings.ReplaceAll(percentSome(v), " ", "+"),
		"percent-escaped twice":          "https://h/?next=" + percentAll(percentAll(v, "%%%02X"), "%%%02x"),
		"percent-escaped three times":    "k=" + url.QueryEscape(url.QueryEscape(percentAll(v, "%%%02X"))),
		"hex":                            "dump " + hex.EncodeToString([]byte(v)) + " end",
		"hex, upper case":                "dump " + strings.ToUpper(hex.EncodeToString([]byte(v))),
	}
}

// percentAll escapes every byte of v with format, as encoders that escape
// more than net/url does write it.
func percentAll(v, format string) string {
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		fmt.Fprintf(&b, format, v[i])
	}
	return b.String()
}

// percentSome escapes every other special byte of v and leaves the rest.
func percentSome(v string) string {
	var b strings.Builder
	n := 0
	for i := 0; i < len(v); i++ {
		c := v[i]
		if strings.IndexByte("+/=&\"<", c) >= 0 {
			if n++; n%2 == 1 {
				fmt.Fprintf(&b, "%%%02x", c)
				continue
			}
		}
		b.WriteByte(c)
	}
	return b.String()
}

// leaked reports the forms of v still readable in out: the value, its
// JSON, URL, hex and base64 encodings (the middle of each, which depends
// on the value alone), and the value in out percent-decoded.
func leaked(out, v string) []string {
	var found []string
	lower := strings.ToLower(out)
	jq, _ := json.Marshal(v)
	for name, f := range map[string]string{
		"value": v, "json": string(jq[1 : len(jq)-1]), "query": url.QueryEscape(v), "path": url.PathEscape(v),
		"hex": hex.EncodeToString([]byte(v)),
	} {
		if strings.Contains(lower, strings.ToLower(f)) {
			found = append(found, name)
		}
	}
	for d, i := out, 0; i < 3 && strings.Contains(d, "%"); i++ {
		var err error
		if d, err = url.PathUnescape(d); err != nil {
			break
		}
		// Any eight bytes of the value left readable once decoded.
		for j := 0; j+8 <= len(v); j++ {
			if strings.Contains(strings.ToLower(d), strings.ToLower(v[j:j+8])) {
				found = append(found, "percent-decoded")
				break
			}
		}
	}
	for _, enc := range []*base64.Encoding{base64.RawStdEncoding, base64.RawURLEncoding} {
		for k := range 3 {
			e := enc.EncodeToString(append(make([]byte, k), v...))
			mid := e[(8*k+5)/6+1 : (8*(k+len(v)))/6-1]
			if strings.Contains(out, mid) {
				found = append(found, "base64")
			}
		}
	}
	return found
}

func TestConfiguredSecretsAreRedactedInEveryForm(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var secrets []secret.Secret
	var values []string
	for i := range 20 {
		v := randomSecret(rng)
		switch i % 4 {
		case 0:
			v = randString(rng, classes["LH"], 32) // hex, no special characters
		case 1:
			v = v[:10] + " " + v[10:] // a space, which forms write as '+'
		}
		values = append(values, v)
		secrets = append(secrets, secret.FromString("s", v))
	}
	// Bytes whose hex escapes hold every letter digit, either case.
	values = append(values, "fixed:Jz*Z?o/O_j-kK[mMnN]")
	secrets = append(secrets, secret.FromString("s", values[len(values)-1]))
	r := audit.NewRedactor(secrets...)
	for _, v := range values {
		for name, text := range forms(v) {
			out, changed := r.String(text)
			assert.True(t, changed, "%s", name)
			assert.Empty(t, leaked(out, v), "%s: %q became %q", name, text, out)
		}
	}
}

func TestSensitiveKeys(t *testing.T) {
	for _, k := range []string{
		"token", "access_token", "X-Api-Key", "api_key", "apiKey", "APIKEY", "password", "db-password", "Authorization",
		"proxy-authorization", "Cookie", "set-cookie", "client_secret", "private_key", "privateKey", "secret", "credentials",
		"body", "message", "text", "typed_text", "auth", "pwd",
		"pass", "DB_PASS", "smtpPwd", "mysql-pw", "AccountKey", "signing_key", "mnemonic", "masterKey",
		"creds", "cred", "aws_creds", "privKey", "priv_key", "authKey", "x-auth-key", "passcode", "subscriptionKey", "appKey",
		"DD_APP_KEY", "licenseKey", "clientKey", "client-key-data", "sshKey", "deployKey", "gpg_key", "sharedKey", "consumerKey",
		"jwt", "bearer", "webhookUrl", "totp", "mfa_code", "recovery_codes", "seed_phrase", ".dockerconfigjson", "sessionId",
		"SSHPASS", "BUNDLE_GEMS__CONTRIBSYS__COM", "bundle_rubygems__pkg__github__com",
	} {
		assert.True(t, audit.SensitiveKey(k), "%s should be sensitive", k)
	}
	for _, k := range []string{"path", "command", "channel", "url", "author", "id", "name", "content_type", "max",
		"bypass", "compass", "passive", "keyboard", "pass_through_count",
		"public_key", "publicKey", "hostKey", "keyId", "key_name", "credit_card_type", "session_name", "mfa_enabled", "seed", "app_name",
		"BUNDLE_PATH", "BUNDLE_JOBS", "bundle_size", "passenger__count"} {
		assert.False(t, audit.SensitiveKey(k), "%s should not be sensitive", k)
	}
}

func TestRedactArgs(t *testing.T) {
	v := randomSecret(rand.New(rand.NewPCG(7, 8)))
	r := audit.NewRedactor(secret.FromString("k", v))
	type custom struct {
		Note string `json:"note"`
		Key  string `json:"apiKey"`
	}
	args := map[string]any{
		"path":    "README.md",
		"headers": map[string]any{"X-Api-Key": "abc", "Accept": "text/plain"},
		"items":   []any{"plain", "has " + v, map[string]any{"password": 1234}},
		"strs":    []string{"ok", v},
		"custom":  custom{Note: "n", Key: "k"},
		"nested":  map[string]string{"cookie": "c", "x": "y"},
		v:         "key is the secret",
		"n":       json.Number("3"),
	}
	before, _ := json.Marshal(args)
	out, paths := audit.RedactArgs(args, r)
	after, _ := json.Marshal(args)
	assert.Equal(t, before, after, "the arguments are not modified")
	assert.Equal(t, []string{"[REDACTED]", "custom.apiKey", "headers.X-Api-Key", "items[1]", "items[2].password", "nested.cookie", "strs[1]"}, paths)
	enc, _ := json.Marshal(out)
	assert.Empty(t, leaked(string(enc), v))
	assert.Equal(t, "README.md", out["path"])
	assert.Equal(t, "text/plain", out["headers"].(map[string]any)["Accept"])
	assert.Equal(t, json.Number("3"), out["n"])

	// An argument vector: an option's value is read with its option.
	argv, paths := audit.RedactArgs(map[string]any{
		"argv": []any{"mysql", "--password", "hunter2hunter2", "-u", "root", "db"},
		"curl": []string{"curl", "-u", "admin:pw12345", "--api-key", "Zx9vQ2mN", "-o", "out.txt"},
		"keep": []any{"docker", "login", "--password-stdin", "-u", "me", "run", "-u", "1000:1000"},
		"echo": []any{"echo", "token:", "Zx9vQ2mN8bT4"},
	}, r)
	assert.Equal(t, []string{"argv[2]", "curl[2]", "curl[4]", "echo[2]"}, paths)
	assert.Equal(t, []any{"echo", "token:", "[REDACTED]"}, argv["echo"])
	assert.Equal(t, []any{"mysql", "--password", "[REDACTED]", "-u", "root", "db"}, argv["argv"])
	assert.Equal(t, []any{"curl", "-u", "admin:*******", "--api-key", "********", "-o", "out.txt"}, argv["curl"])
	assert.Equal(t, []any{"docker", "login", "--password-stdin", "-u", "me", "run", "-u", "1000:1000"}, argv["keep"])

	// A service's key named for the service, whose value looks random,
	// is redacted whole; a public, host or sort key, a file's name and a
	// short value are not.
	named, paths := audit.RedactArgs(map[string]any{
		"STRIPE_KEY": "R7KfsGO84mmBCzwdmCTkjToFnSLw8YZ3", "serviceKey": "Q34H5g4kLg6lIynbBcmxGDNkaa7U",
		"public_key": "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEd4sf", "hostKey": "AAAAC3NzaC1lZDI1NTE5AAAAID6dWwy",
		"sortKey": "user12345678901234567890", "S3_KEY": "reports/Q1Summary2026.pdf", "key": "value", "cache": "R7KfsGO84mmBCzwdmCTkjToFnSLw8YZ3",
	}, r)
	assert.Equal(t, []string{"STRIPE_KEY", "serviceKey"}, paths)
	assert.Equal(t, "value", named["key"])

	nothing, paths := audit.RedactArgs(nil, r)
	assert.Nil(t, nothing)
	assert.Nil(t, paths)
}

func TestRedactArgsReplacesWhatItCannotWalk(t *testing.T) {
	deep := map[string]any{}
	cur := deep
	for range 100 {
		next := map[string]any{}
		cur["a"] = next
		cur = next
	}
	cur["leaf"] = "value"
	out, paths := audit.RedactArgs(map[string]any{"deep": deep, "ch": make(chan int)}, nil)
	require.Len(t, paths, 2)
	assert.Equal(t, "ch", paths[0])
	assert.Equal(t, audit.Marker, out["ch"])
	enc, _ := json.Marshal(out)
	assert.NotContains(t, string(enc), "leaf")
}

type panicky struct{}

func (panicky) MarshalJSON() ([]byte, error) { panic("boom") }

func TestRedactArgsNeverPanics(t *testing.T) {
	cyclic := map[string]any{}
	cyclic["self"] = cyclic
	type node struct{ Next *node }
	loop := &node{}
	loop.Next = loop
	out, paths := audit.RedactArgs(map[string]any{"p": panicky{}, "cyclic": cyclic, "loop": loop}, nil)
	assert.Equal(t, audit.Marker, out["p"])
	assert.Equal(t, audit.Marker, out["loop"])
	assert.Contains(t, paths, "p")
	assert.Contains(t, paths, "loop")
}

func TestARedactorIsSafeForConcurrentUse(t *testing.T) {
	r := audit.NewRedactor(secret.FromString("k", "concurrent-fake-value-0123"))
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for range 100 {
				out, _ := r.String("a concurrent-fake-value-0123 b token=x1")
				assert.Equal(t, "a [REDACTED] b token=**", out)
			}
		})
	}
	wg.Wait()
}

func TestRedactionNeverLengthens(t *testing.T) {
	r := audit.NewRedactor(secret.FromString("a", "abcd"), secret.FromString("b", "x"))
	for _, in := range []string{
		strings.Repeat("abcd.", 1000), strings.Repeat("x", 1000), strings.Repeat("token=", 500),
		strings.Repeat("-----BEGIN PRIVATE KEY-----", 100), strings.Repeat("://a:b@", 300),
	} {
		out, _ := r.String(in)
		assert.LessOrEqual(t, len(out), len(in))
	}
}

func TestShortSecretsAreRedactedButNotTheirFragments(t *testing.T) {
	r := audit.NewRedactor(secret.FromString("pin", "4711"))
	out, _ := r.String("pin 4711, base64 NDcxMQ== and ABCD")
	assert.Equal(t, "pin ****, base64 NDcxMQ== and ABCD", out,
		"a four-byte secret is redacted as is; its base64 is too short to look for without redacting everything")
}

func TestWipeForgetsTheSecrets(t *testing.T) {
	r := audit.NewRedactor(secret.FromString("k", "some-configured-value-123"))
	r.Wipe()
	out, _ := r.String("some-configured-value-123")
	assert.Equal(t, "some-configured-value-123", out, "the zeroed tables find nothing")
	var nilR *audit.Redactor
	nilR.Wipe()
	out, _ = nilR.String("token=abcdef")
	assert.Equal(t, "token=******", out)
}

func TestShapesHaveUniqueNames(t *testing.T) {
	names := audit.Shapes()
	assert.Len(t, names, len(slices.Compact(slices.Sorted(slices.Values(names)))))
}

// TestKeyValueReadings pins where a secret-named key's value ends in the
// forms free text writes it in, so that what follows the value stays.
func TestKeyValueReadings(t *testing.T) {
	assertRedactsTo(t, map[string]string{
		`{\"password\":\"Zx9vQ2mN8bT4\",\"user\":\"alice\"}`:                    `{\"password\":\"[REDACTED]\",\"user\":\"alice\"}`,
		`{\\\"token\\\":\\\"Zx9vQ2mN8bT4\\\",\\\"n\\\":1}`:                      `{\\\"token\\\":\\\"[REDACTED]\\\",\\\"n\\\":1}`,
		`\"password\":\"Zx9v"Q2mN8bT4\"`:                                        `\"password\":\"[REDACTED]\"`,
		"<password>Zx9vQ2mN8bT4</password><user>alice</user>":                   "<password>[REDACTED]</password><user>alice</user>",
		"a:\n  password: |\n    Zx9vQ2mN8bT4\n    second line\n  user: alice\n": "a:\n  password: |\n[REDACTED]\n  user: alice\n",
		"machine h login bob password Zx9vQ2mN8bT4 account x":                   "machine h login bob password [REDACTED] account x",
		"aws configure set aws_secret_access_key Zx9vQ2 --profile p":            "aws configure set aws_secret_access_key ****** --profile p",
		// Punctuation is part of a password; a separator ends the value
		// only before a blank, the end or another NAME=.
		"password=Tr0ub4dor&3xyzzy end":                                       "password=[REDACTED] end",
		"db_password: P@ss;w0rd,xyz9":                                         "db_password: [REDACTED]",
		"https://h/login?password=Zx9vQ2mN8bT4&next=/home":                    "https://h/login?password=[REDACTED]&next=/home",
		"Server=db;Password=Zx9v;Q2mN8bT4;Database=app":                       "Server=db;Password=[REDACTED];Database=app",
		"password=Zx9vQ2mN8bT4, user=alice":                                   "password=[REDACTED], user=alice",
		"password=Zx9vQ2mN8bT4;":                                              "password=[REDACTED];",
		"<x>secret_key=Zx9v<Q2mN8bT4</x>":                                     "<x>secret_key=[REDACTED]</x>",
		`{"cmd":"PASSWORD=Zx9v\\Q2mN8bT4\nrun","a":"PASSWORD=Zx9vQ2mN8bT4\"}`: `{"cmd":"PASSWORD=[REDACTED]\nrun","a":"PASSWORD=[REDACTED]\"}`,
		"password=Zx9v&3=Q2mN8bT4 end":                                        "password=[REDACTED] end",
		"password=Zx9vQ2mN8bT4\tuser=alice":                                   "password=[REDACTED]\tuser=alice",
		`echo "password=Zx9vQ2mN8bT4" done`:                                   `echo "password=[REDACTED]" done`,
		`"PASSWORD=Zx9vQ2mN8bT4\tx"`:                                          `"PASSWORD=[REDACTED]\tx"`,
		"curl -u bob:Zx9v;Q2mN8bT4&x https://h":                               "curl -u bob:[REDACTED] https://h",
	})
}

// TestKubernetesSecretData pins which lines of a Secret lose their values:
// the values under data: and stringData:, a block scalar's lines, not the
// keys nor what follows the block.
func TestKubernetesSecretData(t *testing.T) {
	assertRedactsTo(t, map[string]string{
		"data:\n  a: Zx9vQ2mN8bT4\n  b: |\n    Zx9vQ2mN8bT4\n  c: >-\n    x\nkind: Secret\ntype: Opaque\n": "data:\n  a: [REDACTED]\n  b: |\n    [REDACTED]\n  c: >-\n    *\nkind: Secret\ntype: Opaque\n",
		"kind: Secret\nstringData: {a: Zx9vQ2mN8bT4, b: c}\nmetadata: {}":                                  "kind: Secret\nstringData: {a: [REDACTED], b: *}\nmetadata: {}",
		"kind: Secret\ndata: # values\n# a comment\n  a: Zx9vQ2mN8bT4\n":                                   "kind: Secret\ndata: # values\n# a comment\n  a: [REDACTED]\n",
		`{"data": {"a": "Zx9vQ2mN8bT4", "b": "c"}, "kind": "Secret", "note": "d"}`:                         `{"data": {"a": "[REDACTED]", "b": "*"}, "kind": "Secret", "note": "d"}`,
	})
}

// TestUnicodeEscapedText checks that text holding a JSON or JavaScript
// string's \u escapes of ASCII characters is also read decoded, as its
// consumer reads it, and redacted where it was written; other escapes,
// and escaped text that holds no secret, stay as they are.
func TestUnicodeEscapedText(t *testing.T) {
	assertRedactsTo(t, map[string]string{
		`{"t":"ghp\u005fR8x2kQ9vLmN3pZ7wT4yB6cD1fH5jK0aS2uE8"}`: `{"t":"[REDACTED]"}`,
		`{"t":"\u0067hp_R8x2kQ9vLmN3pZ7wT4yB6cD1fH5jK0aS2uE8"}`: `{"t":"[REDACTED]"}`,
		`{"pass\u0077ord":"Tr0ub4dor-x9Lq2"}`:                   `{"pass\u0077ord":"[REDACTED]"}`,
		`{"api\u005Fkey": "zQ8vT2mN4bR6wY1xK3jH5gF7dS9aP0cE"}`:  `{"api\u005Fkey": "[REDACTED]"}`,
		`{"msg":"caf\u00e9 \u0041BC \u005fx"}`:                  `{"msg":"caf\u00e9 \u0041BC \u005fx"}`,
		`"\u0070\u0061th": "/usr/share/doc"`:                    `"\u0070\u0061th": "/usr/share/doc"`,
	})
}

// TestShapeEdges pins where some shapes end.
func TestShapeEdges(t *testing.T) {
	jwt := "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NSJ9.c2lnbmF0dXJlLWJ5dGVz"
	assertRedactsTo(t, map[string]string{
		"see " + jwt + ". Next": "see [REDACTED]. Next",
		"sshpass -p -f ssh h":   "sshpass -p ** ssh h",
		// A login command's token is its first operand.
		"nuget setapikey Zx9vQ2mN8bT4 -Source https://h/v3": "nuget setapikey [REDACTED] -Source https://h/v3",
		"mysql -u root -p app && echo -pdone":               "mysql -u root -p app && echo -pdone",
		// A value found past its anchor leaves what stands between to
		// the other shapes.
		"mysql --token Zx9vQ2mN8bT4 -pdone app":                  "mysql --token [REDACTED] -p**** app",
		"echo -n Zx9vQ2mN8bT4 | gh auth login --with-token":      "echo -n [REDACTED] | gh auth login --with-token",
		"printf '%s\\n' Zx9vQ2mN8bT4 | docker secret create x -": "printf '%s\\n' [REDACTED] | docker secret create x -",
		// A 1Password secret key in its two groupings; other groupings
		// are not one.
		"key A3-Q7W2E9-R4T6Y8-U1I3O-P5A7S-D9F2G-H4J6K end": "key [REDACTED] end",
		"key A3-Q7W2E9-R4T6Y8U1I3O-P5A7S-D9F2G-H4J6K end":  "key [REDACTED] end",
		"key A3-Q7W2E9R-4T6Y8U1I3O-P5A7S-D9F2G-H4J6K end":  "key A3-Q7W2E9R-4T6Y8U1I3O-P5A7S-D9F2G-H4J6K end",
		"key A3-Q7W2E9-R4T6Y8-U1I3O-P5A7S-D9F2G-H4J6K6":    "key A3-Q7W2E9-R4T6Y8-U1I3O-P5A7S-D9F2G-H4J6K6",
		// A UUID after sdk-, not any 36 hex digits and dashes.
		"sdk-0f8c2d4e-1a3b-4c5d-8e7f-9a0b1c2d3e4f": "[REDACTED]",
		"sdk-0f8c2d4e1-a3b-4c5d-8e7f-9a0b1c2d3e4f": "sdk-0f8c2d4e1-a3b-4c5d-8e7f-9a0b1c2d3e4f",
		// Harness keys need all three parts; Asana tokens their version,
		// two IDs, a colon and 32 hex digits.
		"pat.Ab3_Cd4-Ef5Gh6Ij7Kl8Mn.Op9Qr0St1Uv2Wx3Yz4Ab5CdE.Ef6Gh7Ij8Kl9Mn0Op1Qr end": "[REDACTED] end",
		"pat.Ab3_Cd4-Ef5Gh6Ij7Kl8Mn.Op9Qr0St1Uv2Wx3Yz4Ab5CdE end":                      "pat.Ab3_Cd4-Ef5Gh6Ij7Kl8Mn.Op9Qr0St1Uv2Wx3Yz4Ab5CdE end",
		"2/1204578910/1206543210:0f8c2d4e1a3b4c5d8e7f9a0b1c2d3e4f":                     "[REDACTED]",
		"12/1204578910/1206543210:0f8c2d4e1a3b4c5d8e7f9a0b1c2d3e4f":                    "12/1204578910/1206543210:0f8c2d4e1a3b4c5d8e7f9a0b1c2d3e4f",
		"2/1204578910:0f8c2d4e1a3b4c5d8e7f9a0b1c2d3e4f":                                "2/1204578910:0f8c2d4e1a3b4c5d8e7f9a0b1c2d3e4f",
		// ClickUp's digits and 32 characters; MaxMind's 6, 29 and _mmk.
		"pk_81234567_Q7W2E9R4T6Y8U1I3O5P7A9S2D4F6G8H1":  "[REDACTED]",
		"pk_81234567_Q7W2E9R4T6Y8U1I3O5P7A9S2D4F6G8H1x": "pk_81234567_Q7W2E9R4T6Y8U1I3O5P7A9S2D4F6G8H1x",
		"k=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;":   "k=[REDACTED];",
		"k=Ab3Cd4x_Ef5Gh6Ij7Kl8Mn9Op0Qr1St2Uv3Wx_mmk;":  "k=Ab3Cd4x_Ef5Gh6Ij7Kl8Mn9Op0Qr1St2Uv3Wx_mmk;",
		"k=Ab3Cd4_Ef5Gh6Ij7Kl8Mn9Op0Qr1St2Uv3Wx_mmkx":   "k=Ab3Cd4_Ef5Gh6Ij7Kl8Mn9Op0Qr1St2Uv3Wx_mmkx",
		"k=_Ab3Cd4_Ef5Gh6Ij7Kl8Mn9Op0Qr1St2Uv3Wx_mmk":   "k=_Ab3Cd4_Ef5Gh6Ij7Kl8Mn9Op0Qr1St2Uv3Wx_mmk",
	})
}

// assertRedactsTo checks that the default redactor turns each input into
// the text it maps to.
func assertRedactsTo(t *testing.T, cases map[string]string) {
	t.Helper()
	r := audit.NewRedactor()
	for in, want := range cases {
		out, _ := r.String(in)
		assert.Equal(t, want, out, "%q", in)
	}
}
