package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestDestCheck(t *testing.T) {
	cases := []cliCase{
		{"every URL allowed exits 0", []string{"dest", "check", "https://api.example.com/", "http://127.0.0.1:8080/"}, 0,
			[]string{`allow "https://api.example.com/"`, `allow "http://127.0.0.1:8080/"`}, ""},
		{"one denied URL exits 1 and the others are still judged", []string{"dest", "check", "http://2852039166/", "https://api.example.com/"}, 1,
			[]string{`deny dest.link-local "http://2852039166/": `, `allow "https://api.example.com/"`}, ""},
		{"an origin narrows what is allowed", []string{"dest", "check", "--origin", "https://api.example.com", "https://api.example.com/v1", "https://evil.example.com/"}, 1,
			[]string{`allow "https://api.example.com/v1"`, `deny dest.origin-mismatch "https://evil.example.com/"`}, ""},
		{"a control character in a URL is shown escaped", []string{"dest", "check", "https://169.254.\t169.254/"}, 1,
			[]string{`deny dest.malformed "https://169.254.\t169.254/"`}, ""},
		{"an invalid origin is bad usage", []string{"dest", "check", "--origin", "https://169.254.169.254", "https://x.example/"}, 2, nil, "--origin"},
		{"no URL is bad usage", []string{"dest", "check"}, 2, nil, "want at least one URL"},
		{"no sub-command is bad usage", []string{"dest"}, 2, nil, "want the sub-command check"},
		{"an unknown flag is bad usage", []string{"dest", "check", "--bogus", "https://x.example/"}, 2, nil, "bogus"},
		{"dest --help prints to stdout", []string{"dest", "--help"}, 0, []string{"Usage: toolgate dest check", "-origin"}, ""},
		{"dest check --help prints to stdout", []string{"dest", "check", "--help"}, 0, []string{"Usage: toolgate dest check"}, ""},
	}
	runCLICases(t, cases, func(t *testing.T, tc cliCase, out string) {
		if tc.code != 2 && !strings.Contains(tc.name, "help") {
			assert.Equal(t, len(tc.stdout), strings.Count(out, "\n"), "one line per URL")
		}
	})
}

// cliCase is one run of the command: its arguments, the exit status and
// what stdout and stderr must contain.
type cliCase struct {
	name   string
	args   []string
	code   int
	stdout []string
	stderr string
}

// runCLICases runs every case in order; more, when not nil, checks more.
func runCLICases(t *testing.T, cases []cliCase, more func(*testing.T, cliCase, string)) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, out, stderr := runCmd(t, "", tc.args...)
			assert.Equal(t, tc.code, code, "stdout %q stderr %q", out, stderr)
			for _, want := range tc.stdout {
				assert.Contains(t, out, want)
			}
			assert.Contains(t, stderr, tc.stderr)
			if more != nil {
				more(t, tc, out)
			}
		})
	}
}
