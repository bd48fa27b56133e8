package hardline

import (
	"os/exec"
	"testing"
)

// TestDoubleQuotedText checks that a value written into double quotes
// expands as bash expands it as a prompt (${x@P}): the same output, run
// through bash, for quotes and backslashes outside, inside and around
// command substitutions and backquotes.
func TestDoubleQuotedText(t *testing.T) {
	bash := bashOrSkip(t)
	for _, v := range []string{
		`$(echo "a b")`, `x"y`, `a\b`, `$(echo 'q"r')`, `$(echo "$(echo "in")")`,
		"`echo \"a\"`", `$(echo \)) z`, `"$(echo ")")"`, `$((1+2))`, `p $(printf '%s' "(")`,
		`$(echo 'a)b' "q")`, `$(echo $(echo "x") "y")`, `$(echo \") "z"`,
	} {
		prompt := exec.Command(bash, "--norc", "--noprofile", "-c", `x=$1; printf '%s' "${x@P}"`, "_", v)
		want, err := prompt.Output()
		if err != nil {
			t.Fatalf("%s: bash: %v", v, err)
		}
		quoted := exec.Command(bash, "--norc", "--noprofile", "-c", `printf '%s' "`+doubleQuotedText(v)+`"`)
		got, err := quoted.Output()
		if err != nil {
			t.Errorf("%s: written as %s, bash fails: %v", v, doubleQuotedText(v), err)
			continue
		}
		if string(got) != string(want) {
			t.Errorf("%s: written as %s expands to %q, bash's prompt expansion to %q", v, doubleQuotedText(v), got, want)
		}
	}
}
