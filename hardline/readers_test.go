package hardline

import (
	"slices"
	"testing"
)

// TestVimCommands pins the reading of ex commands given to vim inline:
// shell commands, written files and read files, one bar-separated
// command at a time.
func TestVimCommands(t *testing.T) {
	for _, c := range []struct {
		text                  string
		writes, reads, shells []string
	}{
		{text: "!rm -rf ~", shells: []string{"rm -rf ~"}},
		{text: ":  silent! !make | tee x", shells: []string{"make | tee x"}},
		{text: "%!sort -u", shells: []string{"sort -u"}},
		{text: "1,$!fmt", shells: []string{"fmt"}},
		{text: "r !date", shells: []string{"date"}},
		{text: "read !date", shells: []string{"date"}},
		{text: "w !sh", shells: []string{"sh"}},
		{text: "w !sort | uniq", shells: []string{"sort | uniq"}},
		{text: "w! /etc/passwd", writes: []string{"/etc/passwd"}},
		{text: "1,$w ~/.x", writes: []string{"~/.x"}},
		{text: "w >> log.txt", writes: []string{"log.txt"}},
		{text: "wq! out", writes: []string{"out"}},
		{text: "sav ~/.zshrc", writes: []string{"~/.zshrc"}},
		{text: "set nu | w ~/.profile | q", writes: []string{"~/.profile"}},
		{text: "r ~/.ssh/id_rsa", reads: []string{"~/.ssh/id_rsa"}},
		{text: "wq", writes: nil},
		{text: "w >>", writes: nil},
		{text: "set ft=go", writes: nil},
		{text: "write\nx out2", writes: []string{"out2"}},
		{text: "windo set nu", writes: nil},
	} {
		w, r, s := vimCommands(c.text)
		if !slices.Equal(w, c.writes) || !slices.Equal(r, c.reads) || !slices.Equal(s, c.shells) {
			t.Errorf("vimCommands(%q) = writes %q, reads %q, shells %q; want %q, %q, %q", c.text, w, r, s, c.writes, c.reads, c.shells)
		}
	}
}
