package hardline

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// ${NAME@P} expands NAME's value as bash expands a prompt: its backslash
// escapes are decoded (\u the user's name, \w the working folder, ...),
// then the text is expanded as inside double quotes, so x='$HOME'; cat
// ${x@P}/.ssh/id_rsa reads the home's key. The expand package leaves the
// value as it is; promptWord gives it the value bash does, or makes the
// word not known (see docs/security-model.md, Hardline).

// isPromptOp reports whether p is ${NAME@P} on a plain variable.
func isPromptOp(p syntax.WordPart) (*syntax.ParamExp, bool) {
	pe, ok := p.(*syntax.ParamExp)
	if !ok || pe.Exp == nil || pe.Exp.Op != syntax.OtherParamOps || pe.Exp.Word == nil || pe.Exp.Word.Lit() != "P" {
		return nil, false
	}
	return pe, true
}

// promptWord returns w with each ${NAME@P} in it replaced by the text
// bash makes of it, and why the word is not known when some cannot be
// known ("" when all are).
func (r *run) promptWord(sc *scope, w *syntax.Word) (*syntax.Word, string) {
	total := 0
	walkTree(w, func(n syntax.Node) bool {
		if p, ok := n.(syntax.WordPart); ok {
			if _, ok := isPromptOp(p); ok {
				total++
			}
		}
		return true
	})
	if total == 0 {
		return w, ""
	}
	const why = "a prompt expansion (${NAME@P}) whose text is not known"
	done := 0
	replace := func(p syntax.WordPart, quoted bool) (syntax.WordPart, bool) {
		pe, ok := isPromptOp(p)
		if !ok || pe.Param == nil || !isName(pe.Param.Value) || pe.Index != nil || pe.Excl || pe.Length || pe.Slice != nil || pe.Repl != nil {
			return p, true
		}
		v, ok := r.promptValue(sc, pe)
		if !ok {
			return p, false
		}
		if quoted {
			done++
			return &syntax.SglQuoted{Left: pe.Pos(), Right: pe.End(), Value: v}, true
		}
		if strings.ContainsAny(v, " \t\n\\'\"") {
			return p, false // split into fields, or quotes the expander would read
		}
		done++
		return &syntax.Lit{ValuePos: pe.Pos(), ValueEnd: pe.End(), Value: v}, true // still matched as a pattern
	}
	c := copyWord(w)
	for i, p := range c.Parts {
		if dq, ok := p.(*syntax.DblQuoted); ok {
			nd := *dq
			nd.Parts = append([]syntax.WordPart(nil), dq.Parts...)
			for j, q := range nd.Parts {
				np, ok := replace(q, true)
				if !ok {
					return w, why
				}
				nd.Parts[j] = np
			}
			c.Parts[i] = &nd
			continue
		}
		np, ok := replace(p, false)
		if !ok {
			return w, why
		}
		c.Parts[i] = np
	}
	if done < total {
		return w, why // inside another expansion (${y:-${x@P}})
	}
	return c, ""
}

// knownVar returns the value a variable has at pos as the expander reads
// it (the script's, HOME's and the conventional defaults), and whether it
// is known.
func (r *run) knownVar(sc *scope, name string, pos uint) (string, bool) {
	var f field
	v := (&exEnv{r: r, sc: sc, pos: pos, f: &f}).Get(name)
	return v.Str, !f.dyn && v.IsSet()
}

// promptValue returns the text bash makes of ${NAME@P}, or false when it
// cannot be known: the value is not, or it holds an escape whose text
// changes from run to run (\h, \t, \#), a command substitution, an
// arithmetic expansion or a parameter expansion other than a plain
// variable's.
func (r *run) promptValue(sc *scope, pe *syntax.ParamExp) (string, bool) {
	get := func(name string) (string, bool) { return r.knownVar(sc, name, pe.Pos().Offset()) }
	v, ok := get(pe.Param.Value)
	if !ok {
		return "", false
	}
	if !strings.ContainsAny(v, "\\$`") {
		return v, true
	}
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case c == '\\' && i+1 < len(v):
			i++
			switch e := v[i]; e {
			case 'u':
				u, ok := get("USER")
				if !ok {
					return "", false
				}
				b.WriteString(u)
			case 'w', 'W':
				if r.cwd == "" {
					return "", false
				}
				wd, home := r.cwd, strings.TrimSuffix(r.a.home, "/")
				if home != "" && (wd == home || strings.HasPrefix(wd, home+"/")) {
					wd = "~" + wd[len(home):]
				}
				if e == 'W' && wd != "~" && wd != "/" { // bash's \W of / is /
					wd = wd[strings.LastIndexByte(wd, '/')+1:]
				}
				b.WriteString(wd)
			case '$':
				b.WriteByte('$') // '#' for root; the escape's text is not expanded again
			case '\\':
				b.WriteByte('\\')
			case 'n':
				b.WriteByte('\n')
			case 'r':
				b.WriteByte('\r')
			case 'a':
				b.WriteByte('\a')
			case 'e':
				b.WriteByte(0x1b)
			case 's':
				b.WriteString("bash")
			case '[', ']':
			case '0', '1', '2', '3', '4', '5', '6', '7':
				n, j := 0, i
				for ; j < len(v) && j < i+3 && v[j] >= '0' && v[j] <= '7'; j++ {
					n = n*8 + int(v[j]-'0')
				}
				b.WriteByte(byte(n))
				i = j - 1
			case 'h', 'H', 'd', 't', 'T', '@', 'A', 'j', 'l', 'v', 'V', '!', '#', 'D':
				return "", false
			default:
				b.WriteByte('\\')
				b.WriteByte(e)
			}
		case c == '`':
			return "", false
		case c == '$' && i+1 < len(v):
			name, end := "", i+1
			if v[i+1] == '{' {
				k := strings.IndexByte(v[i+2:], '}')
				if k < 0 {
					return "", false
				}
				name, end = v[i+2:i+2+k], i+2+k+1
			} else {
				for end < len(v) && (v[end] == '_' || v[end]|0x20 >= 'a' && v[end]|0x20 <= 'z' || end > i+1 && v[end] >= '0' && v[end] <= '9') {
					end++
				}
				name = v[i+1 : end]
			}
			if name == "" && v[i+1] != '{' && v[i+1] != '(' && !strings.ContainsRune("?$!#*@-0123456789", rune(v[i+1])) {
				b.WriteByte('$') // a '$' that starts no expansion
				continue
			}
			if !isName(name) {
				return "", false
			}
			s, ok := get(name)
			if !ok {
				return "", false
			}
			b.WriteString(s)
			i = end - 1
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), true
}
