package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

// TestValidatePrintsEveryProblemOfEveryPhaseInOneRun runs 'toolgate
// validate' on each testdata/validate/*.json and compares its exit status
// and output with the .golden file beside it. every-phase.json has one
// problem in every loading phase; run with -update to rewrite the goldens.
func TestValidatePrintsEveryProblemOfEveryPhaseInOneRun(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "validate", "*.json"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	abs, err := filepath.Abs(filepath.Join("testdata", "validate"))
	require.NoError(t, err)
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".json")
		t.Run(name, func(t *testing.T) {
			code, out, stderr := runCmd(t, "", "validate", file)
			got := fmt.Sprintf("exit %d\n%s", code, out)
			if stderr != "" {
				got += "stderr:\n" + stderr
			}
			got = strings.ReplaceAll(got, abs, "$TESTDATA")
			golden := strings.TrimSuffix(file, ".json") + ".golden"
			if *update {
				require.NoError(t, os.WriteFile(golden, []byte(got), 0o644))
			}
			want, err := os.ReadFile(golden)
			require.NoError(t, err, "run with -update to create it")
			assert.Equal(t, string(want), got)
		})
	}
}
