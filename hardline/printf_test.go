package hardline

import "testing"

// TestPrinted pins what bash's echo and printf write (the expected text is
// bash 5's) for each kind of escape and directive printed reads; and what
// it does not read.
func TestPrinted(t *testing.T) {
	for _, c := range []struct {
		b    string
		args []string
		want string
	}{
		{"printf", []string{`\a\b\e\E\f\n\r\t\v\\`}, "\u0007\b\u001b\u001b\f\n\r\t\u000b\\"},
		{"printf", []string{`\"\'\?\z\c`}, "\"'?\\z\\c"},
		{"printf", []string{`\162\0162\1`}, "r\u000e2\u0001"},
		{"printf", []string{`\x41\x4142\x\xg`}, "AA42\\x\\xg"},
		{"printf", []string{`\u7e\U0000007e\u\U`}, "~~\\u\\U"},
		{"printf", []string{`a\%s`, `x`}, "a\\x"},
		{"printf", []string{`x\\`}, "x\\"},
		{"printf", []string{`%s|`, `a`, `b`, `c`}, "a|b|c|"},
		{"printf", []string{"%s %s\n", `a`}, "a \n"},
		{"printf", []string{`%5s|%-5s|%.1s|%-4.2s|`, `ab`, `cd`, `ef`, `ghi`}, "   ab|cd   |e|gh  |"},
		{"printf", []string{`%c|%3c|%-2c|%c`, `ab`, `c`, `d`, ``}, "a|  c|d |\u0000"},
		{"printf", []string{`%%|%b`, `\162\0162\01622\8\c`, `z`}, "%|rrr2\\8"},
		{"printf", []string{`%3b|%-3b|%.1b`, `\t`, `a`, `\x41B`}, "  \t|a  |A"},
		{"printf", []string{`%3b`, `a\c`}, "  a"},
		{"printf", []string{`%b`, `\"\'\?\z\e`}, "\\\"\\'\\?\\z\u001b"},
		{"printf", []string{`x`, `a`, `b`}, "x"},
		{"echo", []string{`-e`, `\0162 \162 \x41 \c`, `z`}, "r \\162 A "},
		{"echo", []string{`-e`, `\"\z\u7e`}, "\\\"\\z~\n"},
		{"echo", []string{`-n`, `\t`}, "\\t"},
		{"echo", []string{`-en`, `a\c`}, "a"},
		{"echo", []string{`-eE`, `\t`}, "\\t\n"},
	} {
		got, ok := printed(c.b, c.args, c.b == "echo")
		if !ok || got != c.want {
			t.Errorf("%s %q: printed = %q, %v; want %q", c.b, c.args, got, ok, c.want)
		}
	}
	for _, c := range [][]string{{"%d", "1"}, {"%q", "a"}, {"%*s", "1", "a"}, {"%+s", "a"}, {"%5%"}, {"a%"}, {`\u00e9`}, {"%5s", "\xc3\xa9"}, {"%99999s", "a"}} {
		if got, ok := printed("printf", c, false); ok {
			t.Errorf("printf %q: printed = %q, want it not known", c, got)
		}
	}
	if got, ok := printed("echo", []string{"-e", `\U000000e9`}, true); ok {
		t.Errorf("echo -e beyond ASCII: printed = %q, want it not known", got)
	}
}

// TestPrintedByShell pins what echo writes in the shells whose echo reads
// escapes without -e (the expected text is dash 0.5's, zsh 5's and bash
// 5's with xpg_echo).
func TestPrintedByShell(t *testing.T) {
	for _, c := range []struct {
		reading echoReading
		args    []string
		want    string
	}{
		{echoDash, []string{`\0057a\057b\101\1011`}, "/a/bAA1\n"},
		{echoDash, []string{`\x41\u0041\E\e\t`}, "\\x41\\u0041\\E\u001b\t\n"},
		{echoDash, []string{`-e`, `a\cb`}, "-e a"},
		{echoDash, []string{`-n`, `a`}, "a"},
		{echoDash, []string{`-n`, `-n`, `a`}, "-n a"},
		{echoXPG, []string{`\0057\057\101\x41\t`}, "//\\101A\t\n"},
		{echoXPG, []string{`-E`, `\x41`}, "\\x41\n"},
		{echoXPG, []string{`-n`, `a\cb`}, "a"},
		{echoBash, []string{`\0057\x41`}, "\\0057\\x41\n"},
	} {
		got, ok := printedBy("echo", c.args, true, c.reading)
		if !ok || got != c.want {
			t.Errorf("echo %q read as %d: printed = %q, %v; want %q", c.args, c.reading, got, ok, c.want)
		}
	}
}

// TestANSIC pins bash 5's reading of $'...' escapes.
func TestANSIC(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`\c\\x`, "\u001cx"},
		{`\ca\cA\c1`, "\u0001\u0001\u0011"},
		{`a\c`, "a\\c"},
		{`\c?`, "\u007f"},
		{`\c\'`, "\u001c'"},
		{`\c\"`, "\u001c\""},
		{`\x41\x4`, "A\u0004"},
		{`a\0b`, "a"},
		{`\18`, "\u00018"},
		{`\0162`, "\u000e2"},
		{`\'\"\?\z`, "'\"?\\z"},
		{`\u007e\U7e\u`, "~~\\u"},
		{`\e\E\a`, "\u001b\u001b\u0007"},
		{`\cIx`, "\tx"},
		{`\u00e9`, "\u00e9"}, // in UTF-8
		// bash 5.2's \x{HH...}: every hex digit to the brace, the low byte.
		{`\x{2f}home\x{2F}dev`, "/home/dev"},
		{`\x{7e}`, "~"},
		{`\x{41424344}`, "D"},
		{`\x{0002f}`, "/"},
		{`\x{2fz}`, "/z}"},
		{`a\x{}b`, "a"},
		{`a\x{`, "a"},
	} {
		if got := ansiC(c.in); got != c.want {
			t.Errorf("$'%s' = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestFishDecoded pins fish's escapes outside quotes, as fish 3 reads
// them, written for bash.
func TestFishDecoded(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`rm \x2fa\X2F\u002f\U0000002f\57\057`, `rm '/'a'/''/''/''/''/'`},
		{`a\ca\e\n\t`, "a'\x01''\x1b''\n''\t'"},
		{`'\x2f' "\x2f" \x27`, `'\x2f' "\x2f" \'`},
		{`"a\"\x2f" \x`, `"a\"\x2f" \x`},
		{`\q \\ \0`, `\q \\ '` + "\x00" + `'`},
	} {
		got, changed := fishDecoded(c.in)
		if got != c.want || changed != (c.in != c.want) {
			t.Errorf("fishDecoded(%q) = %q, %v; want %q", c.in, got, changed, c.want)
		}
	}
}

// TestZshDialect pins what zsh reads otherwise than bash.
func TestZshDialect(t *testing.T) {
	for _, s := range []string{`rm -rf $x[1,9]`, `echo ${x[2]}`, `echo ${(e)x}`, `ls *(e:'rm -rf ~':)`, `ls *(.e.x.)`, `ls a(+f)`, `echo $HOME:h`} {
		if zshDialect(s) == "" {
			t.Errorf("zshDialect(%q) = \"\", want a match", s)
		}
	}
	for _, s := range []string{`print -l *.go`, `echo $(some-thing)`, `ls *(.om[1,3])`, `ls *(Lk+100)`, `a=(e:x)`, `f() { :; }`, `(cd a && make)`, `ls **/*.go(#e)`, `x=$((a+b))`} {
		if m := zshDialect(s); m != "" {
			t.Errorf("zshDialect(%q) = %q, want none", s, m)
		}
	}
}
