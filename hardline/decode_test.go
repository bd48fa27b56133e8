package hardline

import (
	"bytes"
	"compress/gzip"
	"strings"
	"testing"
)

func TestDecodeText(t *testing.T) {
	a := testAnalyzer(t)
	var gz bytes.Buffer
	w := gzip.NewWriter(&gz)
	w.Write([]byte("rm -rf ~\n"))
	w.Close()
	bomb := bytes.Buffer{}
	w = gzip.NewWriter(&bomb)
	w.Write(bytes.Repeat([]byte("x"), a.maxBytes+1))
	w.Close()
	full := bytes.Buffer{}
	w = gzip.NewWriter(&full)
	w.Write(bytes.Repeat([]byte("x"), a.maxBytes))
	w.Close()
	words := staticFields
	for _, tc := range []struct {
		name, prog, args, in, want string
		ok                         bool
	}{
		{"base64 -d", "base64", "-d", "cm0gLXJmIH4=\n", "rm -rf ~", true},
		{"base64 --decode, split over lines", "base64", "--decode", "cm0gLX\nJmIH4=\n", "rm -rf ~", true},
		{"base64 without padding", "base64", "-d", "cm0gLXJmIH4", "rm -rf ~", true},
		{"base64 short of two pads", "base64", "-d", "cm0gLXJmIH", "rm -rf ", true},
		{"base64 with a carriage return is not read", "base64", "-d", "cm0g\rLXJmIH4=", "", false},
		{"base64 with a blank is not read", "base64", "-d", "cm0g LXJmIH4=", "", false},
		{"base64 in the URL alphabet is not read as base64", "base64", "-d", "cm0gLXJmIH4v__", "", false},
		{"basenc --base16 reads upper case", "basenc", "--base16 -d", "726D", "rm", true},
		{"basenc --base16 of lower case is not read", "basenc", "--base16 -d", "726d", "", false},
		{"base64 -D (macOS)", "base64", "-D", "cm0gLXJmIH4=", "rm -rf ~", true},
		{"base64 -d -i", "base64", "-d -i", "cm0g\x01LXJmIH4=", "rm -rf ~", true},
		{"base64 -d without -i", "base64", "-d", "cm0g\x01LXJmIH4=", "", false},
		{"base64 -di", "base64", "-di", "cm0gLXJmIH4=", "rm -rf ~", true},
		{"base64 with a wrap option", "base64", "-w0 -d", "cm0gLXJmIH4=", "rm -rf ~", true},
		{"base64 encoding is not decoded", "base64", "", "cm0gLXJmIH4=", "", false},
		{"base64 of a file reads the file", "base64", "-d x.b64", "cm0gLXJmIH4=", "", false},
		{"base64 of text that is not base64", "base64", "-d", "not base64!!", "", false},
		{"base32 -d", "base32", "-d", "OJWSALLSMYQC6===", "rm -rf /", true},
		{"basenc --base64url -d", "basenc", "--base64url -d", "cm0gLXJmIH4=", "rm -rf ~", true},
		{"basenc --base16 -d", "basenc", "--base16 -d", "726D202D7266207E", "rm -rf ~", true},
		{"basenc without an encoding", "basenc", "-d", "cm0gLXJmIH4=", "", false},
		{"xxd -r -p", "xxd", "-r -p", "726d202d\n7266207e\n", "rm -rf ~", true},
		{"xxd -r -ps", "xxd", "-r -ps", "726d202d7266207e", "rm -rf ~", true},
		{"xxd -r of a hex dump is not read", "xxd", "-r", "00000000: 726d", "", false},
		{"head -n 0 prints nothing", "head", "-n 0", "rm -rf ~\n", "", true},
		{"head -n 1 prints the first line", "head", "-n 1", "echo a\nrm -rf ~\n", "echo a\n", true},
		{"tail -n +2 is all of it, the safer reading", "tail", "-n +2", "echo a\nrm -rf ~\n", "echo a\nrm -rf ~\n", true},
		{"xxd -r alone reads a dump, not plain hex", "xxd", "-r", "726d202d7266207e", "", false},
		{"xxd -p encodes", "xxd", "-p", "rm", "", false},
		{"xxd -p encodes text that is hex too", "xxd", "-p", "726d202d7266207e", "", false},
		{"xxd -revert -plain", "xxd", "-revert -plain", "726d", "rm", true},
		{"xxd -r -postscript", "xxd", "-r -postscript", "726d", "rm", true},
		{"xxd -r -p of a file", "xxd", "-r -p x.hex", "726d", "", false},
		{"rev", "rev", "", "~ fr- mr\nb a\n", "rm -rf ~\na b\n", true},
		{"rev of a file", "rev", "x", "~ fr- mr", "", false},
		{"tr rot13", "tr", "a-z n-za-m", "ez -es ~", "rm -rf ~", true},
		{"tr pads its second set", "tr", "abc x", "abcd", "xxxd", true},
		{"tr -d", "tr", "-d X", "rXm -rXf ~", "rm -rf ~", true},
		{"tr with a class is not read", "tr", "[:lower:] [:upper:]", "rm", "", false},
		{"tr with a range backwards is not read", "tr", "c-ab x", "abc", "", false},
		{"tr with a set outside ASCII is not read", "tr", "\u00e9 e", "caf\u00e9", "", false},
		{"tr with the first byte past ASCII is not read", "tr", "\x80 e", "a", "", false},
		{"tr with a range ending past ASCII is not read", "tr", "a-\x80 e", "a", "", false},
		{"tr with a range of one byte", "tr", "a-a b", "aab", "bbb", true},
		{"tr passes a NUL byte as it is", "tr", "a b", "a\x00a", "b\x00b", true},
		{"tr with a trailing dash reads it as itself", "tr", "a- xy", "a-b", "xyb", true},
		{"tr maps bytes, the last mapping counting", "tr", "aa xy", "a\xff", "y\xff", true},
		{"tr with an escape is not read", "tr", `\n x`, "rm", "", false},
		{"tr -s is not read", "tr", "-s a", "aa", "", false},
		{"gunzip", "gunzip", "", gz.String(), "rm -rf ~\n", true},
		{"gzip -dc", "gzip", "-d -c", gz.String(), "rm -rf ~\n", true},
		{"gzip compresses", "gzip", "", gz.String(), "", false},
		{"zcat of a file", "zcat", "x.gz", gz.String(), "", false},
		{"a decompressed bomb over the bound", "gunzip", "", bomb.String(), "", false},
		{"a decompressed text of the bound exactly", "gunzip", "", full.String(), strings.Repeat("x", a.maxBytes), true},
		{"gunzip of text that is not gzip", "gunzip", "", "rm -rf ~", "", false},
		{"cat", "cat", "", "rm -rf ~", "rm -rf ~", true},
		{"cat of a file", "cat", "x", "rm -rf ~", "", false},
		{"tee", "tee", "log", "rm -rf ~", "rm -rf ~", true},
		{"another program", "sed", "s/a/b/", "a", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := a.decodeText(tc.prog, words(tc.args), tc.in)
			if ok != tc.ok || got != tc.want {
				t.Errorf("decodeText(%s %s, %q) = %q, %v; want %q, %v", tc.prog, tc.args, tc.in, got, ok, tc.want, tc.ok)
			}
		})
	}
	if _, ok := a.decodeText("base64", []field{{val: "-d"}, {val: "-w", dyn: true}}, "cm0gLXJmIH4="); ok {
		t.Error("a dynamic argument was decoded")
	}
	for _, args := range [][]field{{{val: "-d"}, {val: ""}}, {{val: ""}, {val: "x"}}, {{val: "a"}, {val: ""}}} {
		if _, ok := trText(args, "a"); ok {
			t.Errorf("tr with an empty set %+v was read", args)
		}
	}
}
