package hardline

import (
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"encoding/base32"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// A payload encoded in the command and decoded on its way to a shell
// (echo cm0gLXJmIH4= | base64 -d | sh, bash -c "$(xxd -r -p <<< 726d...)")
// is as static as the text it decodes to: the analyser decodes it as the
// programs would and judges the text (see docs/security-model.md,
// Hardline). Text it cannot decode stays unknown, and a shell reading it
// asks as before.

// decodeText is what the program b with args prints when it reads text on
// its standard input, for the programs whose output is a static function
// of their input: base64, base32 and basenc decoding, xxd -r -p, rev, tr
// with literal sets, gzip and bzip2 decompression, cat and tee. False for
// anything else, including files given as operands.
func (a *Analyzer) decodeText(b string, args []field, text string) (string, bool) {
	for _, f := range args {
		if f.dyn {
			return "", false
		}
	}
	var out []byte
	var err error
	switch b {
	case "cat", "tee":
		// cat reads its operands instead, and numbers or marks lines under
		// most options; tee copies to its files and prints what it reads.
		if b == "cat" && catReading(args) != catPasses {
			return "", false
		}
		return text, true
	case "base64", "gbase64", "base32", "gbase32", "basenc":
		enc, ok := baseDecoder(b, args)
		if !ok {
			return "", false
		}
		out, err = enc(text)
	case "xxd":
		if !slices.ContainsFunc(args, func(f field) bool { return f.val == "-r" || f.val == "-revert" }) ||
			!slices.ContainsFunc(args, func(f field) bool {
				return f.val == "-p" || f.val == "-ps" || f.val == "-plain" || f.val == "-postscript"
			}) ||
			slices.ContainsFunc(args, func(f field) bool { return !strings.HasPrefix(f.val, "-") }) {
			return "", false
		}
		out, err = hex.DecodeString(strings.Join(strings.Fields(text), ""))
	case "rev":
		if len(args) > 0 {
			return "", false
		}
		lines := strings.Split(text, "\n")
		for i, l := range lines {
			r := []rune(l)
			slices.Reverse(r)
			lines[i] = string(r)
		}
		return strings.Join(lines, "\n"), true
	case "tr":
		return trText(args, text)
	case "gzip", "gunzip", "zcat", "bzip2", "bunzip2", "bzcat":
		return a.decompress(b, args, text)
	case "sort", "head", "tail", "tac", "uniq", "shuf":
		return lineFilterText(b, args, text)
	default:
		return "", false
	}
	if err != nil {
		return "", false // decoded text is never longer than the text read
	}
	return string(out), true
}

// lineFilterText is what a program that prints some of the lines it reads,
// unchanged, prints of text: head and tail their first or last lines (-n
// N, -N), tac all of them reversed, sort, uniq and shuf the lines in an
// order or a number the analyser does not follow, so all of them in the
// order read (a path in a here-string is as known through sort <<<
// /etc/shadow as through cat). Operands (files read instead), byte counts
// and options that read or write elsewhere make the output not known.
func lineFilterText(b string, args []field, text string) (string, bool) {
	n, whole := 10, b != "head" && b != "tail"
	for i := 0; i < len(args); i++ {
		v := args[i].val
		switch {
		case (b == "head" || b == "tail" || b == "shuf") && (v == "-n" || v == "--lines" || v == "--head-count") && i+1 < len(args):
			i++
			v = "-n" + args[i].val
			fallthrough
		case (b == "head" || b == "tail") && (strings.HasPrefix(v, "-n") || strings.HasPrefix(v, "--lines=")):
			num := strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(v, "--lines="), "-n"), "+")
			k, err := strconv.Atoi(num)
			if err != nil || k < 0 || strings.Contains(v, "+") {
				whole = true // all but the last lines, or from a line on: all of them, the safer reading
				continue
			}
			n = k
		case (b == "head" || b == "tail") && len(v) > 1 && v[0] == '-' && isDigits(v[1:]):
			n, _ = strconv.Atoi(v[1:])
		case b == "shuf" && strings.HasPrefix(v, "-n"):
		case b == "sort" && (v == "-k" || v == "-t" || v == "--key" || v == "--field-separator") && i+1 < len(args):
			i++
		case v == "-" || !strings.HasPrefix(v, "-"),
			strings.HasPrefix(v, "-c") || strings.HasPrefix(v, "--bytes"), // head -c: bytes
			b == "sort" && (strings.HasPrefix(v, "-o") || strings.HasPrefix(v, "--output") || strings.HasPrefix(v, "--files0-from")),
			b == "shuf" && (strings.HasPrefix(v, "-e") || strings.HasPrefix(v, "-i") || strings.HasPrefix(v, "-o") || strings.HasPrefix(v, "--")),
			b == "tac" && strings.HasPrefix(v, "-s"), b == "uniq" && !isFlagGroup(v):
			return "", false
		}
	}
	lines := strings.SplitAfter(text, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	switch {
	case b == "tac":
		slices.Reverse(lines)
	case whole:
	case b == "head":
		lines = lines[:min(n, len(lines))]
	case b == "tail":
		lines = lines[max(len(lines)-n, 0):]
	}
	return strings.Join(lines, ""), true
}

// isFlagGroup reports whether v is a group of short options without
// values (-c, -id), uniq's -f N and -s N aside, which read no file.
func isFlagGroup(v string) bool {
	if len(v) < 2 || v[0] != '-' || v[1] == '-' {
		return v == "--count" || v == "--repeated" || v == "--unique" || v == "--ignore-case"
	}
	return strings.Trim(v[1:], "cdDiuz") == ""
}

// baseDecoder returns the decoder base64, base32 or basenc use with args,
// false unless they decode and read standard input. The decoder knows the
// output only where every implementation writes the same: text that is
// whole in the alphabet, line breaks aside (GNU's -i drops every other
// character first), padded or short of its final padding only. Anything
// else makes implementations differ (GNU writes the groups before the
// first bad character, Go's decoders skip carriage returns), so it is not
// known and a shell reading it asks.
func baseDecoder(b string, args []field) (func(string) ([]byte, error), bool) {
	decode, ignore := false, false
	var enc *encoding
	switch b {
	case "base64", "gbase64":
		enc = &encBase64
	case "base32", "gbase32":
		enc = &encBase32
	}
	for _, f := range args {
		switch f.val {
		case "-d", "-D", "--decode":
			decode = true
		case "-i", "--ignore-garbage":
			ignore = true
		case "--base64":
			enc = &encBase64
		case "--base64url":
			enc = &encBase64URL
		case "--base32":
			enc = &encBase32
		case "--base16":
			enc = &encBase16
		default:
			if strings.HasPrefix(f.val, "-w") || strings.HasPrefix(f.val, "--wrap") {
				continue
			}
			if f.val == "-di" || f.val == "-id" {
				decode, ignore = true, true
				continue
			}
			return nil, false // an operand (a file) or an option not read here
		}
	}
	if !decode || enc == nil {
		return nil, false
	}
	return func(s string) ([]byte, error) {
		s = strings.Map(func(r rune) rune {
			if r == '\n' || ignore && r != '=' && !strings.ContainsRune(enc.alphabet, r) {
				return -1
			}
			return r
		}, s)
		for i := 0; i < len(s); i++ {
			if c := s[i]; c != '=' && strings.IndexByte(enc.alphabet, c) < 0 {
				return nil, fmt.Errorf("%q is not in the alphabet", c)
			}
		}
		if enc.decode == nil {
			return hex.DecodeString(s) // base16: upper-case digits only, checked above
		}
		out, err := enc.decode.DecodeString(s)
		if err != nil && !strings.Contains(s, "=") && enc.raw != nil {
			return enc.raw.DecodeString(s) // the final padding left out
		}
		return out, err
	}, true
}

// encoding is an alphabet baseDecoder reads, with Go's strict decoders of
// it (nil for base16, read by encoding/hex).
type encoding struct {
	alphabet string
	decode   interface{ DecodeString(string) ([]byte, error) }
	raw      interface{ DecodeString(string) ([]byte, error) }
}

var (
	encBase64    = encoding{"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/", base64.StdEncoding, base64.RawStdEncoding}
	encBase64URL = encoding{"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_", base64.URLEncoding, base64.RawURLEncoding}
	encBase32    = encoding{"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", base32.StdEncoding, nil}
	encBase16    = encoding{"0123456789ABCDEF", nil, nil}
)

// decompress is what gzip -d, gunzip, zcat, bzip2 -d, bunzip2 and bzcat
// print for text (binary, from an earlier decoder) on their input.
func (a *Analyzer) decompress(b string, args []field, text string) (string, bool) {
	decode := b != "gzip" && b != "bzip2"
	for _, f := range args {
		switch {
		case f.val == "-d" || f.val == "--decompress" || f.val == "--uncompress":
			decode = true
		case f.val == "-c" || f.val == "--stdout" || f.val == "-f" || f.val == "--force" || f.val == "-q" || f.val == "--quiet":
		default:
			return "", false
		}
	}
	if !decode {
		return "", false
	}
	var r io.Reader
	if strings.HasPrefix(b, "b") {
		r = bzip2.NewReader(strings.NewReader(text))
	} else {
		z, err := gzip.NewReader(strings.NewReader(text))
		if err != nil {
			return "", false
		}
		r = z
	}
	var out bytes.Buffer
	if n, err := io.Copy(&out, io.LimitReader(r, int64(a.maxBytes)+1)); err != nil || n > int64(a.maxBytes) {
		return "", false
	}
	return out.String(), true
}

// trText is what tr SET1 SET2 or tr -d SET prints for text, with sets of
// ASCII characters and ranges (a-z); classes, escapes, other options and
// characters outside ASCII report false. tr maps bytes, as GNU tr does in
// every locale: a byte of the text outside ASCII matches no member of an
// ASCII set and passes as it is (BSD tr reads characters, which for ASCII
// sets comes to the same).
func trText(args []field, text string) (string, bool) {
	del := len(args) == 2 && args[0].val == "-d"
	if !del && len(args) != 2 {
		return "", false
	}
	set := func(s string) ([]byte, bool) {
		if strings.ContainsAny(s, `[\`) {
			return nil, false
		}
		var out []byte
		for i := 0; i < len(s); i++ {
			if s[i] >= utf8.RuneSelf {
				return nil, false
			}
			if i+2 < len(s) && s[i+1] == '-' {
				if s[i] > s[i+2] || s[i+2] >= utf8.RuneSelf {
					return nil, false // a range backwards: tr fails
				}
				for c := s[i]; c <= s[i+2]; c++ {
					out = append(out, c)
				}
				i += 2
				continue
			}
			out = append(out, s[i])
		}
		return out, len(out) > 0
	}
	var tab [256]int16 // what each byte becomes: -1 deleted
	for i := range tab {
		tab[i] = int16(i)
	}
	if del {
		s, ok := set(args[1].val)
		if !ok || strings.HasPrefix(args[1].val, "-") {
			return "", false
		}
		for _, c := range s {
			tab[c] = -1
		}
	} else {
		from, ok1 := set(args[0].val)
		to, ok2 := set(args[1].val)
		if !ok1 || !ok2 || strings.HasPrefix(args[0].val, "-") {
			return "", false
		}
		for len(to) < len(from) {
			to = append(to, to[len(to)-1]) // tr pads SET2 with its last character
		}
		for i, c := range from {
			tab[c] = int16(to[i]) // the last mapping of a byte counts, as in GNU tr
		}
	}
	out := make([]byte, 0, len(text))
	for i := 0; i < len(text); i++ {
		if c := tab[text[i]]; c >= 0 {
			out = append(out, byte(c))
		}
	}
	return string(out), true
}

// decodedInput is the input a shell reads from up when up is a decoder
// (see decodeText) whose own input is known text: a here-string or
// here-document, or a pipe from text.
func (r *run) decodedInput(sc *scope, up *syntax.Stmt, b string, args []field, paths bool) (input, bool) {
	if !decoders[b] {
		return input{}, false
	}
	var text string
	known := false
	for _, rd := range up.Redirs {
		switch rd.Op {
		case syntax.WordHdoc:
			if f := r.word(sc, rd.Word); !f.dyn {
				text, known = f.val+"\n", true
			}
		case syntax.Hdoc, syntax.DashHdoc:
			if rd.Hdoc != nil {
				if f := r.document(sc, rd.Hdoc); !f.dyn {
					text, known = f.val, true
				}
			}
		}
	}
	if upper, ok := sc.pipeUp[up]; ok && !known && upper != up && !r.filterDepthOver(sc) {
		sc.filterDepth++
		in := r.writerInput(sc, upper, paths)
		sc.filterDepth--
		text, known = in.text, in.kind == inText
	}
	if !known {
		// A file the command wrote first, with known text (echo 'rm -rf ~'
		// > x.sh; cat x.sh | sh): the decoder reads that text.
		var file field
		var rest []field
		for i, a := range args {
			if a.dyn || !strings.HasPrefix(a.val, "-") || a.val == "-" {
				if file.val != "" || a.dyn {
					return input{}, false // several files, or one not known
				}
				file, rest = a, append(slices.Clone(args[:i]), args[i+1:]...)
			}
		}
		in := r.fileInput(file)
		if in.kind != inText {
			return input{}, false
		}
		text, args = in.text, rest
	}
	out, ok := r.a.decodeText(b, args, text)
	if !ok {
		return input{}, false
	}
	return input{kind: inText, text: out, words: textWords(out), detail: "text decoded by " + b}, true
}

// catRead is how cat given its arguments reads: catPasses copies its
// input as it is (no argument, -u, -s, "--"), catMarks reads its input but
// numbers or marks the lines (-n, -b, -v, -E, -T, -A, -e, -t), catFiles
// reads operands.
type catRead uint8

const (
	catPasses catRead = iota
	catMarks
	catFiles
)

// catReading reads cat's arguments (static ones: see decodeText).
func catReading(args []field) catRead {
	read, opts := catPasses, true
	for _, f := range args {
		switch v := f.val; {
		case opts && v == "--":
			opts = false
		case opts && len(v) > 1 && v[0] == '-':
			if v != "--unbuffered" && v != "--squeeze-blank" && (v[1] == '-' || strings.Trim(v[1:], "us") != "") {
				read = catMarks
			}
		case isStdin(v):
			// cat - and cat /dev/stdin copy what they read, as cat does
			// without operands (cat /dev/stdin > x.sh <<< CMD).
		default:
			return catFiles
		}
	}
	return read
}

// decoderForm rewrites the other spellings of a decoder as the decoder:
// busybox APPLET ..., openssl base64 -d and openssl enc -base64 -d (or
// -a -d), and python -m base64 -d are base64 -d. Anything else is
// returned as it is.
func decoderForm(fs []field) []field {
	if len(fs) < 2 {
		return fs
	}
	b := base(fs[0].val)
	switch {
	case b == "busybox" && decoders[fs[1].val]:
		return fs[1:]
	case b == "openssl" && (fs[1].val == "base64" || fs[1].val == "enc"):
		decode, b64 := false, fs[1].val == "base64"
		for _, f := range fs[2:] {
			switch f.val {
			case "-d":
				decode = true
			case "-base64", "-a":
				b64 = true
			case "-A":
			default:
				return fs // a cipher, a file, an option not read here
			}
		}
		if decode && b64 {
			return []field{{val: "base64"}, {val: "-d"}}
		}
	case pythonName(b) && len(fs) >= 4 && fs[1].val == "-m" && fs[2].val == "base64":
		for _, f := range fs[3:] {
			if f.val != "-d" && f.val != "-u" && f.val != "--decode" {
				return fs
			}
		}
		return []field{{val: "base64"}, {val: "-d"}}
	}
	return fs
}

// decoderWrappers are the programs decoderForm may rewrite as a decoder.
var decoderWrappers = map[string]bool{"busybox": true, "openssl": true}

// decoders are the programs decodeText reads.
var decoders = map[string]bool{"cat": true, "tee": true, "base64": true, "gbase64": true, "base32": true, "gbase32": true, "basenc": true,
	"xxd": true, "rev": true, "tr": true, "gzip": true, "gunzip": true, "zcat": true, "bzip2": true, "bunzip2": true, "bzcat": true,
	"sort": true, "head": true, "tail": true, "tac": true, "uniq": true, "shuf": true}

// decodedOutput is the output of a statement that decodes static text (see
// decodeText): a pipe from a command whose output is static into a
// decoder (echo X | base64 -d), or a decoder reading a here-string or
// here-document (base64 -d <<< X). handled is false for any other
// statement.
func (r *run) decodedOutput(sc *scope, s *syntax.Stmt, pos uint, depth int) (out string, ok, handled bool) {
	if s.Negated || s.Background || s.Coprocess {
		return "", false, false
	}
	var text string
	var call *syntax.CallExpr
	switch c := s.Cmd.(type) {
	case *syntax.BinaryCmd:
		if c.Op != syntax.Pipe || len(s.Redirs) > 0 {
			return "", false, false
		}
		call, _ = c.Y.Cmd.(*syntax.CallExpr)
		if call == nil || len(c.Y.Redirs) > 0 {
			return "", false, true
		}
		left, ok := r.staticOutput(sc, []*syntax.Stmt{c.X}, pos, depth+1)
		if !ok {
			return "", false, true
		}
		text = left
	case *syntax.CallExpr:
		if len(s.Redirs) != 1 || len(c.Args) == 0 || !decoders[base(c.Args[0].Lit())] && !decoderWrappers[base(c.Args[0].Lit())] && !pythonName(base(c.Args[0].Lit())) {
			return "", false, false
		}
		call = c
		switch rd := s.Redirs[0]; rd.Op {
		case syntax.WordHdoc:
			f := r.word(sc, rd.Word)
			if f.dyn {
				return "", false, true
			}
			text = f.val + "\n"
		case syntax.Hdoc, syntax.DashHdoc:
			f := r.document(sc, rd.Hdoc)
			if rd.Hdoc == nil || f.dyn {
				return "", false, true
			}
			text = f.val
		default:
			return "", false, false
		}
	default:
		return "", false, false
	}
	if len(call.Args) == 0 || len(call.Assigns) > 0 {
		return "", false, true
	}
	fs := r.words(sc, call.Args)
	if len(fs) == 0 || fs[0].dyn {
		return "", false, true
	}
	fs = decoderForm(fs)
	out, ok = r.a.decodeText(base(fs[0].val), fs[1:], text)
	return strings.TrimRight(out, "\n"), ok, true
}
