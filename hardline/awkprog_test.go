package hardline

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestReadAwk(t *testing.T) {
	w := func(n string) progFile { return progFile{name: n, write: true} }
	r := func(n string) progFile { return progFile{name: n} }
	tests := []struct {
		name    string
		prog    string
		files   []progFile
		unnamed []progFile
		loads   bool
	}{
		{"print > writes", `{print > "/etc/x"}`, []progFile{w("/etc/x")}, nil, false},
		{"print >> appends", `{print >> "~/.bashrc"}`, []progFile{w("~/.bashrc")}, nil, false},
		{"printf with parentheses then >", `{printf("%s\n", $1) > "out"}`, []progFile{w("out")}, nil, false},
		{"printf without parentheses", `{printf "%s\n", $1 > "out"}`, []progFile{w("out")}, nil, false},
		{"a parenthesised target", `{print > ("out")}`, []progFile{w("out")}, nil, false},
		{"a number names a file", `BEGIN { printf "%d\n", 3 > 2 }`, []progFile{w("2")}, nil, false},
		{"escapes in the name are decoded", `{print > "a\"b\/c"}`, []progFile{w(`a"b/c`)}, nil, false},
		{"a comparison in a pattern is not a redirection", `$3 > 10`, nil, nil, false},
		{"a comparison in an if is not", `{ if ($3 > 10) print }`, nil, nil, false},
		{"a parenthesised comparison in print is not", `{ print ($1 > 2) }`, nil, nil, false},
		{"a comparison in a call's arguments is not", `{ print substr($0, 1, x > 3) }`, nil, nil, false},
		{"a > in a string is not", `{ print "a > b" }`, nil, nil, false},
		{"a > in a regex is not", `/>/ { print }`, nil, nil, false},
		{"a > in a comment is not", "{ print } # > \"x\"", nil, nil, false},
		{"division is not a regex", `{ a = $1 / 2; print a > "/etc/x" }`, []progFile{w("/etc/x")}, nil, false},
		{"a regex with a slash in brackets", `/[/]/ { print > "o" }`, []progFile{w("o")}, nil, false},
		{"a bracket in a regex does not run past a newline", "/[x\n{ print > \"o\" }", []progFile{w("o")}, nil, false},
		{"the statement ends at a semicolon", `{ print > "a"; x = y > z }`, []progFile{w("a")}, nil, false},
		{"each print is read", "{ print > \"a\"\nprint >> \"b\" }", []progFile{w("a"), w("b")}, nil, false},
		{"the standard streams are not files", `{ print > "/dev/stderr"; print > "/dev/stdout"; getline < "-" }`, nil, nil, false},
		{"a variable target is unnamed", `{ print > f }`, nil, []progFile{w("f")}, false},
		{"a concatenation is unnamed", `{ print > ENVIRON["HOME"] "/.bashrc" }`, nil, []progFile{w(`ENVIRON["HOME"] "/.bashrc"`)}, false},
		{"a literal followed by more is unnamed", `{ print > "/etc/" $1 }`, nil, []progFile{w(`"/etc/" $1`)}, false},
		{"a name past ASCII is read whole", `{ print > é }`, nil, []progFile{w("é")}, false},
		{"a missing target is unnamed", `{ print > }`, nil, []progFile{w("nothing")}, false},
		{"getline < reads", `BEGIN { getline < "/etc/shadow" }`, []progFile{r("/etc/shadow")}, nil, false},
		{"getline var < reads", `BEGIN { while ((getline l < "in") > 0) n++ }`, []progFile{r("in")}, nil, false},
		{"getline into a field", `BEGIN { getline $2 < "in" }`, []progFile{r("in")}, nil, false},
		{"getline into an element", `BEGIN { getline a[i] < "in" }`, []progFile{r("in")}, nil, false},
		{"getline then a comparison", `BEGIN { while (getline l < "in" > 0) n++ }`, []progFile{r("in")}, nil, false},
		{"getline from a variable is unnamed", `BEGIN { getline l < f }`, nil, []progFile{r("f")}, false},
		{"getline from a concatenation is unnamed", `BEGIN { getline l < "/etc/" x }`, nil, []progFile{r(`"/etc/" x`)}, false},
		{"plain getline reads the input", `{ getline; getline x; print x }`, nil, nil, false},
		{"a comparison of getline's result", `{ if ((getline x) < 0) exit }`, nil, nil, false},
		{"an ARGV element assigned a literal is read", `BEGIN { ARGV[1] = "/etc/shadow"; ARGC = 2 } { print }`, []progFile{r("/etc/shadow")}, nil, false},
		{"an ARGV element past the last one", `BEGIN { ARGV[ARGC++] = "in" }`, []progFile{r("in")}, nil, false},
		{"an ARGV element assigned a variable is unnamed", `BEGIN { ARGV[1] = f }`, nil, []progFile{r("f")}, false},
		{"an ARGV element changed by sub is unnamed", `BEGIN { sub(/.*/, "/etc/shadow", ARGV[1]) }`, nil, []progFile{r("ARGV changed by sub")}, false},
		{"ARGV filled by split is unnamed", `BEGIN { split("/etc/shadow", ARGV) }`, nil, []progFile{r("ARGV changed by split")}, false},
		{"ARGV handed to a function is unnamed", `function f(a) { a[1] = "x" } BEGIN { f(ARGV) }`, nil, []progFile{r("ARGV handed on whole")}, false},
		{"an ARGV element read by getline is unnamed", `BEGIN { getline ARGV[1] }`, nil, []progFile{r("ARGV set by getline")}, false},
		{"reading ARGV names nothing", `BEGIN { for (i in ARGV) print ARGV[i]; if (ARGV[1] == "x") delete ARGV[1] }`, nil, nil, false},
		{"gawk's @include reads", `@include "lib.awk"`, []progFile{r("lib.awk")}, nil, false},
		{"gawk's @load loads", `@load "ordchr"`, nil, nil, true},
		{"everyday programs name nothing", `-F, NR>1 { s += $2 } END { printf "%d\n", s }`, nil, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := readAwk(tt.prog)
			if !slices.Equal(got.files, tt.files) || !slices.Equal(got.unnamed, tt.unnamed) || got.loads != tt.loads {
				t.Errorf("readAwk(%q) = %+v, want files %+v, unnamed %+v, loads %v", tt.prog, got, tt.files, tt.unnamed, tt.loads)
			}
		})
	}
}

// FuzzAwkProgram checks that the awk reader never panics, that every
// file and target it reports comes from the program, and that a print
// redirection on a line of its own after any program without
// backslashes is found (nothing before a newline can hide the next line).
func FuzzAwkProgram(f *testing.F) {
	for _, s := range []string{`{print > "/etc/x"}`, `$3 > 10`, `{ print ($1 > 2) }`, `BEGIN { while ((getline l < "f") > 0) n++ }`,
		`{ print > ENVIRON["HOME"] "/x" }`, `/[/]/ { a = b / 2 }`, `@include "x"`, "{ print \"a\" } # c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 4096 {
			s = s[:4096]
		}
		got := readAwk(s)
		for _, pf := range got.unnamed {
			if utf8.ValidString(s) && !utf8.ValidString(pf.name) {
				t.Fatalf("readAwk(%q) splits a character in the target %q", s, pf.name)
			}
			if pf.name != "nothing" && !strings.Contains(s, pf.name) {
				t.Fatalf("readAwk(%q) reports the target %q, which is not in the program", s, pf.name)
			}
		}
		if strings.ContainsRune(s, '\\') {
			return
		}
		for _, pf := range got.files {
			if !strings.Contains(s, pf.name) {
				t.Fatalf("readAwk(%q) reports %q, which is not in the program", s, pf.name)
			}
		}
		after := readAwk(s + "\n{ print > \"/zz\" }")
		if !slices.Contains(after.files, progFile{name: "/zz", write: true}) {
			t.Fatalf("readAwk(%q) misses the redirection on the next line: %+v", s+"\n{ print > \"/zz\" }", after)
		}
	})
}
