package hardline

import (
	"slices"
	"strings"
)

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
		if r.a.isBlockDevice(p) {
			r.finding(ruleRawDiskRead, Path, Ask, "reads the raw device "+p+", and with it every file and secret on it", cmd, p)
			return
		}
	}
}

// editor flags an editor given commands to run: those can run anything
// (:!rm -rf /), and the analyser does not read editor scripts.
func (r *run) editor(b string, args []field, cmd string) {
	for _, a := range args {
		v := a.val
		inline := false
		switch b {
		case "emacs":
			inline = v == "--eval" || strings.HasPrefix(v, "--eval=") || v == "-eval" || v == "--execute" || strings.HasPrefix(v, "--execute=")
		default:
			// -c in a cluster of short options too (ex -sc 'CMD' FILE).
			inline = v == "--cmd" || len(v) > 1 && v[0] == '-' && v[1] != '-' && strings.ContainsRune(v[1:], 'c') ||
				(len(v) > 1 && v[0] == '+' && !isDigits(v[1:]) && v[1] != '/')
			// -S FILE sources a script file, which editorScripts reads.
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

// editorScripts judges the script files an editor runs as command files
// (see commandFile): vim's startup and session scripts and typed-in keys
// (-u, -U, -S, -s), read for their shell escapes, and the Lisp files emacs
// loads (-l, --load, --script), which are not read. vim's inline commands
// (-c, --cmd, +CMD) are read for their shell escapes too.
func (r *run) editorScripts(sc *scope, b string, args []field, c ctx, cmd string) {
	var names []string
	var read func(string)
	switch b {
	case "emacs":
		names = []string{"-l", "--load", "-load", "--script", "-script", "-scriptload"}
		// Its Lisp is not read (editor asks), but the commands and
		// deletions it names are, as inline code's: (shell-command
		// "..."), (delete-directory "~" t).
		r.embeddedShell(sc, optionValues(args, "--eval", "-eval", "--execute"), c, b, cmd)
	case "vim", "vi", "nvim", "ex", "view", "gvim", "vimdiff":
		names = []string{"-u", "-U", "-S", "-s"}
		read = func(text string) { r.escape(sc, field{val: text}, b, c, cmd) }
	default:
		return
	}
	for _, f := range optionValues(args, names...) {
		r.commandFile(sc, f, b, c, cmd, read)
	}
	if read == nil {
		return
	}
	// The commands given inline (-c CMD and -sc CMD, --cmd CMD, +CMD)
	// are read for their shell escapes the same way, and as ex commands
	// (:r !CMD, :w !CMD, :%!CMD, :w FILE); editor asks for the rest.
	for i, a := range args {
		v := a.val
		var text field
		switch {
		case a.dyn:
			continue
		case v == "--cmd" || len(v) > 1 && v[0] == '-' && v[1] != '-' && strings.HasSuffix(v, "c"):
			if i+1 >= len(args) {
				continue
			}
			text = args[i+1]
		case len(v) > 1 && v[0] == '+':
			text = field{val: v[1:]}
		default:
			continue
		}
		r.exCommands(sc, text, b, c, cmd)
	}
	if vimReadsInput(b, args) {
		// Its input is its commands, as ed's is (vim -es <<< '!rm -rf
		// ~'): read as the inline ones are.
		r.commandInput(sc, b, c, cmd, func(text string) { r.exCommands(sc, field{val: text}, b, c, cmd) })
	}
}

// exCommands judges ex commands vim runs: their shell escapes, and as
// vimCommands reads them, the files they write and read and the shell
// commands they run.
func (r *run) exCommands(sc *scope, text field, b string, c ctx, cmd string) {
	r.escape(sc, text, b, c, cmd)
	if text.dyn {
		return
	}
	writes, reads, shells := vimCommands(text.val)
	for _, w := range writes {
		f := r.vimName(w)
		r.checkWords(sc, []field{f}, cmd) // a sensitive path, written or read
		r.judgeWrite(sc, f, ruleDiskWrite, cmd)
	}
	for _, rd := range reads {
		f := []field{r.vimName(rd)}
		r.checkWords(sc, f, cmd)
		r.checkTargets(sc, f, cmd)
	}
	for _, sh := range shells {
		r.applyRole(sc, roleValue{role: RoleScript, f: field{val: sh}}, false, b, c, cmd)
	}
}

// vimReadsInput reports whether vim, started as b with args, reads its
// commands from its standard input: in Ex mode (ex, -e, -E, and -es and
// -Es, silent) each line is an ex command; otherwise a vim whose input is
// not a terminal reads its keys from it, where a typed :!CMD runs CMD,
// which is the stricter reading. It does not when - reads the file to edit
// from the input (in Ex mode, - is silent mode), nor for nvim outside Ex
// mode, which reads its input as the text to edit.
func vimReadsInput(b string, args []field) bool {
	exMode, dash := b == "ex", false
	for _, a := range args {
		v := a.val
		switch {
		case a.dyn:
		case v == "-":
			dash = true
		case v == "--":
			return exMode || !dash && b != "nvim"
		case len(v) > 1 && v[0] == '-' && v[1] != '-' && strings.ContainsAny(v, "eE") && !strings.ContainsAny(v[1:], "cSuUiTwWt"):
			exMode = true
		}
	}
	return exMode || !dash && b != "nvim"
}

// commandInput judges the standard input of a program that reads its
// commands from it with read: known text is read, and of text that is not
// known, the known pieces some of its writers give it; commands a network
// peer sends are a reverse shell, and those of a download or a shell's
// output cannot be known (asks).
func (r *run) commandInput(sc *scope, b string, c ctx, cmd string, read func(string)) {
	switch c.in.kind {
	case inText:
		read(c.in.text)
	case inUnknown:
		switch {
		case c.in.peer:
			r.finding(ruleReverseShell, Command, Block, b+" runs the commands a network peer sends ("+c.in.detail+")", cmd, "")
		case c.in.download || c.in.shellOut:
			r.finding(rulePipeToShell, Dynamic, Ask, b+" runs commands read from "+c.in.detail+", which cannot be known before it runs", cmd, "")
		}
		if c.in.partial != "" {
			read(c.in.partial)
		}
	}
}

// vimName is a file name as vim's ex commands read it: a leading ~/ is
// the home folder.
func (r *run) vimName(name string) field {
	if rest, ok := strings.CutPrefix(name, "~/"); ok && r.a.home != "" {
		name = strings.TrimSuffix(r.a.home, "/") + "/" + rest
	}
	return field{val: name}
}

// vimCommands reads ex commands as vim runs them from -c or +: the
// shell commands of :!CMD, :{range}!CMD (a filter), :r !CMD and :w !CMD,
// the files :w, :wq, :x, :saveas and :update write (with ! or not) and
// those :r reads. Commands a bar separates are read one by one (after a
// !, the bar is the shell's); :silent before a command is skipped.
func vimCommands(text string) (writes, reads, shells []string) {
	for line := range strings.SplitSeq(text, "\n") {
		for rest := line; rest != ""; {
			seg := rest
			rest = ""
			l := strings.TrimLeft(seg, " \t:")
			for _, p := range []string{"silent! ", "silent ", "sil! ", "sil "} {
				l = strings.TrimLeft(strings.TrimPrefix(l, p), " \t")
			}
			l = skipExAddress(l)
			if sh, ok := strings.CutPrefix(l, "!"); ok {
				shells = append(shells, sh)
				continue
			}
			name := l
			if i := strings.IndexAny(l, " \t!|"); i >= 0 {
				name = l[:i]
			}
			arg := strings.TrimPrefix(l[len(name):], "!")
			if !strings.HasPrefix(strings.TrimLeft(arg, " \t"), "!") {
				if i := strings.IndexByte(arg, '|'); i >= 0 {
					arg, rest = arg[:i], arg[i+1:]
				}
			}
			arg = strings.TrimSpace(arg)
			write := slices.Contains([]string{"w", "write", "wq", "x", "xit", "exit", "sav", "saveas", "up", "update", "wa", "wall"}, name)
			read := name == "r" || name == "read"
			switch {
			case !write && !read:
			case strings.HasPrefix(arg, "!"):
				shells = append(shells, arg[1:])
			case arg == "" || strings.HasPrefix(arg, ">>") && strings.TrimSpace(arg[2:]) == "":
			case read:
				reads = append(reads, arg)
			default:
				writes = append(writes, strings.TrimSpace(strings.TrimPrefix(arg, ">>")))
			}
		}
	}
	return writes, reads, shells
}

// editorFiles judges the files an editor opens as written: the user, or
// a command given it, may save them. view and the read-only flags (-R, -M)
// write nothing.
func (r *run) editorFiles(sc *scope, b string, args []field, cmd string) {
	if b == "view" {
		return
	}
	ops := parseOpts(args, "cSuUitqTwWsr", []string{"--cmd", "--config"}, "")
	if strings.ContainsAny(ops.short, "RM") || ops.has("--readonly") || ops.has("--view") {
		return
	}
	files := append(ops.ops[:len(ops.ops):len(ops.ops)], ops.get("-w", "-W")...) // vim -w/-W FILE records keys into FILE
	if b == "emacs" {
		// emacs spells its options whole with one dash (-nw, -batch).
		files = nil
		for i := 0; i < len(args); i++ {
			switch v := args[i].val; {
			case emacsValues[v]:
				i++
			case strings.HasPrefix(v, "-") || strings.HasPrefix(v, "+"):
			default:
				files = append(files, args[i])
			}
		}
	}
	for _, f := range files {
		if !strings.HasPrefix(f.val, "+") {
			r.judgeWrite(sc, f, ruleDiskWrite, cmd)
		}
	}
}

// emacsValues are emacs's options that take the next word.
var emacsValues = map[string]bool{"-l": true, "-load": true, "--load": true, "-f": true, "-funcall": true, "--funcall": true,
	"-eval": true, "--eval": true, "-L": true, "-directory": true, "--directory": true, "--chdir": true, "-insert": true,
	"--insert": true, "-t": true, "-d": true, "-display": true, "--display": true, "-T": true, "--title": true,
	"-fn": true, "--font": true, "-bg": true, "-fg": true, "-u": true, "--user": true, "--execute": true}

// edCommands reads an ed or ex script: the files its w, W and wq
// commands write (w /etc/passwd, 1,$w x) and its r, e and E commands read,
// and the shell commands its r, e, E and w commands run (w !CMD, r !CMD,
// e !CMD). A w without a name writes
// the file being edited, which the entry judges. A text line appended by
// the script is read as a command too, the stricter reading.
func edCommands(script string) (writes, reads, shells []string) {
	for _, line := range strings.Split(script, "\n") {
		l := skipExAddress(strings.TrimLeft(line, " \t:"))
		for _, name := range []string{"wq", "w", "W", "r", "e", "E"} {
			rest, ok := strings.CutPrefix(l, name)
			if !ok || rest != "" && rest[0] != ' ' && rest[0] != '\t' && rest[0] != '!' {
				continue
			}
			switch arg := strings.TrimSpace(rest); {
			case strings.HasPrefix(arg, "!"):
				shells = append(shells, arg[1:])
			case arg == "":
			case name == "r" || name == "e" || name == "E":
				reads = append(reads, arg)
			default:
				writes = append(writes, arg)
			}
			break
		}
	}
	return writes, reads, shells
}

// skipExAddress returns l after the address an ed or ex command starts
// with: numbers, marks ('a), patterns (/re/, ?re?) and the signs between
// them.
func skipExAddress(l string) string {
	for len(l) > 0 {
		switch c := l[0]; {
		case c >= '0' && c <= '9' || strings.IndexByte(",.$;+- \t%", c) >= 0:
			l = l[1:]
			continue
		case c == '\'' && len(l) > 1:
			l = l[2:]
			continue
		case c == '/' || c == '?':
			if k := strings.IndexByte(l[1:], c); k >= 0 {
				l = l[k+2:]
				continue
			}
		}
		break
	}
	return l
}

// yqInPlace judges yq -i (--inplace): every operand may be a file it
// rewrites, and is judged as a write (the expression, read as a path in the
// working folder, is inside the roots and adds nothing).
func (r *run) yqInPlace(sc *scope, args []field, cmd string) {
	p := parseOpts(args, "opIs", []string{"--output-format", "--input-format", "--indent", "--split-exp", "--expression", "--front-matter"}, "")
	// The expression's load functions read the files they name
	// (load("F"), load_str, load_xml, load_props, load_base64).
	for _, f := range args {
		if !f.dyn && strings.Contains(f.val, "load") {
			r.quotedFiles(sc, f.val, cmd)
		}
	}
	if !strings.ContainsRune(p.short, 'i') && !p.has("--inplace") {
		return
	}
	for _, f := range p.ops {
		r.judgeWrite(sc, f, ruleDiskWrite, cmd)
	}
}
