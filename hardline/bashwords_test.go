package hardline

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// bashWordForms are arguments whose expansion the analyser must read as
// bash does: tildes in every position, quoting, brace expansion, ANSI-C
// quoting, assignment-shaped words and static substitutions.
var bashWordForms = []string{
	"~", "~/x", "~+", "~+/x", `"~"`, "'~'", `\~`, `~"/x"`, `~/"x"`, "x~", "a~/b",
	"a=~", "a=~/x", "a=x:~/y:z", "a+=~/x", "--o=~/x", "-o=~/x", "a-b=~/x", "of==~/x", `a="~"/x`,
	"{~,x}", "{a,b}~", "x{~,y}", "x{,~}", "{a..c}", "{1..3}", "{a,b}{c,d}", "~/{a,b}", "{~/a,b}", "a=~/{x}",
	`$'\x7e'`, `$'a\tb'`, `"a b"`, "'a b'", `a\ b`, "$HOME", "${HOME}", `"$HOME"`, "${HOME}/x", `"${HOME}"/x`,
	"{~,}", "x{,}", `{a,""}`, "{,}z", "~root", "~root/x", "a=~root/x", "~:", "~:x", "~:~/x", "x:~", "~root:x", `~"":x`, "~::{:", "~:/h", "-v ~:/h", "~+:x", "~+/x:y", "$(echo ~)", "`echo ~`", `"$(echo ~/x)"`, `"a"'b'c`, `"$(pwd)"`, "$PWD/x",
}

// TestWordsAreReadAsBashExpandsThem runs every form through bash and
// compares the words bash passes with the analyser's reading of the same
// command, wherever the analyser calls its reading static.
func TestWordsAreReadAsBashExpandsThem(t *testing.T) {
	bash := bashOrSkip(t)
	a := testAnalyzer(t)
	env := testEnv()
	for _, form := range bashWordForms {
		t.Run(form, func(t *testing.T) {
			cmd := "printf '%s\\n' " + form
			tr, _ := a.read(cmd, env)
			if !tr.static || len(tr.argv) != 1 {
				return // the analyser does not claim to know the words
			}
			script := "cd / && PWD=" + env.WorkDir + " && " + cmd
			c := exec.Command(bash, "--norc", "--noprofile", "-c", script)
			c.Env = []string{"HOME=" + testHome, "PATH=/usr/bin:/bin"}
			out, err := c.Output()
			if err != nil {
				t.Fatalf("bash: %v", err)
			}
			want := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
			if got := tr.argv[0][2:]; !slices.Equal(got, want) {
				t.Errorf("%s: the analyser reads %q, bash passes %q", form, got, want)
			}
		})
	}
}

// bashOrSkip returns bash's path, skipping the test where it is not
// installed: the tests that compare the analyser with bash run it.
func bashOrSkip(t *testing.T) string {
	t.Helper()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash is not installed")
	}
	return bash
}
