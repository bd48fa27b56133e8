package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestDemoWalksThroughEveryStep(t *testing.T) {
	code, out, errOut := runCmd(t, "", "demo")
	assert.Equal(t, exitOK, code, errOut)
	for _, want := range []string{
		"1. An allowed read", "read_file path=\"README.md\"", "allow (mode.allow)",
		"2. A write that needs approval", "[the person is asked: may write_file run? They answer yes.]",
		"3. A hardline block", "deny (hardline.command)",
		"4. An unattended park", "the host        parked: ",
		"5. An approval from the inbox",
		"6. The resume runs the call once", "allow (approval.inbox)", "the outbox still holds one message",
		"7. The audit trail, verified", "the chain of 18 events holds",
	} {
		assert.Contains(t, out, want)
	}
}

func TestDemoTakesNoArguments(t *testing.T) {
	code, _, _ := runCmd(t, "", "demo", "extra")
	assert.Equal(t, exitUsage, code)
}
