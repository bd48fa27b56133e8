package hardline

import (
	"regexp"
	"strings"
)

// RPM's macro language runs code as it expands: %(CMD) runs CMD in a
// shell and puts its output in place, %{lua: ...} runs Lua, and
// %{expand: ...} expands text it builds again, so a body written %%(CMD)
// becomes %(CMD). rpm, rpmbuild and rpmspec expand the macro text their
// --eval and --define options give, and rpmbuild and rpmspec the whole
// spec file they read; rpmbuild then runs the spec's build sections as
// shell scripts. See docs/security-model.md, "Hardline" (RPM's macro
// language, and removing a package whatever depends on it).

// rpmMacroCode returns the code expanding the macro text runs: each
// %(CMD)'s CMD (nested ones on their own too), for Lua a command that
// asks as inline code does (lua -e '...'), and for text that expands what
// it builds one that asks as an eval of text not known does: what they
// run is not read.
func rpmMacroCode(text string) []string {
	out := bracketBodies(text, "%(", len(text))
	low := asciiLower(text)
	if strings.Contains(low, "%{lua:") {
		out = append(out, "lua -e "+shellQuoted(text))
	}
	if strings.Contains(low, "%{expand:") {
		// What it expands again is text it builds: not known.
		out = append(out, `eval "$RPM_EXPANDED_MACRO"`)
	}
	return out
}

// bracketBodies returns, for each open in s (a text ending in '(', '{' or
// '['), what follows it up to the bracket that closes it, or to s's end
// when none does; nested ones are returned on their own too, at most max
// in all.
func bracketBodies(s, open string, max int) []string {
	var out []string
	for len(out) < max {
		i := strings.Index(s, open)
		if i < 0 {
			break
		}
		s = s[i+len(open):]
		body, ok := closeBracket(s, open[len(open)-1])
		if !ok {
			body = s
		}
		out = append(out, body)
	}
	return out
}

// closeParen returns s up to the parenthesis that closes one opened just
// before it, and whether there is one.
func closeParen(s string) (string, bool) { return closeBracket(s, '(') }

// closeBracket returns s up to the bracket that closes open, a '(', '{'
// or '[' opened just before it, and whether there is one.
func closeBracket(s string, open byte) (string, bool) {
	end := map[byte]byte{'(': ')', '{': '}', '[': ']'}[open]
	depth := 1
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case open:
			depth++
		case end:
			if depth--; depth == 0 {
				return s[:i], true
			}
		}
	}
	return "", false
}

// rpmBuildSections are the sections of a spec file that rpmbuild runs as
// shell scripts while it builds; the others (a package's description,
// its files, its changelog, the scripts its install runs later) end one.
var rpmBuildSections = setOf("prep", "conf", "generate_buildrequires", "build", "install", "check", "clean")

// rpmSpecSection matches a line that starts a section of a spec file.
var rpmSpecSection = regexp.MustCompile(`^%([a-z_]+)(?:\s|$)`)

// rpmProgramMacro matches the macros that name a program by its name
// (%{__rm}, %__make, %{__python3}).
var rpmProgramMacro = regexp.MustCompile(`%\{__([A-Za-z0-9_]+)\}|%__([A-Za-z0-9_]+)`)

// rpmSpecScripts returns what reading a spec file runs: the code of its
// macros wherever they are (rpmMacroCode), and with build, the text of
// its build sections as the shell scripts rpmbuild runs, each %(CMD) in
// them standing as one word and each program macro as its program.
// Other macros are not expanded: %{buildroot}/x reads as a relative name.
func rpmSpecScripts(text string, build bool) []string {
	out := rpmMacroCode(text)
	if !build {
		return out
	}
	var sec strings.Builder
	in := false
	flush := func() {
		if sec.Len() > 0 {
			out = append(out, rpmProgramMacro.ReplaceAllString(macroWords(sec.String()), "$1$2"))
			sec.Reset()
		}
	}
	for line := range strings.SplitSeq(text, "\n") {
		if m := rpmSpecSection.FindStringSubmatch(strings.TrimRight(line, "\r")); m != nil && rpmSection(m[1]) {
			flush()
			in = rpmBuildSections[m[1]]
			continue
		}
		if in {
			sec.WriteString(line)
			sec.WriteByte('\n')
		}
	}
	flush()
	return out
}

// rpmSection reports whether a %NAME at a line's start begins a section
// rather than being a macro (%setup, %if, %global).
func rpmSection(name string) bool {
	if rpmBuildSections[name] {
		return true
	}
	switch name {
	case "package", "description", "files", "changelog", "pre", "post", "preun", "postun", "pretrans", "posttrans",
		"preuntrans", "postuntrans", "verifyscript", "sourcelist", "patchlist":
		return true
	}
	return strings.HasPrefix(name, "trigger") || strings.HasPrefix(name, "filetrigger") || strings.HasPrefix(name, "transfiletrigger")
}

// macroWords puts a plain word in place of each %(CMD) of a build
// section's text (their commands are judged on their own), so that the
// shell's parser reads the rest.
func macroWords(s string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, "%(")
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		b.WriteString("rpm-macro")
		body, ok := closeParen(s[i+2:])
		if !ok {
			return b.String()
		}
		s = s[i+2+len(body)+1:]
	}
}

// rpmMacros is the special of rpm, rpmbuild and rpmspec: the macro text
// --eval, -E, --define and -D give is expanded (rpmMacroCode); a text
// not known asks. rpm -e --nodeps, which removes packages whatever
// depends on them, asks (system-admin), as dpkg's forced removal of an
// essential package does.
func rpmMacros(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
	for _, f := range optionValues(args, "--eval", "-E", "--define", "-D") {
		if f.dyn {
			r.finding(ruleEvalDynamic, Dynamic, Ask, b+" expands macro text that comes from "+f.why+", which may run commands", cmd, "")
			continue
		}
		for _, code := range rpmMacroCode(f.val) {
			r.reparseField(sc, field{val: code}, c, cmd, true)
		}
	}
	if b == "rpm" && unsafeRemoval(args, "--erase", "e", "", 1) {
		ri, _ := ruleInfo(ruleSystemAdmin)
		r.finding(ri.Name, ri.Kind, ri.Severity, "rpm removes packages without checking what depends on them (--nodeps)", cmd, "")
	}
	return false
}

// pacmanRemoval is the special of pacman: -R given -d twice (or
// --nodeps twice) removes packages whatever depends on them, and asks
// (system-admin).
func pacmanRemoval(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
	if unsafeRemoval(args, "--remove", "R", "d", 2) {
		ri, _ := ruleInfo(ruleSystemAdmin)
		r.finding(ri.Name, ri.Kind, ri.Severity, b+" removes packages without checking what depends on them (-dd)", cmd, "")
	}
	return false
}

// unsafeRemoval reports whether a package manager's line removes packages
// with what depends on them not checked: its removal is the long option
// long or the letter short in a cluster of short options, and the check
// is off when --nodeps (or the letter nodeps in a cluster, when not
// empty) is given need times. A word not known that may be an option may
// be the removal.
func unsafeRemoval(args []field, long, short, nodeps string, need int) bool {
	remove, off := false, 0
	for _, a := range args {
		switch {
		case a.dyn:
			remove = remove || maybeOption(a) // "$MODE" may be -e
		case a.val == long:
			remove = true
		case a.val == "--nodeps":
			off++
		case len(a.val) > 1 && a.val[0] == '-' && a.val[1] != '-':
			remove = remove || strings.Contains(a.val, short)
			if nodeps != "" {
				off += strings.Count(a.val, nodeps)
			}
		}
	}
	return remove && off >= need
}

// maybeOption reports whether a word not known may be an option: nothing
// of it is known, or what is starts with a dash.
func maybeOption(f field) bool { return f.val == "" || f.val[0] == '-' }
