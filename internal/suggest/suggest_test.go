package suggest_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/toolgate/toolgate/internal/suggest"
)

func TestClosest(t *testing.T) {
	names := []string{"mode", "roots", "tools", "rules", "sessionApprovals", "standingApprovals", "read_file", "write_file"}
	cases := []struct {
		name, typed, want string
	}{
		{"a name that differs only in case is suggested", "Mode", "mode"},
		{"one letter missing is suggested", "tool", "tools"},
		{"two swapped letters count as one edit", "rlues", "rules"},
		{"two edits in a long name are suggested", "sesionAprovals", "sessionApprovals"},
		{"three edits in a long name are not", "sesonAprvals", ""},
		{"two edits in a short name are not", "md", ""},
		{"a typo in a tool name is suggested", "reed_file", "read_file"},
		{"nothing close gives nothing", "banana", ""},
		{"the nearest of several names is suggested", "xools", "tools"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, suggest.Closest(tc.typed, names))
		})
	}
}

func TestClosestTiesDoNotDependOnOrder(t *testing.T) {
	assert.Equal(t, "bat", suggest.Closest("cat", []string{"hat", "bat"}))
	assert.Equal(t, "bat", suggest.Closest("cat", []string{"bat", "hat"}))
}

func ExamplePhrase() {
	fmt.Println("reed_file: unknown tool" + suggest.Phrase("reed_file", []string{"read_file", "shell"}))
	// Output: reed_file: unknown tool (did you mean "read_file"?)
}
