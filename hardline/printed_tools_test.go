package hardline

import (
	"math/rand/v2"
	"os/exec"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// TestPrintedMatchesBash checks printed, what the analyser takes echo and
// printf to write, against bash's own builtins on generated formats and
// arguments: whenever printed says it knows the output, bash must write
// exactly that.
func TestPrintedMatchesBash(t *testing.T) {
	bash := bashOrSkip(t)
	rng := rand.New(rand.NewPCG(5, 7))
	pieces := []string{"r", "m", " ", "-", "~", "/", "%s", "%b", "%d", "%c", "%q", "%5s", "%-3s", "%.1s", "%%", "%x", "%o", "%*s", "%3b", "%.2b", "%-4c", "%2c", "%.0s", "%-", "%5", "%.", "%-5.2s", "%+s",
		`\n`, `\t`, `\\`, `\x72`, `\x7`, `\0162`, `\162`, `\u007e`, `\U0000007e`, `\c`, `\e`, `\a`, `\'`, `\"`, `\?`, `\z`, "'", `"`, "%", `\`}
	gen := func(n int) string {
		var b strings.Builder
		for range rng.IntN(n) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		return b.String()
	}
	checked := 0
	for range 300 {
		b := "printf"
		var args []string
		switch rng.IntN(3) {
		case 0:
			args = []string{gen(6)}
		case 1:
			args = []string{gen(5), gen(3), gen(3)}
		default:
			b = "echo"
			args = []string{[]string{"-e", "-n", "-en", "-E", "-ne", "x"}[rng.IntN(6)], gen(5), gen(3)}
		}
		got, ok := printed(b, args, b == "echo")
		if !ok {
			continue
		}
		var script strings.Builder
		script.WriteString(b)
		for _, a := range args {
			script.WriteString(" " + shq(a))
		}
		cmd := exec.Command(bash, "--norc", "--noprofile", "-c", script.String())
		cmd.Env = []string{"LC_ALL=C"}
		out, _ := cmd.Output()
		checked++
		if got != string(out) {
			t.Errorf("%s: printed = %q, bash writes %q", script.String(), got, out)
		}
	}
	t.Logf("%d commands compared", checked)
}

// TestANSICMatchesBash checks $'...' words, as the analyser expands them,
// against bash on generated escapes.
func TestANSICMatchesBash(t *testing.T) {
	bash := bashOrSkip(t)
	a := testAnalyzer(t)
	rng := rand.New(rand.NewPCG(3, 3))
	pieces := []string{"r", "m", "~", "/", " ", "$", `\n`, `\t`, `\\`, `\x72`, `\x7`, `\x`, `\0162`, `\162`, `\1`, `\18`, `\400`,
		`\u007e`, `\U0000007e`, `\u`, `\c`, `\cA`, `\ca`, `\c?`, `\c/`, `\c\\`, `\c\'`, `\cI`, `\e`, `\a`, `\'`, `\"`, `\?`, `\z`}
	checked := 0
	for range 300 {
		var b strings.Builder
		for range rng.IntN(6) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		src := "x $'" + b.String() + "'"
		f, err := syntax.NewParser().Parse(strings.NewReader(src), "")
		if err != nil || len(f.Stmts) != 1 {
			continue
		}
		readANSIC(f, src)
		r := &run{a: a, env: testEnv(), calls: &callCache{}}
		sc := &scope{src: src}
		if ok, _ := r.prepass(sc, f, nil); !ok {
			t.Fatalf("%s: over the bounds", src)
		}
		w := r.word(sc, f.Stmts[0].Cmd.(*syntax.CallExpr).Args[1])
		if w.dyn {
			continue
		}
		cmd := exec.Command(bash, "--norc", "--noprofile", "-c", "printf %s "+src[2:])
		cmd.Env = []string{"LC_ALL=C.UTF-8"}
		out, _ := cmd.Output()
		checked++
		if w.val != string(out) {
			t.Errorf("%s: the analyser reads %q, bash %q", src[2:], w.val, out)
		}
	}
	t.Logf("%d words compared", checked)
}
