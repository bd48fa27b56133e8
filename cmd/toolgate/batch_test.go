package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/toolgate/toolgate/policy"
)

func TestEvalBatchValidatesEachListWhole(t *testing.T) {
	read := func(id string) string { return `{"id":"` + id + `","tool":"read_file","args":{"path":"src/main.go"}}` }
	in := strings.Join([]string{
		"[" + read("a") + "," + read("b") + "]",
		"[" + read("a") + "," + read("b") + "," + `{"id":"a","tool":"shell","args":{"command":"ls"}}` + "]",
		"[" + read("a") + "," + `{"id":"","tool":"read_file","args":{"path":"src/main.go"}}` + "]",
		"[" + read("a") + "," + `{"id":"x","tool":"read_file","args":{"path":"src/main.go"},"bogus":1}` + "]",
		"",
		"not a list",
		"[]",
	}, "\n")
	code, out, stderr := runCmd(t, in, "eval", "--batch", "--policy", example+"/policy.json")
	require.Equal(t, 0, code, stderr)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.Len(t, lines, 6, "one output line a list, blank lines skipped")
	var got [][]policy.Decision
	for _, l := range lines {
		var ds []policy.Decision
		require.NoError(t, json.Unmarshal([]byte(l), &ds), l)
		got = append(got, ds)
	}
	verdicts := func(ds []policy.Decision) (v []string) {
		for _, d := range ds {
			v = append(v, d.ID+" "+d.Verdict.String()+" "+string(d.Reason))
		}
		return v
	}
	assert.Equal(t, []string{"a allow mode.allow", "b allow mode.allow"}, verdicts(got[0]), "a valid list is decided call by call")
	assert.Equal(t, []string{"a deny call.invalid", "b deny call.invalid", "a deny call.invalid"}, verdicts(got[1]), "a duplicate id refuses the whole list")
	assert.Contains(t, got[1][2].Message, `calls[2].id: "a" is also the id of calls[0]`)
	assert.Equal(t, []string{"a deny call.invalid", " deny call.invalid"}, verdicts(got[2]), "a blank id refuses the whole list")
	assert.Equal(t, []string{"a deny call.invalid", "x deny call.invalid"}, verdicts(got[3]), "a malformed call refuses the whole list")
	assert.Contains(t, got[3][1].Message, "malformed call")
	assert.Equal(t, []string{" deny call.invalid"}, verdicts(got[4]), "a line that is no list is one deny")
	assert.Empty(t, got[5], "an empty list has no decisions")
}

func TestEvalBatchRefusesAnOverlongLine(t *testing.T) {
	in := `[{"id":"a","tool":"read_file","args":{"path":"` + strings.Repeat("a", maxLine) + `"}}]`
	code, _, stderr := runCmd(t, in, "eval", "--batch", "--policy", example+"/policy.json")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "longer than")
}
