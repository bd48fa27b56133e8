package hardline

import (
	"cmp"
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/toolgate/toolgate/internal/hostaddr"
	"mvdan.cc/sh/v3/syntax"
)

// checkWords blocks every word, option value and redirection that names a
// sensitive host path.
func (r *run) checkWords(sc *scope, fs []field, cmd string) {
	if r.lexicalOnly && r.env.Canonical != nil {
		// Only the words the catalogue says are targets are resolved
		// through the file system (checkTargets); the rest are matched as
		// written.
		canon := r.env.Canonical
		r.env.Canonical = nil
		defer func() { r.env.Canonical = canon }()
	}
	var buf [8]string
	for _, f := range fs {
		if (f.dyn || f.glob && patternChars(f.val)) && !r.canonOnly {
			// A folder from an expansion, or one a pattern matches, may be
			// a home or a link to one (cat */.ssh/id_rsa).
			r.dynamicSecret(f, cmd)
		}
		if r.cwd == "" && !f.dyn && !r.canonOnly && f.val != "" && !r.a.isAbs(r.a.slash(f.val)) && !strings.HasPrefix(f.val, "~") && !strings.HasPrefix(f.val, "-") {
			// A relative path after a cd to a folder not known (cd
			// "$(mktemp -d)"; cat ../../etc/shadow, cd "$D"; cat .netrc)
			// may lie anywhere: its folder is an expansion's.
			r.unknownFolderPath(f, cmd)
		}
		cands := candidates(buf[:0], f.val)
		if !f.dyn {
			cands = r.thisMachinePaths(cands, f.val)
		}
		if f.command && strings.ContainsAny(f.val, " \t\n") {
			for _, w := range strings.Fields(f.val) {
				cands = candidates(cands, w)
			}
		}
		for _, cand := range cands {
			p := cand
			if p == "~" || strings.HasPrefix(p, "~/") {
				p = r.a.home + p[1:]
			} else if strings.HasPrefix(p, "~") && !r.canonOnly {
				// ~name/...: another user's home, wherever it is.
				if i := strings.IndexByte(p, '/'); i > 0 {
					if pat, ok := r.a.matchHomeRel(r.a.relKey(path.Clean(p[i:]))); ok {
						r.finding(ruleSensitivePath, Path, Block, "names the sensitive host path "+p+" (pattern "+pat+")", cmd, p)
						break
					}
					if why, ok := r.a.credentialBelowHome(r.a.relKey(p[i:])); ok {
						r.credentialFinding(p, why, cmd)
						break
					}
				}
				continue
			}
			if (r.env.Canonical == nil || r.lexicalOnly) && r.cwd != "" && r.cwd == r.workDir && !strings.HasPrefix(p, "/") &&
				!strings.Contains(p, "..") && !strings.ContainsRune(p, ':') && !strings.ContainsRune(p, '\\') && r.safeWorkDir() && len(r.calls.links) == 0 {
				continue // lexically inside the working folder, where no pattern reaches
			}
			res := r.resolve(field{val: p})
			for i, abs := range res.paths {
				if i == 0 && (r.canonOnly && r.cwd == r.lexCwd || r.inSafeWorkDir(abs)) {
					continue // matched as written already
				}
				if pat, ok := r.a.matchSensitive(abs); ok {
					r.finding(ruleSensitivePath, Path, Block, "names the sensitive host path "+abs+" (pattern "+pat+")", cmd, abs)
					break
				}
				if f.glob && patternChars(p) {
					if pat, ok := r.globMaySensitive(abs); ok {
						r.finding(ruleSensitivePath, Path, Block, "the pattern "+abs+" may match a sensitive host path ("+pat+")", cmd, abs)
						break
					}
				}
				if r.inAnyRoot(abs) {
					continue // the project's files, whatever their names
				}
				if why, ok := r.a.credentialNamed(r.a.key(abs)); ok {
					r.credentialFinding(abs, why, cmd)
				} else if rest, pat, ok := r.a.credentialTail(abs, 1); ok {
					// A home's credential file where no home is known (a
					// backup, a mount, a copy): the same secret.
					r.finding(ruleCredentialName, Path, Ask, "names "+abs+", which ends as a home's credential file does ("+rest+", pattern "+pat+")", cmd, abs)
				}
			}
		}
	}
}

// dynamicSecret flags a word whose start is not static (a variable, a
// command substitution) and whose static end names a credential file as
// it lies in a home folder: "$X/.ssh/id_rsa" is an SSH key in whatever
// folder $X names, very likely a home. Each end that starts a path
// component is tried; the parts that are not known expand to nothing in
// f.val.
func (r *run) dynamicSecret(f field, cmd string) {
	v := r.a.slash(f.val)
	if len(v) > 4096 || !strings.ContainsRune(v, '/') {
		return
	}
	if rest, pat, ok := r.a.credentialTail(v, 0); ok {
		r.finding(ruleDynamicSecret, Dynamic, Ask, "a path that ends in "+rest+" below a folder from "+cmp.Or(f.why, "an expansion")+" names a credential file (pattern "+pat+")", cmd, "")
		return
	}
	// A whole folder name from the expansion (/proc/$PID/environ, read as
	// /proc//environ) that makes the path sensitive whatever it is: the
	// path is judged with two unrelated names there, and is sensitive with
	// both. (A path sensitive only for some names, /tmp/$X/out.txt for
	// krb5cc_1000, is not: any expansion may name anything.)
	if strings.HasPrefix(v, "/") && strings.Contains(v[1:], "//") {
		a, aok := r.a.matchSensitive(r.a.clean(strings.ReplaceAll(v, "//", "/1000/")))
		_, bok := r.a.matchSensitive(r.a.clean(strings.ReplaceAll(v, "//", "/q-z/")))
		if aok && bok {
			r.finding(ruleDynamicSecret, Dynamic, Ask, "a path with a folder from "+cmp.Or(f.why, "an expansion")+" names a sensitive host path whatever that folder is (pattern "+a+")", cmd, "")
		}
	}
}

// dynamicStartup flags a write whose folder is not static and whose known
// end names a file a home's startup list holds ("$D/.bashrc",
// ${x:-~}/.bashrc, "$X/.ssh/authorized_keys"): in whatever folder the
// expansion names, very likely a home, the write plants commands, as
// dynamicSecret says of a credential's read.
func (r *run) dynamicStartup(f field, cmd string) {
	v := r.a.slash(f.val)
	if len(v) > 4096 || !strings.ContainsRune(v, '/') || r.a.home == "" {
		return
	}
	home := strings.TrimSuffix(r.a.home, "/")
	for i := 1; i < len(v); i++ {
		if v[i-1] != '/' || v[i] == '/' {
			continue
		}
		if first, _, _ := strings.Cut(v[i:], "/"); !startupAny && !startupFirst[asciiLower(first)] {
			continue // no startup file's path starts with this folder
		}
		if rest := r.a.clean("/" + v[i:]); rest != "/" && r.a.match(r.a.lists.startup, home+rest) {
			r.finding(ruleDynamicTarget, Dynamic, Ask, "writes a path that ends in "+rest[1:]+" below a folder from "+cmp.Or(f.why, "an expansion")+", as a home's startup file does", cmd, "")
			return
		}
	}
}

// unknownFolderPath judges a relative path in a working folder that is not
// known as a path below an expansion (see dynamicSecret): its known end
// may name a home's credential file, or a sensitive system path from
// some folder (etc/shadow from /, ../../etc/shadow from any folder two
// deep).
func (r *run) unknownFolderPath(f field, cmd string) {
	v := r.a.slash(f.val)
	if len(v) > 4096 || strings.ContainsAny(v, " \t\n") {
		return
	}
	g := f
	g.val, g.why = "/"+v, "a working folder not known"
	r.dynamicSecret(g, cmd)
	// Any folder may be the working one, / included, and ".." climbs to
	// it from any other: the path read from / (../../etc/shadow is
	// /etc/shadow as cleaned).
	if abs := r.a.clean("/" + v); abs != "/" {
		if pat, ok := r.a.matchSensitive(abs); ok {
			r.finding(ruleDynamicSecret, Dynamic, Ask, "the path "+f.val+", in a working folder not known, may name "+abs+" (pattern "+pat+")", cmd, "")
		}
	}
}

// credentialTail reports whether a path ends, from one of its components
// after the first skip bytes, as a home's credential file does below the
// home (/mnt/backup/bob/.ssh/id_rsa, $X/.aws/credentials): the end and the
// home pattern it matches.
func (a *Analyzer) credentialTail(v string, skip int) (rest, pat string, ok bool) {
	for i := skip; i < len(v); i++ {
		if i > 0 && v[i-1] != '/' {
			continue
		}
		if first, _, _ := strings.Cut(v[i:], "/"); !a.homeRelAny && !a.homeRelFirst[a.relKey(first)] {
			continue // no credential file's path starts with this folder
		}
		rest := a.clean("/" + v[i:])
		if rest == "/" {
			break
		}
		if pat, ok := a.matchHomeRel(a.relKey(rest)); ok {
			return strings.TrimPrefix(rest, "/"), pat, true
		}
	}
	return "", "", false
}

// findFollows asks when find follows symbolic links below its start
// points (-L, -follow) and acts on what it finds: a link in the tree may
// lead anywhere, a home folder included, and the analyser does not list
// the tree (see docs/security-model.md, Hardline).
func (r *run) findFollows(args []field, cmd string) {
	if slices.ContainsFunc(args, func(f field) bool { return !f.dyn && (f.val == "-L" || f.val == "-follow") }) {
		r.finding(ruleUnresolvable, Dynamic, Ask, "find -L follows the symbolic links below its start points, which may lead anywhere, and acts on what it finds there", cmd, "")
	}
}

// checkTargets checks words that a program reads, writes or deletes
// through the file system as well (symbolic links), when the environment
// resolves canonically; checkWords has already matched them as written.
func (r *run) checkTargets(sc *scope, fs []field, cmd string) {
	if r.env.Canonical == nil || len(fs) == 0 {
		return
	}
	var buf [16]field // checkWords keeps no field: the list stays on the stack
	targets := buf[:0]
	for _, f := range fs {
		if f.dyn || f.val == "" || strings.HasPrefix(f.val, "-") && !strings.ContainsRune(f.val, '=') {
			continue
		}
		targets = append(targets, f)
	}
	r.canonOnly = true
	r.checkWords(sc, targets, cmd)
	r.canonOnly = false
}

// listingPrograms print names, not contents.
var listingPrograms = map[string]bool{"ls": true, "dir": true, "vdir": true, "du": true, "tree": true, "exa": true, "eza": true, "lsd": true,
	"ncdu": true, "gdu": true, "dua": true, "dust": true, "diskus": true}

// globMaySensitive reports whether an absolute pattern may match a sensitive
// path: its components match the literal components of a pattern's folder.
// A pattern below another user's home (/home/*/.s?h) is compared with the
// built-in home patterns too.
// The pattern is bash's, read in Go's syntax first (see goGlobs): each
// alternative it makes is tried.
func (r *run) globMaySensitive(glob string) (string, bool) {
	var buf [4]string
	alts, anyDot := goGlobs(glob, r.nocaseglob, buf[:0])
	for _, alt := range alts {
		if src, ok := r.globMaySensitiveGo(alt, r.dotglob || anyDot); ok {
			return src, true
		}
	}
	return "", false
}

// globMaySensitiveGo is globMaySensitive for a pattern in Go's syntax.
func (r *run) globMaySensitiveGo(glob string, dotglob bool) (string, bool) {
	key := r.a.key(glob)
	if src, ok := globMayMatch(strings.Split(key, "/"), r.a.sensitive, dotglob, r.listing); ok {
		return src, true
	}
	if rest, ok := r.a.otherHomeRest(key); ok {
		return globMayMatch(strings.Split(rest, "/"), r.a.homeRel, dotglob, r.listing)
	}
	// A pattern in the folders above a home (/h*/*/.ssh/id_rsa) may name
	// any user's home as well.
	gc := strings.Split(key, "/")
	try := func(folder string, names int) (string, bool) {
		fc := strings.Split(strings.TrimSuffix(folder, "/"), "/")
		if len(gc) <= len(fc)+names || !componentsMayMatch(gc[:len(fc)], fc, dotglob) {
			return "", false
		}
		rest := append([]string{""}, gc[len(fc)+names:]...) // "/.ssh/id_rsa", as homeRel is
		return globMayMatch(rest, r.a.homeRel, dotglob, r.listing)
	}
	for _, parent := range r.a.alias.parents {
		if src, ok := try(parent, 1); ok {
			return src, true
		}
	}
	for _, home := range r.a.alias.lone {
		if src, ok := try(home, 0); ok {
			return src, true
		}
	}
	return "", false
}

// componentsMayMatch reports whether each pattern component may name the
// literal component at its place (or the other way round).
func componentsMayMatch(gc, lc []string, dotglob bool) bool {
	for j := range lc {
		if !dotglob && strings.HasPrefix(lc[j], ".") && !strings.HasPrefix(gc[j], ".") && strings.ContainsAny(gc[j], "*?[") {
			return false
		}
		m1, err := path.Match(gc[j], lc[j])
		m2, _ := path.Match(lc[j], gc[j])
		if !m1 && !m2 && err == nil {
			return false
		}
	}
	return true
}

// globMayMatch compares a pattern's components with the literal ones of
// each sensitive pattern's folder. As in bash, a component that does not
// start with '.' does not match a dot file unless dotglob is set. With
// folders set (a listing program), only folder patterns count.
func globMayMatch(gc []string, patterns []pattern, dotglob, folders bool) (string, bool) {
	for i := range patterns {
		sp := &patterns[i]
		if folders && sp.dir == sp.glob {
			continue // a listing shows a file's name, not its contents
		}
		dc := strings.Split(sp.dir, "/")
		if len(gc) < len(dc) {
			continue // the glob names folders above the sensitive one
		}
		if componentsMayMatch(gc[:len(dc)], dc, dotglob) {
			return sp.source, true
		}
	}
	return "", false
}

// treeReaderValues are the short options of recursive readers that take a
// value.
var treeReaderValues = map[string]string{"cp": "tS", "scp": "cFiJloPS", "rsync": "efTB", "tar": "fCbHKLNTVX", "zip": "bnt", "grep": "efmABCd", "egrep": "efmABCd", "fgrep": "efmABCd", "ugrep": "efmABCd", "ug": "efmABCd", "rg": "egtTAB", "ag": "GABC", "ack": "ABCgm", "pt": "ABCG", "sift": "ABCe"}

// readsTree flags a recursive reader (cp -r, tar c, zip -r, rsync -a,
// scp -r, grep -r, rg) of the home folder or one of its ancestors: it
// would read every sensitive path in it.
func (r *run) readsTree(sc *scope, b string, args []field, cmd string) {
	ops, follows := treeOperands(b, args)
	r.readsTreeOf(b, ops, cmd)
	if follows {
		r.linksBelow(sc, b, ops, cmd)
	}
}

// treeOperands returns the operands a recursive reader reads whole, none
// when it is not reading recursively, and whether it follows the symbolic
// links it meets below them: grep -R, ugrep -R, rg -L, ag -f, ack, pt and
// sift --follow, tar -h, cp -L, rsync -L, --copy-unsafe-links and -k, zip
// unless -y, and scp, which always does.
func treeOperands(b string, args []field) (ops []field, follows bool) {
	p := parseOpts(args, treeReaderValues[b], nil, "")
	recursive := false
	switch b {
	case "cp", "scp":
		recursive = strings.ContainsAny(p.short, "rRa") || p.given("--recursive") || p.given("--archive")
		follows = b == "scp" || strings.ContainsRune(p.short, 'L') || p.given("--dereference")
	case "rsync":
		recursive = strings.ContainsAny(p.short, "ra") || p.given("--recursive") || p.given("--archive")
		follows = strings.ContainsAny(p.short, "Lk") || p.given("--copy-links") || p.given("--copy-unsafe-links") || p.given("--copy-dirlinks")
	case "zip":
		recursive = strings.ContainsRune(p.short, 'r') || p.given("--recurse-paths")
		follows = !strings.ContainsRune(p.short, 'y') && !p.has("--symlinks")
	case "grep", "egrep", "fgrep", "ugrep", "ug":
		recursive = strings.ContainsAny(p.short, "rR") || p.given("--recursive") || p.given("--dereference-recursive")
		follows = strings.ContainsRune(p.short, 'R') || p.given("--dereference-recursive")
	case "rg", "ag", "ack", "ack-grep", "pt", "sift", "tar", "ditto":
		recursive = true // searchers recurse by default
		switch b {
		case "rg":
			follows = strings.ContainsRune(p.short, 'L') || p.has("--follow")
		case "ag":
			follows = strings.ContainsRune(p.short, 'f') || p.has("--follow")
		case "tar":
			follows = strings.ContainsRune(p.short, 'h') || p.given("--dereference") ||
				len(args) > 0 && !strings.HasPrefix(args[0].val, "-") && strings.ContainsRune(args[0].val, 'h') // tar chzf
		default:
			follows = p.has("--follow")
		}
	}
	if !recursive {
		return nil, false
	}
	ops = p.ops
	switch b {
	case "cp", "scp", "rsync", "ditto":
		if len(ops) > 1 && len(p.get("-t", "--target-directory")) == 0 {
			ops = ops[:len(ops)-1]
		}
	case "grep", "egrep", "fgrep", "ugrep", "ug", "rg", "ag", "ack", "ack-grep", "pt", "sift":
		if len(p.get("-e", "-f", "--regexp", "--file")) == 0 && len(ops) > 0 {
			ops = ops[1:]
		}
	case "tar":
		if len(ops) > 0 && !strings.HasPrefix(args[0].val, "-") && len(p.short) == 0 {
			ops = ops[1:] // tar czf OUT ... : the bundled letters
			if strings.ContainsRune(args[0].val, 'f') && len(ops) > 0 {
				ops = ops[1:]
			}
		}
	case "zip":
		if len(ops) > 0 {
			ops = ops[1:] // the archive
		}
	}
	return ops, follows
}

// linksBelow judges what the symbolic links below each folder a recursive
// reader that follows them reads lead to (see Env.TreeLinks), as files or
// folders it reads whole: grep -R x . in a workspace that holds a link to
// the home folder reads the home's keys. A searcher given no folder reads
// the working folder. A tree that cannot be listed within the bounds
// asks (see docs/security-model.md, Hardline).
func (r *run) linksBelow(sc *scope, b string, ops []field, cmd string) {
	if r.env.TreeLinks == nil || r.env.Canonical == nil {
		return
	}
	if len(ops) == 0 && b != "cp" && b != "scp" && b != "rsync" && b != "zip" && b != "tar" && b != "ditto" {
		ops = []field{{val: "."}}
	}
	for _, o := range ops {
		if o.dyn || o.val == "" || strings.HasPrefix(o.val, "-") || strings.Contains(o.val, ":") && (b == "scp" || b == "rsync") {
			continue // (a remote source is not listed here)
		}
		for _, abs := range r.resolve(o).paths {
			links, ok := r.treeLinks(b, abs, cmd)
			if !ok {
				return
			}
			for _, l := range links {
				lf := field{val: l, expn: true}
				r.checkTargets(sc, []field{lf}, cmd)
				r.readsTreeOf(b, []field{lf}, cmd)
			}
		}
	}
}

// treeLinks lists the symbolic links below abs through Env.TreeLinks, once
// per call: a folder that cannot be listed asks (and lists none), and past
// maxGlobs trees and patterns the command is too complex (ok false).
func (r *run) treeLinks(b, abs, cmd string) ([]string, bool) {
	key := "\x01" + abs // (a pattern's key starts with '/')
	ans, seen := r.calls.globbed[key]
	if !seen {
		if len(r.calls.globbed) >= maxGlobs {
			r.tooComplex(fmt.Sprintf("the command expands more than %d patterns or trees that may hold links", maxGlobs))
			return nil, false
		}
		ans.matches, ans.err = r.env.TreeLinks(abs)
		if r.calls.globbed == nil {
			r.calls.globbed = make(map[string]globAnswer, 2)
		}
		r.calls.globbed[key] = ans // each tree is listed once per call
	}
	if ans.err != nil {
		r.add(Finding{Rule: ruleUnresolvable, Kind: Dynamic, Severity: Ask, Path: abs, Command: cmd,
			Detail: bound(b + " follows the symbolic links below " + abs + ", which cannot be listed to see where they lead (" + ans.err.Error() + ")")})
		return nil, true
	}
	return ans.matches, true
}

// readsTreeOf flags the operands of a recursive reader that hold the home
// folder or are another user's.
func (r *run) readsTreeOf(b string, ops []field, cmd string) {
	if abs, ok := r.holdsHome(ops); ok {
		r.finding(ruleSensitivePath, Path, Block, b+" reads recursively "+abs+", which holds sensitive host paths", cmd, abs)
		return
	}
	for _, o := range ops {
		if o.dyn || o.val == "" || strings.HasPrefix(o.val, "-") {
			continue
		}
		for _, abs := range r.resolve(o).paths {
			if pat, ok := r.holdsSensitive(abs); ok {
				r.finding(ruleSensitivePath, Path, Block, b+" reads recursively "+abs+", which holds a sensitive host path ("+pat+")", cmd, abs)
				return
			}
		}
	}
}

// holdsHome returns the first of fs that is, as written or resolved, the
// home folder, an ancestor of it (/, /home) or another user's home: a
// program given it whole may read every credential there.
func (r *run) holdsHome(fs []field) (string, bool) {
	for _, o := range fs {
		if o.dyn || o.val == "" || strings.HasPrefix(o.val, "-") {
			continue
		}
		res := r.resolve(o)
		for _, abs := range res.paths {
			if r.a.within(r.a.home, abs) || r.isAnyHome(abs) {
				return abs, true
			}
		}
	}
	return "", false
}

// holdsSensitive returns a sensitive pattern that lies inside the folder
// abs (~/.config holds ~/.config/gh/hosts.yml), in the user's home or, for
// the built-in home patterns, in another user's.
func (r *run) holdsSensitive(abs string) (string, bool) {
	k := r.a.key(abs)
	if i, ok := r.a.sensIndex.firstPrefixInside(strings.TrimSuffix(k, "/")); ok {
		return r.a.sensitive[i].source, true
	}
	if rest, ok := r.a.otherHomeRest(k); ok {
		if i, ok := r.a.homeRelIndex.firstPrefixInside(strings.TrimSuffix(rest, "/")); ok {
			return r.a.homeRel[i].source, true
		}
	}
	return "", false
}

// wholeHome is the generic net for a home folder handed whole to a
// program whose catalogue entry does not say what it does with it (restic
// backup ~, an uploader's source folder): see rule whole-home.
func (r *run) wholeHome(b string, fs []field, cmd string) {
	if abs, ok := r.holdsHome(fs); ok {
		r.finding(ruleWholeHome, Path, Ask, b+" is given "+abs+" whole, and what it does with it is not known: it holds every credential in the home folder", cmd, abs)
	}
}

// inSafeWorkDir reports whether p is strictly inside the working folder and
// no sensitive pattern can match there, so lexical matching can be skipped.
func (r *run) inSafeWorkDir(p string) bool {
	if r.workDir == "" || !prefixSlash(r.a.key(p), r.a.key(r.workDir)) {
		return false
	}
	return r.safeWorkDir()
}

// safeWorkDir reports whether no sensitive pattern can match inside the
// working folder.
func (r *run) safeWorkDir() bool {
	if r.workDir == "" {
		return false
	}
	if r.safeWD == 0 {
		r.safeWD = 2
		if r.a.safeWorkDir(r.workDir) {
			r.safeWD = 1
		}
	}
	return r.safeWD == 1
}

// workDirAnswer is safeWorkDir's answer for one working folder.
type workDirAnswer struct {
	dir  string
	safe bool
}

// safeWorkDir reports whether no sensitive pattern can match inside wd,
// remembering the answer for the last folder asked.
func (a *Analyzer) safeWorkDir(wd string) bool {
	if last := a.lastWorkDir.Load(); last != nil && last.dir == wd {
		return last.safe
	}
	key := a.key(strings.TrimSuffix(wd, "/") + "/")
	safe := true
	for i := range a.sensitive {
		pre := a.sensitive[i].prefix
		if pre == "" || strings.HasPrefix(key, pre) || strings.HasPrefix(pre, key) {
			safe = false
			break
		}
	}
	a.lastWorkDir.Store(&workDirAnswer{dir: wd, safe: safe})
	return safe
}

// candidates are the path-like parts of a word: the word, an option's
// value after '=' (and after the last one, blanks trimmed), a curl-style
// @file, an attached short option value and a
// file:// URL.
func candidates(out []string, v string) []string {
	if v == "" || len(v) > 4096 {
		return out
	}
	add := func(s string) {
		s = strings.TrimLeft(s, "@<")
		if s != "" && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	if !strings.HasPrefix(v, "-") {
		add(v)
	} else if len(v) > 2 && v[1] != '-' {
		add(v[2:])
	}
	if i := strings.IndexByte(v, '='); i >= 0 {
		add(v[i+1:])
		// KEY = VALUE (a configuration line given as one word: wget -e
		// 'post_file = F') and the value of the last '=' (--execute=k=F).
		add(strings.TrimSpace(v[i+1:]))
		if j := strings.LastIndexByte(v, '='); j > i {
			add(strings.TrimSpace(v[j+1:]))
		}
	}
	if i := strings.IndexByte(v, '@'); i >= 0 {
		rest := v[i+1:]
		if strings.HasPrefix(rest, "~") || strings.HasPrefix(rest, "/") || strings.HasPrefix(rest, ".") {
			add(rest)
		}
	}
	// A file URL anywhere in the word, in any case, with or without a
	// host, percent-escaped or not (FILE:///root/%2essh/id_rsa, file:/x,
	// file://localhost/x), as browsers, curl and ffmpeg read it; also
	// without a query or fragment.
	for i := strings.IndexByte(v, ':'); i >= 0; {
		if i >= 4 && strings.EqualFold(v[i-4:i], "file") && (i == 4 || !isAlnum(v[i-5])) {
			for _, f := range fileURLPaths(v[i+1:], false) {
				add(f.val)
				if j := strings.IndexAny(f.val, "?#"); j > 0 {
					add(f.val[:j])
				}
			}
		}
		j := strings.IndexByte(v[i+1:], ':')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return out
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// knownTarget resolves a target that a command deletes, moves or changes
// (action says which, as "rm deletes"). A target from xargs, or one that
// is dynamic or cannot be resolved when the command acts recursively,
// needs a person: that is reported, and false returned whenever there is
// nothing resolved to judge.
func (r *run) knownTarget(t field, recursive bool, action, cmd string) (resolved, bool) {
	if h, ok := r.tildeHome(t); ok {
		// ~name is that user's home wherever it is: judged as one.
		return resolved{paths: []string{h}, ok: true}, true
	}
	if t.dyn {
		switch {
		case t.why == whyXargs:
			r.finding(ruleXargsDynamic, Dynamic, Ask, action+" paths read by xargs from input that is not known", cmd, "")
		case recursive:
			r.finding(ruleDynamicTarget, Dynamic, Ask, action+" recursively a target that comes from "+t.why, cmd, "")
		}
		return resolved{}, false
	}
	res := r.resolve(t)
	if !res.ok && recursive {
		r.finding(ruleDynamicTarget, Dynamic, Ask, action+" "+t.val+" recursively: "+res.why, cmd, "")
	}
	return res, res.ok
}

// tildeHome reports whether t is another user's home, ~name or ~name/,
// or an ancestor of it (~name/..), and returns the path that stands for
// it. Bash expands ~name to
// the home the account database gives, which the analyser cannot know;
// that it is a home is all a delete, move or mode change needs.
func (r *run) tildeHome(t field) (string, bool) {
	user, ok := strings.CutPrefix(t.why, "~")
	if !t.dyn || !ok || user == "" || r.a.windows {
		return "", false
	}
	h := r.a.usersFolder() + "/" + user
	if p := r.a.clean(t.val); r.a.within(h, p) {
		return p, true // the home or an ancestor of it (~bob/..)
	}
	return "", false
}

// judgeDelete judges a delete target (rm, find -delete, rsync --delete).
func (r *run) judgeDelete(sc *scope, t field, recursive bool, cmd, verb string) {
	res, ok := r.knownTarget(t, recursive, verb+" deletes", cmd)
	if !ok {
		return
	}
	if !recursive {
		r.judgeWrite(sc, t, ruleDiskWrite, cmd)
		return
	}
	for _, c := range r.targetClasses(res) {
		p := c.path
		if res.glob != "" {
			p = res.glob
		} else if c.cl == clInside && !t.contents && r.isRoot(c.path) {
			c.cl = clAncestor // the root folder itself
		}
		if res.glob != "" && r.a.isFSRoot(c.path) && c.cl != clOutside && c.cl != clInside {
			c.cl = clFSRoot // rm -rf /* and friends
		}
		switch c.cl {
		case clFSRoot:
			r.finding(ruleRmRoot, Command, Block, verb+" deletes / recursively", cmd, p)
		case clSystem:
			r.finding(ruleRmSystem, Command, Block, verb+" deletes a system folder recursively", cmd, p)
		case clHome:
			r.finding(ruleRmHome, Command, Block, verb+" deletes the home folder recursively", cmd, p)
		case clInHome:
			r.finding(ruleRmHome, Command, Block, verb+" deletes recursively a folder in the home folder that is outside every root", cmd, p)
		case clAncestor:
			r.finding(ruleRmRootAncestor, Command, Block, verb+" deletes recursively a folder that contains a workspace root or the home folder", cmd, p)
		case clReadOnly:
			r.finding(ruleRmReadOnlyRoot, Command, Block, verb+" deletes recursively in a read-only root", cmd, p)
		case clOutside:
			if r.a.match(r.a.lists.protected, c.path) {
				r.finding(ruleProtectedWrite, Command, Block, verb+" deletes a protected system path", cmd, p)
				continue
			}
			if r.isAnyHome(c.path) {
				r.finding(ruleRmHome, Command, Block, verb+" deletes a user's whole home folder", cmd, p)
				continue
			}
			r.finding(ruleRmOutside, Command, Ask, verb+" deletes recursively outside every writable root", cmd, p)
		}
	}
}

// judgeMove judges a source of mv: moving removes it from its place.
func (r *run) judgeMove(sc *scope, t field, cmd string) {
	res, ok := r.knownTarget(t, false, "mv moves", cmd)
	if !ok {
		return
	}
	for _, c := range r.targetClasses(res) {
		if c.cl == clInside && res.glob == "" && !t.contents && r.isRoot(c.path) {
			c.cl = clAncestor // the root folder itself
		}
		switch c.cl {
		case clFSRoot, clSystem:
			r.finding(ruleMvSystem, Command, Block, "mv moves / or a system folder", cmd, c.path)
		case clHome:
			r.finding(ruleMvHome, Command, Block, "mv moves the home folder", cmd, c.path)
		case clAncestor:
			r.finding(ruleMvRootAncestor, Command, Block, "mv moves a folder that contains a workspace root", cmd, c.path)
		case clInside:
		default:
			if r.isAnyHome(c.path) && res.glob == "" {
				r.finding(ruleMvHome, Command, Block, "mv moves a user's whole home folder", cmd, c.path)
				continue
			}
			r.judgeWrite(sc, field{val: c.path}, ruleDiskWrite, cmd)
		}
	}
}

// judgeWrite judges a non-recursive write, truncation or deletion of a
// path.
func (r *run) judgeWrite(sc *scope, t field, deviceRule, cmd string) {
	if t.dyn {
		if t.why == whyXargs {
			r.finding(ruleXargsDynamic, Dynamic, Ask, "writes paths read by xargs from input that is not known", cmd, "")
		}
		r.dynamicStartup(t, cmd)
		return
	}
	if t.contents {
		// find ~ -exec sed -i d {} +: every file under it is written, as a
		// tree written whole.
		t.contents = false
		r.judgeWriteTree(sc, t, cmd)
		return
	}
	res := r.resolve(t)
	if !res.ok {
		return
	}
	if res.glob != "" && r.a.home != "" {
		// A pattern bash expands in the write (echo x >> ~/.bash[r]c,
		// cp evil ~/.b*rc) writes what it matches.
		if src, ok := globMayMatch(strings.Split(r.a.key(res.glob), "/"), r.a.lists.startup, r.dotglob, false); ok {
			r.finding(ruleStartupWrite, Command, Block, "the pattern "+res.glob+" may match a shell or login startup file ("+src+")", cmd, res.glob)
		}
	}
	for _, p := range res.paths {
		if rule, sev, detail, ok := r.a.writeClass(p, deviceRule); ok {
			if rule != "" {
				r.finding(rule, Command, sev, detail, cmd, p)
			}
		} else if r.classify(p) != clInside {
			r.finding(ruleWriteOutside, Command, Ask, "writes outside every writable root", cmd, p)
		}
	}
}

// writeClass judges a write of the absolute path p by what p is, wherever
// the roots lie: a device or kernel interface (a harmless one such as
// /dev/null gives no rule), a protected system file, a shell or login
// startup file, or a file git runs or obeys. ok is false for any other
// path, whose write is judged by the roots. deviceRule names the rule of
// a block device written.
func (a *Analyzer) writeClass(p, deviceRule string) (rule string, sev Severity, detail string, ok bool) {
	switch {
	case a.isDevice(p) || strings.HasPrefix(a.key(p), "/proc/"):
		switch {
		case a.match(a.lists.harmless, p):
			return "", 0, "", true
		case a.match(a.lists.protected, p):
			return ruleProtectedWrite, Block, "writes the kernel interface " + p, true
		case a.isBlockDevice(p):
			return deviceRule, Block, "writes raw data to the block device " + p, true
		}
		return ruleWriteOutside, Ask, "writes outside every writable root", true
	case a.match(a.lists.protected, p):
		return ruleProtectedWrite, Block, "writes a protected system file", true
	case a.isStartup(p):
		return ruleStartupWrite, Block, "writes a shell or login startup file", true
	case gitRunsIt(a.key(p)):
		return rulePersistence, Ask, "writes a git hook or a repository's configuration, which git runs or obeys on a later command", true
	case path.Base(a.key(p)) == ".git":
		return rulePersistence, Ask, "writes a repository's .git, whose hooks and configuration git runs or obeys on a later command (a .git file's gitdir: line names another folder's)", true
	}
	if dir, ok := a.onUserPath(p); ok {
		return rulePersistence, Ask, "puts a program in " + dir + ", a folder on the user's PATH: it runs in place of any later command of its name", true
	}
	return "", 0, "", false
}

// userBinDirs are the folders below a home that the usual startup files
// and installers put on PATH, ahead of the system's folders, and on
// Windows the folders every account's PATH holds (WindowsApps) and
// scoop's shims (in the lower case of Windows's comparison keys).
var userBinDirs = []string{".local/bin", "bin", ".cargo/bin", "go/bin", ".bun/bin", ".deno/bin", ".npm-global/bin",
	".yarn/bin", ".volta/bin", ".pyenv/shims", ".rbenv/shims", ".asdf/shims", ".local/share/mise/shims", ".nix-profile/bin",
	"appdata/local/microsoft/windowsapps", "scoop/shims"}

// onUserPath returns the folder on a user's PATH (userBinDirs) that holds
// the file p, in the home folder, spelled as configured or canonically,
// or in any other user's.
func (a *Analyzer) onUserPath(p string) (string, bool) {
	k := a.key(p)
	rest, ok := a.otherHomeRest(k)
	for _, h := range a.alias.homes {
		if ok {
			break
		}
		rest, ok = belowFolder(k, h)
	}
	if !ok {
		return "", false
	}
	dir, name := path.Split(rest[1:])
	if name == "" || !slices.Contains(userBinDirs, strings.TrimSuffix(dir, "/")) {
		return "", false
	}
	return path.Dir(p), true
}

// WriteTarget judges a path a tool writes (a write or edit tool's path
// argument) as the shell analyser judges a redirection's target, in both
// of its forms: given, the path as the call spelled it after home
// expansion (judged lexically), and canonical, the path resolved through
// symbolic links. A protected system file, a shell or login startup file
// or a block device blocks (protected-write, startup-file-write,
// disk-write), and a git hook or a repository's configuration asks
// (persistence), whatever root holds it: the tool's write is the same
// write as echo ... > PATH (see docs/security-model.md, Arguments). So
// does a file another program runs by itself on a later command without
// the analyser reading it then (runsByItself): a shell's redirection there
// is judged by the text it writes, which a tool's call does not show. The
// stricter answer of the two forms wins; a form that is empty or not
// absolute is skipped, and so is a kernel interface the roots would not
// reach (what is outside every root is the roots' to refuse).
func (a *Analyzer) WriteTarget(given, canonical string) (f Finding, ok bool) {
	for _, p := range [...]string{given, canonical} {
		if p == "" || !a.isAbs(p) {
			continue
		}
		rule, sev, detail, hit := a.writeClass(p, ruleDiskWrite)
		if what, runs := runsByItself(a.key(p)); !hit && runs {
			rule, sev, detail, hit = rulePersistence, Ask, "writes "+what+", and its text is not read then", true
		}
		if !hit || rule == "" || rule == ruleWriteOutside {
			continue
		}
		if !ok || sev > f.Severity {
			ri, _ := ruleInfo(rule)
			f, ok = Finding{Rule: rule, Kind: ri.Kind, Severity: sev, Detail: detail, Path: p}, true
		}
	}
	return f, ok
}

// runsByItself reports whether the comparison key of a path names a file
// that a program runs by itself on a later command, which the analyser does
// not read when it judges that command: a hook in the folders hook
// managers point core.hooksPath at (.husky, .githooks: git runs it on a
// commit, a checkout, a merge), pre-commit's and lefthook's configuration
// (their commands run on a commit), mise's (its hooks run on cd), VS
// Code's tasks and a dev container's configuration (a folderOpen task and
// initializeCommand run when the folder is opened), a Python start file in a package folder (a
// .pth file, sitecustomize.py: every Python program runs it), and a
// package manager's configuration (.npmrc, .yarnrc.yml, pip.conf,
// .cargo/config.toml: a program it runs, a source it installs from, as
// plantedSources judges a shell's write there), an agent host's project
// configuration and hook scripts (agentConfig, .claude/hooks), and VS
// Code's workspace settings. what says what the file is and when it runs.
// A shell's write there with text it does not show is judged so too
// (plantUnread).
func runsByItself(key string) (what string, ok bool) {
	return runsByItselfLower(asciiLower(pathTail(key)))
}

// pathTail is the end of the path key that runsByItself reads, in any
// case: its last three elements, with the separator before them (what the
// files it knows are told by: .kiro/settings/mcp.json, .husky/_/NAME), so
// that lower-casing it copies a few bytes, not the whole path.
func pathTail(key string) string {
	i := len(key)
	for n := 0; n < 3 && i > 0; n++ {
		i = strings.LastIndexByte(key[:i], '/')
		if i < 0 {
			return key
		}
	}
	return key[i:]
}

// runsByItselfLower is runsByItself for the lower-cased tail of a key.
func runsByItselfLower(key string) (what string, ok bool) {
	dir, name := path.Split(key)
	parent := path.Base(dir)
	switch {
	case hookFile(key, dir, parent, name) && strings.Contains(dir, "/.claude/hooks/"):
		return "an agent host's hook: the host runs it by itself when the agent acts", true
	case hookFile(key, dir, parent, name):
		return "a git hook: git runs it by itself on a later commit, checkout or merge", true
	case sourceConfigFile(parent, name):
		return "a package manager's configuration, which may name a program it runs (script-shell, rustc-wrapper) or a source it installs from", true
	}
	switch plantedConfigLanguage(key) {
	case "pre-commit":
		return "pre-commit's configuration: git runs its hooks' entries by itself on a later commit", true
	case "lefthook":
		return "lefthook's configuration: git runs its commands by itself on a later commit, once lefthook is installed", true
	case "git-hook-manager":
		return "a git hook manager's configuration (husky, simple-git-hooks, lint-staged): git runs its commands by itself on a later commit, once the manager is installed", true
	case "mise":
		return "mise's configuration: its hooks run by themselves on cd in a shell that activates mise, and a file trusted once stays trusted", true
	case "python-start":
		return "a Python start file: every Python program runs it by itself", true
	case "vscode-tasks":
		return "VS Code's tasks: one with runOn folderOpen runs by itself when the folder is opened", true
	case "vscode-settings":
		return "VS Code's workspace settings, which may approve an agent's tools by themselves or name the programs the editor and its extensions run when the folder opens", true
	case "agent":
		return "an agent host's configuration: its hooks and MCP servers run commands by themselves, and its permissions decide what the agent may do without asking", true
	case "devcontainer":
		return "a dev container's configuration: its initializeCommand runs on this machine by itself when the folder is opened in a container", true
	}
	return "", false
}

// gitRunsIt reports whether the comparison key of a path names a file git
// runs (a hook) or reads commands from (a repository's config: core.pager,
// core.fsmonitor, filter drivers, aliases; config.worktree; commondir,
// which names the folder whose config is read), in a repository, a
// submodule's or a worktree's git folder, or a bare repository's
// (NAME.git, or .bare as the bare-repository-with-worktrees layout names
// it; see gitFolderName).
func gitRunsIt(key string) bool {
	for rest := key; ; {
		i := strings.Index(rest, ".git/")
		j := strings.Index(rest, "/.bare/")
		switch {
		case j >= 0 && (i < 0 || j < i):
			rest = rest[j+len("/.bare/"):]
		case i >= 0:
			rest = rest[i+len(".git/"):] // after a folder .git or NAME.git
		default:
			return false
		}
		if rest == "config" || strings.HasSuffix(rest, "/config") || strings.HasPrefix(rest, "hooks/") || strings.Contains(rest, "/hooks/") ||
			rest == "config.worktree" || strings.HasSuffix(rest, "/config.worktree") || rest == "commondir" || strings.HasSuffix(rest, "/commondir") {
			return true
		}
	}
}

// judgeDevice judges a target of a tool that destroys what it is given
// (shred, wipefs, blkdiscard): devices are blocked, files are writes.
func (r *run) judgeDevice(sc *scope, t field, rule, cmd, b string) {
	if t.dyn {
		rule := ruleDynamicTarget
		if t.why == whyXargs {
			rule = ruleXargsDynamic
		}
		r.finding(rule, Dynamic, Ask, b+" destroys a target that comes from "+t.why, cmd, "")
		return
	}
	res := r.resolve(t)
	for _, p := range res.paths {
		if r.a.isDevice(p) && !r.a.match(r.a.lists.harmless, p) {
			r.finding(rule, Command, Block, b+" destroys the data on the device "+p, cmd, p)
			return
		}
	}
	r.judgeWrite(sc, t, rule, cmd)
}

func (r *run) mkfs(args []field, cmd string) {
	for _, f := range args {
		if f.dyn {
			r.finding(ruleDynamicTarget, Dynamic, Ask, "creates a file system on a target that comes from "+f.why, cmd, "")
			continue
		}
		if strings.HasPrefix(f.val, "-") {
			continue
		}
		for _, p := range r.resolve(f).paths {
			if r.a.isDevice(p) && !r.a.match(r.a.lists.harmless, p) {
				r.finding(ruleMkfs, Command, Block, "creates a file system on the device "+p+", erasing it", cmd, p)
				break
			}
		}
	}
}

// gnuCopyValues are the long options of the GNU copy tools that take a
// value; none of the tools has an option that is a prefix of one of them,
// so a prefix of one is read as it (cp --tar DIR).
var gnuCopyValues = map[string][]string{
	"cp": {"--target-directory", "--suffix"}, "mv": {"--target-directory", "--suffix"}, "ln": {"--target-directory", "--suffix"},
	"install": {"--target-directory", "--suffix", "--mode", "--owner", "--group"},
}

func (r *run) copy(sc *scope, b string, args []field, c ctx, cmd string) {
	if long, ok := gnuCopyValues[b]; ok {
		args = expandAbbreviated(args, long)
	}
	val := map[string]string{"cp": "tS", "install": "tSmog", "ln": "tS", "rsync": "efTB", "scp": "cFiJloPS"}[b]
	p := parseOpts(args, val, []string{"--target-directory", "--suffix", "--mode", "--owner", "--group", "--rsh", "--filter", "--exclude", "--include", "--temp-dir", "--partial-dir", "--backup-dir", "--files-from", "--exclude-from", "--include-from", "--chmod", "--chown", "--log-file", "--password-file"}, "")
	if b == "install" {
		for _, m := range p.get("-m", "--mode") {
			r.setID(m, b, cmd)
		}
	}
	if b == "rsync" {
		for _, m := range p.get("--chmod") {
			r.setID(m, b, cmd) // rsync --chmod=u+s
		}
	}
	if b == "install" && (strings.ContainsRune(p.short, 'd') || p.given("--directory")) {
		for _, t := range p.ops {
			r.judgeWrite(sc, t, ruleDiskWrite, cmd)
		}
		return
	}
	srcs, dst := splitDest(p)
	// The links are made after the copy's own writes are judged: ln -s
	// /etc/shadow s writes s, not /etc/shadow.
	defer r.noteLinks(b, p, srcs, dst)
	if dst == nil {
		return
	}
	remote := func(f field) bool {
		i := strings.IndexByte(f.val, ':')
		return i > 1 || i == 1 && !r.a.windows
	}
	if list := p.get("--files-from"); b == "rsync" && len(list) > 0 {
		// The names a list gives are read under each local source
		// (rsync --files-from=- / host: <<< root/.ssh/id_rsa).
		local := slices.DeleteFunc(slices.Clone(srcs), remote)
		r.readsListed(sc, &list[len(list)-1], local, c, b, cmd)
	}
	recursive := strings.ContainsAny(p.short, "rRa") || p.given("--recursive") || p.given("--archive")
	del := b == "rsync" && slices.ContainsFunc(p.long, func(l string) bool { return strings.HasPrefix(l, "--delete") || l == "--del" })
	if b == "rsync" || b == "scp" {
		r.remoteSources(sc, b, srcs, recursive, remote, c, cmd)
		if remote(*dst) {
			local, here := r.remoteDest(sc, b, *dst, del, c, cmd)
			if !here {
				return
			}
			dst = &local
		}
	}
	if b == "rsync" {
		if del {
			r.judgeDelete(sc, *dst, true, cmd, "rsync --delete")
		}
		if p.given("--remove-source-files") {
			for _, s := range srcs {
				if !remote(s) {
					r.judgeWrite(sc, s, ruleDiskWrite, cmd)
				}
			}
		}
	}
	r.judgeWrite(sc, *dst, ruleDiskWrite, cmd)
	r.carryWritten(srcs, *dst, c.in)
	if recursive {
		r.noteFilled(*dst) // a tree copied: its files' names are not read
	}
	r.noteProgramCopy(srcs, *dst)
	if b == "cp" && recursive && (strings.ContainsRune(p.short, 'T') || p.given("--no-target-directory")) {
		// cp -rT SRC DST copies SRC's contents into DST, as SRC/. does.
		r.judgeWriteTree(sc, *dst, cmd)
	}
	r.judgeInto(sc, srcs, *dst, recursive || b == "rsync" && strings.ContainsAny(p.short, "r"), b == "rsync", remote, cmd)
}

// noteProgramCopy records a copy or a link of an installed program under
// another name (ln -s /bin/rm x, cp /usr/bin/dd ./z): running it later in
// the command (./x -rf /etc, PATH=.:$PATH x ...) runs that program, and is
// judged as it (see programCopy).
func (r *run) noteProgramCopy(srcs []field, dst field) {
	if len(srcs) != 1 || srcs[0].dyn || dst.dyn || dst.glob {
		return
	}
	prog := base(srcs[0].val)
	if srcs[0].glob {
		// A pattern (cp /usr/bin/r? ./cat) copies whichever program it
		// matches: each dangerous name it may match is bound, joined by
		// NULs, and a later run is judged as each (see simple).
		var progs []string
		for _, d := range dangerousNames {
			if ok, _ := path.Match(prog, d); ok {
				progs = append(progs, d)
			}
		}
		prog = strings.Join(progs, "\x00")
	} else if !r.a.catalogued(prog) {
		return
	}
	if prog == "" {
		return
	}
	for _, p := range r.resolve(srcs[0]).paths {
		if r.classify(p) == clInside {
			return // a file of the project's, whatever its name
		}
	}
	for _, p := range r.resolve(dst).paths {
		r.bindProgram(r.a.key(p), prog)
	}
	r.bindProgram(base(dst.val), prog) // found through PATH by its name
}

// bindProgram records that key (a path's key, or a bare command name)
// runs the catalogued program prog.
func (r *run) bindProgram(key, prog string) {
	if r.progCopies == nil {
		r.progCopies = map[string]string{}
	}
	r.progCopies[key] = prog
}

// catalogued reports whether the catalogue has an entry for the program
// name (after the spellings catalogName reads).
func (a *Analyzer) catalogued(name string) bool {
	ce, extra := a.lookupEntry(catalogName(name))
	return ce != nil || len(extra) > 0
}

// programCopy returns the installed program a command name runs when the
// command copied or linked it there first (see noteProgramCopy): a path
// to the copy, or its bare name, which a PATH the command sets may find.
func (r *run) programCopy(name field) (string, bool) {
	if len(r.progCopies) == 0 || name.dyn {
		return "", false
	}
	if !strings.ContainsRune(name.val, '/') {
		prog, ok := r.progCopies[name.val]
		return prog, ok
	}
	for _, p := range r.resolve(name).paths {
		if prog, ok := r.progCopies[r.a.key(p)]; ok {
			return prog, true
		}
	}
	return "", false
}

// carryWritten records what a copy or move of one source writes at dst
// (and at dst/NAME, dst being a folder) when the command wrote the source
// first or the source is its standard input: the same text, so a script
// written, copied and run is read as written (echo 'rm -rf ~' > a; cp a
// b; sh b). A source on disk is recorded as copied (noteCopied): a script
// run from the copy is read from the source (cp notes.txt run.sh; sh
// run.sh), one or several sources.
func (r *run) carryWritten(srcs []field, dst field, in input) {
	if dst.dyn {
		return
	}
	if len(srcs) != 1 {
		for _, s := range srcs {
			if _, _, written := r.writtenAt(s); !written {
				r.noteCopied(s, r.intoFolder(dst, s))
				r.plantUnreadInto(dst, s)
			}
		}
		return
	}
	src := srcs[0]
	if src.dyn {
		return
	}
	text, known := "", false
	var held written // what the source holds of the environment or a credential
	if isStdin(src.val) {
		text, known = in.text, in.kind == inText
	} else if w, _, ok := r.writtenAt(src); ok {
		text, known, held = w.content, w.known, w
	} else {
		r.noteCopied(src, dst)
		r.noteCopied(src, r.intoFolder(dst, src))
		r.plantUnreadAt(dst)
		r.plantUnreadInto(dst, src)
		return
	}
	r.noteWritten(dst, text, known)
	r.noteHeld(dst, held.environ, held.secret) // (echo "$T" > a; cp a b: b holds it)
	if into := r.intoFolder(dst, src); into.val != "" && !isStdin(src.val) {
		r.noteWritten(into, text, known)
		r.noteHeld(into, held.environ, held.secret)
	}
}

// intoFolder is the path a copy of src takes in dst read as a folder
// (dst/NAME); "" when src names no file of its own.
func (r *run) intoFolder(dst, src field) field {
	name := path.Base(r.a.slash(src.val))
	if src.dyn || name == "." || name == "/" {
		return field{}
	}
	return field{val: strings.TrimSuffix(dst.val, "/") + "/" + name}
}

// noteCopied records that the command copies the file src, which it did
// not write, to dst: a script run from dst later in the command is read
// from src (see copiedFrom).
func (r *run) noteCopied(src, dst field) {
	if src.dyn || dst.dyn || dst.val == "" || isStdin(src.val) {
		return
	}
	sp := r.resolve(src).paths
	if len(sp) == 0 {
		return
	}
	fs := r.fileState()
	if fs.copies == nil {
		fs.copies = map[string]string{}
	}
	for _, p := range r.resolve(dst).paths {
		fs.copies[r.a.key(p)] = sp[len(sp)-1]
	}
}

// copiedFrom returns the file the command copied to the path f names, if
// it copied one there (noteCopied).
func (r *run) copiedFrom(f field) (string, bool) {
	fl := r.fileLists()
	if len(fl.copies) == 0 && len(fl.pieces) == 0 || f.dyn {
		return "", false
	}
	res := r.resolve(f)
	for _, p := range res.paths {
		k := r.a.key(p)
		if src, ok := fl.copies[k]; ok {
			return src, true
		}
		for prefix, src := range fl.pieces {
			if strings.HasPrefix(k, prefix) { // p_aa
				return src, true
			}
		}
	}
	if res.glob != "" {
		// A pattern that matches a piece (p_*, *, p_a?): split names them
		// PREFIXaa on, csplit PREFIX00 on.
		g := r.a.key(res.glob)
		for prefix, src := range fl.pieces {
			dir, name := path.Split(prefix)
			if gd, gn := path.Split(g); gd == dir && (bashGlobMatch(gn, name+"aa", false) || bashGlobMatch(gn, name+"00", false)) {
				return src, true
			}
		}
	}
	return "", false
}

// notePieces records that split or csplit writes the pieces of the file
// in under prefix (see runFiles.pieces): each is a copy of part of it, so
// a piece sent (split -b 30 .env p_; curl -d @p_aa URL, for f in p_*)
// is the file sent.
func (r *run) notePieces(in, prefix field) {
	if in.dyn || prefix.dyn {
		return
	}
	sp := r.resolve(in).paths
	if len(sp) == 0 {
		return
	}
	src := sp[len(sp)-1]
	if s, ok := r.copiedFrom(in); ok {
		src = s // a copy's pieces are its source's
	}
	fs := r.fileState()
	if fs.pieces == nil {
		fs.pieces = map[string]string{}
	}
	for _, p := range r.resolve(prefix).paths {
		fs.pieces[r.a.key(p)] = src
	}
}

// writtenAt returns what the command wrote to the file f names, and the
// path it wrote, if it wrote it.
func (r *run) writtenAt(f field) (written, string, bool) {
	if len(r.written) == 0 || f.dyn || f.val == "" {
		return written{}, "", false
	}
	for _, p := range r.resolve(f).paths {
		if w, ok := r.written[r.a.key(p)]; ok {
			return w, p, true
		}
	}
	return written{}, "", false
}

// fetchedAtFile returns the path of the file f names when it lies in a
// folder the command fills from the network.
func (r *run) fetchedAtFile(f field) (string, bool) {
	return r.inFolders(r.fileLists().fetched, f)
}

// runsMade judges a program b running (or reading as its build file) the
// file f, which the command writes or downloads first: a written file
// whose text is known is handed to analyse when that is not nil and
// reports true; any other asks (runs-written-file). It reports whether f
// is such a file.
func (r *run) runsMade(f field, b, cmd string, analyse func(written) bool) bool {
	if w, p, ok := r.writtenAt(f); ok {
		if !w.known && w.tail != "" && analyse != nil {
			// What it held is not known; the text added after it is.
			analyse(written{content: w.tail, known: true})
		}
		if !w.known || analyse == nil || !analyse(w) {
			r.finding(ruleRunsWritten, Dynamic, Ask, b+" runs "+p+", which this command writes first", cmd, p)
		}
		return true
	}
	if p, ok := r.fetchedAtFile(f); ok {
		r.finding(ruleRunsWritten, Dynamic, Ask, b+" runs "+p+", which this command downloads first", cmd, p)
		return true
	}
	if p, ok := r.filledAtFile(f); ok {
		r.finding(ruleRunsWritten, Dynamic, Ask, b+" runs "+p+", in a folder this command first fills with files it does not read (an archive extracted, a tree copied)", cmd, p)
		return true
	}
	return false
}

// judgeInto judges what copying or moving srcs to dst writes when dst is a
// folder (cp .bashrc ~ writes ~/.bashrc): dst/NAME for each source, a tree
// when the copy is recursive, and dst itself as a tree for a source that
// stands for its contents (dir/., and rsync's dir/). Whether dst is a
// folder is not asked: both readings are judged.
func (r *run) judgeInto(sc *scope, srcs []field, dst field, recursive, rsync bool, remote func(field) bool, cmd string) {
	if d := r.a.clean(r.a.slash(dst.val)); dst.dyn || deviceFile(d) || shellRelative(d) {
		return // a device or a descriptor, no folder
	}
	for _, s := range srcs {
		if s.dyn {
			if remote != nil && remote(s) {
				// A remote file whose name is not known may be any
				// name in dst (scp "host:$F" ~).
				r.judgeWriteTree(sc, dst, cmd)
			}
			continue
		}
		v := r.a.slash(s.val)
		if remote != nil && remote(s) {
			// A download: the copy is named after the remote path
			// (scp host:.bashrc ~, aws s3 cp s3://b/.bashrc .). A name
			// the remote side chooses (host:, a pattern it expands)
			// may be anything in dst.
			v = remotePath(s.val)
			if v == "" || strings.ContainsAny(path.Base(v), "*?[{") {
				r.judgeWriteTree(sc, dst, cmd)
				continue
			}
		}
		if v == "." || strings.HasSuffix(v, "/.") || rsync && strings.HasSuffix(v, "/") {
			if recursive {
				r.judgeWriteTree(sc, dst, cmd)
			}
			continue
		}
		into := dst
		into.val = strings.TrimSuffix(r.a.slash(dst.val), "/") + "/" + path.Base(v)
		if recursive {
			r.judgeWriteTree(sc, into, cmd)
		} else {
			r.judgeWrite(sc, into, ruleDiskWrite, cmd)
		}
	}
}

// remotePath is the path part of a remote copy operand, after its first
// ':' (host:x is x; s3://bucket/x is //bucket/x, whose last name is the
// object's). It is "" when there is none (host:, the remote home).
func remotePath(v string) string {
	if i := strings.IndexByte(v, ':'); i >= 0 {
		return v[i+1:]
	}
	return v
}

func (r *run) sed(sc *scope, args []field, c ctx, cmd string) {
	inPlace, script := false, false
	var ops, scripts, scriptFiles []field
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.val
		switch {
		case a.dyn || !strings.HasPrefix(v, "-") || v == "-":
			ops = append(ops, a)
		case v == "--":
			ops = append(ops, args[i+1:]...)
			i = len(args)
		case strings.HasPrefix(v, "--in-place"):
			inPlace = true
		case v == "--expression" || v == "--file":
			script = true
			if i+1 < len(args) {
				if v == "--expression" {
					scripts = append(scripts, args[i+1])
				} else {
					scriptFiles = append(scriptFiles, args[i+1])
				}
			}
			i++
		case v == "--line-length":
			i++
		case strings.HasPrefix(v, "--expression=") || strings.HasPrefix(v, "--file="):
			script = true
			name, val, _ := strings.Cut(v, "=")
			if name == "--expression" {
				scripts = append(scripts, field{val: val, dyn: a.dyn, why: a.why})
			} else {
				scriptFiles = append(scriptFiles, field{val: val, dyn: a.dyn, why: a.why})
			}
		case strings.HasPrefix(v, "--"):
		default:
		short:
			for j := 1; j < len(v); j++ {
				switch v[j] {
				case 'i':
					inPlace = true
					break short
				case 'e', 'f':
					script = true
					var val field
					if j < len(v)-1 {
						val = field{val: v[j+1:], dyn: a.dyn, why: a.why}
					} else if i+1 < len(args) {
						val = args[i+1]
					}
					if v[j] == 'e' {
						scripts = append(scripts, val)
					} else {
						scriptFiles = append(scriptFiles, val)
					}
					if j == len(v)-1 {
						i++
					}
					break short
				case 'l':
					if j == len(v)-1 {
						i++
					}
					break short
				}
			}
		}
	}
	if !script && len(ops) > 0 {
		scripts = append(scripts, ops[0])
		ops = ops[1:]
	}
	// Each script, given with -e or read from a -f file, is judged the
	// same way; a script read from standard input or a process
	// substitution is code the analyser cannot read.
	judge := func(sf field) {
		// A script with an expansion (s/x/$v/) is judged by its literal
		// parts: a value in a pattern or a replacement is data; a file
		// its w or r command names cannot be named.
		if sf.dyn && strings.TrimSpace(sf.val) == "" {
			// Nothing of it is known (sed "$script"): like any program
			// that comes whole from a variable, it asks.
			r.finding(ruleInlineInterp, Dynamic, Ask, "sed runs a script that comes from "+sf.why, cmd, "")
			return
		}
		rd := readSed(sf.val)
		if rd.executes {
			r.finding(ruleInlineInterp, Dynamic, Ask, "sed runs a script that executes shell commands (the e command or flag)", cmd, "")
		}
		for _, line := range rd.commands {
			r.embeddedScript(sc, line, c) // the command an e runs, or a replacement run by the e flag
		}
		r.progFiles(sc, "sed", sf, rd.files, cmd)
	}
	for _, f := range scriptFiles {
		switch {
		case stdinProgram(f):
			r.finding(ruleInlineInterp, Dynamic, Ask, "sed reads its script from standard input or a process substitution, which the analyser cannot read", cmd, "")
		case !f.dyn && f.val != "":
			// The script file is read as a -e script is: from this
			// command's own writes or from disk (bound to an approval;
			// absent when not there).
			r.progFiles(sc, "sed", f, []progFile{{name: f.val}}, cmd)
			r.commandFile(sc, f, "sed", c, cmd, func(text string) { judge(field{val: text}) })
		case f.dyn:
			r.commandFile(sc, f, "sed", c, cmd, nil) // a script file not known asks
		}
	}
	for _, sf := range scripts {
		judge(sf)
	}
	r.checkTargets(sc, ops, cmd) // the input files (see Entry.judgesPaths)
	if !inPlace {
		return
	}
	for _, t := range ops {
		r.judgeWrite(sc, t, ruleDiskWrite, cmd)
		r.noteWritten(t, "", false)
	}
}

// partitionListing are the read-only flags of partition tools.
var partitionListing = map[string]string{"fdisk": "lx", "sfdisk": "ldJsVg", "gdisk": "l", "sgdisk": "piLvOb", "parted": "lm", "partx": "s", "kpartx": "l"}

var partitionLongListing = []string{"--list", "--list-details", "--dump", "--json", "--show-size", "--verify",
	"--show-geometry", "--print", "--info", "--show", "--help", "--version", "--script", "--machine"}

func (r *run) partition(b string, args []field, cmd string) {
	p := parseOpts(args, "", nil, "")
	onlyListingLongs := !slices.ContainsFunc(p.long, func(l string) bool { return !slices.Contains(partitionLongListing, l) })
	listing := partitionListing[b]
	if onlyListingLongs && (listing != "" && strings.ContainsAny(p.short, listing) && strings.Trim(p.short, listing+"sq") == "" ||
		p.short == "" && len(p.long) > 0 && slices.ContainsFunc(p.long, func(l string) bool { return l != "--script" && l != "--machine" })) {
		return
	}
	if b == "parted" {
		modifies, prints := false, false
		for _, w := range fieldVals(p.ops) {
			switch w {
			case "mklabel", "mktable", "mkpart", "mkpartfs", "rm", "resizepart", "resize", "rescue", "set", "toggle", "name", "move", "cp", "mkfs", "disk_set", "disk_toggle", "type":
				modifies = true
			case "print":
				prints = true
			}
		}
		if !modifies && prints {
			return
		}
	}
	for _, f := range p.ops {
		if f.dyn {
			r.finding(ruleDynamicTarget, Dynamic, Ask, b+" changes the partitions of a target that comes from "+f.why, cmd, "")
			return
		}
		for _, pth := range r.resolve(f).paths {
			if r.a.isDevice(pth) && !r.a.match(r.a.lists.harmless, pth) {
				r.finding(rulePartition, Command, Block, b+" changes the partition table of "+pth, cmd, pth)
				return
			}
		}
	}
	if (b == "cfdisk" || b == "cgdisk" || b == "gparted") && len(p.ops) == 0 {
		r.finding(rulePartition, Command, Block, b+" edits the partition table of the first disk", cmd, "")
	}
}

func (r *run) volume(b string, args []field, cmd string) {
	vals := fieldVals(args)
	hit := false
	first := ""
	for _, v := range vals {
		if !strings.HasPrefix(v, "-") {
			first = v
			break
		}
	}
	switch b {
	case "nvme":
		hit = slices.Contains([]string{"format", "sanitize", "delete-ns", "detach-ns"}, first)
	case "cryptsetup":
		hit = slices.ContainsFunc(vals, func(v string) bool {
			return slices.Contains([]string{"luksFormat", "erase", "luksErase", "reencrypt", "luksKillSlot", "luksRemoveKey"}, v)
		})
	case "zpool":
		hit = first == "destroy" || first == "labelclear"
	case "zfs":
		hit = first == "destroy"
	case "lvremove", "vgremove", "pvremove", "sg_format", "sg_sanitize":
		hit = first != ""
	case "badblocks":
		hit = strings.ContainsRune(parseOpts(args, "bcdeiopt", nil, "").short, 'w')
	case "dmsetup":
		hit = first == "remove_all" || first == "wipe_table"
	case "mdadm":
		hit = slices.Contains(vals, "--zero-superblock")
	}
	if hit {
		r.finding(ruleWipeDevice, Command, Block, b+" destroys a device, volume or pool", cmd, "")
	}
}

func (r *run) chmod(sc *scope, b string, args []field, cmd, rule string) {
	flagset := map[string]string{"chmod": "cfvRHLP", "chown": "cfvRhHLP", "chgrp": "cfvRhHLP", "chattr": "RVf", "setfacl": "RbkndLPtv"}[b]
	val := ""
	if b == "setfacl" {
		val = "mMxX"
	}
	p := parseOpts(args, val, []string{"--modify", "--modify-file", "--remove", "--remove-file", "--set", "--set-file"}, flagset)
	ops := p.ops
	if b != "setfacl" && len(p.get("--reference")) == 0 && len(ops) > 0 {
		ops = ops[1:] // the mode or owner
	}
	recursive := strings.ContainsRune(p.short, 'R') || p.given("--recursive")
	if b == "chmod" && len(p.get("--reference")) == 0 && len(p.ops) > 0 {
		r.setID(p.ops[0], b, cmd)
	}
	// The mode or owner is not a path; the targets and the files options
	// name (--reference, setfacl -M) are (see Entry.judgesPaths).
	paths := ops
	if p.has("--reference") {
		paths = p.ops // --reference FILE, its value read as an operand
	}
	paths = slices.Clip(paths) // ops is not written through
	for _, v := range p.values {
		paths = append(paths, v.f)
	}
	r.checkTargets(sc, paths, cmd)
	// Told to follow the links it meets below its operands (chown -R -L,
	// setfacl -R -L, BSD chmod -R -L), it changes what they lead to as
	// well: each link below them is a target of its own.
	follows := recursive && (strings.ContainsRune(p.short, 'L') || p.given("--logical"))
	if follows && r.env.TreeLinks != nil && r.env.Canonical != nil {
		for _, t := range slices.Clone(ops) {
			if t.dyn {
				continue
			}
			for _, abs := range r.resolve(t).paths {
				links, ok := r.treeLinks(b, abs, cmd)
				if !ok {
					break
				}
				for _, l := range links {
					ops = append(ops, field{val: l + "/", expn: true})
				}
			}
		}
	}
	for _, t := range ops {
		res, ok := r.knownTarget(t, recursive, b+" changes", cmd)
		if !ok {
			continue
		}
		for _, c := range r.targetClasses(res) {
			block := false
			switch c.cl {
			case clFSRoot, clHome:
				block = true
			case clSystem, clAncestor:
				block = recursive || r.a.match(r.a.lists.sysDirs, c.path)
			}
			switch {
			case block:
				r.finding(rule, Command, Block, b+" changes the permissions or owner of a system or home folder", cmd, c.path)
			case r.a.match(r.a.lists.protected, c.path):
				r.finding(ruleProtectedWrite, Command, Block, b+" changes a protected system file", cmd, c.path)
			case c.cl != clInside:
				r.finding(ruleWriteOutside, Command, Ask, b+" changes a path outside every writable root", cmd, c.path)
			}
		}
	}
}

// setID asks when mode (chmod's or install -m's) sets the set-user-ID or
// set-group-ID bit: the file then runs with its owner's or group's rights
// whoever starts it, which from a command run as root is a way to keep
// them (see docs/security-model.md, Hardline). A mode built at run time
// is not known and asks too.
func (r *run) setID(mode field, b, cmd string) {
	if mode.dyn {
		r.finding(ruleSystemAdmin, Dynamic, Ask, b+" is given a mode built at run time, which may set the set-user-ID bit", cmd, "")
		return
	}
	if setsID(mode.val) {
		r.finding(ruleSystemAdmin, Command, Ask, b+" sets the set-user-ID or set-group-ID bit of "+mode.val+": the file runs with its owner's or group's rights", cmd, "")
	}
}

// setsID reports whether a chmod mode, octal (4755, 02775) or symbolic
// (u+s, +s, g=rws, a+rwxs), sets the set-user-ID or set-group-ID bit;
// rsync's --chmod clauses may start with D or F (F4755, Du+s).
func setsID(mode string) bool {
	for clause := range strings.SplitSeq(mode, ",") {
		clause = strings.TrimLeft(clause, "DF")
		if clause != "" && strings.Trim(clause, "01234567") == "" {
			if len(clause) >= 4 && (clause[len(clause)-4]-'0')&6 != 0 {
				return true
			}
			continue
		}
		op := byte(0)
		for i := 0; i < len(clause); i++ {
			switch c := clause[i]; {
			case c == '+' || c == '=' || c == '-':
				op = c
			case c == 's' && op != 0 && op != '-':
				return true
			}
		}
	}
	return false
}

func (r *run) git(sc *scope, args []field, c ctx, cmd string) {
	for i := 0; i+1 < len(args); i++ {
		v := args[i].val
		switch {
		case v == "-c":
			r.gitConfig(sc, args[i+1], c, cmd)
			i++
		case v == "--config-env":
			r.gitConfigEnv(sc, args[i+1].val, c, cmd)
			i++
		case strings.HasPrefix(v, "--config-env="):
			r.gitConfigEnv(sc, v[len("--config-env="):], c, cmd)
		case v == "-C" || slices.Contains(gitGlobals.long, v):
			i++
		case !strings.HasPrefix(v, "-"):
			return
		}
	}
}

// gitGlobals are git's options before its sub-command that take a value.
var gitGlobals = wrapSpec{val: "Cc", long: []string{"--git-dir", "--work-tree", "--namespace", "--config-env", "--exec-path", "--super-prefix", "--attr-source"}}

// gitConfigEnv judges --config-env KEY=ENVVAR: the value comes from the
// environment. A value the command gives the variable (X='rm -rf ~' git
// --config-env=core.pager=X log) is judged as -c KEY=VALUE is; otherwise
// a key whose value git runs asks.
func (r *run) gitConfigEnv(sc *scope, kv string, c ctx, cmd string) {
	k, name, _ := strings.Cut(kv, "=")
	if v, ok := r.envFolder(sc, name, c.pos); ok && isName(name) {
		f := v
		f.val = k + "=" + v.val
		r.gitConfig(sc, f, c, cmd)
		if !v.dyn {
			return
		}
	}
	// The value is in the environment, not known: a key whose value git
	// runs only in some forms (submodule.NAME.update=!CMD) counts as run.
	if lk := asciiLower(k); gitExecKey(lk) || gitMoreExecKey(lk, "!") {
		r.finding(ruleInlineInterp, Dynamic, Ask, "git --config-env "+k+" runs a command from the environment", cmd, "")
	}
}

// gitExecKey reports whether git runs the value of a configuration key as
// a command (or takes commands from what it names).
func gitExecKey(k string) bool {
	return strings.HasPrefix(k, "alias.") || strings.HasPrefix(k, "filter.") || strings.HasSuffix(k, ".textconv") ||
		strings.HasSuffix(k, ".command") || strings.HasSuffix(k, ".cmd") ||
		slices.ContainsFunc(gitExecKeys, func(e string) bool { return strings.HasPrefix(k, e) })
}

// gitConfig judges one KEY=VALUE given to git -c: an alias starting with
// '!' is a script; a key whose value git runs asks, and its value is
// analysed.
func (r *run) gitConfig(sc *scope, kv field, c ctx, cmd string) {
	k, v, _ := strings.Cut(kv.val, "=")
	k = asciiLower(k)
	if s, ok := storedSettingOf("git", k); ok && !strings.HasPrefix(k, "protocol.") && s.turnsOff(field{val: v, dyn: kv.dyn}) {
		// For this command only, as stored (see storedSettings): another
		// user's repository's hooks and configuration run, a checkout
		// writes .git by another spelling. (A protocol allowed for one
		// command reaches only what that command's own submodules name:
		// git -c protocol.file.allow=always submodule update, as test
		// suites run it, is the ordinary case.)
		r.finding(ruleInlineInterp, Dynamic, Ask, "git -c "+k+"="+v+" turns off a protection git keeps for this command: another user's repository's hooks and configuration, or a checkout's writes into .git, may run", cmd, "")
	}
	switch {
	case strings.HasPrefix(k, "alias."):
		if strings.HasPrefix(v, "!") {
			r.reparseField(sc, field{val: v[1:], dyn: kv.dyn, why: kv.why}, c, cmd, true)
		}
	case gitExecKey(k):
		plain := !kv.dyn && v != "" && !strings.ContainsAny(v, " \t\n/;|&$`<>()!") &&
			(k == "core.pager" || k == "core.editor" || k == "sequence.editor" || strings.HasPrefix(k, "pager."))
		if !plain {
			// A pager or editor named by one plain word (cat, less, vim) is
			// judged as that program; anything else asks.
			r.finding(ruleInlineInterp, Dynamic, Ask, "git -c "+k+" runs a command the analyser does not follow", cmd, "")
		}
		if !kv.dyn && v != "" {
			if gitFedKey(k) {
				// A pager or filter is given git's output or a file's
				// text: a shell there runs it (git -c core.pager=sh log).
				r.scriptIn = fedInput("the data git gives it")
				defer func() { r.scriptIn = input{} }()
			}
			r.reparseField(sc, field{val: strings.TrimPrefix(v, "!")}, c, cmd, true)
		}
	}
}

// gitFedKey reports whether git runs the command configuration key k
// names with data on its standard input (RoleFilter): a pager, a clean,
// smudge or process filter, interactive.diffFilter.
func gitFedKey(k string) bool {
	return k == "core.pager" || strings.HasPrefix(k, "pager.") || k == "interactive.difffilter" ||
		strings.HasPrefix(k, "filter.") && (strings.HasSuffix(k, ".clean") || strings.HasSuffix(k, ".smudge") || strings.HasSuffix(k, ".process"))
}

// gitConfigSet judges git config KEY VALUE: storing a command git will run
// later asks, and the command is analysed.
func (r *run) gitConfigSet(sc *scope, args []field, c ctx, cmd string) {
	p := parseOpts(args, "f", []string{"--file", "--blob", "--type", "--default", "--comment"}, "")
	for _, l := range []string{"--list", "--get", "--get-all", "--get-regexp", "--unset", "--unset-all"} {
		if p.has(l) {
			return
		}
	}
	if strings.ContainsRune(p.short, 'l') {
		return
	}
	ops := p.ops
	if len(ops) > 0 && ops[0].val == "set" {
		ops = ops[1:]
	}
	if len(ops) < 2 {
		return
	}
	k := asciiLower(ops[0].val)
	v := ops[1]
	if sourceKey(k) && !strings.HasPrefix(k, "alias.") {
		r.packageSource("git config "+k, cmd)
	}
	if k == "core.worktree" {
		r.storedWorkTree(v, cmd)
	}
	if s, ok := storedSettingOf("git", k); ok && s.kind == storedOff {
		r.storeSetting(sc, "git", "git config", k, v, c, cmd) // safe.directory '*', protocol.file.allow always
	}
	if !gitExecKey(k) || strings.HasPrefix(k, "alias.") && !strings.HasPrefix(v.val, "!") {
		return
	}
	r.finding(rulePersistence, Command, Ask, "git config "+k+" stores a command git runs later", cmd, "")
	if !v.dyn {
		r.reparseField(sc, field{val: strings.TrimPrefix(v.val, "!")}, c, cmd, true)
	}
}

// storedWorkTree judges git config core.worktree VALUE: git's later
// commands in the repository write and delete there (checkout, reset,
// clean -fdx, stash), as git --work-tree does now. A folder outside every
// root, one not known, or a relative one that climbs (it is relative to
// the repository's .git folder, which may be above the working folder)
// asks.
func (r *run) storedWorkTree(v field, cmd string) {
	why := ""
	switch p := r.a.slash(v.val); {
	case v.dyn:
		why = "comes from " + v.why
	case !r.a.isAbs(p):
		if slices.Contains(strings.Split(p, "/"), "..") {
			why = "climbs out of the repository's .git folder"
		}
	default:
		res := r.resolve(v)
		if res.unknown != nil || !res.ok {
			why = "cannot be resolved"
		} else if q := res.paths[len(res.paths)-1]; !r.inAnyRoot(q) {
			why = "is " + q + ", outside every root"
		}
	}
	if why != "" {
		r.finding(rulePersistence, Path, Ask, "git config core.worktree stores the folder git's later commands write and delete in (checkout, reset, clean), which "+why, cmd, "")
	}
}

// xargsSpec lists xargs options that take a value. -e, -i and -l (--eof,
// --replace, --max-lines) take theirs only attached (-i{}, --replace=X):
// alone, the next word is the command.
var xargsSpec = wrapSpec{val: "adEILnPs", attached: "eil", long: []string{"--arg-file", "--delimiter", "--max-args", "--max-procs", "--max-chars", "--process-slot-var"}}

// xargsReplace returns the text xargs replaces with each item, as the
// last of -I R, -i[R] and --replace[=R] among its options gives it (R
// left out is {}; --replace may be shortened to --r), or "" for none.
func xargsReplace(opts []field) string {
	repl := ""
	for i := 0; i < len(opts); i++ {
		v := opts[i].val
		name, val, hasVal := strings.Cut(v, "=")
		switch {
		case opts[i].dyn:
		case strings.HasPrefix(v, "--"):
			if len(name) > 2 && strings.HasPrefix("--replace", name) {
				repl = cmp.Or(val, "{}")
			} else if !hasVal && slices.Contains(xargsSpec.long, name) {
				i++
			}
		case len(v) > 1 && v[0] == '-':
			for j := 1; j < len(v); j++ {
				switch o := v[j]; {
				case o == 'i':
					repl = cmp.Or(v[j+1:], "{}")
				case strings.IndexByte(xargsSpec.attached, o) >= 0:
					// -e[EOF], -l[N]: the rest of the word is the value.
				case o == 'I' && j+1 < len(v):
					repl = v[j+1:]
				case o == 'I' && i+1 < len(opts):
					i++
					repl = opts[i].val
				case strings.IndexByte(xargsSpec.val, o) >= 0 && j+1 == len(v):
					i++
				case strings.IndexByte(xargsSpec.val, o) < 0:
					continue
				}
				break
			}
		}
	}
	return repl
}

func (r *run) xargs(sc *scope, args []field, c ctx) {
	if alt := hiddenCommand(args, xargsSpec); alt != nil {
		r.xargs(sc, alt, c)
	}
	rest := skipOpts(args, xargsSpec)
	p := parseOpts(args[:len(args)-len(rest)], xargsSpec.val, xargsSpec.long, "")
	if len(rest) == 0 {
		return // xargs echo
	}
	repl := xargsReplace(args[:len(args)-len(rest)])
	in := c.in
	if fs := p.get("-a", "--arg-file"); len(fs) > 0 {
		in = r.itemsFile(sc, fs[len(fs)-1], c)
	}
	r.unboundedFeed(in, p.get("-P", "--max-procs"), "xargs", "xargs "+commandText(args))
	r.feed(sc, rest, in, repl, c)
	if repl == "" && in.kind == inText && !in.find && in.pids == "" {
		// xargs appends all the items it reads to one command line, up
		// to its limits: the command is judged with all the known ones
		// too, in their order, so that items that are a command line
		// themselves are read as one (echo rm -rf ~ | xargs env runs env
		// rm -rf ~, as it does with sudo, flock or any other program
		// that runs its arguments). -n and -L split them again, which the
		// per-item reading covers.
		var words []field
		for _, it := range in.words {
			if !strings.ContainsAny(it.val, " \t\n") {
				words = append(words, it)
			}
		}
		if len(words) > 1 && len(words) <= maxXargsItems {
			c2 := c
			c2.depth++
			c2.in = input{}
			r.simple(sc, append(slices.Clone(rest), words...), c2)
		}
	}
}

// unboundedFeed judges xargs -P 0 and parallel -j 0 (or a limit over
// maxParallel) fed an input without end (yes | xargs -P0 -n1 sleep 100):
// a process for every line, with nothing to wait for them, is a fork bomb.
func (r *run) unboundedFeed(in input, procs []field, b, cmd string) {
	if !in.endless || len(procs) == 0 || !unboundedProcs(procs[len(procs)-1]) {
		return
	}
	r.finding(ruleForkBomb, Command, Block, b+" starts a process for every line of an input without end, with no limit on how many run at once: a fork bomb", cmd, "")
}

// itemsFile is the input xargs and parallel read from -a FILE: their own
// input for /dev/stdin (and its other names), the known output of a
// process substitution (xargs -a <(echo ~) rm -rf), else a file's, which
// is not known.
func (r *run) itemsFile(sc *scope, f field, c ctx) input {
	if !f.dyn && isStdin(f.val) {
		return c.in
	}
	if ps := r.procSubstOf(f); ps != nil && ps.Op == syntax.CmdIn {
		return r.writersInput(sc, ps.Stmts, true)
	}
	return input{kind: inUnknown, detail: "a file"}
}

// feed runs cmd with the items of in (xargs, parallel): known items are
// substituted or appended, unknown input becomes a dynamic field.
func (r *run) feed(sc *scope, cmd []field, in input, repl string, c ctx) {
	items := in.words
	switch {
	case in.pids != "":
		items = []field{{dyn: true, why: in.pids}} // ps -e | xargs kill is kill -1
	case len(items) == 0 || len(items) > maxXargsItems || (in.kind != inText && !in.find):
		items = []field{{dyn: true, why: whyXargs}}
	}
	c2 := c
	c2.depth++
	c2.in = input{}
	c2.findTree = c.findTree || in.find
	if in.kind == inText {
		// Items from known text become arguments that no earlier check
		// has read as paths (xargs cat <<< ~/.ssh/id_rsa).
		r.checkAsWritten(sc, items, r.commandText(append(slices.Clone(cmd), items...)))
	}
	for _, it := range items {
		var fs []field
		if repl != "" {
			for _, f := range cmd {
				if !strings.Contains(f.val, repl) {
					fs = append(fs, f)
					continue
				}
				nf := f
				nf.val = strings.ReplaceAll(f.val, repl, it.val)
				nf.dyn = f.dyn || it.dyn
				if it.dyn {
					nf.why = it.why
				}
				nf.glob = f.glob || it.glob
				nf.contents = in.find
				fs = append(fs, nf)
			}
		} else {
			it.contents = in.find
			fs = append(slices.Clone(cmd), it)
		}
		r.simple(sc, fs, c2)
	}
}

func (r *run) parallel(sc *scope, b string, args []field, c ctx, cmd string, spec wrapSpec) {
	if alt := hiddenCommand(args, spec); alt != nil {
		r.parallel(sc, b, alt, c, cmd, spec)
	}
	rest := skipOpts(args, spec)
	if b == "parallel" {
		r.parallelPerl(sc, args[:len(args)-len(rest)], rest, c, cmd)
	}
	sep := slices.IndexFunc(rest, func(f field) bool { return strings.HasPrefix(f.val, ":::") })
	command, items := rest, []field(nil)
	if sep >= 0 {
		command = rest[:sep]
		items = slices.DeleteFunc(slices.Clone(rest[sep+1:]), func(f field) bool { return strings.HasPrefix(f.val, ":::") })
	}
	argFiles := parseOpts(args[:len(args)-len(rest)], spec.val, spec.long, "").get("-a", "--arg-file")
	if strings.IndexByte(spec.val, 'a') < 0 {
		argFiles = nil
	}
	if len(command) == 0 {
		for _, it := range items {
			r.reparseField(sc, it, c, cmd, true)
		}
		if sep < 0 && b == "parallel" {
			// With neither a command nor ::: items, each input line is
			// a command the shell runs (echo 'rm -rf ~' | parallel):
			// the input is a script, as sh's is. -a FILE names it; a
			// file that is neither the input nor a process
			// substitution is a script file, as sh FILE's.
			c2 := c
			if len(argFiles) > 0 {
				f := argFiles[len(argFiles)-1]
				c2.in = input{kind: inFile}
				if !f.dyn && isStdin(f.val) || r.procSubstOf(f) != nil {
					c2.in = r.itemsFile(sc, f, c)
				}
			}
			r.stdinScript(sc, c2, cmd, b)
		}
		return
	}
	in := c.in
	if len(argFiles) > 0 {
		in = r.itemsFile(sc, argFiles[len(argFiles)-1], c) // parallel -a FILE CMD
	}
	if sep >= 0 {
		in = input{kind: inText, words: items, detail: "parallel arguments"}
	}
	if b == "parallel" {
		r.unboundedFeed(in, parseOpts(args[:len(args)-len(rest)], spec.val, spec.long, "").get("-j", "--jobs", "-P", "--max-procs"), b, cmd)
	}
	repl := ""
	if slices.ContainsFunc(command, func(f field) bool { return strings.Contains(f.val, "{}") }) {
		repl = "{}"
	}
	// parallel runs its command through a shell: its words joined by
	// spaces are a script (parallel rm -rf '$HOME' ::: x deletes the
	// home), each replacement string standing for an item, which parallel
	// quotes. With -q it quotes the command's words too.
	opts := args[:len(args)-len(rest)]
	quoted := hasShort(opts, 'q') || has(opts, "--quote")
	if !quoted && !slices.ContainsFunc(command, func(f field) bool { return f.dyn }) && slices.ContainsFunc(command, shellText) {
		template := joinFields(command)
		if known := in.kind == inText && !in.find && len(in.words) > 0 && len(in.words) <= maxXargsItems &&
			!slices.ContainsFunc(in.words, func(f field) bool { return f.dyn }); known {
			// Each known item is put in the template, quoted as parallel
			// quotes it, and the command judged whole: a redirection
			// names it (parallel 'echo x >> {}' ::: ~/.bashrc writes the
			// startup file). Without a replacement string the item is
			// appended.
			for _, it := range in.words {
				text := template + " " + shellQuoted(it.val)
				if repl != "" || replacementStrings.MatchString(template) {
					text = replacementStrings.ReplaceAllStringFunc(template, func(m string) string { return shellQuoted(itemPart(m, it.val)) })
				}
				r.reparseField(sc, field{val: text}, c, cmd, true)
			}
		} else {
			r.reparseField(sc, field{val: replacementStrings.ReplaceAllString(template, "x")}, c, cmd, true)
		}
		if len(command) == 1 {
			command = r.splitString(command[0])
		}
	}
	r.feed(sc, command, in, repl, c)
}

// parallelPerl judges the code GNU parallel runs here besides its command:
// a {= EXPR =} replacement string in the command, the replacement strings
// --rpl defines ('{r} EXPR') and --filter's expression are Perl code run
// for each item, wherever the command runs; each is inline code (it asks)
// and is read by its text, as perl -e's is. --ssh names the command that
// reaches the hosts, run here.
func (r *run) parallelPerl(sc *scope, opts, rest []field, c ctx, cmd string) {
	var code []string
	for _, f := range rest {
		if strings.HasPrefix(f.val, ":::") {
			break
		}
		for s := f.val; ; {
			i := strings.Index(s, "{=")
			if i < 0 {
				break
			}
			j := strings.Index(s[i+2:], "=}")
			if j < 0 {
				code = append(code, s[i+2:]) // up to the word's end
				break
			}
			code = append(code, s[i+2:i+2+j])
			s = s[i+2+j+2:]
		}
	}
	p := parseOpts(opts, parallelSpec.val, parallelSpec.long, "")
	for _, f := range p.get("--rpl", "--filter") {
		if f.dyn {
			r.finding(ruleInlineInterp, Dynamic, Ask, "parallel runs Perl code that comes from "+f.why, cmd, "")
			continue
		}
		code = append(code, f.val)
	}
	for _, f := range p.get("--ssh") {
		r.reparseField(sc, f, c, cmd, true)
	}
	for _, t := range code {
		if perlMayAct(t) {
			r.finding(ruleInlineInterp, Dynamic, Ask, "parallel runs Perl code that may act beyond the item's text ({= ... =}, --rpl, --filter)", cmd, "")
		}
		r.programText(sc, "perl", t, c, cmd)
	}
}

// perlMayAct reports whether a Perl expression of parallel's may do more
// than edit the item's text (s/x/y/, uc, substr): a builtin that runs a
// program, opens, reads or changes a file or a process, or reads the
// environment (perlActs), a backquote, a readline or glob (<...>), a
// call through a package or a reference (::, ->, &), or code loaded.
func perlMayAct(code string) bool {
	if strings.ContainsAny(code, "`<&") || strings.Contains(code, "::") || strings.Contains(code, "->") {
		return true
	}
	for i := 0; i < len(code); {
		if code[i] != '_' && !isLetter(code[i]) {
			i++
			continue
		}
		j := i + 1
		for j < len(code) && (code[j] == '_' || isLetter(code[j]) || '0' <= code[j] && code[j] <= '9') {
			j++
		}
		if perlActs[code[i:j]] {
			return true
		}
		i = j
	}
	return false
}

// perlActs are Perl's builtins that act beyond a string: processes,
// files, folders, sockets, the environment, and code loaded or evaluated.
var perlActs = map[string]bool{"system": true, "exec": true, "qx": true, "readpipe": true, "fork": true, "kill": true, "syscall": true,
	"open": true, "sysopen": true, "close": true, "print": true, "printf": true, "say": true, "unlink": true, "rmdir": true, "mkdir": true,
	"rename": true, "link": true, "symlink": true, "chmod": true, "chown": true, "utime": true, "truncate": true, "chdir": true, "chroot": true,
	"glob": true, "opendir": true, "readdir": true, "readline": true, "pipe": true, "socket": true, "connect": true, "send": true, "ENV": true,
	"eval": true, "do": true, "require": true, "use": true, "dump": true, "exit": true, "die": true, "binmode": true, "seek": true, "select": true,
	"dbmopen": true, "tie": true, "bless": true, "sub": true, "local": true, "our": true, "sleep": true, "wait": true, "waitpid": true, "umask": true}

// replacementStrings are GNU parallel's and rush's replacement strings in
// a command template: {}, {.}, {/}, {//}, {/.}, {#}, {%}, {1}, {2.}, {= perl =}.
var replacementStrings = regexp.MustCompile(`\{(=.*?=|[./#%0-9]*[./]*)\}`)

// itemPart is what a replacement string of GNU parallel or rush stands
// for with one item: the item ({}, {1}), its name without the extension
// ({.}), its base name ({/}), its folder ({//}) or its base name without
// the extension ({/.}); x for the job and slot numbers and perl code.
func itemPart(m, item string) string {
	noExt := func(p string) string {
		if e := path.Ext(p); e != "" && e != p && !strings.HasSuffix(p, "/"+e) {
			return strings.TrimSuffix(p, e)
		}
		return p
	}
	switch strings.TrimLeft(m[1:len(m)-1], "0123456789") {
	case "":
		return item
	case ".":
		return noExt(item)
	case "/":
		return path.Base(item)
	case "//":
		return path.Dir(item)
	case "/.":
		return noExt(path.Base(item))
	}
	return "x"
}

// shellText reports whether a word holds a byte a shell reads as more than
// a letter of a word: a blank, a quote, an expansion, an operator or a
// pattern.
func shellText(f field) bool {
	return strings.ContainsAny(f.val, " \t\n'\"\\$`;&|<>()*?[~#=%!{}")
}

// parallelSpec, rushSpec and xeSpec are the options of GNU parallel, rush
// and gargs, and xe that take a value.
var (
	parallelSpec = wrapSpec{val: "jSaIdENLnPsC", long: []string{"--jobs", "--max-procs", "--sshlogin", "--arg-file", "--joblog", "--colsep", "--delimiter", "--halt", "--results", "--tmpdir", "--timeout", "--retries",
		"--rpl", "--tagstring", "--delay", "--memfree", "--nice", "--load", "--termseq", "--filter", "--ssh", "--basefile", "--bf", "--return", "--workdir", "--wd",
		"--env", "--transferfile", "--tf", "--limit", "--template", "--ctagstring", "--shard", "--bin", "--group-by", "--block", "--block-size", "--recstart",
		"--recend", "--header", "--arg-sep", "--arg-file-sep", "--sshloginfile", "--slf", "--max-args", "--max-chars"}}
	rushSpec = wrapSpec{val: "jDdnrtTvCiopw", long: []string{"--jobs", "--delimiter", "--field-delimiter", "--nrecords", "--records-delimiter", "--timeout", "--trim", "--assign", "--succ-cmd-file", "--infile", "--out-file", "--procs", "--retries", "--retry-interval"}}
	xeSpec   = wrapSpec{val: "fIjnNs"}
)

// xe runs its command with the items from stdin, or its script (-s)
// through sh with them; -a and -A take the items from the command line.
func (r *run) xe(sc *scope, args []field, c ctx) {
	rest := skipOpts(args, xeSpec)
	p := parseOpts(args[:len(args)-len(rest)], xeSpec.val, nil, "")
	if s := p.get("-s"); len(s) > 0 {
		// sh -c SCRIPT xe ITEMS: the items are $1, $2, ...
		rest = append([]field{{val: "sh"}, {val: "-c"}, s[0], {val: "xe"}}, rest...)
	}
	in := c.in
	if strings.ContainsAny(p.short, "aA") || len(p.get("-f")) > 0 {
		in = input{kind: inUnknown, detail: "xe arguments"}
	}
	repl := "{}"
	if v := p.get("-I"); len(v) > 0 {
		repl = v[0].val
	}
	if !slices.ContainsFunc(rest, func(f field) bool { return strings.Contains(f.val, repl) }) {
		repl = "" // the items are appended
	}
	if len(rest) > 0 {
		r.feed(sc, rest, in, repl, c)
	}
}

// findStarts returns the start points of a find command line.
func findStarts(args []field) []field {
	var starts []field
	for _, a := range args {
		v := a.val
		if !a.dyn && len(starts) == 0 && (v == "-H" || v == "-L" || v == "-P" || strings.HasPrefix(v, "-O") || strings.HasPrefix(v, "-D")) {
			continue
		}
		if !a.dyn && (strings.HasPrefix(v, "-") || v == "(" || v == "!" || v == ",") {
			break
		}
		starts = append(starts, a)
	}
	if len(starts) == 0 {
		starts = []field{{val: "."}}
	}
	return starts
}

// fdStarts returns the folders fd searches: the operands after the
// pattern, --search-path and --base-directory values, else ".".
func fdStarts(args []field) []field {
	p := parseOpts(args, "edtEjSocxX", []string{"--extension", "--max-depth", "--min-depth", "--exact-depth", "--type", "--exclude", "--threads",
		"--size", "--owner", "--changed-within", "--changed-before", "--change-newer-than", "--change-older-than", "--newer", "--older",
		"--color", "--exec", "--exec-batch", "--max-results", "--batch-size", "--path-separator", "--ignore-file", "--format", "--hyperlink",
		"--search-path", "--base-directory"}, "")
	starts := append(p.get("--search-path", "--base-directory"), p.ops[min(1, len(p.ops)):]...)
	if len(starts) == 0 {
		starts = []field{{val: "."}}
	}
	return starts
}

// fdExec judges the command fd's -x/--exec or -X/--exec-batch runs, once
// for each search path standing for everything found under it, as find
// -exec is judged: the placeholders ({}, {/}, {//}, {.}, {/.}) become the
// path, and without one the path is the last argument.
func (r *run) fdExec(sc *scope, args []field, c ctx) {
	at := slices.IndexFunc(args, func(f field) bool {
		return !f.dyn && (f.val == "-x" || f.val == "-X" || f.val == "--exec" || f.val == "--exec-batch")
	})
	if at < 0 {
		return
	}
	run := args[at+1:]
	if end := slices.IndexFunc(run, func(f field) bool { return f.val == ";" }); end >= 0 {
		run = run[:end]
	}
	if len(run) == 0 {
		return
	}
	if slices.ContainsFunc(args[:at], func(f field) bool {
		return !f.dyn && (f.val == "-L" || f.val == "--follow" || strings.HasPrefix(f.val, "-") && !strings.HasPrefix(f.val, "--") && strings.ContainsRune(f.val, 'L'))
	}) {
		// As find -L: the links below the search paths lead anywhere.
		r.finding(ruleUnresolvable, Dynamic, Ask, "fd -L follows the symbolic links below its search paths, which may lead anywhere, and runs a command on what it finds there", r.commandText(args), "")
	}
	r.runUnder(sc, fdStarts(args[:at]), run, fdPlaceholder, "fd searches more start points than the bound", c)
}

// runUnder judges the command run that a searcher runs on what it finds,
// once for each start point, the start standing for everything under it
// (fd -x, rg --pre, ugrep --filter): the word in which placeholder finds
// a placeholder ("" when none) has it replaced by the start, and without
// one the start is the command's last argument.
func (r *run) runUnder(sc *scope, starts, run []field, placeholder func(string) string, bound string, c ctx) {
	for si, s := range starts {
		if r.overItems(si, bound) {
			break
		}
		s.contents = true
		fs := make([]field, 0, len(run)+1)
		placed := false
		for _, f := range run {
			if ph := placeholder(f.val); ph != "" {
				f.val = strings.ReplaceAll(f.val, ph, s.val)
				f.dyn, f.glob, f.contents = f.dyn || s.dyn, f.glob || s.glob, true
				if s.dyn {
					f.why = s.why
				}
				placed = true
			}
			fs = append(fs, f)
		}
		if !placed {
			fs = append(fs, s)
		}
		c2 := c
		c2.depth++
		c2.in = input{}
		c2.findTree = true
		r.simple(sc, fs, c2)
	}
}

// fdPlaceholder returns the fd placeholder v holds, or "".
func fdPlaceholder(v string) string {
	for _, ph := range [...]string{"{/.}", "{//}", "{/}", "{.}", "{}"} {
		if strings.Contains(v, ph) {
			return ph
		}
	}
	return ""
}

// findValueOpts are find primaries that take one argument.
var findValueOpts = map[string]bool{
	"-name": true, "-iname": true, "-path": true, "-ipath": true, "-regex": true, "-iregex": true,
	"-type": true, "-xtype": true, "-size": true, "-perm": true, "-user": true, "-group": true,
	"-mtime": true, "-atime": true, "-ctime": true, "-mmin": true, "-amin": true, "-cmin": true,
	"-newer": true, "-anewer": true, "-cnewer": true, "-maxdepth": true, "-mindepth": true,
	"-printf": true, "-wholename": true, "-iwholename": true, "-lname": true, "-ilname": true,
	"-inum": true, "-samefile": true, "-links": true, "-uid": true, "-gid": true, "-used": true,
	"-context": true, "-fstype": true, "-regextype": true, "-files0-from": true,
}

// findPathOpts are the find primaries whose argument is a file find reads
// (its list of start points, or a file compared by its metadata).
var findPathOpts = map[string]bool{"-newer": true, "-anewer": true, "-cnewer": true, "-samefile": true, "-files0-from": true}

// find judges find's start points and expression. It resolves the start
// points and every word of the expression that is not a primary, an
// operator or the argument of a primary that takes a pattern, a number or
// a name (see Entry.judgesPaths); commands run by -exec and -ok are
// analysed with their own entries.
func (r *run) find(sc *scope, args []field, c ctx, cmd string) {
	starts := findStarts(args)
	i := slices.IndexFunc(args, func(f field) bool {
		return !f.dyn && (strings.HasPrefix(f.val, "-") && !slices.Contains([]string{"-H", "-L", "-P"}, f.val) || f.val == "(" || f.val == "!")
	})
	if i < 0 {
		r.checkTargets(sc, starts, cmd)
		return
	}
	var buf [8]field // checkTargets keeps no field
	paths := append(buf[:0], starts...)
	expr := args[i:]
	acts := false // -delete or -exec: find acts on what it finds
	for j := 0; j < len(expr); j++ {
		v := expr[j].val
		switch {
		case expr[j].dyn || !strings.HasPrefix(v, "-") && v != "(" && v != ")" && v != "!" && v != ",":
			paths = append(paths, expr[j]) // not a word find's grammar gives a meaning
		case findPathOpts[v] || strings.HasPrefix(v, "-newer") && len(v) == len("-newerXY") && v[len(v)-1] != 't':
			if j+1 < len(expr) {
				paths = append(paths, expr[j+1])
			}
			j++
		case findValueOpts[v] || strings.HasPrefix(v, "-newer"):
			j++
		case v == "-fprintf" || v == "-fprint" || v == "-fprint0" || v == "-fls":
			if j+1 < len(expr) {
				r.judgeWrite(sc, expr[j+1], ruleDiskWrite, cmd)
				paths = append(paths, expr[j+1])
			}
			j++
			if v == "-fprintf" {
				j++
			}
		case v == "-delete":
			for _, s := range starts {
				s.contents = true
				r.judgeDelete(sc, s, true, cmd, "find -delete")
			}
			acts = true
		case v == "-exec" || v == "-execdir" || v == "-ok" || v == "-okdir":
			acts = true
			end := j + 1
			for end < len(expr) && expr[end].val != ";" && expr[end].val != "+" {
				end++
			}
			sub := expr[j+1 : min(end, len(expr))]
			for si, s := range starts {
				if r.overItems(si, "find searches more start points than the bound") {
					break
				}
				fs := make([]field, len(sub))
				for k, f := range sub {
					fs[k] = f
					if !strings.Contains(f.val, "{}") {
						continue
					}
					fs[k].val = strings.ReplaceAll(f.val, "{}", s.val)
					fs[k].dyn = f.dyn || s.dyn
					if s.dyn {
						fs[k].why = s.why
					}
					fs[k].glob = f.glob || s.glob
					fs[k].contents = true
				}
				c2 := c
				c2.depth++
				c2.in = input{}
				c2.findTree = true
				r.simple(sc, fs, c2)
			}
			j = end
		}
	}
	if acts {
		r.findFollows(args, cmd)
	}
	r.checkTargets(sc, paths, cmd)
}

// thisMachinePaths adds to out the local file a word names through a
// transfer to this machine (transferLocation): a URL's path is read both
// as written and in the login's home, where an FTP or SFTP server may
// start; an scp-style HOST:PATH's as the other side resolves it.
func (r *run) thisMachinePaths(out []string, v string) []string {
	user, host, p, isURL, ok := r.transferLocation(v)
	if !ok || !r.a.thisMachine(host) {
		return out
	}
	if !isURL || strings.HasPrefix(p, "~") {
		return append(out, r.remoteResolve(user, p)) // HOST:PATH, or a URL's ~/ path
	}
	return append(out, "/"+p, r.remoteResolve(user, p))
}

// transferLocation reads v as the remote side of a file transfer: a URL
// of a transferSchemes scheme (curl sftp://localhost/home/dev/.ssh/id_rsa,
// scp://127.0.0.1/~/.aws/credentials; p is its path after the host's
// slash, percent escapes decoded), or an scp-style [USER@]HOST:PATH (git
// clone localhost:.password-store, sftp 127.0.0.1:.ssh/id_rsa). host is
// as hostName compares it. ok is false for any other word.
func (r *run) transferLocation(v string) (user, host, p string, isURL, ok bool) {
	colon := strings.IndexByte(v, ':')
	if colon <= 0 {
		return "", "", "", false, false
	}
	if strings.Contains(v, "://") {
		user, host, p, ok := hostaddr.TransferURL(v)
		return user, host, p, true, ok
	}
	if colon == 1 && r.a.windows {
		return "", "", "", false, false // C:, a drive
	}
	user, host = userHost(v[:colon])
	return user, host, v[colon+1:], false, true
}

// namesThisMachine reports whether an operand of a file-transfer client
// (lftp sftp://localhost, sftp dev@127.0.0.1, ftp localhost) connects to
// this machine.
func (r *run) namesThisMachine(v string) bool {
	if strings.ContainsAny(v, " \t\n;") {
		return false // a script, not a host
	}
	if _, host, _, _, ok := r.transferLocation(v); ok {
		return r.a.thisMachine(host)
	}
	_, host := userHost(v)
	return !strings.ContainsAny(v, "/=") && r.a.thisMachine(host)
}
