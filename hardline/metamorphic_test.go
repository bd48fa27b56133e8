package hardline

import (
	"fmt"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// TestCorpusUnderConstructs checks that every command of the corpus that
// blocks still blocks inside the shell's constructs that run it as it is:
// a subshell, a group, an if, a loop run once, a function called at once,
// a case branch, a coprocess. A check that reads only top-level commands,
// or a parse that reads a construct's words otherwise, fails here (the
// words of coproc were; read, mapfile, printf -v and set -- in a function
// called without arguments were not learned).
func TestCorpusUnderConstructs(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every blocked corpus line under seven constructs")
	}
	a := testAnalyzer(t)
	constructs := []string{
		"(\n%s\n)",
		"{\n%s\n}",
		"if true; then\n%s\nfi",
		"for _ in 1; do\n%s\ndone",
		"wrapped() {\n%s\n}\nwrapped",
		"case x in\nx)\n%s\n;;\nesac",
		"coproc {\n%s\n}",
	}
	checked := 0
	for _, cf := range corpusFiles {
		if !cf.bad {
			continue
		}
		for _, e := range loadCorpus(t, cf.name, true) {
			base := a.Command(e.cmd, testEnv())
			if !base.Blocked() || hasRule(base, ruleParseError) {
				continue // a line that does not parse whole is not one command
			}
			cs := constructs
			if f, err := syntax.NewParser().Parse(strings.NewReader(e.cmd), ""); err == nil && len(f.Stmts) == 1 {
				if _, simple := f.Stmts[0].Cmd.(*syntax.CallExpr); simple {
					cs = append(cs[:len(cs):len(cs)], "coproc %s") // one simple command, with its redirections
				}
			}
			for _, c := range cs {
				if strings.HasPrefix(c, "wrapped()") && identIn(e.cmd, "return") {
					continue // in a function return ends it; at the top it fails and the script goes on
				}
				cmd := fmt.Sprintf(c, e.cmd)
				checked++
				if res := a.Command(cmd, testEnv()); !res.Blocked() {
					w, _ := res.Worst()
					t.Errorf("%s:%d: %q blocks, but not as %q (%s: %s)", cf.name, e.line, e.cmd, strings.SplitN(c, "\n", 2)[0], w.Rule, w.Detail)
				}
			}
		}
	}
	t.Logf("checked %d commands", checked)
	if checked < 1000 {
		t.Errorf("checked %d commands; the corpus was not read", checked)
	}
}
