package hardline

import (
	"cmp"
	"regexp"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// A command's name is looked up after quote removal: bash runs the export
// builtin for 'export', \export, e"xport", $'export' and {export,} alike,
// and the cd builtin for command cd and builtin cd, but the parser reads
// only a plain export as a declaration, and every check that asks a
// command's name of the syntax (what echo writes, what a pipe's ps lists,
// a cd's folder) sees the quoted text. plainNames writes such names as
// bash reads them, so that the text is parsed again as bash runs it. An
// alias the script defines is text too: bash replaces a command's name
// with its value when it reads the line (alias q=bash; q -c 'rm -rf ~'
// is bash -c 'rm -rf ~', and alias q=export; q X=... a declaration), so
// its uses are written as their values before the text is parsed again.
// Whether bash expands them is not always known (a script's bash does only
// after shopt -s expand_aliases, and never on the line that defines them),
// so the script as written is judged as well (see run.script).

// isPlainName reports whether s is a command name written plainly: a
// letter, _, ., : or [ first, then those, digits, + and -. (A loop, not
// a pattern: the pre-pass asks it of every command's name.)
func isPlainName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case isLetter(c) || c == '_' || c == '.' || c == ':' || c == '[':
		case i > 0 && (c >= '0' && c <= '9' || c == '+' || c == '-'):
		default:
			return false
		}
	}
	return true
}

// braceField is a word a brace expansion in a command's name gives that is
// written back unquoted: no character the shell reads specially.
var braceField = regexp.MustCompile(`^[A-Za-z0-9_./~:=+,@%\-]+$`)

// reservedWords are bash's reserved words: quoted, they are commands not
// found, and written plainly they would be read as syntax.
var reservedWords = map[string]bool{"if": true, "then": true, "else": true, "elif": true, "fi": true, "case": true, "esac": true,
	"for": true, "select": true, "while": true, "until": true, "do": true, "done": true, "in": true, "function": true,
	"time": true, "coproc": true, "{": true, "}": true, "!": true, "[[": true, "]]": true}

// maxNameEdits bounds the names plainNames writes in one script.
const maxNameEdits = 256

type nameEdit struct {
	start, end int
	text       string
	// keep is the offset in text of a name not to be replaced again (an
	// alias's own name at the start of its text), or -1.
	keep int
}

// plainNames returns src with the names of its simple commands written as
// bash reads them (see above), and true; or src and false when every name
// is plain already. Past maxNameEdits names it writes none and reports
// over: the script is then too complex to read so. A `command` or `builtin` before a name is dropped
// when no option follows it (a function of that name, which they pass
// over, is judged as the program or builtin it shadows anyway).
//
// kept are the offsets in src of names an earlier round wrote as the
// start of their own alias's text (alias rm='rm -rf' makes rm ~ into rm
// -rf ~ once): bash does not replace a word by the alias being replaced
// again, so they are left as they are; keptOut are their offsets, and
// those of this round's, in out.
func plainNames(f *syntax.File, src string, kept map[int]bool) (out string, keptOut map[int]bool, changed, over bool) {
	var edits []nameEdit
	var aliases map[string]string
	walkTree(f, func(n syntax.Node) bool {
		if call, ok := n.(*syntax.CallExpr); ok {
			if e, ok := callNameEdit(call, aliases, kept); ok {
				edits = append(edits, e)
			}
			aliases = aliasDefs(call, aliases)
		}
		return len(edits) <= maxNameEdits
	})
	if len(edits) > maxNameEdits {
		return src, kept, false, true
	}
	if len(edits) == 0 {
		return src, kept, false, false
	}
	slices.SortFunc(edits, func(a, b nameEdit) int { return a.start - b.start })
	var b strings.Builder
	keptOut = map[int]bool{}
	done := 0
	for _, e := range edits {
		if e.start < done || e.end > len(src) {
			continue // nested in an edit already made
		}
		for k := range kept {
			if k >= done && k < e.start {
				keptOut[b.Len()+k-done] = true
			}
		}
		b.WriteString(src[done:e.start])
		if e.keep >= 0 {
			keptOut[b.Len()+e.keep] = true
		}
		b.WriteString(e.text)
		done = e.end
	}
	for k := range kept {
		if k >= done {
			keptOut[b.Len()+k-done] = true
		}
	}
	b.WriteString(src[done:])
	return b.String(), keptOut, true, false
}

// callNameEdit returns the edit that writes a simple command's name as
// bash reads it, if it needs one: an alias defined before it (aliases)
// is replaced by its text, as bash replaces it when it reads the line.
func callNameEdit(call *syntax.CallExpr, aliases map[string]string, kept map[int]bool) (nameEdit, bool) {
	if len(call.Args) == 0 {
		return nameEdit{}, false
	}
	w := call.Args[0]
	if len(aliases) > 0 && len(w.Parts) == 1 && !kept[int(w.Pos().Offset())] {
		if l, ok := w.Parts[0].(*syntax.Lit); ok {
			// An alias's text starting with its own name (alias rm='rm
			// -rf') replaces it once: that name is kept from the next
			// round. One that names another alias is replaced in the
			// next round.
			if v, ok := aliases[l.Value]; ok {
				keep := -1
				if firstWord(v) == l.Value {
					keep = strings.Index(v, l.Value)
				}
				return nameEdit{int(w.Pos().Offset()), int(w.End().Offset()), v, keep}, true
			}
		}
	}
	name, text, ok := wordName(w)
	if !ok {
		return nameEdit{}, false
	}
	if (name == "command" || name == "builtin") && len(call.Args) > 1 {
		if next, ntext, ok := wordName(call.Args[1]); ok && !reservedWords[next] {
			return nameEdit{int(w.Pos().Offset()), int(call.Args[1].End().Offset()), cmp.Or(ntext, next), -1}, true
		}
	}
	if text == "" {
		return nameEdit{}, false
	}
	return nameEdit{int(w.Pos().Offset()), int(w.End().Offset()), text, -1}, true
}

// wordName returns the name a command's first word gives after quote
// removal and brace expansion, and the text to write in its place when
// that differs from the word's own (empty when the word is plain
// already); false when the word is not static or gives no plain name.
func wordName(w *syntax.Word) (name, text string, ok bool) {
	if len(w.Parts) == 1 {
		if l, isLit := w.Parts[0].(*syntax.Lit); isLit && !strings.ContainsAny(l.Value, `\{`) {
			return l.Value, "", isPlainName(l.Value) // the usual case
		}
	}
	if lit := w.Lit(); strings.Contains(lit, "{") && !strings.Contains(lit, `\`) { // (Lit is "" for a word with quotes)
		return braceName(w)
	}
	name, ok = staticText(w)
	if !ok {
		return "", "", false
	}
	if !isPlainName(name) || reservedWords[name] {
		return "", "", false
	}
	return name, name, true
}

// staticText is a word's text after quote removal when it has no
// expansion (a backslash left inside double quotes stays); false
// otherwise. The word is one readAsBash has mended.
func staticText(w *syntax.Word) (string, bool) {
	var b strings.Builder
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			b.WriteString(unescapeBackslashes(p.Value))
		case *syntax.SglQuoted:
			b.WriteString(p.Value) // $'...' decoded already (readAsBash)
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				l, isLit := q.(*syntax.Lit)
				if !isLit {
					return "", false
				}
				b.WriteString(l.Value)
			}
		default:
			return "", false
		}
	}
	return b.String(), true
}

// aliasDefs returns defs with the aliases an alias command defines with
// static text added (alias q='rm -rf', alias ll=ls), made when needed;
// any other command leaves it as it is.
func aliasDefs(call *syntax.CallExpr, defs map[string]string) map[string]string {
	if len(call.Args) < 2 || call.Args[0].Lit() != "alias" {
		return defs
	}
	for _, w := range call.Args[1:] {
		if v, ok := staticText(w); ok {
			if name, val, ok := strings.Cut(v, "="); ok {
				if defs == nil {
					defs = map[string]string{}
				}
				defs[name] = val
			}
		}
	}
	return defs
}

// braceName is wordName for a word of literals with braces: the fields
// their expansion gives, each plain.
func braceName(w *syntax.Word) (string, string, bool) {
	cw := copyWord(w)
	if !syntax.SplitBraces(cw) {
		return "", "", false
	}
	var fields []string
	for bw, err := range expand.BracesSeq(nil, cw) {
		if err != nil || len(fields) > 64 {
			return "", "", false
		}
		v := joinLits(bw).Lit()
		if v == "" {
			continue // an empty word is removed
		}
		if !braceField.MatchString(v) {
			return "", "", false
		}
		fields = append(fields, v)
	}
	if len(fields) == 0 || !isPlainName(fields[0]) || reservedWords[fields[0]] {
		return "", "", false
	}
	return fields[0], strings.Join(fields, " "), true
}

// firstWord is the first blank-separated word of text.
func firstWord(text string) string {
	if f := strings.Fields(text); len(f) > 0 {
		return f[0]
	}
	return ""
}

// unescapeBackslashes removes the backslashes bash removes outside quotes:
// each escapes the character after it (the parser has joined the lines a
// backslash before a newline continues).
func unescapeBackslashes(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
