package postgres

import (
	"fmt"
	"strings"
	"testing"
)

// FuzzRedactText checks that a password never survives redaction, in the
// forms a driver's message can show it: a key=value pair, quoted or not,
// URL user info, and the literal anywhere (given as a secret).
func FuzzRedactText(f *testing.F) {
	for _, s := range [][2]string{
		{"s3cret", "cannot parse `%s`"},
		{"p@ss:word/x", "failed to connect to `%s`: dial error"},
		{"a'b\\c", "%s"},
		{"ÿunicode密码", "error: %s (retrying)"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, pw, format string) {
		if len(pw) < 3 || strings.Contains("[REDACTED]", pw) || strings.Count(format, "%s") != 1 || strings.Count(format, "%") != 1 {
			return
		}
		dsns := []string{
			"host=h user=u password=" + pw + " dbname=d",
			"host=h password='" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(pw) + "' port=5432",
			"postgres://u:" + pw + "@h:5432/d",
		}
		for _, dsn := range dsns {
			msg := fmt.Sprintf(format, dsn)
			if out := redactText(msg, dsn, pw); strings.Contains(out, pw) {
				t.Fatalf("redactText(%q) = %q: the password survives", msg, out)
			}
		}
	})
}

// TestRedactTextNeverSpellsTheSecretWithTheMarker covers a replacement
// that brings the secret back: the marker beside the text that was around
// the secret. With too few passes to remove it, the whole text is withheld.
func TestRedactTextNeverSpellsTheSecretWithTheMarker(t *testing.T) {
	dsn := "host=h user=u password=00[ dbname=d"
	msg := "0000" + dsn
	for _, c := range []struct {
		passes int
		want   string
	}{
		{8, "[REDACTED]REDACTED]REDACTED]"},
		{2, "[REDACTED]REDACTED]REDACTED]"},
		{1, "[REDACTED]"},
	} {
		got := redactWithin(c.passes, msg, []string{dsn, "00["})
		if got != c.want || strings.Contains(got, "00[") {
			t.Errorf("redactWithin(%d, %q) = %q, want %q", c.passes, msg, got, c.want)
		}
	}
	if got := redactText("password=s3cret host=h", "s3cret"); got != "password=[REDACTED] host=h" {
		t.Errorf("an ordinary password: got %q", got)
	}
}
