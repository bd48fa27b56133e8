package hardline

import "strings"

// rawDiskRead reports a read of a raw disk or memory device (rule
// raw-disk-read). Writing one is judged by the device rules; listing or
// inspecting one (lsblk, df, fdisk -l) names it without reading it.
func (r *run) rawDiskRead(f field, cmd string) {
	if f.dyn || f.val == "" {
		return
	}
	v := f.val
	if i := strings.IndexByte(v, '@'); i >= 0 && i < len(v)-1 {
		v = v[i+1:] // curl -T @/dev/sda, -F f=@/dev/sda
	}
	for _, p := range r.resolve(field{val: v}).paths {
		if r.a.match(r.a.lists.disks, p) && !r.a.match(r.a.lists.harmless, p) {
			r.finding(ruleRawDiskRead, Path, Ask, "reads the raw device "+p+", and with it every file and secret on it", cmd, p)
			return
		}
	}
}

// editor flags an editor given commands to run: those can run anything
// (:!rm -rf /), and the analyser does not read editor scripts.
func (r *run) editor(b string, args []field, cmd string) {
	for i, a := range args {
		v := a.val
		inline := false
		switch b {
		case "emacs":
			inline = v == "--eval" || strings.HasPrefix(v, "--eval=") || v == "-eval" || v == "--execute" || strings.HasPrefix(v, "--execute=")
		default:
			// -c in a cluster of short options too (ex -sc 'CMD' FILE).
			inline = v == "--cmd" || len(v) > 1 && v[0] == '-' && v[1] != '-' && strings.ContainsRune(v[1:], 'c') ||
				(len(v) > 1 && v[0] == '+' && !isDigits(v[1:]) && v[1:] != "/" && v[1] != '/')
			if v == "-S" && i+1 < len(args) {
				continue // sources a script file: ordinary
			}
		}
		if a.dyn && !strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "+") {
			continue
		}
		if inline {
			r.finding(ruleInlineInterp, Dynamic, Ask, b+" "+v+" runs editor commands the analyser cannot read", cmd, "")
			return
		}
	}
}

// yqInPlace judges yq -i (--inplace): every operand may be a file it
// rewrites, and is judged as a write (the expression, read as a path in the
// working folder, is inside the roots and adds nothing).
func (r *run) yqInPlace(sc *scope, args []field, cmd string) {
	p := parseOpts(args, "opIs", []string{"--output-format", "--input-format", "--indent", "--split-exp", "--expression", "--front-matter"}, "")
	if !strings.ContainsRune(p.short, 'i') && !p.has("--inplace") {
		return
	}
	for _, f := range p.ops {
		r.judgeWrite(sc, f, ruleDiskWrite, cmd)
	}
}

// sedExecutes reports whether a sed script runs a shell command: the GNU
// e command, or the e flag of an s command. It reads the script the way
// sed does, so that an e inside a regular expression or a replacement does
// not count; what it cannot read counts as running.
func sedExecutes(script string) bool {
	s := script
	i := 0
	skipDelimited := func(delim byte) bool { // s[i] is just past the opening delimiter
		for i < len(s) && s[i] != delim {
			if s[i] == '\\' {
				i++
			}
			i++
		}
		if i >= len(s) {
			return false
		}
		i++
		return true
	}
	toEOL := func() {
		for i < len(s) && s[i] != '\n' {
			i++
		}
	}
	for i < len(s) {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == ';' || c == '{' || c == '}' || c == '!' ||
			c == ',' || c == '$' || c == '~' || c == '+' || (c >= '0' && c <= '9'):
			i++
		case c == '#':
			toEOL()
		case c == '/':
			i++
			if !skipDelimited('/') {
				return true
			}
			for i < len(s) && (s[i] == 'I' || s[i] == 'M') {
				i++
			}
		case c == '\\':
			if i+1 >= len(s) {
				return true
			}
			d := s[i+1]
			i += 2
			if !skipDelimited(d) {
				return true
			}
		case c == 's' || c == 'y':
			if i+1 >= len(s) {
				return true
			}
			d := s[i+1]
			if d == '\\' || d == '\n' {
				return true
			}
			i += 2
			if !skipDelimited(d) { // the pattern
				return true
			}
			if !skipDelimited(d) { // the replacement
				return true
			}
			if c == 'y' {
				continue
			}
			for i < len(s) && s[i] != ';' && s[i] != '\n' && s[i] != '}' {
				switch s[i] {
				case 'e':
					return true
				case 'w', 'W':
					toEOL()
					continue
				}
				i++
			}
		case c == 'e':
			return true
		case c == 'a' || c == 'i' || c == 'c' || c == 'r' || c == 'R' || c == 'w' || c == 'W' ||
			c == 'b' || c == 't' || c == 'T' || c == ':' || c == 'q' || c == 'Q' || c == 'l' || c == 'L':
			// Text, a file name or a label runs to the end of the line
			// (labels and q's exit code also end at ';').
			if c == 'b' || c == 't' || c == 'T' || c == 'q' || c == 'Q' || c == 'l' || c == 'L' {
				for i < len(s) && s[i] != ';' && s[i] != '\n' && s[i] != '}' {
					i++
				}
				continue
			}
			toEOL()
		case strings.IndexByte("dDgGhHnNpPxzF=", c) >= 0:
			i++
		default:
			return true // something this reader does not know
		}
	}
	return false
}
