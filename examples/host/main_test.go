package main

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestHostRunsOnlyWhatThePolicyAllows(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, run(&out, "../quickstart/policy.json"))
	assert.Equal(t, `1 write_file allow mode.allow
2 write_file deny root.read-only
3 shell deny hardline.command
4 slack_post approval-required tool.default-ask
src/hello.txt: "hello\n"
`, out.String())
}
