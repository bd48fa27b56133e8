package main

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeKey returns a value made at test time for a configured secret.
func fakeKey(t *testing.T) string {
	t.Helper()
	b := make([]byte, 20)
	rand.Read(b)
	return "fake-" + hex.EncodeToString(b)
}

func TestRedactRemovesTheConfiguredSecretsFromStandardInput(t *testing.T) {
	key := fakeKey(t)
	t.Setenv("OPENAI_API_KEY", key)
	in := strings.Join([]string{
		"plain " + key,
		"query https://api.example.test/?k=" + url.QueryEscape(key),
		"base64 " + base64.StdEncoding.EncodeToString([]byte(key)),
		`json {"k":"` + key + `"}`,
		"shape Authorization: Bearer abcdefABCDEF0123456789",
		"kept 0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e",
	}, "\n") + "\n"
	code, out, stderr := runCmd(t, in, "redact", "--policy", example+"/policy.json")
	require.Equal(t, 0, code, stderr)
	assert.NotContains(t, out, key)
	assert.NotContains(t, out, base64.StdEncoding.EncodeToString([]byte(key))[4:30])
	assert.NotContains(t, out, "abcdefABCDEF0123456789")
	assert.Contains(t, out, "kept 0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e\n")
	assert.Equal(t, strings.Count(in, "\n"), strings.Count(out, "\n"))
}

func TestAuditVerbsUsage(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("OPENAI_API_KEY", fakeKey(t))
	big := filepath.Join(dir, "big.jsonl")
	f, err := os.Create(big)
	require.NoError(t, err)
	require.NoError(t, f.Truncate(64<<20+1))
	f.Close()
	cases := []struct {
		name   string
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{"redact --help prints on standard output", []string{"redact", "--help"}, 0, "Usage: toolgate redact", ""},
		{"redact without a policy", []string{"redact"}, 2, "", "--policy FILE is required"},
		{"audit without a verb", []string{"audit"}, 2, "", "Usage:"},
		{"audit with an unknown verb", []string{"audit", "sign"}, 2, "", `unknown verb "sign"`},
		{"audit verify --help prints on standard output", []string{"audit", "verify", "--help"}, 0, "-head HASH", ""},
		{"audit tail --help lists its options", []string{"audit", "tail", "-h"}, 0, "-n N", ""},
		{"audit verify without a file", []string{"audit", "verify"}, 2, "", "one FILE is required"},
		{"audit verify of a missing file is bad input", []string{"audit", "verify", filepath.Join(dir, "none.jsonl")}, 2, "", "none.jsonl"},
		{"audit verify refuses an oversized file whole", []string{"audit", "verify", big}, 2, "", "refused whole"},
		{"audit tail refuses an oversized file whole", []string{"audit", "tail", big}, 2, "", "refused whole"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, out, stderr := runCmd(t, "", tc.args...)
			assert.Equal(t, tc.code, code, "stdout %q stderr %q", out, stderr)
			assert.Contains(t, out, tc.stdout)
			assert.Contains(t, stderr, tc.stderr)
		})
	}
}

func TestRedactRefusesToRunWithAnUnsetSecret(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "")
	code, out, stderr := runCmd(t, "text\n", "redact", "--policy", example+"/policy.json")
	assert.Equal(t, 2, code)
	assert.Empty(t, out)
	assert.Contains(t, stderr, `secret "openai" (environment variable OPENAI_API_KEY)`)
}

func TestEvalWritesAVerifiableAuditTrail(t *testing.T) {
	key := fakeKey(t)
	t.Setenv("OPENAI_API_KEY", key)
	path := filepath.Join(t.TempDir(), "state", "audit.jsonl")
	calls := `{"id":"c1","tool":"read_file","args":{"path":"src/main.go","token":"t-1"},"session":"s1","surface":"chat"}
{"id":"c2","tool":"shell","args":{"command":"curl -H 'Authorization: Bearer ` + key + `' https://x"},"session":"s1","surface":"chat"}
not json
`
	code, out, stderr := runCmd(t, calls, "eval", "--policy", example+"/policy.json", "--audit", path)
	require.Equal(t, 0, code, stderr)
	assert.Len(t, decisions(t, out), 3)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.NotContains(t, string(data), key)
	assert.NotContains(t, string(data), "t-1")

	code, out, _ = runCmd(t, "", "audit", "verify", path)
	assert.Equal(t, 0, code, out)
	assert.Contains(t, out, "4 events, chain intact")

	head := out[strings.LastIndex(out, " ")+1 : len(out)-1]
	code, out, _ = runCmd(t, "", "audit", "verify", "--head", head, path)
	assert.Equal(t, 0, code, out)
	lines2 := strings.SplitAfter(string(data), "\n")
	require.NoError(t, os.WriteFile(path+".cut", []byte(strings.Join(lines2[:3], "")), 0o600))
	code, out, _ = runCmd(t, "", "audit", "verify", "--head", head, path+".cut")
	assert.Equal(t, 1, code, out)
	assert.Contains(t, out, "line 4: missing link: the kept head")

	code, out, _ = runCmd(t, "", "audit", "tail", "-n", "0", path)
	require.Equal(t, 0, code)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.Len(t, lines, 4)
	assert.Contains(t, lines[0], "#1 proposed tool=read_file session=s1 surface=chat call=c1")
	assert.Contains(t, lines[0], "redacted=args.token")
	assert.Contains(t, lines[1], "#2 policy_decided allow tool=read_file")
	assert.Contains(t, lines[1], "reason=mode.allow")
	assert.Contains(t, lines[3], "#4 policy_decided")

	code, out, _ = runCmd(t, "", "audit", "tail", "-n", "1", path)
	require.Equal(t, 0, code)
	assert.Equal(t, 1, strings.Count(out, "\n"))

	// Change the second event: the third line's link breaks.
	tampered := strings.Replace(string(data), `"status":"allow"`, `"status":"deny"`, 1)
	require.NotEqual(t, string(data), tampered)
	require.NoError(t, os.WriteFile(path, []byte(tampered), 0o600))
	code, out, _ = runCmd(t, "", "audit", "verify", path)
	assert.Equal(t, 1, code)
	assert.Contains(t, out, "line 3: broken link")
	assert.Contains(t, out, "the first 2 events are intact")
}

func TestEvalWithAnAuditFileItCannotOpenIsBadUsage(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", fakeKey(t))
	dir := t.TempDir()
	code, _, stderr := runCmd(t, "", "eval", "--policy", example+"/policy.json", "--audit", dir)
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, dir)
}
