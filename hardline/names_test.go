package hardline

import (
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// TestPlainNames checks that command names are written as bash reads them
// after quote removal and brace expansion, that command and builtin
// before a name are dropped, and that what bash does not read as a name
// (a reserved word quoted, an expansion, an option after command) is left.
func TestPlainNames(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{`'export' A=1`, `export A=1`},
		{`\cd /etc`, `cd /etc`},
		{"c\\\nd /etc", ``}, // the parser joins the lines itself
		{`e"xport" A=1`, `export A=1`},
		{"\"ex\\\nport\" A=1", `export A=1`},
		{`"e\xport" A=1`, ``},
		{`"\$x" y`, ``},
		{`$'\x63d' /etc`, `cd /etc`},
		{`{cd,/etc} && ls`, `cd /etc && ls`},
		{`{cd,} /etc`, `cd /etc`},
		{`command cd /etc`, `cd /etc`},
		{`builtin 'export' A=1`, `export A=1`},
		{`x=$('ps' -e)`, `x=$(ps -e)`},
		{`x=$('ps' -e) 'ls'`, `x=$(ps -e) ls`}, // the name is met before the assignment's
		{`command -v go`, ``},
		{`'if' x`, ``},
		{`command if x`, ``},
		{`'!' rm -rf ~`, ``},
		{`'{' ls '}'`, ``},
		{`"$X" y`, ``},
		{`'./run' x`, ``},
		{`ls -la`, ``},
		{`{ls,#x}`, ``}, // written apart, #x would be a comment
		{`alias q='rm -rf'; q ~`, `alias q='rm -rf'; rm -rf ~`},
		{`alias q=bash; x | q -s`, `alias q=bash; x | bash -s`},
		{`alias ls='ls -la'; ls`, `alias ls='ls -la'; ls -la`},
		{`alias rm='rm -rf'; x; rm ~`, `alias rm='rm -rf'; x; rm -rf ~`},
		{`q; alias q=rm`, ``}, // not defined yet
		{`alias q="$X"; q`, ``},
	} {
		f, err := syntax.NewParser().Parse(strings.NewReader(tc.src), "")
		if err != nil {
			t.Fatalf("%s: %v", tc.src, err)
		}
		readAsBash(f, tc.src) // as every parse is, before the pre-pass
		got, _, ok, _ := plainNames(f, tc.src, nil)
		switch {
		case tc.want == "" && ok:
			t.Errorf("plainNames(%s) = %s, want it left alone", tc.src, got)
		case tc.want != "" && (!ok || got != tc.want):
			t.Errorf("plainNames(%s) = %s, %v, want %s", tc.src, got, ok, tc.want)
		}
	}
}

// TestPlainNamesReplaceAnAliasOnce checks that an alias whose text
// starts with its own name is replaced once, as bash replaces it, and
// that the rounds after leave the name it wrote alone while other names
// around it move.
func TestPlainNamesReplaceAnAliasOnce(t *testing.T) {
	plainNameRounds(t, `alias rm='rm -rf' q='\ls'; rm ~; q; rm /tmp/x`, []string{
		`alias rm='rm -rf' q='\ls'; rm -rf ~; \ls; rm -rf /tmp/x`,
		`alias rm='rm -rf' q='\ls'; rm -rf ~; ls; rm -rf /tmp/x`,
	})
}

// TestPlainNamesKeepAcrossRounds follows an alias that names another
// through three rounds, around names an earlier round wrote as their own
// alias's start (after a blank the alias's text begins with): each round
// must carry their offsets to the text it writes (before, between and
// after its edits), or a later round would replace them again (rm -rf
// -rf).
func TestPlainNamesKeepAcrossRounds(t *testing.T) {
	plainNameRounds(t, `alias rm=' rm -rf' a=b b='\ls'; rm ~; a; rm /tmp/x; a; rm y`, []string{
		`alias rm=' rm -rf' a=b b='\ls';  rm -rf ~; b;  rm -rf /tmp/x; b;  rm -rf y`,
		`alias rm=' rm -rf' a=b b='\ls';  rm -rf ~; \ls;  rm -rf /tmp/x; \ls;  rm -rf y`,
		`alias rm=' rm -rf' a=b b='\ls';  rm -rf ~; ls;  rm -rf /tmp/x; ls;  rm -rf y`,
	})
}

// plainNameRounds runs plainNames on src round after round, as run.script
// does, and wants the texts of want in turn and then no change; every
// offset a round keeps must be a name it wrote as its alias's start (rm
// -rf here).
func plainNameRounds(t *testing.T, src string, want []string) {
	t.Helper()
	var kept map[int]bool
	for round := 0; ; round++ {
		f, err := syntax.NewParser().Parse(strings.NewReader(src), "")
		if err != nil {
			t.Fatalf("round %d: %s: %v", round, src, err)
		}
		readAsBash(f, src)
		out, k, changed, _ := plainNames(f, src, kept)
		if !changed {
			if round != len(want) {
				t.Fatalf("stopped after %d rounds at %s, want %d", round, src, len(want))
			}
			return
		}
		if round >= len(want) || out != want[round] {
			t.Fatalf("round %d: plainNames(%s) = %s, want %v", round, src, out, want)
		}
		for off := range k {
			if !strings.HasPrefix(out[off:], "rm -rf") {
				t.Fatalf("round %d: kept offset %d is not a name written as its alias's start: %q", round, off, out[off:])
			}
		}
		src, kept = out, k
	}
}

// TestAliasesAreBounded checks that aliases whose uses would write a
// script longer than the bound make the call ask instead of being
// written out.
func TestAliasesAreBounded(t *testing.T) {
	a := testAnalyzer(t)
	// 30 uses write 90 KB, over the 64 KiB a command may hold but under
	// the total the analyser parses in all.
	cmd := "alias q='" + strings.Repeat("x", 3000) + "'" + strings.Repeat("; q", 30)
	if res := a.Command(cmd, testEnv()); !hasRule(res, ruleTooComplex) {
		t.Errorf("30 uses of a 3,000-byte alias: got %+v, want %s", res.Findings, ruleTooComplex)
	}
}

// TestNamesAreBounded checks that a script with more command names to
// write as bash reads them than the bound asks instead of being read
// with the rest left as written.
func TestNamesAreBounded(t *testing.T) {
	a := testAnalyzer(t)
	cmd := strings.Repeat("'ls'; ", maxNameEdits) + "'export' PROMPT_COMMAND='rm -rf ~'"
	if res := a.Command(cmd, testEnv()); !hasRule(res, ruleTooComplex) && !res.Blocked() {
		t.Errorf("%d quoted names, then a blocked one: got %+v", maxNameEdits+1, res.Findings)
	}
	if res := a.Command(strings.Repeat("'ls'; ", maxNameEdits+1), testEnv()); !hasRule(res, ruleTooComplex) {
		t.Errorf("%d quoted names: got %+v, want %s", maxNameEdits+1, res.Findings, ruleTooComplex)
	}
	if res := a.Command(strings.Repeat("'ls'; ", maxNameEdits), testEnv()); len(res.Findings) != 0 {
		t.Errorf("%d quoted names, the bound: got %+v, want none", maxNameEdits, res.Findings)
	}
}
