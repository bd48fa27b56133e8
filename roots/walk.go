package roots

import (
	"path"
	"strings"
	"unicode/utf8"
)

// kind is what one Lstat found.
type kind uint8

const (
	kindMissing kind = iota // no such entry
	kindDir                 // a folder
	kindLink                // a symbolic link (or, on Windows, a junction)
	kindOther               // a file, device, socket, pipe: anything that is not a folder
)

// sysOps is the file system as resolution sees it. The real one is osSys;
// tests substitute fakes to run another platform's rules.
type sysOps interface {
	// lstat reports the kind of name without following a final link.
	// A missing entry is (kindMissing, nil).
	lstat(name string) (kind, error)
	// readlink returns the target of the link name.
	readlink(name string) (string, error)
	// longName expands 8.3 short names on Windows; elsewhere it returns name.
	longName(name string) (string, error)
}

// platform holds the path syntax rules in force.
type platform struct {
	windows bool // Windows syntax: volumes, both slashes, Win32 "..", reserved names
}

func (p platform) isAbs(s string) bool {
	if p.windows {
		vol, _, err := winSplitVolume(s)
		return err == nil && vol != "" && len(s) > len(vol) && winIsSep(s[len(vol)])
	}
	return strings.HasPrefix(s, "/")
}

// isClean reports whether s is absolute and in canonical syntax, the form
// Canonical returns.
func (p platform) isClean(s string) bool {
	if p.windows {
		return winIsClean(s)
	}
	return strings.HasPrefix(s, "/") && path.Clean(s) == s
}

// within reports whether p is root or below it, by whole components. Both
// must be canonical.
func (p platform) within(root, s string, fold bool) bool {
	sep := byte('/')
	if p.windows {
		sep = '\\'
	}
	n := len(root)
	if fold {
		var ok bool
		if n, ok = foldPrefix(s, root); !ok {
			return false
		}
	} else if !strings.HasPrefix(s, root) {
		return false
	}
	if n == len(s) || root[len(root)-1] == sep {
		return true
	}
	return s[n] == sep
}

// looseWithin reports whether s is root or below it when each name
// compares loosely: equal but for ASCII case, or both holding bytes
// outside ASCII (which case folding or Unicode normalization may make
// one name). Both must be canonical.
func (p platform) looseWithin(root, s string) bool {
	sep := "/"
	if p.windows {
		sep = `\`
	}
	for root != "" {
		if s == "" {
			return false
		}
		a, ra, _ := strings.Cut(root, sep)
		b, rb, _ := strings.Cut(s, sep)
		if !strings.EqualFold(a, b) && (isASCII(a) || isASCII(b)) {
			return false
		}
		root, s = ra, rb
	}
	return true
}

// walkResult is what one resolution produced.
type walkResult struct {
	resolved string // canonical path
	missing  bool   // some trailing components do not exist
	final    kind   // kind of the last existing component when !missing
	// viaProcess: resolution followed a /proc link whose target depends
	// on the process that reads it (see processLink).
	viaProcess bool
}

// walk canonicalizes p into w. It never cleans p lexically before it has
// resolved the symbolic links that p goes through (except on Windows, where
// Win32 itself collapses ".." lexically before any link is seen; see the
// package documentation).
func (s *Set) walk(p string, w *walkResult, b *Budget) *PathError {
	var o options
	if s == nil || s.opts.sys == nil {
		o = defaultOptions()
	} else {
		o = s.opts
	}
	if perr := checkInput(p, o.plat); perr != nil {
		return perr
	}
	if o.plat.windows {
		return s.walkWindows(p, &o, w, b)
	}
	rest := p
	if p[0] != '/' {
		pr, ok := s.Primary()
		if !ok {
			return &PathError{Path: p, Err: ErrUnresolvable, Detail: "relative path and the set has no primary root"}
		}
		rest = pr.Path + "/" + p
	}
	resolved := "/"
	// While resolved is the start of the path walked, full[:at] (at 0
	// stands for "/"), a name that follows it after one slash makes the
	// next resolved a longer slice of full instead of a new string. A
	// link's target replaces what follows, and a ".", a ".." or a second
	// slash moves the next name past full[at]: at is -1 from then on, and
	// names are joined by hand.
	full, at := rest, 0
	if root, tail, ok := s.lexicalRoot(rest); ok {
		// The root is canonical: start there instead of at "/". Every
		// name after it is still looked up, and a ".." or a link in
		// them leaves the root exactly as it would from "/".
		resolved, rest, at = root, tail, len(root)
	}
	cur := kindDir   // kind of resolved
	missing := false // resolved ends in names that do not exist
	hops := 0
	for {
		if cur == kindOther && rest != "" {
			// Anything after a file, even "/", "." or "..", is ENOTDIR.
			return &PathError{Path: p, Err: ErrUnresolvable, Detail: quote(resolved) + " is not a folder"}
		}
		i := 0
		for i < len(rest) && rest[i] == '/' {
			i++
		}
		// A single slash right after full[:at]: the next name extends it.
		aligned := at >= 0 && i == 1 && len(full)-len(rest) == at
		rest = rest[i:]
		if rest == "" {
			break
		}
		j := strings.IndexByte(rest, '/')
		if j < 0 {
			j = len(rest)
		}
		name := rest[:j]
		rest = rest[j:]
		switch name {
		case ".":
			continue
		case "..":
			if missing {
				// The kernel fails here with ENOENT; guessing what a
				// tool that creates folders first would reach is not
				// the policy's job.
				return &PathError{Path: p, Err: ErrUnresolvable, Detail: `".." after the missing name ` + quote(resolved)}
			}
			// resolved holds no links, so its lexical parent is its
			// real parent.
			resolved = unixParent(resolved)
			continue
		}
		var next string
		nextAt := -1 // at once resolved is next
		switch {
		case aligned:
			nextAt = at + 1 + len(name)
			next = full[:nextAt]
		case resolved == "/":
			next = "/" + name
		default:
			next = resolved + "/" + name
		}
		if missing {
			resolved, at = next, nextAt
			continue
		}
		if perr := b.take(p); perr != nil {
			return perr
		}
		k, err := o.sys.lstat(next)
		if err != nil {
			return &PathError{Path: p, Err: ErrUnresolvable, Detail: err.Error()}
		}
		switch k {
		case kindMissing:
			resolved, missing, at = next, true, nextAt
		case kindDir, kindOther:
			resolved, cur, at = next, k, nextAt
		case kindLink:
			// resolved stays the link's folder, and what follows is the
			// link's target: no longer a slice of full.
			at = -1
			if processLink(next) {
				// Its target is whatever the resolving process sees.
				w.viaProcess = true
			}
			target, perr := o.followLink(p, next, &hops, b)
			if perr != nil {
				return perr
			}
			if target[0] == '/' {
				resolved = "/"
			}
			// A relative target continues from the link's folder, which is
			// resolved as it stands. rest is empty or starts with '/'.
			rest = target + rest
		}
	}
	w.resolved = resolved
	w.missing = missing
	w.final = cur
	return nil
}

// processLink reports whether link is one of /proc's links whose target
// is not what its text says to every reader: /proc/self,
// /proc/thread-self, /proc/curproc, or any link under a process's /proc
// entry (root, cwd, exe, fd/N, map_files, task/TID/...), this process's or
// another's. The first three resolve differently in every process. The
// others are magic links: the kernel follows them to the object itself,
// in that process's view of the file system (another mount namespace, a
// chroot, a file it holds open), which the text Readlink reports need not
// name: /proc/PID/root reads "/" for a process in its own mount
// namespace, where a bind mount may put a folder from outside every root
// under a root's name (see docs/security-model.md, Arguments).
// /dev/fd and /dev/stdin lead there too.
func processLink(link string) bool {
	rest, ok := strings.CutPrefix(link, "/proc/")
	if !ok {
		return false
	}
	first, _, _ := strings.Cut(rest, "/")
	return first == "self" || first == "thread-self" || first == "curproc" || isPID(first)
}

// isPID reports whether name is a /proc entry named by a process or
// thread ID: decimal digits only.
func isPID(name string) bool {
	if name == "" {
		return false
	}
	for i := 0; i < len(name); i++ {
		if name[i] < '0' || name[i] > '9' {
			return false
		}
	}
	return true
}

// followLink counts one more symbolic link on the way to resolving p and
// reads its target. Too many links (a loop) and a target that no link
// should hold (empty, or with a NUL byte) are errors.
func (o *options) followLink(p, link string, hops *int, b *Budget) (string, *PathError) {
	*hops++
	if *hops > o.maxLinks {
		return "", &PathError{Path: p, Err: ErrLinkLoop, Detail: "followed more than " + itoa(o.maxLinks) + " symbolic links, last " + quote(link)}
	}
	if perr := b.take(p); perr != nil {
		return "", perr
	}
	target, err := o.sys.readlink(link)
	switch {
	case err != nil:
		return "", &PathError{Path: p, Err: ErrUnresolvable, Detail: err.Error()}
	case target == "":
		return "", &PathError{Path: p, Err: ErrUnresolvable, Detail: "symbolic link " + quote(link) + " is empty"}
	case strings.IndexByte(target, 0) >= 0:
		return "", &PathError{Path: p, Err: ErrUnresolvable, Detail: "symbolic link " + quote(link) + " holds a NUL byte"}
	}
	return target, nil
}

// lexicalRoot finds the most specific root that abs, an absolute Unix path
// not yet resolved, starts with by whole components, spelled exactly as the
// canonical root (no folding), and returns the root and the rest of abs
// after it. Only the spelling is compared: the rest may still hold "..",
// links or anything else, which the walk resolves from the root.
func (s *Set) lexicalRoot(abs string) (root, rest string, ok bool) {
	if s == nil {
		return "", "", false
	}
	for _, i := range s.bySpec {
		r := s.roots[i].Path
		if len(r) > 1 && strings.HasPrefix(abs, r) && (len(abs) == len(r) || abs[len(r)] == '/') {
			return r, abs[len(r):], true
		}
	}
	return "", "", false
}

func unixParent(s string) string {
	i := strings.LastIndexByte(s, '/')
	if i <= 0 {
		return "/"
	}
	return s[:i]
}

// checkInput rejects what no file system call could take as meant.
func checkInput(p string, plat platform) *PathError {
	switch {
	case p == "":
		return &PathError{Path: p, Err: ErrInvalidPath, Detail: "empty path"}
	case len(p) > maxPathLen:
		return &PathError{Path: p[:64] + "...", Err: ErrInvalidPath, Detail: "longer than " + itoa(maxPathLen) + " bytes"}
	case strings.IndexByte(p, 0) >= 0:
		return &PathError{Path: p, Err: ErrInvalidPath, Detail: "contains a NUL byte"}
	case plat.windows && !utf8.ValidString(p):
		return &PathError{Path: p, Err: ErrInvalidPath, Detail: "not valid UTF-8, which Windows names cannot represent"}
	}
	return nil
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	neg := n < 0
	if neg {
		n = -n
	}
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}
