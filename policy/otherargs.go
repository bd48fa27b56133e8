package policy

import (
	"cmp"
	"encoding/json"
	"github.com/toolgate/toolgate/toolmeta"
	"path"
	"slices"
	"strings"
	"unicode"

	"github.com/toolgate/toolgate/hardline"
	"github.com/toolgate/toolgate/internal/hostaddr"
	"github.com/toolgate/toolgate/roots"
)

// Values the metadata does not declare as paths (see docs/security-model.md,
// Arguments): a tool may read an argument as a path although its metadata
// does not say so (a "follow" or "include" option, a fetcher's target given
// as a file URL). Such a value that is, whole, a path naming a sensitive
// host path is denied at step 2 as a declared path would be. Only values
// written as paths are read: an absolute path, a leading ~, ~name, $HOME or
// ${HOME}, a file URL, or a path starting with ./ or ../, and the other
// spellings a tool may open (valueSpellings: cut at a NUL byte, made clean,
// decoded, backslashes as slashes) that are so written. Inside a one-line
// string, a path written as an option's value (--key=PATH, -i PATH, @PATH,
// a,PATH, "PATH") that names a sensitive host path asks, since the tool
// may pass the string on as a command line's arguments (optionPaths).
// For a tool that is not a reader, one word written as a relative path
// without ./ (bareRelative) is read so too (otherValue.relative).
// Other text (a message, a file's contents over lines, a search, prose
// that mentions a path) is left to the tool's own judgement, since nothing
// says it names a file.

// Bounds of the walk over undeclared values: lists and objects are read
// this deep, and at most MaxPathsPerCall strings that read as paths are
// judged; past either the call needs approval (maxOtherDepth,
// otherTooMany).
const maxOtherDepth = 16

// maxOtherJSON bounds the JSON text inside a string value that is decoded
// to be read (collectPathLike); a longer one is read as text.
const maxOtherJSON = 64 << 10

// otherValue is one string found in an argument the metadata does not
// declare as a path, with the argument's name.
type otherValue struct {
	arg, value string
	// how says how value was read from the argument's string, when it is
	// another spelling of it (valueSpellings); "" for the string itself.
	how string
	// metadata is the word of value that names a cloud metadata
	// service's credentials, if it does (hardline.MetadataSecret).
	metadata string
	// option: value is not the whole string but a path written as an
	// option's value inside it (optionPaths); a sensitive one asks.
	option bool
	// tooMany: the string holds more option values than optionPaths
	// reads (maxOptionPaths); the call asks.
	tooMany bool
	// expanded: value is one word that starts with shell expansion
	// syntax and names a folder ($(echo ~)/.ssh/id_rsa), judged as a
	// shell would read it (shellWordPath).
	expanded bool
	// relative: value is one word written as a relative path without a
	// leading ./ (.husky/pre-commit, cfg/autostart/x.desktop, .npmrc) in
	// an argument of a tool that writes (bareRelative): a word of text may
	// look so too, so only a tool that may write what it names reads it.
	relative bool
}

// otherPaths is the part of step 2 that reads the call's other arguments:
// the target argument and every argument the metadata does not declare.
// It reports false when it settled the decision (a deny).
func (ev *evaluation) otherPaths() bool {
	m := &ev.meta
	var vals []otherValue
	over := false
	if ev.args.hasTarget {
		vals, over = ev.collectPathLike(vals, m.TargetArgument, ev.args.target, 0)
	}
	if !over {
		for _, k := range ev.args.undeclared {
			if vals, over = ev.collectPathLike(vals, k, ev.c.Args[k], 0); over {
				break
			}
		}
	}
	if over {
		ev.st.tighten(ApprovalRequired, ReasonHardlineDynamic, "undeclared-arguments",
			"arguments the tool's metadata does not declare hold more values, or nest deeper, than toolgate judges")
	}
	if len(vals) == 0 {
		return true
	}
	if ev.budget == nil {
		ev.budget = &roots.Budget{Max: MaxLookupsPerCall}
	}
	for _, v := range vals {
		if v.expanded {
			if !ev.judgeExpanded("argument "+quote(v.arg)+" holds "+quote(v.value), "cat -- "+v.value) {
				return false
			}
			continue
		}
		if v.metadata != "" {
			return ev.stop(ReasonHardlinePath, "sensitive-path", "argument "+quote(v.arg)+" holds "+quote(v.metadata)+
				", a cloud metadata service's credentials or user data")
		}
		if v.tooMany {
			ev.st.tighten(ApprovalRequired, ReasonHardlineDynamic, "undeclared-arguments",
				"argument "+quote(v.arg)+" holds more paths written as options' values than toolgate reads")
			continue
		}
		given, err := ev.e.pathReading(v.value)
		if v.option {
			ev.optionPath(v, given, err)
			continue
		}
		if err != nil {
			// A file URL that names no local path (another host, a query):
			// what the tool would fetch is not known.
			ev.st.tighten(ApprovalRequired, ReasonHardlineDynamic, "undeclared-arguments",
				"argument "+quote(v.arg)+" holds "+quote(v.value)+", which does not name a local path: "+err.Error())
			continue
		}
		// The set resolves a relative path against the primary root, ..
		// after the links before it, as the tool's open would.
		resolved, err := ev.set.CanonicalBudget(given, ev.budget)
		if err != nil {
			resolved = ""
		}
		if rule, hit := ev.e.sensitive(given, resolved, ev.set); hit {
			return ev.stop(ReasonHardlinePath, rule, "argument "+quote(v.arg)+" holds "+quote(v.value)+v.how+
				", written as a path, and it is a sensitive host path ("+cmp.Or(resolved, given)+")")
		}
		// A tool that is not a reader may write what an argument it does
		// not declare names: a startup file, a protected file, a device, a
		// git hook or a file a program runs by itself asks, as a write
		// there needs a person's look whether or not the tool writes it.
		if m.Risk != toolmeta.RiskRead && v.arg != m.TargetArgument && ev.e.hard != nil {
			if f, hit := ev.e.hard.WriteTarget(givenForm(given, resolved, ev.set), resolved); hit {
				ev.st.tighten(ApprovalRequired, hardlineReason(f.Kind), f.Rule, "argument "+quote(v.arg)+" holds "+quote(v.value)+v.how+
					", written as a path, which the tool may write: it "+f.Detail+" ("+f.Path+")")
			}
		}
		if err != nil {
			// Not resolved (a link loop, the lookup budget spent): what
			// it names through its links is not known.
			what := ", written as a path, which"
			if v.relative {
				what = ", which may name a path the tool writes, and it"
			}
			ev.st.tighten(ApprovalRequired, ReasonHardlineDynamic, "undeclared-arguments",
				"argument "+quote(v.arg)+" holds "+quote(v.value)+v.how+what+" could not be resolved: "+err.Error())
		}
	}
	return true
}

// bareRelative reports whether s, with surrounding white space removed,
// is one word that reads as a relative path written without ./: one
// holding a slash (src/x.go, .husky/pre-commit) or a dot (.npmrc,
// mise.toml), with no blank and no URL scheme. A path written with
// backslashes is read through its spelling with slashes
// (valueSpellings).
func bareRelative(s string) bool {
	s = strings.TrimSpace(s)
	if s == "" || len(s) > 4096 || strings.Contains(s, "://") {
		return false
	}
	return !strings.ContainsFunc(s, unicode.IsSpace) && strings.ContainsAny(s, "/.")
}

// optionPath judges a path written as an option's value inside an
// undeclared string (--key=PATH, -i PATH, @PATH, a,PATH, "PATH"): one
// that names a sensitive host path asks, since the tool may pass the
// string on as a command line's arguments; anything else is left alone,
// as text.
func (ev *evaluation) optionPath(v otherValue, given string, err error) {
	if err != nil {
		return
	}
	resolved, err := ev.set.CanonicalBudget(given, ev.budget)
	if err != nil {
		resolved = ""
	}
	if _, hit := ev.e.sensitive(given, resolved, ev.set); hit {
		ev.st.tighten(ApprovalRequired, ReasonHardlineDynamic, "undeclared-arguments",
			"argument "+quote(v.arg)+" names "+quote(v.value)+" as an option's value, and it is a sensitive host path ("+cmp.Or(resolved, given)+")")
	}
}

// maxOptionPaths bounds the option values optionPaths takes from one
// string; past it the call asks.
const maxOptionPaths = 16

// optionPaths returns the paths written as options' values inside s, a
// single line that is not itself a path: after = (--key=PATH, key=PATH),
// after @ (@PATH), as an element of a comma list (a.txt,PATH), quoted
// whole ("PATH"), or as the word after an option (-i PATH, --file PATH).
// A word in prose ("keys live in ~/.ssh/id_rsa") is not one: nothing
// says a tool reads it.
//
// It reports false when s holds more of them than maxOptionPaths.
func optionPaths(s string) ([]string, bool) {
	s = strings.TrimSpace(s)
	if len(s) > 4096 || strings.ContainsAny(s, "\n\r") {
		return nil, true
	}
	var out []string
	add := func(p string) {
		if pathLike(p) {
			out = append(out, p)
		}
		for _, sp := range valueSpellings(p) {
			if pathLike(sp.text) {
				out = append(out, sp.text)
			}
		}
	}
	words := strings.Fields(s)
	for i, w := range words {
		w = strings.Trim(w, `"'`+"`")
		if i > 0 && len(words[i-1]) > 1 && words[i-1][0] == '-' {
			add(w) // -i PATH, --file PATH
		}
		if j := strings.IndexByte(w, '='); j > 0 {
			add(strings.Trim(w[j+1:], `"'`))
		}
		if rest, ok := strings.CutPrefix(w, "@"); ok {
			add(rest)
		}
		if strings.Contains(w, ",") {
			for e := range strings.SplitSeq(w, ",") {
				add(e)
			}
		}
		if len(words) == 1 && w != words[0] {
			add(w) // "PATH", quoted whole
		}
		if len(out) > maxOptionPaths {
			return nil, false
		}
	}
	return out, true
}

// collectPathLike appends the strings in v, a decoded JSON value, that read
// as paths. It reports true when v holds more of them than
// MaxPathsPerCall, or nests deeper than maxOtherDepth.
func (ev *evaluation) collectPathLike(vals []otherValue, arg string, v any, depth int) ([]otherValue, bool) {
	if depth > maxOtherDepth || len(vals) > MaxPathsPerCall {
		return vals, true
	}
	switch v := v.(type) {
	case string:
		// JSON inside a string ("{\"src\": \"~/.ssh/id_rsa\"}") is read as
		// the tool would decode it.
		if t := strings.TrimSpace(v); len(t) > 1 && len(t) <= maxOtherJSON && (t[0] == '{' || t[0] == '[') {
			var inner any
			if json.Unmarshal([]byte(t), &inner) == nil {
				return ev.collectPathLike(vals, arg, inner, depth+1)
			}
		}
		vals = ev.appendPathLike(vals, arg, v)
	case []string:
		for _, s := range v {
			var over bool
			if vals, over = ev.collectPathLike(vals, arg, s, depth+1); over {
				return vals, true
			}
		}
	case []any:
		for _, x := range v {
			var over bool
			if vals, over = ev.collectPathLike(vals, arg, x, depth+1); over {
				return vals, true
			}
		}
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			var over bool
			if vals, over = ev.collectPathLike(vals, arg+"."+k, v[k], depth+1); over {
				return vals, true
			}
		}
	}
	return vals, len(vals) > MaxPathsPerCall
}

// appendPathLike appends s when it is written as a path, or names a cloud
// metadata service's credentials (a fetcher's URL).
func (ev *evaluation) appendPathLike(vals []otherValue, arg, s string) []otherValue {
	if len(s) <= 4096 {
		if u, ok := hardline.MetadataSecret(s); ok {
			return append(vals, otherValue{arg: arg, value: s, metadata: u})
		}
	}
	writes := ev.meta.Risk != toolmeta.RiskRead && arg != ev.meta.TargetArgument
	for _, sp := range valueSpellings(s) {
		switch {
		case pathLike(sp.text):
			vals = append(vals, otherValue{arg: arg, value: sp.text, how: " (" + sp.how + ")"})
		case writes && bareRelative(sp.text):
			vals = append(vals, otherValue{arg: arg, value: strings.TrimSpace(sp.text), how: " (" + sp.how + ")", relative: true})
		}
	}
	for _, p := range thisMachineTransfer(s, ev.thisMachine) {
		vals = append(vals, otherValue{arg: arg, value: p, how: " (a transfer from this machine names it)"})
	}
	// A path a shell builds is judged as written first, then as the
	// shell expands it.
	var expanded []otherValue
	if shellWordPath(s) {
		expanded = []otherValue{{arg: arg, value: strings.TrimSpace(s), expanded: true}}
	}
	if pathLike(s) {
		return append(append(vals, otherValue{arg: arg, value: s}), expanded...)
	}
	vals = append(vals, expanded...)
	if writes && bareRelative(s) {
		return append(vals, otherValue{arg: arg, value: strings.TrimSpace(s), relative: true})
	}
	paths, ok := optionPaths(s)
	if !ok {
		return append(vals, otherValue{arg: arg, tooMany: true})
	}
	for _, p := range paths {
		vals = append(vals, otherValue{arg: arg, value: p, option: true})
	}
	return vals
}

// thisMachineTransfer returns the local paths a URL of a file-transfer
// scheme names when its host is this machine (sftp://localhost/home/dev/x,
// scp://127.0.0.1/~/.aws/credentials, ftp://[::1]/.netrc, sftp://HOST/...
// with this machine's name, as local says): a tool that fetches it reads
// a local file. A path after ~ is in the home folder; any other is read
// both as written and in the home folder, where an FTP or SFTP server may
// start (docs/security-model.md, Arguments).
func thisMachineTransfer(s string, local func(host string) bool) []string {
	if len(s) > 4096 || !strings.Contains(s, "://") {
		return nil
	}
	var out []string
	for _, w := range strings.Fields(s) { // each URL of a text that holds several
		_, host, p, ok := hostaddr.TransferURL(w)
		switch {
		case !ok || !hostaddr.Loopback(host) && !local(host):
		case strings.HasPrefix(p, "~"):
			out = append(out, p)
		default:
			out = append(out, "/"+p, "~/"+p)
		}
	}
	return out
}

// valueSpellings returns the other spellings of an undeclared string that
// a tool reading it as a path may open (docs/security-model.md, Arguments):
// the part before its first NUL byte, as a program in C reads it; a path
// longer than pathLike reads, made clean (path.Clean), as a tool that
// normalises a path before it opens it reads it when that brings it under
// the bound; and of the string and of each of these, the decoded and
// backslash spellings of a path argument (otherSpellings). The caller
// keeps those written as paths. A string with no NUL byte, no percent
// sign and no backslash, no longer than the bound, has none.
func valueSpellings(s string) []spelling {
	t := strings.TrimSpace(s)
	if len(t) <= 4096 && !strings.ContainsAny(t, "\x00%\\") {
		return nil
	}
	var out []spelling
	add := func(text, how string) {
		if text != t && !slices.ContainsFunc(out, func(o spelling) bool { return o.text == text }) {
			out = append(out, spelling{text, how})
		}
	}
	if i := strings.IndexByte(t, 0); i >= 0 {
		add(strings.TrimSpace(t[:i]), "up to its first NUL byte, as a program in C reads it")
	}
	for _, c := range append([]spelling{{t, ""}}, out...) {
		if len(c.text) > 4096 && !strings.ContainsAny(c.text, "\n\r") {
			if d := path.Clean(c.text); len(d) <= 4096 {
				add(d, joinHow(c.how, "made clean, as a tool that normalises a path reads it"))
			}
		}
	}
	for _, c := range append([]spelling{{t, ""}}, out...) {
		if len(c.text) > 4096 {
			continue
		}
		for _, sp := range otherSpellings(c.text) {
			add(sp.text, joinHow(c.how, sp.how))
		}
	}
	return out
}

// shellWordPath reports whether s, with surrounding white space removed,
// is one word that starts with shell expansion syntax ($NAME, ${...},
// $(...), `...`) and holds a slash, as a path built by a shell is written
// ($(echo ~)/.ssh/id_rsa, ${XDG_CONFIG_HOME}/gh/hosts.yml). Text with
// blanks (a message quoting a command) is not one.
func shellWordPath(s string) bool {
	s = strings.TrimSpace(s)
	return len(s) > 1 && len(s) <= 4096 && (s[0] == '$' || s[0] == '`') && shellExpands(s) &&
		strings.Contains(s, "/") && oneShellWord(s)
}

// oneShellWord reports whether s holds no blank outside its command
// substitutions, braced expansions and backquotes: a shell reads it as one
// word ($(echo ~)/x is one; "see $(id) here" is three).
func oneShellWord(s string) bool {
	depth, back := 0, false
	for i, r := range s {
		switch {
		case r == '`':
			back = !back
		case (r == '(' || r == '{') && (depth > 0 || i > 0 && s[i-1] == '$'):
			depth++
		case (r == ')' || r == '}') && depth > 0:
			depth--
		case unicode.IsSpace(r) && depth == 0 && !back:
			return false
		}
	}
	return true
}

// pathLike reports whether s, with surrounding white space removed, is
// written as a path: absolute (on any platform toolgate reads: /x, \x, C:\x,
// C:/x), from a home folder (~, ~name, $HOME, ${HOME}), a file URL, or
// relative from . or .. . Text with a line break is not a path.
func pathLike(s string) bool {
	s = strings.TrimSpace(s)
	if s == "" || len(s) > 4096 || strings.ContainsAny(s, "\n\r\x00") {
		return false
	}
	switch s[0] {
	case '/', '\\', '~':
		return true
	case '.':
		return s == "." || s == ".." || strings.HasPrefix(s, "./") || strings.HasPrefix(s, "../") ||
			strings.HasPrefix(s, `.\`) || strings.HasPrefix(s, `..\`)
	case '$':
		for _, v := range [...]string{"$HOME", "${HOME}"} {
			if rest, ok := strings.CutPrefix(s, v); ok && (rest == "" || isSep(rest[0])) {
				return true
			}
		}
		return false
	}
	if len(s) >= 3 && s[1] == ':' && (s[2] == '/' || s[2] == '\\') && ('a' <= s[0]|0x20 && s[0]|0x20 <= 'z') {
		return true
	}
	return isFileURL(s)
}

// pathReading is the path a tool reading s as a path would open
// (readPath, after white space): a process-relative path is not refused
// here, hardline judges it as any other path.
func (e *Engine) pathReading(s string) (string, error) {
	return e.readPath(strings.TrimSpace(s))
}

// thisMachine reports whether a URL's host reaches this machine by one of
// its own names, as the engine's analyser knows them (loopback names are
// read by thisMachineTransfer itself).
func (ev *evaluation) thisMachine(host string) bool {
	return ev.e.hard != nil && ev.e.hard.ThisMachine(host)
}
