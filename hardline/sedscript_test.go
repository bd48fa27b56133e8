package hardline

import (
	"slices"
	"strings"
	"testing"
)

func TestReadSed(t *testing.T) {
	w := func(n string) progFile { return progFile{name: n, write: true} }
	r := func(n string) progFile { return progFile{name: n} }
	tests := []struct {
		name     string
		script   string
		files    []progFile
		executes bool
	}{
		{"w writes the rest of the line", "w /etc/x", []progFile{w("/etc/x")}, false},
		{"W writes too", "W out", []progFile{w("out")}, false},
		{"a file name runs past a semicolon", "w a;b", []progFile{w("a;b")}, false},
		{"a file name keeps its trailing blanks", "w  out  ", []progFile{w("out  ")}, false},
		{"a file name ends at the newline", "w a\np", []progFile{w("a")}, false},
		{"a file name swallows a closing brace", "{w a}", []progFile{w("a}")}, false},
		{"r and R read", "r in\nR other", []progFile{r("in"), r("other")}, false},
		{"a line address before w", "1,5w out", []progFile{w("out")}, false},
		{"a regex address before w", "/re/w out", []progFile{w("out")}, false},
		{"a last-line address before r", "$r x", []progFile{r("x")}, false},
		{"a step address and a negation", "1~2!w out", []progFile{w("out")}, false},
		{"a custom delimiter address", `\%x%w out`, []progFile{w("out")}, false},
		{"flags on a regex address", "/x/I,+3w out", []progFile{w("out")}, false},
		{"a command after others on one line", "p;s/a/b/;w out", []progFile{w("out")}, false},
		{"a block", "1,3{/x/!w out\n}", []progFile{w("out")}, false},
		{"the s command's w flag", "s/a/b/w out", []progFile{w("out")}, false},
		{"the w flag after other flags", "s/a/b/gpw out", []progFile{w("out")}, false},
		{"the w flag after a blank", "s/a/b/ w out", []progFile{w("out")}, false},
		{"a w inside a pattern is not a command", "s/w x/y/", nil, false},
		{"a w inside a replacement is not a command", "s/x/w y/", nil, false},
		{"a w inside a regex address is not a command", "/w x/d", nil, false},
		{"a w inside y is not a command", "y/w/v/", nil, false},
		{"an escaped delimiter", `s/a\/w x/b/w out`, []progFile{w("out")}, false},
		{"a delimiter in a bracket expression", "s/[/]/x/w out", []progFile{w("out")}, false},
		{"both readings of a bracket expression count", "s/[/]/w x/w out", []progFile{w("out"), w("x/w out")}, false},
		{"a reading without brackets counts too", "/[/w /etc/x ]/p", []progFile{w("/etc/x ]/p")}, false},
		{"a newline ends a regex with an error", "/a\nw out", nil, true},
		{"a bracket with a class", "s/[[:alpha:]/]/x/w out", []progFile{w("out")}, false},
		{"a w in text is text", "a write this;w x", nil, false},
		{"text carried on by a backslash", "a\\\nline\\\nw x\np", nil, false},
		{"text ends at the line's end", "a\\\nline\nw x", []progFile{w("x")}, false},
		{"a comment is skipped", "# w x\np", nil, false},
		{"a label ends at a semicolon", ":a;w out", []progFile{w("out")}, false},
		{"a branch label ends at a semicolon", "ba;w out;:a", []progFile{w("out;:a")}, false},
		{"q with an exit code", "q5;w out", []progFile{w("out")}, false},
		{"the special output names are not files", "w /dev/stdout\nw /dev/stderr\nr /dev/stdin", nil, false},
		{"an empty name is kept", "w", []progFile{w("")}, false},
		{"the e command executes", "1e ls", nil, true},
		{"files after e are still read", "e ls\nw /etc/x", []progFile{w("/etc/x")}, true},
		{"the e flag executes", "s/x/y/e", nil, true},
		{"an e in a pattern does not", "s/e/f/", nil, false},
		{"an unterminated s counts as executing", "s/a/b", nil, true},
		{"a script that ends after an address", "/x/", nil, false},
		{"a script that ends after an address's flags", "/x/I", nil, false},
		{"a lone backslash counts as executing", `\`, nil, true},
		{"s alone counts as executing", "s", nil, true},
		{"y alone counts as executing", "y", nil, true},
		{"an unknown command counts as executing", "k", nil, true},
		{"everyday scripts name nothing", "s/foo/bar/g;/^#/d;1,10p", nil, false},
		{"L takes a number as q does", "L5;w out", []progFile{w("out")}, false},
		{"F prints the file's name", "F;w out", []progFile{w("out")}, false},
		{"a branch label ends at a block's end", "1{b}w out", []progFile{w("out")}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := readSed(tt.script)
			if !tt.executes && len(got.commands) > 0 {
				t.Errorf("readSed(%q) runs %q", tt.script, got.commands)
			}
			if !slices.Equal(got.files, tt.files) || got.executes != tt.executes {
				t.Errorf("readSed(%q) = %+v, want files %+v, executes %v", tt.script, got, tt.files, tt.executes)
			}
		})
	}
}

// TestReadSedBrackets pins GNU sed's reading of a bracket expression
// inside a regular expression: a ']' first in the list (after '^') is a
// member, and a class, an equivalence class or a collating symbol is read
// whole, so that a delimiter or a ']' inside one does not end it.
func TestReadSedBrackets(t *testing.T) {
	out := []progFile{{name: "out", write: true}}
	for _, script := range []string{
		"s/[^]/]/w x/w out",
		"s/[]/]/w x/w out",
		"s/[[:alpha:]/]/w x/w out",
		"s/[[=e=]/]/w x/w out",
		"s/[[.].]/]/w x/w out",
		"s/[[:alpha:]]/w x/w out",
	} {
		got := readSedAs(script, true)
		if !slices.Equal(got.files, out) || got.executes {
			t.Errorf("readSedAs(%q, true) = %+v, want files %+v and no execution", script, got, out)
		}
	}
	// A newline ends a bracket expression, and the regular expression
	// with an error, as it ends one outside brackets.
	if got := readSedAs("/[a\n/p", true); !got.executes {
		t.Errorf("readSedAs(%q, true) = %+v, want it to count as executing", "/[a\n/p", got)
	}
}

// FuzzSedScript checks that the sed reader never panics, that every file
// it reports is part of the script, and that a w command on a line of its
// own after any script without backslashes is found or the script counts
// as executing (nothing before a newline can hide the next line).
func FuzzSedScript(f *testing.F) {
	for _, s := range []string{"w /etc/x", "s/a/b/w out", "1,5{/x/!w o\n}", "s/[/]/x/", "a text", ":a;ba", `\%x%p`, "y/ab/cd/", "e ls"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 4096 {
			s = s[:4096]
		}
		got := readSed(s)
		for _, pf := range got.files {
			if !strings.Contains(s, pf.name) {
				t.Fatalf("readSed(%q) reports %q, which is not in the script", s, pf.name)
			}
		}
		if strings.ContainsRune(s, '\\') {
			return
		}
		after := readSed(s + "\nw /zz")
		if !after.executes && !slices.Contains(after.files, progFile{name: "/zz", write: true}) {
			t.Fatalf("readSed(%q) misses the w command on the next line: %+v", s+"\nw /zz", after)
		}
	})
}

// TestReadSedCommands checks the command lines a script runs: the e
// command's line and the replacement of an s command with the e flag, as
// the pattern space holds it.
func TestReadSedCommands(t *testing.T) {
	for script, want := range map[string][]string{
		"1e rm -rf ~":            {"rm -rf ~"},
		"e ls\nw /etc/x":         {"ls"},
		"$e   uname -a ":         {"uname -a"},
		"e":                      nil,
		"s/.*/rm -rf ~/e":        {"rm -rf ~"},
		"s|.*|rm -rf /root|ge":   {"rm -rf /root"},
		`s/.*/rm -rf \/root/e`:   {"rm -rf /root"},
		`s/\(.*\)/echo & \1 x/e`: {"echo   x"},
		"s/a/b/":                 nil,
		`s/.*/ls\nrm -rf ~/e`:    {"ls\nrm -rf ~"},
		"s/.*/x/;1e id":          {"id"},
		`s/.*/echo \0 x/e`:       {"echo  x"},
	} {
		if got := readSed(script).commands; !slices.Equal(got, want) {
			t.Errorf("readSed(%q).commands = %q, want %q", script, got, want)
		}
	}
}
