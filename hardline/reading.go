package hardline

import "slices"

// reading is the analyser's static reading of a command, which the
// differential oracle compares with what bash does: the argv of every
// simple command of the top-level script and the files its redirections
// open, after expansion.
type reading struct {
	// static says every word of every simple command and redirection
	// expanded statically, with no pattern.
	static bool
	argv   [][]string
	opens  []opened
}

// opened is a file a redirection opens.
type opened struct {
	path  string // absolute
	write bool
}

// read returns the analyser's reading of cmd as it would run in env.
func (a *Analyzer) read(cmd string, env Env) (*reading, Result) {
	tr := &reading{static: true}
	res := a.command(cmd, env, tr)
	return tr, res
}

func (r *run) traceArgv(fs []field) {
	// The shell's own wrappers run the program themselves.
	for len(fs) > 1 && !fs[0].dyn && (fs[0].val == "exec" || fs[0].val == "command" || fs[0].val == "builtin") {
		fs = fs[1:]
		for len(fs) > 1 && (fs[0].val == "-p" || fs[0].val == "-c" || fs[0].val == "-l") {
			fs = fs[1:]
		}
	}
	argv := make([]string, len(fs))
	for i, f := range fs {
		if f.dyn || f.glob {
			r.trace.static = false
			return
		}
		argv[i] = f.val
	}
	r.trace.argv = append(r.trace.argv, argv)
}

func (r *run) traceOpen(sc *scope, f field, write bool) {
	if r.trace == nil || sc.depth != 0 {
		return
	}
	if f.dyn || f.glob || f.why == whyProcSubst {
		r.trace.static = false
		return
	}
	res := r.resolve(f)
	if !res.ok {
		r.trace.static = false
		return
	}
	r.trace.opens = append(r.trace.opens, opened{res.paths[0], write})
}

// sorted returns the reading's argv lists and opens in a canonical order.
func (tr *reading) sorted() ([]string, []string) {
	var argv, opens []string
	for _, a := range tr.argv {
		argv = append(argv, joinNUL(a))
	}
	for _, o := range tr.opens {
		w := "r "
		if o.write {
			w = "w "
		}
		opens = append(opens, w+o.path)
	}
	slices.Sort(argv)
	slices.Sort(opens)
	return argv, opens
}

func joinNUL(a []string) string {
	out := ""
	for i, s := range a {
		if i > 0 {
			out += "\x00"
		}
		out += s
	}
	return out
}
