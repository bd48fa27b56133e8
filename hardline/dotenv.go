package hardline

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// assignsFromFiles judges a declaration whose word is a command
// substitution reading files (export $(cat .env | xargs), export $(grep
// -v '^#' .env | xargs)): the variables it sets are the files' NAME=VALUE
// lines, so each file the substitution's commands name that lies in a
// root or a temporary folder is read (as a script run from disk is, and
// bound to an approval of the command) and each line is judged as the
// assignment it makes: BASH_ENV, LD_PRELOAD, NODE_OPTIONS and the other
// variables that make programs run code, with the value written. A file a
// filter reads is read whole: the lines it lets through are among them.
func (r *run) assignsFromFiles(sc *scope, w *syntax.Word, c ctx, cmd string) {
	var stmts []*syntax.Stmt
	for _, part := range w.Parts {
		if cs, ok := part.(*syntax.CmdSubst); ok {
			stmts = append(stmts, cs.Stmts...)
		}
	}
	if len(stmts) == 0 {
		return
	}
	var names []string
	walkStmts(stmts, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CallExpr:
			for i, a := range n.Args {
				if i == 0 {
					continue
				}
				if f := r.word(sc, a); !f.dyn && f.val != "" && !strings.HasPrefix(f.val, "-") {
					names = append(names, f.val)
				}
			}
		case *syntax.Redirect:
			if n.Op == syntax.RdrIn && n.Word != nil {
				if f := r.word(sc, n.Word); !f.dyn && f.val != "" {
					names = append(names, f.val)
				}
			}
		}
		return true
	})
	for _, name := range names {
		// Not judged as a script run from disk (onDisk keeps only what
		// blocks): what a variable makes programs run asks here as
		// written on the command line.
		if text, _, ok := r.readOnDisk(field{val: name}, "export", cmd, false); ok {
			r.dotenvAssigns(sc, text, c, cmd)
		}
	}
}

// dotenvAssigns judges the NAME=VALUE lines of a file of variables (an
// optional "export ", the value as unquoteValue reads it) as assignments.
func (r *run) dotenvAssigns(sc *scope, text string, c ctx, cmd string) {
	for l := range strings.SplitSeq(text, "\n") {
		l = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), "export "))
		name, v, ok := strings.Cut(l, "=")
		if !ok || !isName(name) {
			continue
		}
		r.envAssign(sc, name, field{val: unquoteValue(v)}, c, cmd)
	}
}
