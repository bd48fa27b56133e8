package hardline

import (
	"path"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
)

// lists are the compiled path lists of an Analyzer.
type lists struct {
	protected, startup, sysDirs, sysTrees, disks, harmless []pattern
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
	} {
		if err := comp(c.dst, c.src, c.suffix); err != nil {
			return err
		}
	}
	return nil
}

// match reports whether the absolute clean path p matches a list.
func (a *Analyzer) match(list []pattern, p string) bool {
	if a.windows {
		p = asciiLower(p)
	}
	for i := range list {
		if matchOne(&list[i], p) {
			return true
		}
	}
	return false
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

// key is the form of a path used for comparison.
func (a *Analyzer) key(p string) string {
	if a.windows {
		return asciiLower(p)
	}
	return p
}

// within reports whether p is dir or inside it, by whole components.
func (a *Analyzer) within(p, dir string) bool {
	p, dir = a.key(p), a.key(dir)
	if p == dir {
		return true
	}
	return strings.HasPrefix(p, strings.TrimSuffix(dir, "/")+"/")
}

// isFSRoot reports whether p is "/" or a Windows drive root.
func (a *Analyzer) isFSRoot(p string) bool {
	return p == "/" || a.windows && len(p) == 3 && isLetter(p[0]) && p[1] == ':' && p[2] == '/'
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
	case a.key(p) == a.key(a.home):
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
	if a.within(a.home, p) {
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
	case a.within(p, a.home):
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
}

// maxCanonical bounds the Env.Canonical calls made for one command.
const maxCanonical = 256

// resolve makes a path word absolute against the current folder, lexically
// and through Env.Canonical.
func (r *run) resolve(f field) resolved {
	a := r.a
	v := a.slash(f.val)
	if v == "" || strings.IndexByte(v, 0) >= 0 || len(v) > 4096 {
		return resolved{why: "an empty or invalid path"}
	}
	var res resolved
	if f.glob {
		comps := strings.Split(v, "/")
		first := -1
		for i, c := range comps {
			if strings.ContainsAny(c, "*?[") {
				if first < 0 {
					first = i
				}
			} else if first >= 0 && c == ".." {
				return resolved{why: "a pattern followed by .."}
			}
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
		raw = strings.TrimSuffix(r.cwd, "/") + "/" + v
	}
	lex := a.clean(raw)
	res.paths = append(res.paths, lex)
	res.ok = true
	if !a.windows {
		if p, ok := procRoot(lex); ok {
			res.paths = append(res.paths, p)
		}
	}
	if r.env.Canonical != nil && r.canon < maxCanonical {
		r.canon++
		native := raw
		if a.windows {
			native = strings.ReplaceAll(raw, "/", `\`)
		}
		if c, err := r.env.Canonical(native); err == nil && c != "" {
			cc := a.clean(a.slash(c))
			if a.isAbs(cc) && a.key(cc) != a.key(lex) {
				res.paths = append(res.paths, cc)
			}
		}
	}
	return res
}

// globMatches reports whether the absolute pattern pat may match p.
func (a *Analyzer) globMatches(pat, p string) bool {
	ok, err := path.Match(a.key(pat), a.key(p))
	return ok || err != nil
}

// classifyGlob classifies the targets of a pattern such as /usr/l* or ~/*:
// the special folders it may match, else the contents of its folder dir.
func (r *run) classifyGlob(res resolved, dir string) class {
	a := r.a
	last := path.Base(res.glob)
	if ok, _ := path.Match(last, "."); ok || last == ".*" || last == ".?*" {
		return r.classify(dir) // .* matches . and .. in older shells
	}
	if a.globMatches(res.glob, a.home) || a.key(dir) == a.key(a.home) {
		return clHome
	}
	for _, rt := range r.roots {
		if a.globMatches(res.glob, rt.Path) {
			return clAncestor // the root itself
		}
	}
	ancestors := func(p string) bool {
		for p = path.Dir(p); len(p) > 1 && !a.isFSRoot(p); p = path.Dir(p) {
			if a.globMatches(res.glob, p) {
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
		if a.globMatches(res.glob, sd.glob) {
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
