package hardline

import (
	"math/rand/v2"
	"os/exec"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// TestExpansionsMatchBash compares the words the analyser expands, with
// variables it knows, with bash's on generated parameter expansions,
// braces, tildes and quoting: a word the analyser calls static must be
// what bash makes of it. ${v@Q} is left out: the analyser reads the value
// unquoted, which is stricter (eval "${v@Q}" is judged as eval "$v").
func TestExpansionsMatchBash(t *testing.T) {
	bash := bashOrSkip(t)
	a := testAnalyzer(t)
	rng := rand.New(rand.NewPCG(7, 1))
	vals := []string{"/root", "rm -rf", "ab cd", "~", "x/y/z", "", "a*b", "AbC", "  sp  ", "a:b:c"}
	ops := []string{"${v}", "${v^^}", "${v,,}", "${v^}", "${v~~}", "${v/o/O}", "${v//o}", "${v/#\\//X}", "${v/%t/T}", "${v#*/}", "${v##*/}", "${v%/*}", "${v%%/*}",
		"${v:1}", "${v:1:2}", "${v: -2}", "${v:(-3):2}", "${#v}", "${v:-def}", "${v:+alt}", "${v-d}", "${u:-$v}", "${v@U}", "${v@L}", "${v@u}",
		"$v", "\"$v\"", "${v/\\//x}", "${v//[a-z]/_}", "${v#\"/\"}", "~", "~/x", "{a,b}", "{1..3}", "{a..c}", "x{,y}", "'$v'", "\\$v", "\"\\$v\"", "\"\\a\"", "$((1+2))",
		"${v:0:1}${v:1}", "${!w}", "${v/?/}", "${v^^[a-o]}", "${v,,[A-C]}", "${v%\"${v#?}\"}", "${v/o/&&}", "${v/o/\\&}", "${v/%?/}", "${v/#?/}"}
	checked, bad := 0, 0
	for range 300 {
		v := vals[rng.IntN(len(vals))]
		var b strings.Builder
		for range 1 + rng.IntN(3) {
			b.WriteString(ops[rng.IntN(len(ops))])
		}
		word := b.String()
		src := "v=" + shq(v) + "; w=v; x " + word
		f, err := syntax.NewParser().Parse(strings.NewReader(src), "")
		if err != nil || len(f.Stmts) != 3 {
			continue
		}
		r := &run{a: a, env: testEnv(), calls: &callCache{}}
		sc := &scope{src: src}
		if ok, _ := r.prepass(sc, f, nil); !ok {
			continue
		}
		call, ok := f.Stmts[2].Cmd.(*syntax.CallExpr)
		if !ok {
			continue
		}
		fs := r.words(sc, call.Args)
		dyn := false
		var got strings.Builder
		for _, fd := range fs[1:] {
			dyn = dyn || fd.dyn || fd.glob
			got.WriteString("<" + fd.val + ">")
		}
		if dyn {
			continue
		}
		cmd := exec.Command(bash, "--norc", "-c", "v="+shq(v)+"; w=v; HOME=/home/dev; printf '<%s>' "+word)
		cmd.Env = []string{"LC_ALL=C", "HOME=/home/dev"}
		out, err := cmd.Output()
		if err != nil {
			continue
		}
		if len(fs) == 1 && len(out) == 0 {
			continue
		}
		checked++
		if got.String() != string(out) {
			bad++
			if bad <= 10 {
				t.Errorf("v=%q; %s: analyser %s, bash %s", v, word, got.String(), out)
			}
		}
	}
	t.Logf("%d words compared", checked)
}

// shq quotes s for bash in single quotes.
func shq(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }
