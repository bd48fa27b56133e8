package main

import (
	"io"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTheSmallestHostRunsTheReadAndParksTheUnattendedPost(t *testing.T) {
	t.Chdir("../..")
	t.Setenv("TMPDIR", t.TempDir())
	r, w, err := os.Pipe()
	require.NoError(t, err)
	stdout := os.Stdout
	os.Stdout = w
	main()
	os.Stdout = stdout
	w.Close()
	out, err := io.ReadAll(r)
	require.NoError(t, err)
	assert.Regexp(t, `^1 runs\n2 parked as ap-[a-z0-9]+\n$`, string(out))
}
