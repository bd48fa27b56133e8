package hardline

import (
	"encoding/base64"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"
)

// On Windows a command line may be run by cmd.exe or PowerShell, which read
// text otherwise than bash: a backslash is a path separator, never an
// escape (bash takes it out of C:\Users\me\.ssh\id_rsa unquoted), cmd
// expands %USERPROFILE% everywhere, and PowerShell expands $env:USERPROFILE
// outside single quotes. The analyser cannot know which program will run
// the line, so on Windows (Config.OS "windows") a command whose text holds
// a backslash, a %VARIABLE%, a $env: variable or cmd's ^ escape is judged
// twice: as bash reads it, and as those shells do (windowsReading), the
// stricter findings of both standing (see docs/security-model.md, Hardline). A reading that
// does not parse as bash adds nothing of its own: its parse error belongs
// to a reading the bash one already judged.

// windowsReading returns src as cmd.exe and PowerShell read it, written so
// that bash reads the same words: every backslash outside single quotes
// doubled (bash then keeps it), cmd's ^ escapes outside quotes taken out,
// and %NAME% and $env:NAME (${env:NAME}) replaced by the value where it
// follows from the home folder (cmdVariables, HOMEDRIVE, HOMEPATH). It
// reports false when that reading is src itself.
func windowsReading(src, home string) (string, bool) {
	if !strings.ContainsAny(src, `\%$^`) {
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
		case c == '^' && !single && !double && i+1 < len(src):
			// cmd's escape: the next character stands for itself (r^d
			// is rd).
			i++
			if strings.IndexByte("\"'$`&|<>();", src[i]) >= 0 {
				b.WriteByte('\\')
			}
			write(src[i : i+1])
			continue
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
				// %NAME:~0,8% and %NAME:a=b% are parts of NAME's value.
				name, _, _ := strings.Cut(src[i+1:i+1+j], ":")
				if v, ok := credentialReference(name); ok {
					b.WriteString(v)
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
				if v, ok := credentialReference(name); ok {
					b.WriteString(v)
					i += n - 1
					continue
				}
			}
			if v, n, ok := profileReference(src[i:], home); ok {
				write(v)
				i += n - 1
				continue
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

// profileReference reads PowerShell's $PROFILE at the start of s, with one
// of its properties (.CurrentUserAllHosts, .AllUsersCurrentHost, ...):
// the profile script PowerShell runs at every start, in the home's
// Documents\PowerShell for the current user and in PowerShell's own
// folder for all users; and the length of the reference.
func profileReference(s, home string) (string, int, bool) {
	const name = "$profile"
	if len(s) < len(name) || !strings.EqualFold(s[:len(name)], name) {
		return "", 0, false
	}
	n := len(name)
	if n < len(s) && (isLetter(s[n]) || isDigit(s[n]) || s[n] == '_') {
		return "", 0, false // $PROFILEX is another variable
	}
	prop := ""
	if n < len(s) && s[n] == '.' {
		j := n + 1
		for j < len(s) && isLetter(s[j]) {
			j++
		}
		prop, n = strings.ToLower(s[n+1:j]), j
	}
	home = winHome(home)
	switch prop {
	case "", "currentusercurrenthost":
		return home + `\Documents\PowerShell\Microsoft.PowerShell_profile.ps1`, n, true
	case "currentuserallhosts":
		return home + `\Documents\PowerShell\profile.ps1`, n, true
	case "allusersallhosts":
		return `C:\Program Files\PowerShell\7\profile.ps1`, n, true
	case "alluserscurrenthost":
		return `C:\Program Files\PowerShell\7\Microsoft.PowerShell_profile.ps1`, n, true
	}
	return "", 0, false
}

// winHome is the home folder as cmd and PowerShell write it: backslashes,
// no trailing one.
func winHome(home string) string {
	return strings.TrimSuffix(strings.ReplaceAll(home, "/", `\`), `\`)
}

// windowsVariable is the value of a cmd or PowerShell environment variable
// that follows from the home folder (see cmdVariables), in any case.
func windowsVariable(name, home string) (string, bool) {
	if n, mod, ok := strings.Cut(name, ":"); ok {
		// %NAME:~START,LENGTH% and %NAME:OLD=NEW% are parts of NAME's
		// value, which cmd takes as it expands.
		v, known := windowsVariable(n, home)
		if !known {
			return "", false
		}
		return cmdModified(v, mod)
	}
	name = strings.ToUpper(name)
	home = winHome(home)
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

// cmdModified applies a modifier of cmd's variable expansion to val: ~START
// or ~START,LENGTH takes a part of it (a negative START counts from the
// end, a negative LENGTH leaves that many characters off the end), and
// OLD=NEW replaces every OLD, in any case, with NEW (*OLD=NEW replaces
// everything up to the first OLD). A modifier it does not read is not
// known.
func cmdModified(val, mod string) (string, bool) {
	if rest, ok := strings.CutPrefix(mod, "~"); ok {
		startText, lengthText, hasLength := strings.Cut(rest, ",")
		start, err := strconv.Atoi(strings.TrimSpace(startText))
		if err != nil {
			return "", false
		}
		n := len(val)
		if start < 0 {
			start = max(n+start, 0)
		}
		start = min(start, n)
		end := n
		if hasLength {
			l, err := strconv.Atoi(strings.TrimSpace(lengthText))
			if err != nil {
				return "", false
			}
			if l < 0 {
				end = n + l
			} else {
				end = start + l
			}
			end = min(max(end, start), n)
		}
		return val[start:end], true
	}
	old, repl, ok := strings.Cut(mod, "=")
	if !ok || old == "" || old == "*" {
		return "", false
	}
	if o, ok := strings.CutPrefix(old, "*"); ok {
		i := strings.Index(asciiLower(val), asciiLower(o))
		if i < 0 {
			return val, true
		}
		return repl + val[i+len(o):], true
	}
	var b strings.Builder
	lv, lo := asciiLower(val), asciiLower(old)
	for {
		i := strings.Index(lv, lo)
		if i < 0 {
			b.WriteString(val)
			return b.String(), true
		}
		b.WriteString(val[:i])
		b.WriteString(repl)
		val, lv = val[i+len(old):], lv[i+len(old):]
	}
}

// credentialReference is bash's reference to the environment variable
// name (cmd's %NAME%, PowerShell's $env:NAME) when the name says it holds
// a credential: the variables' names are the same in any case on Windows,
// so GITHUB_TOKEN's value is sent by curl.exe -d %github_token% as by
// curl -d "$GITHUB_TOKEN" (see secretEgress). Other names keep their text:
// cmd leaves a %NAME% it has no value for as it stands.
func credentialReference(name string) (string, bool) {
	u := strings.ToUpper(name)
	if !isName(u) || !credentialName(u) {
		return "", false
	}
	return "${" + u + "}", true
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
		if f.Rule == ruleParseError || seen[f] {
			continue
		}
		seen[f] = true
		res.Findings = append(res.Findings, f)
	}
	// Worst first, then cut to the bound: the cut never drops a block
	// for an ask.
	slices.SortFunc(res.Findings, compareFindings)
	res.Findings = res.Findings[:min(len(res.Findings), maxFindings)]
	// The files either reading read are what an approval binds.
	for _, s := range other.Scripts {
		if !slices.ContainsFunc(res.Scripts, func(o Script) bool { return o.Path == s.Path }) {
			res.Scripts = append(res.Scripts, s)
		}
	}
	slices.SortFunc(res.Scripts, compareScripts)
	return res
}

// powershell judges pwsh's and powershell's command line: the command
// text of -Command (its words after it joined, as PowerShell joins them),
// of -CommandWithArgs and of -EncodedCommand (base64 of UTF-16LE text)
// asks, since PowerShell's language is not read whole, and is also judged
// a statement at a time (powershellScript), so that a cmdlet the catalogue
// knows or a program run from it is judged as it would be typed. Option
// names are matched by their prefixes, as PowerShell matches them (-c,
// -comm, -enc, -ec); a word that is no option's is a script file for pwsh
// and starts the command for powershell.exe, as each takes it. A command
// read from standard input is its input's.
func (r *run) powershell(sc *scope, b string, args []field, c ctx, cmd string, inline func(string)) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := asciiLower(strings.TrimLeft(a.val, "-/"))
		option := strings.HasPrefix(a.val, "-") || strings.HasPrefix(a.val, "/") && v != "" && !strings.Contains(v, "/")
		rest := args[i+1:]
		switch {
		case a.dyn:
			inline("with a command built at run time")
			return
		case !option && asciiLower(b) == "pwsh":
			r.programFile(sc, b, a, c, cmd)
			r.argsNet(sc, rest, c, cmd) // pwsh takes the word for -File's: a script file's arguments
			return
		case !option:
			inline("with a command")
			r.powershellScript(sc, args[i:], c)
			return
		case v == "cwa" || len(v) > len("command") && strings.HasPrefix("commandwithargs", v):
			inline(a.val)
			r.powershellScript(sc, rest[:min(1, len(rest))], c)
			return
		case strings.HasPrefix("command", v) && v != "":
			if len(rest) == 1 && rest[0].val == "-" {
				r.interpStdin(sc, b, c, cmd)
				return
			}
			inline(a.val)
			r.powershellScript(sc, rest, c)
			return
		case v == "e" || v == "ec" || len(v) > 1 && strings.HasPrefix("encodedcommand", v):
			inline(a.val)
			if len(rest) > 0 && !rest[0].dyn {
				if text, ok := decodeUTF16Base64(rest[0].val); ok {
					r.powershellScript(sc, []field{{val: text}}, c)
				}
			}
			return
		case strings.HasPrefix("file", v) && v != "":
			if len(rest) > 0 && !rest[0].dyn && (rest[0].val == "-" || isStdin(rest[0].val)) {
				r.interpStdin(sc, b, c, cmd) // -File - and -File /dev/stdin read the script from the input
			} else if len(rest) > 0 {
				r.programFile(sc, b, rest[0], c, cmd)
			}
			return
		case powershellValued(v):
			i++ // the option's value
		}
	}
	r.interpStdin(sc, b, c, cmd)
}

// powershellValued reports whether PowerShell's option v (lower case,
// without its dash) takes a value: -ExecutionPolicy (-ex, -ep),
// -InputFormat, -OutputFormat, -WindowStyle, -WorkingDirectory, -Version,
// -ConfigurationName, -ConfigurationFile, -CustomPipeName, -SettingsFile,
// -PSConsoleFile, each by any prefix PowerShell accepts.
func powershellValued(v string) bool {
	switch v {
	case "ep", "if", "of", "wd", "wo", "ea":
		return true
	}
	for _, name := range []string{"executionpolicy", "inputformat", "outputformat", "windowstyle", "workingdirectory",
		"version", "configurationname", "configurationfile", "custompipename", "settingsfile", "psconsolefile", "encodedarguments"} {
		if len(v) >= 2 && strings.HasPrefix(name, v) || v == name[:1] && strings.Contains("owv", v) {
			return true
		}
	}
	return false
}

// decodeUTF16Base64 decodes -EncodedCommand's text: base64 of UTF-16LE.
func decodeUTF16Base64(s string) (string, bool) {
	raw, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		if raw, err = base64.RawStdEncoding.DecodeString(s); err != nil {
			return "", false
		}
	}
	if len(raw)%2 != 0 {
		return "", false
	}
	u := make([]uint16, len(raw)/2)
	for i := range u {
		u[i] = uint16(raw[2*i]) | uint16(raw[2*i+1])<<8
	}
	return string(utf16.Decode(u)), true
}

// maxPowerShellPieces bounds the statements of one PowerShell text judged
// one at a time; past it the text asks as too complex.
const maxPowerShellPieces = 64

// powershellScript judges PowerShell text (words joined by spaces, as
// -Command joins them; a word built at run time leaves the text to the
// ask the caller made) a statement at a time: split at ;, new lines and
// braces outside quotes, so that a script block or an if's body is judged
// whatever surrounds it, its backtick escapes taken out and a leading call
// operator (& or .) dropped. Each statement is judged as bash reads it and,
// on Windows, as windowsReading reads it; elsewhere $env:HOME is the home
// folder. A statement bash cannot parse adds nothing (the caller asked).
func (r *run) powershellScript(sc *scope, words []field, c ctx) {
	text, ok := joinedText(words)
	if !ok {
		return
	}
	pieces := powershellPieces(text)
	if len(pieces) > maxPowerShellPieces {
		r.tooComplex("the PowerShell command has more statements than the bound")
		return
	}
	for _, p := range pieces {
		r.judgeReadings(sc, psAliased(p), c)
	}
}

// psRemoveAliases are PowerShell's aliases of Remove-Item on every system
// (del, erase, rd; ri is a catalogue name of its own). rm and rmdir, Windows's aliases too, are judged
// as rm and rmdir, which read -r as recursive as well.
var psRemoveAliases = map[string]bool{"del": true, "erase": true, "rd": true}

// psAliased returns a PowerShell statement with a Remove-Item alias at its
// start written as Remove-Item, whose parameters (-r, -fo, -Path) are
// PowerShell's, not cmd's or the program's of that name.
func psAliased(stmt string) string {
	i := strings.IndexAny(stmt, " \t")
	if i < 0 {
		i = len(stmt)
	}
	if psRemoveAliases[asciiLower(stmt[:i])] {
		return "Remove-Item" + stmt[i:]
	}
	return stmt
}

// powershellPieces splits PowerShell text into statements (see
// powershellScript).
func powershellPieces(text string) []string {
	var pieces []string
	var b strings.Builder
	single, double := false, false
	flush := func() {
		s := strings.TrimSpace(b.String())
		if t, ok := strings.CutPrefix(s, "&"); ok && t != "" && (t[0] == ' ' || t[0] == '\t' || t[0] == '\'' || t[0] == '"') {
			s = strings.TrimSpace(t) // the call operator: & 'C:\x\tool.exe' args
		} else if t, ok := strings.CutPrefix(s, ". "); ok {
			s = strings.TrimSpace(t) // dot-sourcing a script
		}
		if s != "" {
			pieces = append(pieces, s)
		}
		b.Reset()
	}
	for i := 0; i < len(text); i++ {
		ch := text[i]
		switch {
		case ch == '`' && !single && i+1 < len(text):
			// PowerShell's escape: the next character stands for itself
			// (R`emove-Item is Remove-Item); bash's backslash says so.
			i++
			if strings.IndexByte("\"'\\$`", text[i]) >= 0 {
				b.WriteByte('\\')
			}
			b.WriteByte(text[i])
			continue
		case ch == '$' && !single && i+1 < len(text) && text[i+1] == '{':
			// ${name} and ${env:NAME} are a variable, not a block.
			if j := strings.IndexByte(text[i:], '}'); j > 0 {
				b.WriteString(text[i : i+j+1])
				i += j
				continue
			}
		case ch == '\'' && !double:
			single = !single
		case ch == '"' && !single:
			double = !double
		case !single && !double && (ch == ';' || ch == '\n' || ch == '{' || ch == '}'):
			flush()
			continue
		}
		b.WriteByte(ch)
	}
	flush()
	return pieces
}

// envHomeReading returns src with PowerShell's $env:HOME and ${env:HOME}
// (in any case, outside single quotes) replaced by home, as pwsh reads them
// outside Windows; false when src holds none.
func envHomeReading(src, home string) (string, bool) {
	if !strings.Contains(src, "$") {
		return "", false
	}
	var b strings.Builder
	single, changed := false, false
	for i := 0; i < len(src); i++ {
		switch ch := src[i]; {
		case ch == '\'':
			single = !single
		case ch == '$' && !single:
			if name, n, ok := envReference(src[i:]); ok && strings.EqualFold(name, "HOME") {
				b.WriteString(home)
				i += n - 1
				changed = true
				continue
			} else if v, ok := credentialReference(name); ok {
				b.WriteString(v)
				i += n - 1
				changed = true
				continue
			}
		}
		b.WriteByte(src[i])
	}
	return b.String(), changed
}

// parses reports whether text parses as bash.
func (r *run) parses(text string) bool {
	_, err := r.parse(text)
	return err == nil
}

// cmdScript judges the command line cmd.exe /c runs (its words joined, as
// cmd joins them; a word built at run time leaves it to the ask the
// caller made): its ^ escapes taken out outside double quotes (r^d is rd),
// then judged whole as bash reads it and, on Windows, as windowsReading
// reads it; a line bash cannot parse is judged a command at a time, split
// at &, | and new lines outside double quotes.
func (r *run) cmdScript(sc *scope, words []field, c ctx) {
	text, ok := joinedText(words)
	if !ok {
		return
	}
	if len(text) > 1 && text[0] == '"' && text[len(text)-1] == '"' && strings.Count(text, `"`) == 2 {
		text = text[1 : len(text)-1] // cmd /c "rd /s /q x": the quotes around the whole line go
	}
	line, pieces := cmdPieces(text)
	if r.parses(line) {
		pieces = []string{line}
	}
	if len(pieces) > maxPowerShellPieces {
		r.tooComplex("the cmd.exe command has more commands than the bound")
		return
	}
	for _, p := range pieces {
		r.judgeReadings(sc, p, c)
	}
}

// judgeReadings judges text as a nested script as bash reads it and, on
// Windows, as windowsReading reads it (elsewhere with $env:HOME as the
// home folder, as pwsh reads it); a reading bash cannot parse adds nothing.
func (r *run) judgeReadings(sc *scope, text string, c ctx) {
	readings := []string{text}
	if r.a.windows {
		if w, ok := windowsReading(text, r.a.home); ok {
			readings = append(readings, w)
		}
	} else if w, ok := envHomeReading(text, r.a.home); ok {
		readings = append(readings, w)
	}
	for _, t := range readings {
		if r.parses(t) {
			r.embeddedScript(sc, t, c)
		}
	}
}

// cmdPieces returns cmd.exe's line with its ^ escapes taken out outside
// double quotes, and that line split at &, | and new lines outside them.
func cmdPieces(text string) (string, []string) {
	var line, piece strings.Builder
	var pieces []string
	flush := func() {
		if s := strings.TrimSpace(piece.String()); s != "" {
			pieces = append(pieces, s)
		}
		piece.Reset()
	}
	double := false
	for i := 0; i < len(text); i++ {
		ch := text[i]
		switch {
		case ch == '^' && !double && i+1 < len(text):
			i++
			ch = text[i]
			if strings.IndexByte("\"'\\$`&|<>();", ch) >= 0 {
				line.WriteByte('\\') // escaped for cmd, so for bash too
				piece.WriteByte('\\')
			}
			line.WriteByte(ch)
			piece.WriteByte(ch)
			continue
		case ch == '"':
			double = !double
		case !double && (ch == '&' || ch == '|' || ch == '\n'):
			line.WriteByte(ch)
			flush()
			continue
		}
		line.WriteByte(ch)
		piece.WriteByte(ch)
	}
	flush()
	return line.String(), pieces
}

// joinedText is words joined by spaces, as PowerShell's -Command and cmd's
// /c join them; false when one is built at run time.
func joinedText(words []field) (string, bool) {
	vals := make([]string, 0, len(words))
	for _, w := range words {
		if w.dyn {
			return "", false
		}
		vals = append(vals, w.val)
	}
	return strings.Join(vals, " "), true
}
