package audit_test

import (
	"bufio"
	"encoding/base64"
	"math/rand/v2"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// corpusEntry is one line of a corpus file: a kind and a value.
type corpusEntry struct {
	kind, value string
	parts       []string // the generated, secret parts of value
}

func readCorpus(t testing.TB, path string) []corpusEntry {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []corpusEntry
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		kind, value, ok := strings.Cut(line, "\t")
		if !ok {
			t.Fatalf("%s: %q has no tab", path, line)
		}
		out = append(out, corpusEntry{kind: kind, value: value})
	}
	return out
}

var placeholder = regexp.MustCompile(`\{([A-Z0-9]+)(?::(\d+))?\}`)

var classes = map[string]string{
	"UD":   "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
	"AN":   "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
	"D":    "0123456789",
	"LH":   "0123456789abcdef",
	"LD":   "abcdefghijklmnopqrstuvwxyz0123456789",
	"B64":  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/",
	"B64U": "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_",
	"BECH": "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L",
	// PW is a password's: letters, digits and punctuation, separators
	// (',', ';', '&') among it; never a blank, a quote or '='.
	"PW": "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!@#$^*()-_+,;&.:/?~[]{}|",
}

func randString(rng *rand.Rand, class string, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = class[rng.IntN(len(class))]
	}
	return string(b)
}

// expand fills a secret-shaped template with random characters.
func expand(e corpusEntry, rng *rand.Rand) corpusEntry {
	var parts []string
	v := placeholder.ReplaceAllStringFunc(e.value, func(m string) string {
		sub := placeholder.FindStringSubmatch(m)
		var s string
		switch sub[1] {
		case "JWT":
			enc := base64.RawURLEncoding
			header := enc.EncodeToString([]byte(`{"alg":"HS256","typ":"JWT"}`))
			claims := enc.EncodeToString([]byte(`{"sub":"` + randString(rng, classes["AN"], 12) + `","iat":1700000000}`))
			s = header + "." + claims + "." + randString(rng, classes["B64U"], 43)
			parts = append(parts, claims, s[len(s)-43:])
		case "DISCORD":
			// A bot's ID (18 digits, the first not 0) in base64, the
			// token's timestamp and its signature.
			id := strconv.Itoa(1+rng.IntN(9)) + randString(rng, classes["D"], 17)
			s = base64.RawURLEncoding.EncodeToString([]byte(id)) + "." + randString(rng, classes["B64U"], 6) + "." + randString(rng, classes["B64U"], 38)
			parts = append(parts, s)
		case "B64TOKEN", "B64URL", "B64SK":
			// base64 of a token, or of a URL with a password, as a
			// Kubernetes Secret or an environment variable holds it.
			v := "ghp_" + randString(rng, classes["AN"], 36)
			switch sub[1] {
			case "B64URL":
				v = "postgres://app:" + randString(rng, classes["AN"], 16) + "@db.internal:5432/app"
			case "B64SK": // a prefix of three bytes
				v = "sk-proj-" + randString(rng, classes["AN"], 48)
			}
			s = base64.StdEncoding.EncodeToString([]byte(v))
			parts = append(parts, s)
		case "BASIC":
			s = base64.StdEncoding.EncodeToString([]byte("user" + randString(rng, classes["D"], 3) + ":" + randString(rng, classes["AN"], 14)))
			parts = append(parts, s)
		default:
			n, _ := strconv.Atoi(sub[2])
			s = randString(rng, classes[sub[1]], n)
			if sub[1] == "PW" && n > 0 {
				// A password ends in a letter or a digit: a separator at
				// its end reads as the sentence's.
				s = s[:n-1] + randString(rng, classes["AN"], 1)
			}
			if n >= 8 {
				parts = append(parts, s)
			}
		}
		return s
	})
	return corpusEntry{kind: e.kind, value: strings.ReplaceAll(v, `\n`, "\n"), parts: parts}
}

// secretShaped returns the expanded secret-shaped corpus; the same seed
// gives the same values.
func secretShaped(t testing.TB, seed uint64) []corpusEntry {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 11))
	var out []corpusEntry
	for _, e := range readCorpus(t, "testdata/secret-shaped.txt") {
		out = append(out, expand(e, rng))
	}
	return out
}
