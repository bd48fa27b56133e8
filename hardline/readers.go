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
