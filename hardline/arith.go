package hardline

import (
	"cmp"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Text bash evaluates (see docs/security-model.md, Hardline, "Code built
// at run time"). Bash reads some text as an arithmetic expression or as a
// variable's name, and in both it expands an array subscript first: the
// command substitutions in the subscript run. The text is seldom where the
// analyser reads commands: x='a[$(rm -rf ~)]'; (( x )) runs rm -rf ~, as
// do [[ $x -eq 1 ]], let "$x", declare -i n=$x, ${y[x]}, ${v:x},
// printf -v "$x", read "$x", test -v "$x", ${!x} and a name reference to
// it. A name in an arithmetic expression stands for its variable's value,
// which bash evaluates in turn (x=y; y='a[$(...)]'; (( x )) runs it too).
//
// The analyser judges each such text it knows: the command substitutions
// in it are analysed as the commands they are, and the names in it are
// followed through their known values, maxEvaluated levels deep (deeper
// asks). A value the analyser does not know (read from a file or a
// program) is not judged: what files hold is out of its reach.

// maxEvaluated bounds how many variables deep evaluated follows names.
const maxEvaluated = 8

// evaluated judges text that bash evaluates as an arithmetic expression or
// as a variable's name, at offset pos of the script.
func (r *run) evaluated(sc *scope, text string, pos uint) {
	n := len(r.calls.seen)
	r.evaluatedFrom(sc, text, pos, 0)
	r.calls.seen = r.calls.seen[:n]
}

// evaluatedFrom is evaluated at depth names deep. Each name is followed
// once: r.calls.seen holds those followed (and, during a nested script's
// evaluation, those its caller followed, whose values the caller judges).
func (r *run) evaluatedFrom(sc *scope, text string, pos uint, depth int) {
	if text == "" {
		return
	}
	if depth > maxEvaluated {
		r.tooComplex("variables evaluated as arithmetic or as names refer to each other deeper than the bound")
		return
	}
	if strings.Contains(text, "$(") || strings.ContainsRune(text, '`') {
		r.substitutionsIn(sc, text, pos)
	}
	// The names in the text, whose values bash evaluates in turn.
	for i := 0; i < len(text); {
		c := text[i]
		if c != '_' && !isLetter(c) {
			i++
			continue
		}
		j := i + 1
		for j < len(text) && (text[j] == '_' || isLetter(text[j]) || text[j] >= '0' && text[j] <= '9') {
			j++
		}
		if name := text[i:j]; (i == 0 || text[i-1] < '0' || text[i-1] > '9') && !slices.Contains(r.calls.seen, name) { // not the x in 0x1f
			r.calls.seen = append(r.calls.seen, name)
			if v, ok := r.knownValue(sc, name, pos); ok {
				r.evaluatedFrom(sc, v, pos, depth+1)
			}
		}
		i = j
	}
}

// knownValue returns the value of variable name at pos when the script
// gave it one the analyser knows, a loop's variable and a positional
// parameter included. (The shell's own variables, HOME and PWD, hold
// paths, which bash evaluates to nothing.)
func (r *run) knownValue(sc *scope, name string, pos uint) (string, bool) {
	if it, ok := r.loopVars[name]; ok {
		return it.val, !it.dyn
	}
	if v, ok := sc.lookup(name, pos); ok {
		return v, true
	}
	// A variable an arithmetic expression reads and then assigns (x++)
	// held its value when the expression read it.
	v, ok := sc.arithWas[name]
	return v, ok
}

// substitutionsIn analyses the command substitutions bash runs when it
// expands text as the inside of a double-quoted word (a subscript, a
// prompt string). Every backslash and double quote of text is escaped
// first, so that nothing in it can end the quoted word or quote a
// substitution away: the stricter reading, which finds each $(...) and
// `...` bash might run. Text that does not parse so asks.
func (r *run) substitutionsIn(sc *scope, text string, pos uint) {
	src := ": \"" + doubleQuotedText(text) + "\""
	r.script(src, r.known(sc, pos), sc.depth+1)
}

// doubleQuotedText writes text for the inside of a double-quoted word
// that expands as text does where bash expands it as a prompt or an
// arithmetic's name: a backslash and a double quote are escaped, except
// inside a command substitution, whose text bash parses anew
// ($(rm -rf "$HOME") keeps its quotes); a backquote's text is read in the
// quotes, where \" is ".
func doubleQuotedText(text string) string {
	var b strings.Builder
	depth := 0                     // $( ... ) around the byte
	single, double := false, false // quotes inside them
	for i := 0; i < len(text); i++ {
		c := text[i]
		if depth == 0 {
			switch {
			case c == '$' && i+1 < len(text) && text[i+1] == '(':
				depth = 1
				b.WriteString("$(")
				i++
				continue
			case c == '\\' || c == '"':
				b.WriteByte('\\')
			}
			b.WriteByte(c)
			continue
		}
		switch {
		case single:
			single = c != '\''
		case c == '\\' && i+1 < len(text):
			b.WriteByte(c)
			i++
			c = text[i]
		case double:
			double = c != '"'
		case c == '\'':
			single = true
		case c == '"':
			double = true
		case c == '(':
			depth++
		case c == ')':
			depth--
		}
		b.WriteByte(c)
	}
	return b.String()
}

// unsplitValue is the value of w where bash does not split it (an
// arithmetic expression's words, [[ ]]'s operands, an assignment's value),
// when it is known: a variable's value holding blanks is one value there.
func (r *run) unsplitValue(sc *scope, w *syntax.Word) (string, bool) {
	if name, ok := plainParam(w); ok {
		return r.knownValue(sc, name, w.Pos().Offset())
	}
	if f := r.word(sc, w); !f.dyn {
		return f.val, true
	}
	return "", false
}

// plainParam returns the parameter a word expands, when it is one plain
// unquoted expansion, which a word elsewhere would split: $x, ${x} or $1
// to $9. (A quoted one is one field already.)
func plainParam(w *syntax.Word) (string, bool) {
	if len(w.Parts) != 1 {
		return "", false
	}
	name, ok := simpleParam(w.Parts[0])
	return name, ok || len(name) == 1 && name >= "1" && name <= "9"
}

// arithmetic judges the words of an arithmetic expression (the inside of
// (( )) or $(( )), a for (( )) clause, let's arguments, a subscript or a
// substring's offset): each word's value is evaluated. Words whose value
// is not known (a command substitution's output) are left to the walk,
// which analyses their commands where they are written.
func (r *run) arithmetic(sc *scope, xs ...syntax.ArithmExpr) {
	for _, x := range xs {
		if x == nil {
			continue
		}
		walkTree(x, func(n syntax.Node) bool {
			w, ok := n.(*syntax.Word)
			if !ok {
				return n != nil
			}
			// What the word holds (a subscript, a substitution) the walk
			// judges where it is written.
			r.evaluatedWord(sc, w)
			return false
		})
	}
}

// arithmTests are [[ ]]'s operators whose operands bash evaluates as
// arithmetic expressions.
var arithmTests = map[syntax.BinTestOperator]bool{syntax.TsEql: true, syntax.TsNeq: true, syntax.TsLeq: true,
	syntax.TsGeq: true, syntax.TsLss: true, syntax.TsGtr: true}

// testClause judges the operands of [[ ]] that bash evaluates: both sides
// of -eq, -ne, -lt, -le, -gt and -ge, and the name -v tests.
func (r *run) testClause(sc *scope, tc *syntax.TestClause) {
	walkTree(tc.X, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.BinaryTest:
			if arithmTests[n.Op] {
				r.evaluatedWords(sc, n.X, n.Y)
			}
		case *syntax.UnaryTest:
			if n.Op == syntax.TsVarSet {
				r.evaluatedWords(sc, n.X)
			}
		}
		return true
	})
}

// evaluatedWords evaluates the values of the words among xs.
func (r *run) evaluatedWords(sc *scope, xs ...syntax.TestExpr) {
	for _, x := range xs {
		if w, ok := x.(*syntax.Word); ok {
			r.evaluatedWord(sc, w)
		}
	}
}

// evaluatedWord evaluates w's value where bash does not split it, when it
// is known.
func (r *run) evaluatedWord(sc *scope, w *syntax.Word) {
	if v, ok := r.unsplitValue(sc, w); ok {
		r.evaluated(sc, v, w.Pos().Offset())
	}
}

// paramArith judges what a parameter expansion evaluates: an indexed
// array's subscript (${y[x]}), a substring's offset and length (${v:x:n},
// ${@:x}), and the name an indirect expansion (${!x}) reads.
func (r *run) paramArith(sc *scope, pe *syntax.ParamExp) {
	if pe.Index != nil {
		r.arithmetic(sc, pe.Index)
	}
	if pe.Slice != nil {
		r.arithmetic(sc, pe.Slice.Offset, pe.Slice.Length)
	}
	if pe.Excl && pe.Names == 0 && pe.Param != nil && (pe.Index == nil || !allElements(pe.Index)) {
		if v, ok := r.knownValue(sc, pe.Param.Value, pe.Pos().Offset()); ok {
			r.evaluated(sc, v, pe.Pos().Offset())
		}
	}
}

// allElements reports whether a subscript is @ or *, which list an
// array's elements (or, after !, its keys) and evaluate nothing.
func allElements(x syntax.ArithmExpr) bool {
	w, ok := x.(*syntax.Word)
	if !ok {
		return false
	}
	l := w.Lit()
	return l == "@" || l == "*"
}

// assignArith judges what an assignment evaluates: its subscript
// (y[x]=1, y=([x]=1)) and, for a variable declared an integer (declare
// -i), its value.
func (r *run) assignArith(sc *scope, as *syntax.Assign) {
	if as.Index != nil {
		r.arithmetic(sc, as.Index)
	}
	if as.Array != nil {
		for _, el := range as.Array.Elems {
			if el.Index != nil {
				r.arithmetic(sc, el.Index)
			}
		}
	}
	if as.Name != nil && as.Value != nil && sc.ints[as.Name.Value] {
		r.evaluatedWord(sc, as.Value)
	}
}

// declArith judges what declare, typeset, local, export and readonly
// evaluate: a name given as a word (declare "$x"=1, whose subscript is
// expanded), the target of a name reference (declare -n r="$x", evaluated
// where r is used) and the values of integer variables (declare -i n=$x),
// which later assignments to them evaluate too (see assignArith).
func (r *run) declArith(sc *scope, d *syntax.DeclClause) {
	integer, nameref := declOptions(d)
	for _, as := range d.Args {
		switch {
		case as.Name != nil:
			if integer {
				if sc.ints == nil {
					sc.ints = map[string]bool{}
				}
				sc.ints[as.Name.Value] = true
				if as.Array != nil {
					// declare -ia y=(...): each element is evaluated.
					for _, el := range as.Array.Elems {
						if el.Value == nil {
							continue
						}
						r.evaluatedWord(sc, el.Value)
					}
				}
			}
			if (nameref || integer) && as.Value != nil {
				r.evaluatedWord(sc, as.Value)
			}
		case as.Naked && as.Value != nil:
			f := r.word(sc, as.Value)
			if f.dyn || strings.HasPrefix(f.val, "-") || strings.HasPrefix(f.val, "+") {
				continue
			}
			// NAME or NAME=VALUE made by an expansion: the name is
			// evaluated, and the value when the variable is an integer.
			name, value, _ := strings.Cut(f.val, "=")
			if strings.ContainsAny(name, "[$`") {
				r.evaluated(sc, name, as.Value.Pos().Offset())
			}
			if integer || nameref {
				r.evaluated(sc, value, as.Value.Pos().Offset())
			}
		}
	}
}

// declOptions reports whether a declare, typeset or local declares
// integers (-i) or name references (-n, or nameref).
func declOptions(d *syntax.DeclClause) (integer, nameref bool) {
	nameref = d.Variant != nil && d.Variant.Value == "nameref"
	for _, as := range d.Args {
		if as.Naked && as.Name == nil && as.Value != nil {
			if l := as.Value.Lit(); len(l) > 1 && l[0] == '-' {
				integer = integer || strings.IndexByte(l, 'i') > 0
				nameref = nameref || strings.IndexByte(l, 'n') > 0
			}
		}
	}
	return integer, nameref
}

// namingBuiltins are the builtins that take variables' names (or, for
// ulimit and let, arithmetic expressions) as arguments, and how each reads
// its arguments.
var namingBuiltins = map[string]struct {
	values string // options that take a value
	names  string // options whose value is a variable's name
	// operands says the operands are names (or expressions); skip is how
	// many leading ones are not (getopts' option string).
	operands bool
	skip     int
}{
	"printf":    {values: "v", names: "v"},
	"read":      {values: "adinNptu", names: "a", operands: true},
	"mapfile":   {values: "dnOsuCc", operands: true},
	"readarray": {values: "dnOsuCc", operands: true},
	"unset":     {operands: true},
	"getopts":   {operands: true, skip: 1},
	"wait":      {values: "p", names: "p"},
	"ulimit":    {operands: true},
	"let":       {operands: true},
}

// mapfileCallback judges mapfile's (readarray's) -C CALLBACK: bash runs
// the text CALLBACK INDEX 'LINE' as a command every -c lines, so the
// callback is analysed as a script (mapfile -C 'rm -rf ~' a <<< x) and run
// with the lines of its input appended, as xargs runs its command with
// its items (mapfile -C 'rm -rf' -c1 a <<< ~).
func (r *run) mapfileCallback(sc *scope, args []field, c ctx, cmd string) {
	var callback *field
	eachShortValue(args, "dnOsuCc", func(opt byte, value field) {
		if opt == 'C' {
			callback = &value
		}
	})
	if callback == nil {
		return
	}
	// A callback that is not known is dynamic code (reparseField).
	r.reparseField(sc, *callback, c, cmd, true)
	r.feed(sc, append(r.splitString(*callback), field{val: "0"}), c.in, "", c)
}

// compgen judges what compgen runs, which it does in a script as at a
// prompt: -C COMMAND as a command line, -F FUNCTION as a call of the
// function, and -W WORDLIST's expansions (its words are split and each
// expanded, command substitutions run), read as the arguments of ':'.
func (r *run) compgen(sc *scope, args []field, c ctx, cmd string) {
	eachShortValue(args, "oAGWFCXPS", func(opt byte, value field) {
		switch opt {
		case 'C':
			r.reparseField(sc, value, c, cmd, true)
		case 'F':
			r.next(sc, []field{value}, c)
		case 'W':
			if value.dyn {
				r.finding(ruleEvalDynamic, Dynamic, Ask, "compgen expands a word list that comes from "+cmp.Or(value.why, "an expansion"), cmd, "")
			} else {
				r.reparseField(sc, field{val: ": " + value.val}, c, cmd, true)
			}
		}
	})
}

// eachShortValue calls fn with each option of a builtin's leading options
// that takes a value (a letter of valued) and that value: the rest of its
// word, or the next word. It stops at the first operand or --.
func eachShortValue(args []field, valued string, fn func(opt byte, value field)) {
	for i := 0; i < len(args); i++ {
		v := args[i].val
		if args[i].dyn || len(v) < 2 || v[0] != '-' || v == "--" {
			return
		}
		for j := 1; j < len(v); j++ {
			if strings.IndexByte(valued, v[j]) < 0 {
				continue
			}
			value := field{val: v[j+1:]}
			if value.val == "" && i+1 < len(args) {
				i++
				value = args[i]
			}
			fn(v[j], value)
			break
		}
	}
}

// namedVariables judges the arguments of a builtin that names variables:
// printf -v NAME, read NAME..., mapfile NAME, unset NAME..., getopts
// OPTSTRING NAME, wait -p NAME and test -v NAME (and [ -v NAME ]); let's
// and ulimit's operands are arithmetic expressions. It judges no path and
// reports false, so that the builtin's entry goes on as before.
func namedVariables(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
	if b == "test" || b == "[" {
		for i := 0; i+1 < len(args); i++ {
			if args[i].val == "-v" && !args[i].dyn && !args[i+1].dyn {
				r.evaluated(sc, args[i+1].val, c.pos)
			}
		}
		return false
	}
	spec, ok := namingBuiltins[b]
	if !ok {
		return false
	}
	options, operands := b != "let", 0
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.val
		if options && !a.dyn && len(v) > 1 && v[0] == '-' {
			if v == "--" {
				options = false
				continue
			}
			for j := 1; j < len(v); j++ {
				if strings.IndexByte(spec.values, v[j]) < 0 {
					continue
				}
				value := field{val: v[j+1:]}
				if value.val == "" && i+1 < len(args) {
					i++
					value = args[i]
				}
				if !value.dyn && strings.IndexByte(spec.names, v[j]) >= 0 {
					r.evaluated(sc, value.val, c.pos)
				}
				break
			}
			continue
		}
		options = b == "ulimit" // ulimit takes options between its limits
		operands++
		if spec.operands && operands > spec.skip && !a.dyn {
			r.evaluated(sc, v, c.pos)
		}
	}
	return false
}

// declCompound judges a compound assignment that declare, typeset, local
// or readonly with -a or -A read from one word: bash parses the word's
// text NAME=(...) as the shell's own assignment, expansions and command
// substitutions included, even when it was quoted or came from an
// expansion (declare -a "$x" with x='a=($(rm -rf ~))' runs rm). A known
// text is judged as that assignment; one built at run time asks.
func (r *run) declCompound(sc *scope, d *syntax.DeclClause) {
	if d.Variant == nil || !arrayDecl(d) {
		return
	}
	for _, as := range d.Args {
		if !as.Naked || as.Value == nil {
			continue
		}
		f := r.word(sc, as.Value)
		if strings.HasPrefix(f.val, "-") || strings.HasPrefix(f.val, "+") {
			continue
		}
		cmd := r.nodeText(sc, d)
		switch name, value, found := strings.Cut(f.val, "="); {
		case found && strings.HasPrefix(value, "(") && isName(name):
			r.reparseField(sc, field{val: f.val, dyn: f.dyn, why: f.why}, ctx{pos: d.Pos().Offset()}, cmd, true)
		case f.dyn && (f.val == "" || found && strings.HasPrefix(value, "(") || !found && strings.Contains(f.val, "(")):
			r.finding(ruleEvalDynamic, Dynamic, Ask, d.Variant.Value+" parses a compound assignment that comes from "+cmp.Or(f.why, "an expansion")+" as shell code", cmd, "")
		}
	}
}

// arrayDecl reports whether a declaration declares arrays (-a or -A).
func arrayDecl(d *syntax.DeclClause) bool {
	for _, as := range d.Args {
		if as.Naked && as.Name == nil && as.Value != nil {
			if l := as.Value.Lit(); len(l) > 1 && l[0] == '-' && strings.ContainsAny(l[1:], "aA") {
				return true
			}
		}
	}
	return false
}
