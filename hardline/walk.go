package hardline

import (
	"fmt"

	"mvdan.cc/sh/v3/syntax"
)

// walkTree is syntax.Walk: it calls f(node), then, if f returns true, walks
// node's children in the same depth-first order and calls f(nil). It
// visits exactly the nodes syntax.Walk visits, in the same order, so the
// step bound counts the same (TestWalkTreeIsSyntaxWalk). It differs only in
// how it walks a statement's trailing comment after the statement: syntax.Walk
// defers that walk, which makes every one of its calls pay for a deferred
// call even when there is no comment (the analyser's parser drops them).
func walkTree(node syntax.Node, f func(syntax.Node) bool) {
	if !f(node) {
		return
	}
	switch node := node.(type) {
	case *syntax.File:
		walkStmts(node.Stmts, f)
		walkComments(node.Last, f)
	case *syntax.Comment:
	case *syntax.Stmt:
		var trailing *syntax.Comment
		for i := range node.Comments {
			c := &node.Comments[i]
			if !node.End().After(c.Pos()) {
				trailing = c
				break
			}
			walkTree(c, f)
		}
		if node.Cmd != nil {
			walkTree(node.Cmd, f)
		}
		for _, r := range node.Redirs {
			walkTree(r, f)
		}
		f(nil)
		walkTrailing(trailing, f)
		return
	case *syntax.Assign:
		walkAssign(node, f)
	case *syntax.Redirect:
		if node.N != nil {
			walkTree(node.N, f)
		}
		walkTree(node.Word, f)
		if node.Hdoc != nil {
			walkTree(node.Hdoc, f)
		}
	case *syntax.CallExpr:
		for _, a := range node.Assigns {
			walkTree(a, f)
		}
		walkWords(node.Args, f)
	case *syntax.Subshell:
		walkStmts(node.Stmts, f)
		walkComments(node.Last, f)
	case *syntax.Block:
		walkStmts(node.Stmts, f)
		walkComments(node.Last, f)
	case *syntax.IfClause:
		walkStmts(node.Cond, f)
		walkComments(node.CondLast, f)
		walkStmts(node.Then, f)
		walkComments(node.ThenLast, f)
		walkComments(node.Last, f)
		if node.Else != nil {
			walkTree(node.Else, f)
		}
	case *syntax.WhileClause:
		walkStmts(node.Cond, f)
		walkComments(node.CondLast, f)
		walkStmts(node.Do, f)
		walkComments(node.DoLast, f)
	case *syntax.ForClause:
		walkTree(node.Loop, f)
		walkStmts(node.Do, f)
		walkComments(node.DoLast, f)
	case *syntax.WordIter:
		walkTree(node.Name, f)
		walkWords(node.Items, f)
	case *syntax.CStyleLoop:
		walkArithm(node.Init, f)
		walkArithm(node.Cond, f)
		walkArithm(node.Post, f)
	case *syntax.BinaryCmd:
		walkTree(node.X, f)
		walkTree(node.Y, f)
	case *syntax.FuncDecl:
		if node.Name != nil {
			walkTree(node.Name, f)
		}
		for _, n := range node.Names {
			walkTree(n, f)
		}
		walkTree(node.Body, f)
	case *syntax.Word:
		for _, p := range node.Parts {
			walkTree(p, f)
		}
	case *syntax.Lit:
	case *syntax.SglQuoted:
	case *syntax.DblQuoted:
		for _, p := range node.Parts {
			walkTree(p, f)
		}
	case *syntax.CmdSubst:
		walkStmts(node.Stmts, f)
		walkComments(node.Last, f)
	case *syntax.ParamExp:
		if node.Flags != nil {
			walkTree(node.Flags, f)
		}
		if node.Param != nil {
			walkTree(node.Param, f)
		}
		if node.NestedParam != nil {
			walkTree(node.NestedParam, f)
		}
		walkArithm(node.Index, f)
		if node.Slice != nil {
			walkArithm(node.Slice.Offset, f)
			walkArithm(node.Slice.Length, f)
		}
		if node.Repl != nil {
			walkWord(node.Repl.Orig, f)
			walkWord(node.Repl.With, f)
		}
		if node.Exp != nil {
			walkWord(node.Exp.Word, f)
		}
	case *syntax.ArithmExp:
		walkTree(node.X, f)
	case *syntax.ArithmCmd:
		walkTree(node.X, f)
	case *syntax.BinaryArithm:
		walkTree(node.X, f)
		walkTree(node.Y, f)
	case *syntax.BinaryTest:
		walkTree(node.X, f)
		walkTree(node.Y, f)
	case *syntax.UnaryArithm:
		walkTree(node.X, f)
	case *syntax.UnaryTest:
		walkTree(node.X, f)
	case *syntax.ParenArithm:
		walkTree(node.X, f)
	case *syntax.FlagsArithm:
		walkTree(node.Flags, f)
		if node.X != nil {
			walkTree(node.X, f)
		}
	case *syntax.ParenTest:
		walkTree(node.X, f)
	case *syntax.CaseClause:
		walkTree(node.Word, f)
		for _, it := range node.Items {
			walkTree(it, f)
		}
		walkComments(node.Last, f)
	case *syntax.CaseItem:
		trailing := walkLeading(node.Comments, node.Pos(), f)
		walkWords(node.Patterns, f)
		walkStmts(node.Stmts, f)
		walkComments(node.Last, f)
		f(nil)
		walkTrailing(trailing, f)
		return
	case *syntax.TestClause:
		walkTree(node.X, f)
	case *syntax.DeclClause:
		for _, a := range node.Args {
			walkTree(a, f)
		}
	case *syntax.ArrayExpr:
		for _, e := range node.Elems {
			walkTree(e, f)
		}
		walkComments(node.Last, f)
	case *syntax.ArrayElem:
		trailing := walkLeading(node.Comments, node.Pos(), f)
		walkArithm(node.Index, f)
		walkWord(node.Value, f)
		f(nil)
		walkTrailing(trailing, f)
		return
	case *syntax.ExtGlob:
		walkTree(node.Pattern, f)
	case *syntax.ProcSubst:
		walkStmts(node.Stmts, f)
		walkComments(node.Last, f)
	case *syntax.TimeClause:
		if node.Stmt != nil {
			walkTree(node.Stmt, f)
		}
	case *syntax.CoprocClause:
		if node.Name != nil {
			walkTree(node.Name, f)
		}
		walkTree(node.Stmt, f)
	case *syntax.LetClause:
		for _, e := range node.Exprs {
			walkTree(e, f)
		}
	case *syntax.TestDecl:
		walkTree(node.Description, f)
		walkTree(node.Body, f)
	default:
		panic(fmt.Sprintf("hardline: walk: unexpected node type %T", node))
	}
	f(nil)
}

// walkTrailing walks the comment syntax.Walk visits after a node's f(nil).
func walkTrailing(c *syntax.Comment, f func(syntax.Node) bool) {
	if c != nil {
		walkTree(c, f)
	}
}

func walkAssign(node *syntax.Assign, f func(syntax.Node) bool) {
	if node.Name != nil {
		walkTree(node.Name, f)
	}
	walkWord(node.Value, f)
	walkArithm(node.Index, f)
	if node.Array != nil {
		walkTree(node.Array, f)
	}
}

func walkStmts(list []*syntax.Stmt, f func(syntax.Node) bool) {
	for _, s := range list {
		walkTree(s, f)
	}
}

func walkWords(list []*syntax.Word, f func(syntax.Node) bool) {
	for _, w := range list {
		walkTree(w, f)
	}
}

// walkWord walks a word that may be nil.
func walkWord(w *syntax.Word, f func(syntax.Node) bool) {
	if w != nil {
		walkTree(w, f)
	}
}

// walkArithm walks an arithmetic expression that may be nil.
func walkArithm(x syntax.ArithmExpr, f func(syntax.Node) bool) {
	if x != nil {
		walkTree(x, f)
	}
}

func walkComments(list []syntax.Comment, f func(syntax.Node) bool) {
	for i := range list {
		walkTree(&list[i], f)
	}
}

// walkLeading visits the comments before pos, as syntax.Walk does for a
// node's own comments, and returns the first one after it, which is
// visited last.
func walkLeading(comments []syntax.Comment, pos syntax.Pos, f func(syntax.Node) bool) *syntax.Comment {
	for i := range comments {
		c := &comments[i]
		if c.Pos().After(pos) {
			return c
		}
		walkTree(c, f)
	}
	return nil
}
