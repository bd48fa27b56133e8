package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/policyfile"
)

const example = "../../examples/quickstart"

func runCmd(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

func decisions(t *testing.T, out string) []policy.Decision {
	t.Helper()
	var ds []policy.Decision
	for line := range strings.SplitSeq(strings.TrimSuffix(out, "\n"), "\n") {
		var d policy.Decision
		require.NoError(t, json.Unmarshal([]byte(line), &d), line)
		ds = append(ds, d)
	}
	return ds
}

func TestEvalTheShippedExample(t *testing.T) {
	code, out, stderr := runCmd(t, "", "eval", "--policy", example+"/policy.json", example+"/calls.jsonl")
	require.Equal(t, 0, code, stderr)
	want := map[string]string{
		"read-src": "allow mode.allow", "write-src": "allow mode.allow",
		"write-outside": "deny root.outside", "write-reference": "deny root.read-only",
		"read-ssh-key": "deny hardline.path", "go-test": "allow mode.allow",
		"key-from-home": "deny root.outside", "two-commands": "deny call.invalid", "file-url": "deny hardline.path",
		"wipe-home": "deny hardline.command", "pipe-to-shell": "approval-required hardline.dynamic",
		"push-approved": "allow approval.session", "pipe-approved": "approval-required hardline.dynamic", "post-builds": "allow approval.standing",
		"post-general": "approval-required tool.default-ask", "web": "deny rule.deny",
		"unknown-tool": "approval-required tool.unknown", "reviewer-writes": "deny delegation.tool",
		"scout-shell": "deny delegation.tool", "scout-reads": "allow mode.allow", "malformed": "deny call.invalid",
	}
	ds := decisions(t, out)
	require.Len(t, ds, len(want))
	seen := map[string]bool{}
	for _, d := range ds {
		seen[d.Verdict.String()] = true
		assert.Equal(t, want[d.ID], d.Verdict.String()+" "+string(d.Reason), "%s: %s", d.ID, d.Message)
	}
	assert.Len(t, seen, 3, "the example shows allow, approval-required and deny")
}

func TestEvalKeepsOrderAndGoesOnAfterBadLines(t *testing.T) {
	in := strings.Join([]string{
		`{"id":"1","tool":"read_file","args":{"path":"src/main.go"}}`,
		`not json`,
		``,
		`{"id":"3","tool":"read_file","args":{"path":"src/main.go"},"tool":"shell"}`,
		`{"id":"4","tool":"read_file","args":{"path":"src/main.go"}}`,
	}, "\n")
	code, out, stderr := runCmd(t, in, "eval", "--policy", example+"/policy.json")
	require.Equal(t, 0, code, stderr)
	ds := decisions(t, out)
	require.Len(t, ds, 4, "one decision a call line, blank lines skipped")
	assert.Equal(t, []string{"1", "", "3", "4"}, []string{ds[0].ID, ds[1].ID, ds[2].ID, ds[3].ID})
	assert.Equal(t, policy.Allow, ds[0].Verdict)
	for _, d := range ds[1:3] {
		assert.Equal(t, policy.Deny, d.Verdict)
		assert.Equal(t, policy.ReasonCallInvalid, d.Reason)
		assert.NotEmpty(t, d.Message)
	}
	assert.Equal(t, policy.Allow, ds[3].Verdict)
}

func TestEvalDeniesAnOverlongLineAndGoesOn(t *testing.T) {
	in := `{"id":"big","tool":"read_file","args":{"path":"` + strings.Repeat("a", maxLine) + `"}}` + "\n" +
		`{"id":"after","tool":"read_file","args":{"path":"src/main.go"}}` + "\n"
	code, out, _ := runCmd(t, in, "eval", "--policy", example+"/policy.json")
	require.Equal(t, 0, code)
	ds := decisions(t, out)
	require.Len(t, ds, 2)
	assert.Equal(t, policy.ReasonCallInvalid, ds[0].Reason)
	assert.Equal(t, "after", ds[1].ID)
	assert.Equal(t, policy.Allow, ds[1].Verdict)
}

func TestUsageAndExitStatus(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	require.NoError(t, os.WriteFile(bad, []byte(`{"version": 1, "mode": "yolo", "roots": [], "tools": {}}`), 0o600))

	cases := []struct {
		name   string
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{"no verb is bad usage", nil, 2, "", "Usage:"},
		{"an unknown verb is bad usage", []string{"frobnicate"}, 2, "", `unknown verb "frobnicate"`},
		{"help", []string{"--help"}, 0, "Usage:", ""},
		{"eval --help prints the verb's help on standard output", []string{"eval", "--help"}, 0, "Usage: toolgate eval", ""},
		{"eval -h prints the verb's help on standard output", []string{"eval", "-h"}, 0, "Usage: toolgate eval", ""},
		{"validate --help prints the verb's help on standard output", []string{"validate", "--help"}, 0, "Usage: toolgate validate", ""},
		{"validate FILE --help prints the verb's help", []string{"validate", "policy.json", "--help"}, 0, "Usage: toolgate validate", ""},
		{"help eval prints eval's help, not the top-level help", []string{"help", "eval"}, 0, "Usage: toolgate eval", ""},
		{"help validate prints validate's help", []string{"help", "validate"}, 0, "Usage: toolgate validate", ""},
		{"help version prints version's help", []string{"help", "version"}, 0, "Usage: toolgate version", ""},
		{"help of an unknown verb is bad usage", []string{"help", "frobnicate"}, 2, "", `unknown verb "frobnicate"`},
		{"--version prints the version", []string{"--version"}, 0, "toolgate ", ""},
		{"version prints the version", []string{"version"}, 0, "toolgate ", ""},
		{"version takes no arguments", []string{"version", "x"}, 2, "", "takes no arguments"},
		{"an unknown flag is bad usage", []string{"eval", "--polcy", "x"}, 2, "", "toolgate eval: flag provided but not defined: --polcy\n\nUsage: toolgate eval"},
		{"a flag given with one dash is named with two", []string{"eval", "-polcy", "x"}, 2, "", "not defined: --polcy\n"},
		{"a flag without its value is bad usage", []string{"eval", "--policy"}, 2, "", "toolgate eval: flag needs an argument: --policy\n"},
		{"eval without a policy", []string{"eval"}, 2, "", "--policy FILE is required"},
		{"eval with an invalid policy names the field", []string{"eval", "--policy", bad}, 2, "", "\n  mode: \"yolo\" is not a mode"},
		{"eval with a missing calls file", []string{"eval", "--policy", example + "/policy.json", filepath.Join(dir, "none.jsonl")}, 2, "", "none.jsonl"},
		{"validate a valid file", []string{"validate", example + "/policy.json"}, 0, "valid", ""},
		{"validate an invalid file is a negative answer", []string{"validate", bad}, 1, "\n  mode: \"yolo\" is not a mode", ""},
		{"validate a missing file is bad input", []string{"validate", filepath.Join(dir, "none.json")}, 2, "none.json", ""},
		{"validate without a file", []string{"validate"}, 2, "", "want exactly one"},
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

func TestHelpWritesFlagsWithTwoDashes(t *testing.T) {
	for _, args := range [][]string{{"eval", "--help"}, {"help", "eval"}} {
		code, out, stderr := runCmd(t, "", args...)
		require.Equal(t, 0, code)
		assert.Empty(t, stderr)
		assert.Contains(t, out, "\n  --policy FILE\n")
		assert.NotContains(t, out, " -policy")
	}
}

func TestVersionLine(t *testing.T) {
	cases := []struct {
		name string
		info *debug.BuildInfo
		want string
	}{
		{"no build information is a development build", nil, "toolgate (devel)"},
		{"a module version alone", &debug.BuildInfo{Main: debug.Module{Version: "v0.3.0"}}, "toolgate v0.3.0"},
		{"a checkout adds its revision, time and changes", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "4f2a9c1e"}, {Key: "vcs.time", Value: "2026-12-01T10:00:00Z"}, {Key: "vcs.modified", Value: "true"},
		}}, "toolgate (devel) (revision 4f2a9c1e, 2026-12-01T10:00:00Z, modified)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, versionLine(tc.info))
		})
	}
}

func TestValidateListsWhatDelegationNarrowed(t *testing.T) {
	code, out, _ := runCmd(t, "", "validate", example+"/policy.json")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "narrowed")
}

// callStream yields n call lines without holding them in memory.
type callStream struct {
	n, i int
	line []byte
	rest []byte
}

func (s *callStream) Read(p []byte) (int, error) {
	if len(s.rest) == 0 {
		if s.i == s.n {
			return 0, io.EOF
		}
		s.i++
		s.rest = s.line
	}
	n := copy(p, s.rest)
	s.rest = s.rest[n:]
	return n, nil
}

func TestEvalRunsInConstantMemory(t *testing.T) {
	p, err := policyfile.Load(example+"/policy.json", policyfile.Options{})
	require.NoError(t, err)
	heap := func(n int) uint64 {
		var ms runtime.MemStats
		in := &callStream{n: n, line: []byte(`{"id":"c","tool":"slack_post","args":{"channel":"#x"}}` + "\n")}
		w := bufio.NewWriter(io.Discard)
		require.NoError(t, evalStream(p.Engine, in, w))
		runtime.GC()
		runtime.ReadMemStats(&ms)
		return ms.HeapInuse
	}
	small := heap(1000)
	large := heap(200000)
	assert.Less(t, large, small+4<<20, fmt.Sprintf("heap grew from %d to %d bytes", small, large))
}
