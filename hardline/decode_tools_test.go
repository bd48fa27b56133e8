package hardline

import (
	"bytes"
	"math/rand/v2"
	"os/exec"
	"strings"
	"testing"
)

// TestDecodeTextMatchesTools checks decodeText against the programs it
// stands for, where this machine has them: for generated input, whenever
// decodeText says it knows the output, that output must be what the
// program writes (even when the program then fails: a shell reading the
// pipe runs what was written). Inputs are drawn from each decoder's
// alphabet with the characters that end or confuse it mixed in.
func TestDecodeTextMatchesTools(t *testing.T) {
	a := testAnalyzer(t)
	rng := rand.New(rand.NewPCG(9, 9))
	gen := func(alphabet string, n int) string {
		var b strings.Builder
		for range rng.IntN(n) {
			b.WriteByte(alphabet[rng.IntN(len(alphabet))])
		}
		return b.String()
	}
	const b64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	// tr's sets, drawn with ranges, repeats and bytes outside ASCII.
	trSet := func() string {
		s := gen("abcxz~ -r\xc3\xa9", 6)
		if s == "" || s[0] == '-' {
			s = "a" + s
		}
		return s
	}
	trPath, trErr := exec.LookPath("tr")
	for range 60 {
		if trErr != nil {
			t.Log("tr: not on this machine")
			break
		}
		from, to := trSet(), trSet()
		text := gen("abcxz~ -r\n\xc3\xa9", 24)
		args := []field{{val: from}, {val: to}}
		if rng.IntN(3) == 0 {
			args = []field{{val: "-d"}, {val: from}}
		}
		got, ok := a.decodeText("tr", args, text)
		if !ok {
			continue
		}
		cmd := exec.Command(trPath, fieldVals(args)...)
		cmd.Stdin, cmd.Env = strings.NewReader(text), []string{"LC_ALL=C"}
		out, _ := cmd.Output()
		if got != string(out) {
			t.Errorf("tr %q <<< %q: decodeText = %q, tr writes %q", fieldVals(args), text, got, out)
		}
	}
	fixed := map[string][]string{
		"base64": {"cm0gLXJmIH4v__", "cm0=cm0=", "cm0", "cm0g LXJm", "cm0g\rLXJm", "cm0gLX=Jm", "cm0gL", "cm0gLXJmIH4v-A", "cm0gLXJmIH4=\n", "cm1="},
		"basenc": {"726D", "726d", "72 6D", "726D\n"},
		"base32": {"ONXW2===", "onxw2===", "ONXW2===\r", "ONXW2"},
	}
	for _, c := range []struct {
		prog, args string
		input      func() string
	}{
		{"base64", "-d", nil},
		{"basenc", "--base16 -d", nil},
		{"base32", "-d", nil},
		{"base64", "-d", func() string { return gen(b64+"====-_ \n\r\t.", 28) }},
		{"base64", "-d -i", func() string { return gen(b64+"====-_ \n\t.*", 28) }},
		{"base64", "--decode", func() string {
			// Valid text, then something that may stop the decoder.
			return strings.TrimRight(gen(b64, 16), "") + gen("-_ =.\n"+b64, 6)
		}},
		{"base32", "-d", func() string { return gen("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567====\n 01", 30) }},
		{"xxd", "-r -p", func() string { return gen("0123456789abcdefABCDEF \n:g", 30) }},
		{"tr", "a-z n-za-m", func() string { return gen("abcxyz ~-/\n\xc3\xa9", 20) }},
		{"tr", "-d x", func() string { return gen("xyz ~\n\xc3\xa9", 20) }},
		{"tr", "\xc3\xa9 ~", func() string { return gen("rm -f\xc3\xa9\xa9\xc3", 20) }},
		{"tr", "a-c x", func() string { return gen("abcd\xc3\xa9", 20) }},
		{"rev", "", func() string { return gen("ab ~\n-", 20) }},
	} {
		path, err := exec.LookPath(c.prog)
		if err != nil {
			t.Logf("%s: not on this machine", c.prog)
			continue
		}
		var args []field
		var argv []string
		for _, w := range strings.Fields(c.args) {
			args = append(args, field{val: w})
			argv = append(argv, w)
		}
		checked := 0
		inputs := fixed[c.prog]
		if c.input != nil {
			inputs = nil
			for range 200 {
				inputs = append(inputs, c.input())
			}
		}
		for _, in := range inputs {
			got, ok := a.decodeText(c.prog, args, in)
			if !ok {
				continue
			}
			cmd := exec.Command(path, argv...)
			cmd.Stdin = strings.NewReader(in)
			cmd.Env = []string{"LC_ALL=C"}
			var out bytes.Buffer
			cmd.Stdout = &out
			_ = cmd.Run() // the output counts, not the status
			checked++
			if got != out.String() {
				t.Errorf("%s %s <<< %q: decodeText = %q, the program writes %q", c.prog, c.args, in, got, out.String())
			}
		}
		t.Logf("%s %s: %d inputs compared", c.prog, c.args, checked)
	}
}
