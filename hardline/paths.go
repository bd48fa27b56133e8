package hardline

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/bmatcuk/doublestar/v4"
)

// lists are the compiled path lists of an Analyzer.
type lists struct {
	protected, startup, sysDirs, sysTrees, disks, harmless, chars []pattern
}

func (a *Analyzer) compileLists() error {
	comp := func(dst *[]pattern, src []string, suffix string) error {
		for _, s := range src {
			if !a.windows && strings.HasPrefix(s, "?:") {
				continue
			}
			p, err := a.compile(s + suffix)
			if err != nil {
				return err
			}
			*dst = append(*dst, p)
		}
		return nil
	}
	for _, c := range []struct {
		dst    *[]pattern
		src    []string
		suffix string
	}{
		{&a.lists.protected, protectedWrite, ""},
		{&a.lists.startup, startupFiles, ""},
		{&a.lists.sysDirs, systemDirs, ""},
		{&a.lists.sysTrees, systemTrees, "/**"},
		{&a.lists.disks, diskDevices, ""},
		{&a.lists.harmless, harmlessDevices, ""},
		{&a.lists.chars, charDevices, ""},
	} {
		if err := comp(c.dst, c.src, c.suffix); err != nil {
			return err
		}
	}
	return nil
}

// holdsPattern returns the first pattern of list whose folder lies
// strictly inside the folder p (a tree written into p reaches it).
func (a *Analyzer) holdsPattern(list []pattern, p string) (*pattern, bool) {
	if len(list) == 0 {
		return nil, false
	}
	if x := a.indexes[&list[0]]; x != nil && x.n == len(list) {
		if i, ok := x.firstInside(a.key(p)); ok {
			return &list[i], true
		}
		return nil, false
	}
	return a.holdsPatternScan(list, p)
}

// holdsPatternScan is holdsPattern by a scan of the whole list.
func (a *Analyzer) holdsPatternScan(list []pattern, p string) (*pattern, bool) {
	for i := range list {
		if d := list[i].dir; a.within(d, p) && !a.within(p, d) {
			return &list[i], true
		}
	}
	return nil, false
}

// match reports whether the absolute clean path p matches a list.
func (a *Analyzer) match(list []pattern, p string) bool {
	p = a.key(p)
	if len(list) > 0 {
		if x := a.indexes[&list[0]]; x != nil && x.n == len(list) {
			_, ok := x.first(list, p)
			return ok
		}
	}
	for i := range list {
		if matchOne(&list[i], p) {
			return true
		}
	}
	return false
}

// indexLists indexes the compiled path lists (see patternIndex) for match
// and matchSensitive. New calls it once the lists are final.
func (a *Analyzer) indexLists() {
	a.sensIndex, a.homeRelIndex = newPatternIndex(a.sensitive), newPatternIndex(a.homeRel)
	for _, x := range []struct {
		x    *patternIndex
		list []pattern
	}{{&a.sensIndex, a.sensitive}, {&a.homeRelIndex, a.homeRel}} {
		for i := range x.list {
			if p := x.list[i].prefix; p != "" {
				x.x.prefixes = append(x.x.prefixes, keyedDir{p, i})
			}
		}
		slices.SortFunc(x.x.prefixes, func(p, q keyedDir) int { return cmp.Or(strings.Compare(p.key, q.key), p.idx-q.idx) })
	}
	a.indexes = map[*pattern]*patternIndex{}
	for _, list := range [][]pattern{a.lists.protected, a.lists.startup, a.lists.sysDirs, a.lists.sysTrees, a.lists.disks, a.lists.harmless, a.lists.chars} {
		if len(list) > 0 {
			x := newPatternIndex(list)
			for i := range list {
				x.dirs = append(x.dirs, keyedDir{a.key(list[i].dir), i})
			}
			slices.SortFunc(x.dirs, func(p, q keyedDir) int { return cmp.Or(strings.Compare(p.key, q.key), p.idx-q.idx) })
			a.indexes[&list[0]] = &x
		}
	}
}

func matchOne(sp *pattern, p string) bool {
	if sp.prefix != "" && !strings.HasPrefix(p, sp.prefix) &&
		!(len(sp.prefix) == len(p)+1 && sp.prefix[len(p)] == '/' && strings.HasPrefix(sp.prefix, p)) {
		return false
	}
	if p == sp.dir || p == sp.glob {
		return true
	}
	// Patterns are validated when compiled; a failure to match counts as a
	// match, the stricter reading.
	ok, err := doublestar.Match(sp.glob, p)
	return ok || err != nil
}

// key is the form of a path used for comparison: folded on a system that
// folds case (see foldPath), and on macOS in the short form of its aliases
// (see macShort), so that lists, patterns and the paths judged compare in
// one form. Only a clean absolute path may be given: a part of one (what
// follows a home folder) is compared through relKey.
func (a *Analyzer) key(p string) string {
	if a.fold {
		p = foldPath(p)
	}
	if a.macAliases && len(p) > 8 && p[0] == '/' {
		p = macShort(p)
	}
	return p
}

// relKey is key for a part of a path (the part below some home folder, a
// first folder name), which names no system alias.
func (a *Analyzer) relKey(p string) string {
	if a.fold {
		return foldPath(p)
	}
	return p
}

// macDataVolume is where macOS mounts the data volume that holds /Users,
// /private, /Applications, /Library, /opt and /usr/local: the system
// volume's names for them are firmlinks into it, so /System/Volumes/Data/X
// is the file /X.
const macDataVolume = "/System/Volumes/Data"

// macBootVolume is the boot volume's link in /Volumes under the name macOS
// gives it (a link to /): /Volumes/Macintosh HD/Users/dev is /Users/dev.
// A volume renamed is the file system's to resolve (Env.Canonical).
const macBootVolume = "/Volumes/Macintosh HD"

// macShort returns the clean absolute macOS path p in the short form its
// aliases share (see docs/security-model.md, Hardline): a path through the
// boot volume's link (/Volumes/Macintosh HD/Users/dev) or on the data
// volume (/System/Volumes/Data/Users/dev) as its short form (/Users/dev), and
// one below /private/etc, /private/var or /private/tmp as the link the
// system keeps for it (/etc, /var, /tmp), the data volume's first. p may be
// folded.
func macShort(p string) string {
	for _, vol := range [...]string{macBootVolume, macDataVolume} {
		if len(p) >= len(vol) && strings.EqualFold(p[:len(vol)], vol) && (len(p) == len(vol) || p[len(vol)] == '/') {
			if p = p[len(vol):]; p == "" {
				return "/"
			}
		}
	}
	for len(p) >= len(macDataVolume) && strings.EqualFold(p[:len(macDataVolume)], macDataVolume) &&
		(len(p) == len(macDataVolume) || p[len(macDataVolume)] == '/') {
		if p = p[len(macDataVolume):]; p == "" {
			return "/"
		}
	}
	const priv = "/private/"
	if len(p) > len(priv) && strings.EqualFold(p[:len(priv)], priv) {
		first, _, _ := strings.Cut(p[len(priv):], "/")
		if strings.EqualFold(first, "etc") || strings.EqualFold(first, "var") || strings.EqualFold(first, "tmp") {
			return p[len(priv)-1:]
		}
	}
	return p
}

// within reports whether p is dir or inside it, by whole components.
func (a *Analyzer) within(p, dir string) bool {
	p, dir = a.key(p), a.key(dir)
	if p == dir {
		return true
	}
	return prefixSlash(p, strings.TrimSuffix(dir, "/"))
}

// prefixSlash reports whether p starts with dir+"/", without building that
// string.
func prefixSlash(p, dir string) bool {
	return len(p) > len(dir) && p[len(dir)] == '/' && p[:len(dir)] == dir
}

// isFSRoot reports whether p is "/" or a Windows drive root, or on macOS
// the data volume, which holds every file a user may write.
func (a *Analyzer) isFSRoot(p string) bool {
	return p == "/" || a.windows && len(p) == 3 && isLetter(p[0]) && p[1] == ':' && p[2] == '/' ||
		a.macAliases && len(p) >= len(macDataVolume) && macShort(p) == "/"
}

// class is where a path lies.
type class uint8

const (
	clInside   class = iota // in a writable root
	clFSRoot                // "/" or a drive root
	clHome                  // the home folder itself
	clSystem                // a system folder or in a system tree
	clAncestor              // an ancestor of a root, of the working folder or of home
	clReadOnly              // in a read-only root only
	clInHome                // in the home folder, outside every root
	clOutside               // anywhere else
)

func (r *run) classify(p string) class {
	a := r.a
	switch {
	case a.isFSRoot(p):
		return clFSRoot
	case a.isHome(p):
		return clHome
	case a.match(a.lists.sysDirs, p) || a.match(a.lists.sysTrees, p):
		return clSystem
	}
	for _, rt := range r.roots {
		if a.within(rt.Path, p) && a.key(rt.Path) != a.key(p) {
			return clAncestor
		}
	}
	if r.workDir != "" && a.within(r.workDir, p) && a.key(r.workDir) != a.key(p) {
		return clAncestor
	}
	if a.aboveHome(p) {
		return clAncestor // an ancestor of the home folder, such as /home/alice's parent
	}
	// The most specific root that contains p decides: a read-only root
	// nested inside a writable one stays read-only.
	best := -1
	for i, rt := range r.roots {
		if a.within(p, rt.Path) && (best < 0 || len(rt.Path) > len(r.roots[best].Path)) {
			best = i
		}
	}
	switch {
	case best >= 0 && r.roots[best].Writable:
		return clInside
	case best >= 0:
		return clReadOnly
	case a.underHome(p):
		return clInHome
	}
	return clOutside
}

// resolved is a path word made absolute.
type resolved struct {
	paths []string // lexical, then canonical when it differs
	glob  string   // the absolute pattern when the word has a glob
	ok    bool
	why   string
	// unknown says why the canonical form could not be found (a lookup
	// error, or errCanonicalBound); resolve reports it on every answer.
	unknown error
}

// maxCanonical bounds the paths one command resolves through Env.Canonical.
const maxCanonical = 256

// errCanonicalBound is the answer of a lookup past maxCanonical.
var errCanonicalBound = errors.New("over the bound of paths resolved for one command")

// resolve makes a path word absolute against the current folder, lexically
// and through Env.Canonical.
func (r *run) resolve(f field) resolved {
	// A word is resolved once per call in each folder and mode.
	if r.calls == nil {
		r.calls = &callCache{}
	}
	c := r.calls
	words := c.resolvedIn(resolveCtx{cwd: r.cwd, glob: f.glob, canon: r.env.Canonical != nil, links: c.linkGen})
	i, ok := words[f.val]
	if !ok {
		res := r.resolveWord(f)
		i = int32(len(c.answers))
		words[f.val] = i
		if c.answers == nil {
			c.answers = make([]resolved, 0, max(c.hint, 4))
		}
		c.answers = append(c.answers, res)
	}
	res := c.answers[i]
	r.unresolved(res)
	return res
}

// unresolved reports a path whose canonical form is unknown: it may reach
// anything through a link, so the command is not judged as if it did not
// (see docs/security-model.md, Hardline). It runs for every answer, cached
// or not, so that each run that asks sees the finding.
func (r *run) unresolved(res resolved) {
	switch {
	case res.unknown == nil:
	case errors.Is(res.unknown, errCanonicalBound):
		r.tooComplex(fmt.Sprintf("the command names more than %d paths to resolve through symbolic links", maxCanonical))
	default:
		r.add(Finding{Rule: ruleUnresolvable, Kind: Dynamic, Severity: Ask, Path: res.paths[0],
			Detail: bound("the path " + res.paths[0] + " cannot be resolved through symbolic links (" + res.unknown.Error() + "), so what it reaches is unknown")})
	}
}

// resolveCtx is what resolve's answer depends on besides the word.
type resolveCtx struct {
	cwd         string
	glob, canon bool
	links       int32 // links the command made before (callCache.linkGen)
}

// resolvedIn returns the words resolved so far in ctx, by value, as
// indexes into answers. A call has few contexts (folders and modes), so
// they are searched in order and only the word is hashed.
func (c *callCache) resolvedIn(ctx resolveCtx) map[string]int32 {
	for i := range c.resolved {
		if c.resolved[i].ctx == ctx {
			return c.resolved[i].words
		}
	}
	var words map[string]int32
	switch {
	case len(c.resolved) == 0 && c.spare != nil:
		words, c.spare = c.spare, nil // an earlier call's map, emptied
	case len(c.resolved) == 0:
		words = make(map[string]int32, c.hint) // most words resolve in the first folder and mode
	default:
		words = map[string]int32{}
	}
	c.resolved = append(c.resolved, resolvedWords{ctx, words})
	return words
}

// resolvedWords are the words resolved in one context.
type resolvedWords struct {
	ctx   resolveCtx
	words map[string]int32
}

// patternComps returns the index of a path's first component that is a
// pattern (-1 for none), and whether a ".." follows a pattern component,
// which a match that is a link reads from the link's target.
func patternComps(comps []string) (first int, dotDot bool) {
	first = -1
	for i, c := range comps {
		if patternChars(c) {
			if first < 0 {
				first = i
			}
		} else if first >= 0 && c == ".." {
			return first, true
		}
	}
	return first, false
}

// resolveWord is resolve without the per-call cache.
func (r *run) resolveWord(f field) resolved {
	a := r.a
	v := a.slash(f.val)
	if v == "" || strings.IndexByte(v, 0) >= 0 || len(v) > 4096 {
		return resolved{why: "an empty or invalid path"}
	}
	var res resolved
	if f.glob {
		comps := strings.Split(v, "/")
		first, dotDot := patternComps(comps)
		if dotDot {
			return resolved{why: "a pattern followed by .."}
		}
		if first >= 0 {
			pat := v
			v = strings.Join(comps[:first], "/")
			if v == "" {
				if strings.HasPrefix(pat, "/") {
					v = "/"
				} else {
					v = "."
				}
			}
			if !a.isAbs(pat) {
				if r.cwd == "" {
					return resolved{why: "a relative pattern in an unknown folder"}
				}
				pat = strings.TrimSuffix(r.cwd, "/") + "/" + pat
			}
			res.glob = a.clean(pat)
		}
	}
	raw := v
	if !a.isAbs(v) {
		if r.cwd == "" {
			return resolved{why: "a relative path in an unknown folder"}
		}
		// "./x" is "x" in the working folder: joined without the "./", the
		// path is often clean already and cleaning it copies nothing.
		for len(v) > 2 && v[0] == '.' && v[1] == '/' && v[2] != '/' {
			v = v[2:]
		}
		raw = r.calls.join(strings.TrimSuffix(r.cwd, "/"), "/", v)
	}
	lex := a.clean(raw)
	res.paths = append(r.calls.strings(2), lex)
	res.ok = true
	if !a.windows {
		// /proc/self/root/proc/1/root/etc is /etc: each root in turn.
		for p, n := lex, 0; n < maxProcRoots; n++ {
			q, ok := procRoot(p)
			if !ok {
				break
			}
			res.paths = append(res.paths, q)
			p = q
		}
		// /proc/self/cwd (and a thread's, /proc/self/task/TID/cwd) is the
		// shell's working folder; ".." after it leaves that folder, not
		// /proc/self.
		if strings.HasPrefix(raw, "/proc/self/") || strings.HasPrefix(raw, "/proc/thread-self/") {
			if e, ok := procEntry(raw); ok && r.cwd != "" {
				if rest, ok := strings.CutPrefix(e, "/cwd"); ok && (rest == "" || rest[0] == '/') {
					res.paths = append(res.paths, a.clean(r.cwd+rest))
				}
			}
		}
	}
	if len(r.calls.links) > 0 {
		// Through the links the command made before: what it then
		// names (ln -s ~/.bashrc b; echo x >> b writes ~/.bashrc).
		// Both as the kernel reads it, name by name, and with the
		// longest link first: a destination that may be a folder made
		// two links, of which only one is there.
		q1, q2 := r.throughLinks(lex), r.physical(raw, r.calls.links)
		for i, q := range [...]string{q1, q2} {
			if q == lex || i == 1 && q == q1 {
				continue
			}
			res.paths = append(res.paths, q)
			if r.env.Canonical != nil {
				if c, err := r.env.Canonical(q); err == nil && c != "" && c != q {
					res.paths = append(res.paths, a.clean(a.slash(c)))
				}
			}
		}
	}
	if r.env.Canonical != nil && (a.windows || !shellRelative(lex) && !deviceFile(lex)) {
		native := raw
		if a.windows {
			native = strings.ReplaceAll(raw, "/", `\`)
		}
		// An answer spelled as the lexical form (the common case: no link)
		// adds nothing; it needs no cleaning to tell.
		switch c, err := r.env.Canonical(native); {
		case err != nil:
			res.unknown = err
		case c != "" && c != lex:
			cc := a.clean(a.slash(c))
			if a.isAbs(cc) && a.key(cc) != a.key(lex) {
				res.paths = append(res.paths, cc)
			}
		}
	}
	return res
}

// maxLinkHops bounds the links throughLinks and physical follow, as the kernel bounds
// a path's links (a link to itself goes nowhere).
const maxLinkHops = 16

// throughLinks returns the clean absolute path p read through the links
// the command made (callCache.links), the longest first at each step.
func (r *run) throughLinks(p string) string {
	a := r.a
	for range maxLinkHops {
		k := a.key(p)
		if len(k) != len(p) {
			return p // a folded key whose lengths differ: physical reads it
		}
		best := ""
		for l := range r.calls.links {
			if len(l) > len(best) && (k == l || strings.HasPrefix(k, l) && (k[len(l)] == '/' || strings.HasSuffix(l, "/"))) {
				best = l
			}
		}
		if best == "" {
			return p
		}
		p = a.clean(r.calls.links[best] + "/" + p[len(best):])
	}
	return p
}

// physical returns the absolute slash-form path raw, not cleaned, read
// as the kernel reads it through the links the command made
// (callCache.links, or links): name by name, a link replaced by its target before
// what follows it is read, so that ".." after a link leaves the link's
// target, not the folder the link is in (ln -s ~/.config c; cat
// c/../.ssh/id_rsa reads ~/.ssh/id_rsa; see docs/security-model.md,
// Hardline). Up to maxLinkHops links are followed. The answer is clean.
func (r *run) physical(raw string, links map[string]string) string {
	a := r.a
	root := func(p string) (string, string) {
		if a.windows && len(p) >= 3 && isLetter(p[0]) && p[1] == ':' && p[2] == '/' {
			return p[:3], p[3:]
		}
		return "/", strings.TrimLeft(p, "/")
	}
	cur, rest := root(raw)
	cur = a.clean(cur)
	hops := 0
	for rest != "" {
		var name string
		name, rest, _ = strings.Cut(rest, "/")
		switch name {
		case "", ".":
			continue
		case "..":
			cur = a.clean(cur + "/..")
			continue
		}
		next := strings.TrimSuffix(cur, "/") + "/" + name
		if t, ok := links[a.key(next)]; ok && hops < maxLinkHops {
			// The target is read name by name as well, then the rest.
			hops++
			cur, t = root(t)
			cur = a.clean(cur)
			if rest != "" {
				t += "/" + rest
			}
			rest = t
			continue
		}
		cur = next
	}
	return cur
}

// noteLinks records the links a copy or link command makes (see
// callCache.links): ln -s TARGET LINK and cp -s, whose target is read
// from the link's folder when relative; ln and cp -l, a hard link, the
// same file as its source; and cp -P, -d, -a and rsync -l, -a, which copy
// a link as a link (cp -P .dotlink x makes x lead where .dotlink does).
// A destination that may be a folder makes both links, DST and
// DST/NAME; ln with one operand makes NAME in the working folder.
func (r *run) noteLinks(b string, p opts, srcs []field, dst *field) {
	var symbolic, hard, asLink bool
	switch b {
	case "ln":
		symbolic = containsAny(p.short, "s") || p.given("--symbolic")
		hard = !symbolic
	case "link":
		hard = true
	case "cp":
		symbolic = containsAny(p.short, "s") || p.given("--symbolic-link")
		hard = containsAny(p.short, "l") || p.given("--link")
		asLink = containsAny(p.short, "Pda") || p.given("--no-dereference") || p.given("--archive")
	case "rsync":
		asLink = containsAny(p.short, "la") || p.given("--links") || p.given("--archive")
	}
	if !symbolic && !hard && !asLink {
		return
	}
	a := r.a
	through, abs, record := r.linkThrough, r.linkPlace, r.recordLink
	for _, s := range srcs {
		if s.dyn || s.val == "" || strings.ContainsRune(s.val, ':') && b == "rsync" {
			continue
		}
		// The name a link in a folder takes is the source's last; "." and
		// ".." name no link (ln -s ../.. dir fails).
		name := path.Base(a.slash(s.val))
		named := name != "." && name != ".." && name != "/"
		var places []string
		switch {
		case dst == nil && named:
			places = []string{abs(name)}
		case dst == nil || dst.dyn:
			continue
		case named:
			if d := abs(dst.val); d != "" {
				places = []string{d, a.clean(d + "/" + name)}
			}
		default:
			places = []string{abs(dst.val)}
		}
		for _, l := range places {
			if l == "" {
				continue
			}
			target := ""
			switch {
			case symbolic:
				target = a.slash(s.val)
				if !a.isAbs(target) {
					target = path.Dir(l) + "/" + target
				}
				target = through(target)
			case hard:
				target = abs(s.val)
			default:
				// Only a source that is a link, or lies below one, is
				// copied as one.
				res := r.resolve(s)
				if len(res.paths) < 2 {
					continue
				}
				target = res.paths[len(res.paths)-1]
			}
			record(l, target)
		}
	}
}

// linkThrough reads the path v as the kernel reads it through the links
// the command made before (ln -s ~/.config c; ln -s c/.. d makes d lead to
// the home).
func (r *run) linkThrough(v string) string {
	if r.calls != nil && len(r.calls.links) > 0 {
		return r.physical(v, r.calls.links)
	}
	return r.a.clean(v)
}

// linkPlace is the absolute path of a link's place or target v, read
// through the links made before; "" for a relative path in a working
// folder not known: such a link's place is not known, one given absolutely
// is.
func (r *run) linkPlace(v string) string {
	a := r.a
	v = a.slash(v)
	if !a.isAbs(v) {
		if r.cwd == "" {
			return ""
		}
		v = strings.TrimSuffix(r.cwd, "/") + "/" + v
	}
	return r.linkThrough(v)
}

// recordLink records that the absolute path l leads to target (see
// callCache.links).
func (r *run) recordLink(l, target string) {
	if target == "" || target == l {
		return
	}
	if r.calls.links == nil {
		r.calls.links = map[string]string{}
	}
	r.calls.links[r.a.key(l)] = target
	r.calls.linkGen++
}

// noteMount records a mount of the folder src at dst (bindfs SRC DST,
// mount --bind SRC DST, sshfs localhost:DIR DST) as a link from dst to src:
// what later words of the command name under dst is read in src, as
// through ln -s SRC DST (see docs/security-model.md, Hardline).
func (r *run) noteMount(src, dst field) {
	if src.dyn || dst.dyn || src.val == "" || dst.val == "" {
		return
	}
	if l, t := r.linkPlace(dst.val), r.linkPlace(src.val); l != "" && t != "" {
		r.recordLink(l, t)
	}
}

// shellRelative reports whether the clean path p names the shell's own
// process (/dev/stdout, /dev/fd/1, /proc/self/...). Resolved through
// Env.Canonical, which runs in the evaluating process, it would reach that
// process's descriptors and files instead, which say nothing about the
// shell's: such a path is judged as written (see docs/security-model.md,
// Hardline).
func shellRelative(p string) bool {
	for _, pre := range [...]string{"/dev/stdin", "/dev/stdout", "/dev/stderr", "/dev/fd", "/proc/self", "/proc/thread-self"} {
		if p == pre || strings.HasPrefix(p, pre) && p[len(pre)] == '/' {
			return true
		}
	}
	return false
}

// deviceFile reports whether the clean path p is one of the character
// devices every Unix system has at a fixed path (/dev/null, /dev/zero,
// /dev/tty, ...). Only the system's administrator can put a link in their
// place, so they are judged as written, with no lookup.
func deviceFile(p string) bool {
	switch p {
	case "/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom", "/dev/tty":
		return true
	}
	return false
}

// globMatches reports whether the absolute bash pattern pat may match p
// (see bashGlobMatch), without regard to case when fold is set.
func (a *Analyzer) globMatches(pat, p string, fold bool) bool {
	return bashGlobMatch(a.key(pat), a.key(p), fold)
}

// classifyGlob classifies the targets of a pattern such as /usr/l* or ~/*:
// the special folders it may match, else the contents of its folder dir.
func (r *run) classifyGlob(res resolved, dir string) class {
	a := r.a
	last := path.Base(res.glob)
	if bashGlobMatch(last, ".", r.nocaseglob) || last == ".*" || last == ".?*" {
		return r.classify(dir) // .* matches . and .. in older shells
	}
	for _, h := range a.alias.homes {
		if a.globMatches(res.glob, h, r.nocaseglob) {
			return clHome
		}
	}
	if a.isHome(dir) {
		return clHome
	}
	for _, rt := range r.roots {
		if a.globMatches(res.glob, rt.Path, r.nocaseglob) {
			return clAncestor // the root itself
		}
	}
	ancestors := func(p string) bool {
		for p = path.Dir(p); len(p) > 1 && !a.isFSRoot(p); p = path.Dir(p) {
			if a.globMatches(res.glob, p, r.nocaseglob) {
				return true
			}
		}
		return false
	}
	for _, rt := range r.roots {
		if ancestors(rt.Path) {
			return clAncestor
		}
	}
	if r.workDir != "" && ancestors(r.workDir) {
		return clAncestor
	}
	for _, sd := range a.lists.sysDirs {
		if a.globMatches(res.glob, sd.glob, r.nocaseglob) {
			return clSystem
		}
	}
	if a.isFSRoot(dir) {
		return clOutside // a child of / that is no system folder
	}
	return r.classify(strings.TrimSuffix(dir, "/") + "/\x00")
}

// isRoot reports whether p is a root or the working folder itself.
func (r *run) isRoot(p string) bool {
	k := r.a.key(p)
	if r.workDir != "" && k == r.a.key(r.workDir) {
		return true
	}
	for _, rt := range r.roots {
		if k == r.a.key(rt.Path) {
			return true
		}
	}
	return false
}

type classed struct {
	path string
	cl   class
}

// targetClasses classifies a recursive target: every resolved form, and
// for a pattern the folders it may match.
func (r *run) targetClasses(res resolved) []classed {
	var out []classed
	for _, p := range res.paths {
		c := r.classify(p)
		if res.glob != "" {
			c = r.classifyGlob(res, p)
		}
		out = append(out, classed{p, c})
	}
	return out
}

// isDevice reports whether p is under /dev (or a Windows device path).
func (a *Analyzer) isDevice(p string) bool {
	k := a.key(p)
	return strings.HasPrefix(k, "/dev/") || strings.HasPrefix(k, "//./") || strings.HasPrefix(k, "//?/")
}

// isBlockDevice reports whether p is a block device: one the disk list
// names, or any other path under /dev that is neither a harmless device
// nor a known character device (see charDevices).
func (a *Analyzer) isBlockDevice(p string) bool {
	if a.match(a.lists.disks, p) {
		return true
	}
	return strings.HasPrefix(a.key(p), "/dev/") && !a.match(a.lists.harmless, p) && !a.match(a.lists.chars, p)
}

// caseFolding says, per target system (Config.OS), whether paths compare
// case-insensitively: Windows and macOS file systems fold case by default.
// A variable so that tests on any system can exercise either behaviour.
var caseFolding = map[string]bool{"windows": true, "darwin": true, "ios": true}

// homeFolders are where a system keeps users' home folders: the folders
// that hold one home per user, and lone home folders elsewhere (root's).
type homeFolders struct {
	parents, homes []string
}

// userHomes lists, per target system, the folders whose contents are
// matched against the built-in "~/" patterns as other users' homes ("" is
// every other Unix). Windows homes are below ?:/Users on any drive. A
// variable so that tests can point it at a temporary tree.
//
// Each Unix lists the folders any Unix keeps homes in, not only its own:
// /var/home (Fedora's image-based systems, where /home links to it),
// /usr/home (FreeBSD's), /export/home (Solaris's and some NFS setups'),
// /Users (macOS's) and /home. A host whose home folder lives in one that is
// not its usual place is then read as safely as the usual one, and a
// folder that holds no homes on this host costs only a stricter reading of
// commands that name it.
var userHomes = map[string]homeFolders{
	"":       {parents: unixHomeParents, homes: []string{"/root", "/var/root"}},
	"linux":  {parents: unixHomeParents, homes: []string{"/root"}},
	"darwin": {parents: unixHomeParents, homes: []string{"/var/root"}},
}

// unixHomeParents are the folders Unix systems keep one home per user in.
var unixHomeParents = []string{"/home", "/var/home", "/usr/home", "/export/home", "/Users"}

// aliases are the forms of the home folder and of the folders of other
// users' homes, in comparison form (see key), both as configured and
// canonical, when the file system resolves them elsewhere.
type aliases struct {
	homes   []string // the home folder, as configured first
	parents []string // folders holding one home per user
	lone    []string // lone home folders
}

// foldPath returns the comparison form of p on a case-folding system: each
// letter is mapped to one member of its case class, so that every spelling
// a case-insensitive file system treats as the same name compares equal,
// including the Kelvin sign (k), the long s (s) and the dotless i (i).
// Folding more than a file system does can only make a match stricter.
func foldPath(p string) string {
	ascii := true
	for i := 0; i < len(p); i++ {
		if p[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return asciiLower(p)
	}
	return strings.Map(foldRune, p)
}

func foldRune(r rune) rune {
	m := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		m = min(m, f)
	}
	return unicode.ToLower(unicode.ToUpper(m))
}

// hostCanonical resolves the absolute slash-form path p through the host's
// file system: symbolic links in its existing part are resolved, missing
// names are kept as written. It reports false when the target system's path
// syntax is not the host's or p cannot be resolved. seen caches the
// folders resolved so far (nil for none): one Lstat per new folder.
func (a *Analyzer) hostCanonical(p string, seen map[string]string) (string, bool) {
	if a.windows != (runtime.GOOS == "windows") {
		return "", false
	}
	c, err := hostCanonical(filepath.FromSlash(p), seen, 0)
	if err != nil {
		return "", false
	}
	return a.clean(a.slash(filepath.ToSlash(c))), true
}

// hostCanonical is filepath.EvalSymlinks that keeps missing names as
// written, one Lstat per name not in seen.
func hostCanonical(native string, seen map[string]string, depth int) (string, error) {
	if c, ok := seen[native]; ok {
		return c, nil
	}
	parent := filepath.Dir(native)
	if parent == native || depth > 255 {
		return filepath.EvalSymlinks(native)
	}
	var c string
	fi, err := os.Lstat(native)
	switch {
	case err == nil && fi.Mode()&fs.ModeSymlink != 0:
		c, err = filepath.EvalSymlinks(native)
	case err == nil || errors.Is(err, fs.ErrNotExist):
		c, err = hostCanonical(parent, seen, depth+1)
		c = filepath.Join(c, filepath.Base(native))
	}
	if err != nil {
		return "", err
	}
	if seen != nil {
		seen[native] = c
	}
	return c, nil
}

// canonicalForms returns p in comparison form, followed by its canonical
// form when that differs.
func (a *Analyzer) canonicalForms(p string, seen map[string]string) []string {
	out := []string{a.key(p)}
	if c, ok := a.hostCanonical(p, seen); ok && a.key(c) != out[0] {
		out = append(out, a.key(c))
	}
	return out
}

// addAliases resolves, through the host's file system, the home folder,
// the folders of other users' homes and the literal folder (or file) of
// every sensitive-path and startup-file pattern, and adds each canonical
// form that differs from the configured one: a path is then matched
// whether it is spelled through a symbolic link (/home -> /var/home, /etc
// -> /private/etc, ~/.aws -> /secure/aws) or canonically. New calls it, so
// the links are read when the Analyzer is built: build a new Analyzer
// when they may have changed (for example when the session's roots
// change). Nothing is resolved when Config.OS uses another path syntax than
// the host.
func (a *Analyzer) addAliases() {
	seen := map[string]string{}
	a.alias.homes = a.canonicalForms(a.home, seen)
	h, ok := userHomes[a.goos]
	if !ok {
		h = userHomes[""]
	}
	if !a.windows {
		for _, p := range h.parents {
			a.alias.parents = append(a.alias.parents, a.canonicalForms(p, seen)...)
		}
		for _, p := range h.homes {
			a.alias.lone = append(a.alias.lone, a.canonicalForms(p, seen)...)
		}
	}
	alias := func(list []pattern) []pattern {
		for _, sp := range list {
			list = append(list, a.aliasPatterns(sp, seen)...)
		}
		return list
	}
	a.sensitive = alias(a.sensitive)
	a.lists.startup = alias(a.lists.startup)
}

// aliasPatterns returns sp spelled from the canonical home folder (for a
// "~/" pattern) and with its literal folder replaced by that folder's
// canonical form, each when it differs from sp. seen caches resolutions.
func (a *Analyzer) aliasPatterns(sp pattern, seen map[string]string) []pattern {
	var out []pattern
	add := func(glob string) {
		if cp, err := a.compile(glob); err == nil && cp.glob != sp.glob &&
			!slices.ContainsFunc(out, func(o pattern) bool { return o.glob == cp.glob }) {
			cp.source = sp.source
			out = append(out, cp)
		}
	}
	src := a.slash(sp.source)
	switch {
	case src == "~" || strings.HasPrefix(src, "~/"):
		for _, h := range a.alias.homes[1:] {
			add(strings.TrimSuffix(h, "/") + src[1:])
		}
		src = strings.TrimSuffix(a.home, "/") + src[1:]
	case !a.isAbs(src):
		return nil // "**/x" and "?:/x" have no literal folder
	}
	lit := src
	if i := strings.IndexAny(src, `*?[{\`); i >= 0 {
		lit = src[:i]
	}
	dir := lit // a whole file name, resolved itself: it may be a link
	if lit != src && !strings.HasSuffix(lit, "/") {
		dir = path.Dir(lit) // the last name is partial ("ssh_host_")
	}
	dir = strings.TrimSuffix(dir, "/")
	if dir == "" || a.isFSRoot(dir) {
		return out
	}
	if canon, ok := a.hostCanonical(dir, seen); ok {
		add(strings.TrimSuffix(canon, "/") + src[len(dir):])
	}
	return out
}

// otherHomeRest returns the part of p below some user's home folder,
// starting with "/", or false when p is not below one. p is clean,
// slash-form and in comparison form.
func (a *Analyzer) otherHomeRest(p string) (string, bool) {
	if a.windows {
		return otherHomeRest(a.goos, p)
	}
	for _, parent := range a.alias.parents {
		if r, ok := belowHome(p, strings.TrimSuffix(parent, "/")+"/"); ok {
			return r, true
		}
	}
	for _, home := range a.alias.lone {
		if r, ok := belowFolder(p, home); ok {
			return r, true
		}
	}
	return "", false
}

// isStartup reports whether p is a startup file, in the home folder or in
// any other user's: writing /home/bob/.bashrc runs code as bob at his next
// login, as writing ~/.bashrc does as the user.
func (a *Analyzer) isStartup(p string) bool {
	if a.match(a.lists.startup, p) {
		return true
	}
	q, ok := a.asOwnHome(p)
	return ok && a.match(a.lists.startup, q)
}

// asOwnHome maps a path in another user's home folder to the same path in
// the home folder, where the "~/" patterns are compiled.
func (a *Analyzer) asOwnHome(p string) (string, bool) {
	k := a.key(p)
	rest, ok := a.otherHomeRest(k)
	if !ok && a.isOtherHome(k) {
		// A home folder itself: what follows it is all there is below.
		rest, ok = "", true
	}
	if !ok || a.home == "" {
		return "", false
	}
	return strings.TrimSuffix(a.home, "/") + rest, true
}

// isOtherHome reports whether k (a key) is itself a home folder that
// otherHomeRest recognises: what otherHomeRest(k+"/x") reads as "/x",
// without building that text for every path judged.
func (a *Analyzer) isOtherHome(k string) bool {
	if a.windows {
		r, ok := otherHomeRest(a.goos, k+"/x")
		return ok && r == "/x"
	}
	for _, parent := range a.alias.parents {
		if dir := strings.TrimSuffix(parent, "/"); prefixSlash(k, dir) {
			if name := k[len(dir)+1:]; name != "" && !strings.Contains(name, "/") {
				return true
			}
		}
	}
	for _, home := range a.alias.lone {
		if k == home {
			return true
		}
	}
	return false
}

// userName is the user's name as the home folder's last name gives it
// (dev for /home/dev, root for /root), or "" when there is no home folder:
// what $USER, $LOGNAME and $(whoami) are read as.
func (a *Analyzer) userName() string {
	h := strings.TrimSuffix(a.home, "/")
	if h == "" {
		return ""
	}
	return h[strings.LastIndexByte(h, '/')+1:]
}

// isHome reports whether p is the home folder, as configured or canonical.
func (a *Analyzer) isHome(p string) bool {
	return slices.Contains(a.alias.homes, a.key(p))
}

// underHome reports whether p is the home folder or inside it, in either
// form.
func (a *Analyzer) underHome(p string) bool {
	return slices.ContainsFunc(a.alias.homes, func(h string) bool { return a.within(p, h) })
}

// aboveHome reports whether the home folder, in either form, is p or
// inside p.
func (a *Analyzer) aboveHome(p string) bool {
	return slices.ContainsFunc(a.alias.homes, func(h string) bool { return a.within(h, p) })
}

// SensitiveTarget reports whether a tool's path argument is a sensitive
// host path in either of its forms: given, the path as the call spelled it
// after home expansion (judged lexically), and canonical, the path resolved
// through symbolic links (see roots.Set.Resolve). The stricter answer wins:
// a file that is sensitive under either name is sensitive. A form that is
// empty or not absolute is skipped.
func (a *Analyzer) SensitiveTarget(given, canonical string) (rule string, ok bool) {
	if rule, ok := a.SensitivePath(given); ok {
		return rule, true
	}
	return a.SensitivePath(canonical)
}
