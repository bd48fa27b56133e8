package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/sidecar"
)

// TestValidateExplainShowsWhereEveryPartCameFrom compares 'toolgate
// validate --explain' over the user's and the repository's layers with
// testdata/layers/explain.golden (-update rewrites it).
func TestValidateExplainShowsWhereEveryPartCameFrom(t *testing.T) {
	dir := filepath.Join("testdata", "layers")
	abs, err := filepath.Abs(dir)
	require.NoError(t, err)
	code, out, stderr := runCmd(t, "", "validate", "--explain", "--policy", filepath.Join(dir, "user.json"),
		"--repo", filepath.Join(dir, "repo.json"))
	got := strings.ReplaceAll(fmt.Sprintf("exit %d\n%sstderr:\n%s", code, out, stderr), abs, "$TESTDATA")
	golden := filepath.Join(dir, "explain.golden")
	if *update {
		require.NoError(t, os.WriteFile(golden, []byte(got), 0o644))
	}
	want, err := os.ReadFile(golden)
	require.NoError(t, err, "run with -update to create it")
	assert.Equal(t, string(want), got)
}

// TestRefusedLayerExitsTwo: a repository layer that loosens, and a managed
// file someone else could have written, stop every verb that loads a
// policy (eval, validate, serve) with exit status 2 and the place at
// fault.
func TestRefusedLayerExitsTwo(t *testing.T) {
	dir := filepath.Join("testdata", "layers")
	user, loose := filepath.Join(dir, "user.json"), filepath.Join(dir, "repo-loose.json")
	managed := filepath.Join(t.TempDir(), "managed.json")
	require.NoError(t, os.WriteFile(managed, []byte(`{"version": 1, "mode": "deny"}`), 0o666))
	require.NoError(t, os.Chmod(managed, 0o666))
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"validate refuses a loosening repository layer", []string{"validate", "--repo", loose, user},
			loose + ":3:3: mode: mode allow is wider than mode ask"},
		{"eval refuses a loosening repository layer", []string{"eval", "--policy", user, "--repo", loose},
			loose + `:5:5: tools["github/delete_repo"]: the repository layer may not add`},
		{"validate refuses a managed file others may write", []string{"validate", "--managed", managed, "--policy", user},
			"the managed layer is used only when no one but an administrator could have written it"},
		{"eval refuses a managed file others may write", []string{"eval", "--managed", managed, "--policy", user},
			"the managed layer is used only when no one but an administrator could have written it"},
	}
	tok, err := sidecar.NewToken()
	require.NoError(t, err)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, stderr := runCmd(t, `{"tool":"read_file","args":{"path":"a"}}`, c.args...)
			assert.Equal(t, exitUsage, code)
			assert.Contains(t, out+stderr, c.want)
		})
		if c.args[0] != "eval" {
			continue
		}
		t.Run(strings.Replace(c.name, "eval", "serve", 1), func(t *testing.T) {
			var out, errb bytes.Buffer
			code := serve(context.Background(), c.args[1:], tok.Reveal(), &out, &errb)
			assert.Equal(t, exitUsage, code)
			assert.Empty(t, out.String(), "a refused server binds nothing")
			assert.Contains(t, errb.String(), c.want)
		})
	}
}

// TestEvalDecidesWithTheMergedLayers: the repository's deny mode and its
// narrower root apply to eval.
func TestEvalDecidesWithTheMergedLayers(t *testing.T) {
	dir := filepath.Join("testdata", "layers")
	code, out, stderr := runCmd(t, `{"id":"c1","tool":"read_file","args":{"path":"a"}}`+"\n",
		"eval", "--policy", filepath.Join(dir, "user.json"), "--repo", filepath.Join(dir, "repo.json"))
	require.Equal(t, exitOK, code, stderr)
	ds := decisions(t, out)
	require.Len(t, ds, 1)
	assert.Equal(t, policy.Deny, ds[0].Verdict, ds[0].Message)
}
