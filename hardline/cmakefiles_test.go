package hardline

import (
	"slices"
	"strings"
	"testing"
)

// TestCMakeCommands checks what cmakeCommands reads a CMake file to run:
// execute_process's COMMANDs up to their keywords, with quoting kept
// and $ENV{NAME} live; the file() operations; nothing in comments or
// strings of other commands.
func TestCMakeCommands(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string
	}{
		{`execute_process(COMMAND git describe OUTPUT_VARIABLE V COMMAND_ERROR_IS_FATAL ANY)`, []string{`"git" "describe"`}},
		{"execute_process(\n  COMMAND a 1\n  COMMAND b \"x y\"\n  WORKING_DIRECTORY /tmp)", []string{`"a" "1"`, `"b" "x y"`}},
		{`execute_process(COMMAND rm -rf $ENV{HOME})`, []string{`"rm" "-rf" "${HOME}"`}},
		{`execute_process(COMMAND echo "$(id)" "a\"b" [[c d]])`, []string{`"echo" "\$(id)" "a\"b" "c d"`}},
		{`file(REMOVE_RECURSE /a "b c")`, []string{`rm -rf -- "/a" "b c"`}},
		{`file(APPEND $ENV{HOME}/.bashrc "x")`, []string{`: > "${HOME}/.bashrc"`}},
		{`file(DOWNLOAD https://x.example/a /tmp/a)`, []string{`curl -o "/tmp/a" "https://x.example/a"`}},
		{`FILE(RENAME a b)`, []string{`mv -- "a" "b"`}},
		{"# execute_process(COMMAND x)\n#[[\nexecute_process(COMMAND y)\n]]\nmessage(\"execute_process(COMMAND z)\")", nil},
		{`if(X) execute_process(COMMAND a) endif()`, []string{`"a"`}},
		{`cmake_language(EVAL CODE "execute_process(COMMAND a)")`, []string{`"a"`}},
		{`exec_program(/bin/sh ARGS -c "'id'" OUTPUT_VARIABLE O)`, []string{`"/bin/sh" -c 'id'`}},
	} {
		if got := cmakeCommands(c.text); !slices.Equal(got, c.want) {
			t.Errorf("cmakeCommands(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

// FuzzCMake checks that any text parses without a panic, that each
// invocation's name is in the text, and that a COMMAND written after text
// that holds no quote, bracket, comment or parenthesis is found.
func FuzzCMake(f *testing.F) {
	for _, s := range []string{"project(x)", "execute_process(COMMAND a b)", "#[[x]]", "[=[a]=]", "f(\"a\\\"b\")", "x(", "set(A ${B} $ENV{C})", "file(REMOVE_RECURSE a)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 4096 {
			s = s[:4096]
		}
		for _, c := range parseCMake(s) {
			if !strings.Contains(asciiLower(s), c.name) {
				t.Fatalf("parseCMake(%q) reads a command %q not in the text", s, c.name)
			}
		}
		cmakeCommands(s)
		if strings.ContainsAny(s, "\"[]#()\\$") {
			return
		}
		got := cmakeCommands(s + "\nexecute_process(COMMAND zzprog)")
		if !slices.Contains(got, `"zzprog"`) {
			t.Fatalf("cmakeCommands(%q) misses the COMMAND after it: %q", s, got)
		}
	})
}
