package hardline

import (
	"slices"
	"strings"
)

// On Windows a command line may be run by cmd.exe or PowerShell, which read
// text otherwise than bash: a backslash is a path separator, never an
// escape (bash takes it out of C:\Users\me\.ssh\id_rsa unquoted), cmd
// expands %USERPROFILE% everywhere, and PowerShell expands $env:USERPROFILE
// outside single quotes. The analyser cannot know which program will run
// the line, so on Windows (Config.OS "windows") a command whose text holds
// a backslash, a %VARIABLE% or a $env: variable is judged twice: as bash
// reads it, and as those shells do (windowsReading), the stricter findings
// of both standing (see docs/security-model.md, Hardline). A reading that
// does not parse as bash adds nothing of its own: its parse error belongs
// to a reading the bash one already judged.

// windowsReading returns src as cmd.exe and PowerShell read it, written so
// that bash reads the same words: every backslash outside single quotes
// doubled (bash then keeps it), and %NAME% and $env:NAME (${env:NAME})
// replaced by the value where it follows from the home folder (cmdVariables,
// HOMEDRIVE, HOMEPATH). It reports false when that reading is src itself.
func windowsReading(src, home string) (string, bool) {
	if !strings.ContainsAny(src, `\%$`) {
		return "", false
	}
	var b strings.Builder
	single, double := false, false
	write := func(s string) {
		for i := 0; i < len(s); i++ {
			if s[i] == '\\' && !single {
				b.WriteByte('\\')
			}
			b.WriteByte(s[i])
		}
	}
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '\'' && !double:
			single = !single
		case c == '"' && !single:
			double = !double
		case c == '%':
			if j := strings.IndexByte(src[i+1:], '%'); j > 0 {
				if v, ok := windowsVariable(src[i+1:i+1+j], home); ok {
					write(v) // cmd expands inside quotes too
					i += j + 1
					continue
				}
			}
		case c == '$' && !single:
			if name, n, ok := envReference(src[i:]); ok {
				if v, ok := windowsVariable(name, home); ok {
					write(v)
					i += n - 1
					continue
				}
			}
		}
		write(src[i : i+1])
	}
	out := b.String()
	return out, out != src
}

// envReference reads PowerShell's $env:NAME or ${env:NAME} at the start of
// s: the name and the length of the reference.
func envReference(s string) (string, int, bool) {
	braced := strings.HasPrefix(s, "${")
	rest := s[1:]
	if braced {
		rest = s[2:]
	}
	if len(rest) < 4 || !strings.EqualFold(rest[:4], "env:") {
		return "", 0, false
	}
	n := 4
	for n < len(rest) && (isLetter(rest[n]) || isDigit(rest[n]) || rest[n] == '_') {
		n++
	}
	if n == 4 {
		return "", 0, false
	}
	name := rest[4:n]
	if braced {
		if n >= len(rest) || rest[n] != '}' {
			return "", 0, false
		}
		return name, 2 + n + 1, true
	}
	return name, 1 + n, true
}

// windowsVariable is the value of a cmd or PowerShell environment variable
// that follows from the home folder (see cmdVariables), in any case.
func windowsVariable(name, home string) (string, bool) {
	name = strings.ToUpper(name)
	home = strings.TrimSuffix(strings.ReplaceAll(home, "/", `\`), `\`)
	val, known := cmdVariables[name]
	switch {
	case name == "HOMEDRIVE" && len(home) > 1 && home[1] == ':':
		return home[:2], true
	case name == "HOMEPATH" && len(home) > 1 && home[1] == ':':
		return home[2:], true
	case !known:
		return "", false
	case val == "" || val[0] == '\\':
		return home + val, true // the home, or a folder in it
	}
	return val, true
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// mergeReadings adds to res the findings of a second reading of the same
// command, but for its parse errors, keeping the order Result promises.
func mergeReadings(res, other Result) Result {
	seen := make(map[Finding]bool, len(res.Findings))
	for _, f := range res.Findings {
		seen[f] = true
	}
	for _, f := range other.Findings {
		if f.Rule == ruleParseError || seen[f] || len(res.Findings) >= maxFindings {
			continue
		}
		seen[f] = true
		res.Findings = append(res.Findings, f)
	}
	slices.SortFunc(res.Findings, compareFindings)
	return res
}
