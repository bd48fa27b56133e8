package roots

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// ErrGlobBound is the error GlobLinks returns when a pattern lists more
// folders or entries, or matches more links, than its bounds allow.
var ErrGlobBound = errors.New("roots: the pattern lists more folders or entries or matches more links than the bound")

// GlobOptions are the settings and bounds of GlobLinks.
type GlobOptions struct {
	// DotGlob makes a pattern component match names that start with a
	// dot, as bash's dotglob (or GLOBIGNORE) does; . and .. never match.
	DotGlob bool
	// MaxDirs, MaxEntries and MaxMatches bound the folders listed, the
	// entries of one folder and the paths returned.
	MaxDirs, MaxEntries, MaxMatches int
	// Memo, when set, is the evaluation's memo: a folder it has seen
	// missing is not listed.
	Memo *Memo
}

// GlobLinks expands pattern, an absolute path in slash form whose
// components may hold bash's *, ? and [...], as bash does (a component
// that does not start with a dot matches no name that does unless
// o.DotGlob; . and .. are never matched), and returns the matches that a
// pattern component matched as a symbolic link, or that lie below such a
// link: the paths whose meaning a reading of the pattern as written misses
// (rm -rf */ in a folder that holds a link to a home). Matches that no link
// led to are not returned. Past o's bounds it returns ErrGlobBound, and a
// bracket expression with a class ([[:alpha:]]), which it does not read,
// is an error too: the caller cannot know what the pattern matches. A
// folder that cannot be listed matches nothing, as in bash. The shell
// analyser judges what it returns (see docs/security-model.md, Hardline);
// like the analyser's other lookups, the answer is the file system as it
// is now.
func GlobLinks(pattern string, o GlobOptions) ([]string, error) {
	if !strings.ContainsAny(pattern, "*?[") {
		return nil, nil
	}
	if strings.Contains(pattern, "[:") || strings.Contains(pattern, "[=") || strings.Contains(pattern, "[.") {
		return nil, fmt.Errorf("roots: glob pattern %q holds a bracket class, which is not read", pattern)
	}
	vol := filepath.VolumeName(filepath.FromSlash(pattern))
	rest := strings.TrimPrefix(filepath.ToSlash(pattern), filepath.ToSlash(vol))
	if !strings.HasPrefix(rest, "/") {
		return nil, fmt.Errorf("roots: glob pattern %q is not absolute", pattern)
	}
	// The folder before the first component with a pattern is walked to
	// in one step: nothing there is matched, so no link there is a match's.
	// Empty and "." components go; ".." stays as written, for the file
	// system to apply: after a link a pattern matched, it climbs from the
	// link's target, not from the folder holding the link, and cleaning
	// it away with the pattern before it (*/..) would hide the match.
	rest = squeeze(rest)
	i := strings.IndexAny(rest, "*?[")
	if i < 0 {
		return nil, nil
	}
	cut := strings.LastIndexByte(rest[:i], '/')
	g := globber{o: o}
	if err := g.walk(vol+rest[:cut+1], strings.Split(rest[cut+1:], "/"), false); err != nil {
		return nil, err
	}
	return g.out, nil
}

// squeeze drops the empty and "." components of p, an absolute path in
// slash form, and keeps every other component as written.
func squeeze(p string) string {
	var b strings.Builder
	for c := range strings.SplitSeq(p, "/") {
		if c != "" && c != "." {
			b.WriteByte('/')
			b.WriteString(c)
		}
	}
	if b.Len() == 0 {
		return "/"
	}
	return b.String()
}

type globber struct {
	o    GlobOptions
	dirs int
	out  []string
}

// walk matches parts below dir; linked says a link was matched on the way.
func (g *globber) walk(dir string, parts []string, linked bool) error {
	if len(parts) == 0 {
		if linked {
			if len(g.out) >= g.o.MaxMatches {
				return ErrGlobBound
			}
			g.out = append(g.out, strings.TrimSuffix(dir, "/"))
		}
		return nil
	}
	p := parts[0]
	if !strings.ContainsAny(p, "*?[") {
		next := dir + p // as written: a ".." here is the file system's
		if linked && len(parts) == 1 {
			if _, err := os.Lstat(filepath.FromSlash(next)); err != nil {
				return nil // bash keeps only names that exist
			}
		}
		return g.walk(next+"/", parts[1:], linked)
	}
	if _, err := path.Match(p, ""); err != nil {
		return nil // a malformed pattern matches nothing
	}
	if g.o.Memo.Missing(strings.TrimSuffix(dir, "/")) {
		return nil // a folder seen missing lists nothing
	}
	if g.dirs >= g.o.MaxDirs {
		return ErrGlobBound
	}
	g.dirs++
	entries, err := g.list(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		name := e.Name()
		if name == "." || name == ".." || name[0] == '.' && p[0] != '.' && !g.o.DotGlob {
			continue
		}
		if ok, _ := path.Match(p, name); !ok {
			continue
		}
		link := e.Type()&fs.ModeSymlink != 0
		if !link && !e.IsDir() && len(parts) > 1 {
			continue
		}
		if err := g.walk(dir+name+"/", parts[1:], linked || link); err != nil {
			return err
		}
	}
	return nil
}

// list returns dir's entries in name order, nil when it cannot be listed
// (bash then matches nothing there), and ErrGlobBound when it holds more
// than o.MaxEntries.
func (g *globber) list(dir string) ([]fs.DirEntry, error) {
	f, err := os.Open(filepath.FromSlash(dir))
	if err != nil {
		return nil, nil
	}
	defer f.Close()
	entries, err := f.ReadDir(g.o.MaxEntries + 1)
	if len(entries) > g.o.MaxEntries {
		return nil, ErrGlobBound
	}
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, nil
	}
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return entries, nil
}

// TreeLinks returns the symbolic links below dir, an absolute path in
// slash form, in the order a walk of the tree meets them: every entry of
// every folder below dir that is a link, dot names included, the links not
// followed. A program that follows the links in a tree it reads (grep -R,
// rg -L, tar -h, zip -r, cp -rL, rsync -L) reads what they lead to as well,
// and the shell analyser judges that (see docs/security-model.md,
// Hardline). dir itself is not examined: the caller resolves it. o's
// MaxDirs bounds the folders listed, MaxEntries the entries of one folder
// and MaxMatches the links returned; past any it returns ErrGlobBound, and
// the caller cannot know what the tree holds. A folder that cannot be
// listed holds nothing here (the program cannot read it either); o.DotGlob
// is not consulted. Like the analyser's other lookups, the answer is the
// file system as it is now.
func TreeLinks(dir string, o GlobOptions) ([]string, error) {
	vol := filepath.VolumeName(filepath.FromSlash(dir))
	if !strings.HasPrefix(strings.TrimPrefix(filepath.ToSlash(dir), filepath.ToSlash(vol)), "/") {
		return nil, fmt.Errorf("roots: folder %q is not absolute", dir)
	}
	g := globber{o: o}
	queue := []string{strings.TrimSuffix(filepath.ToSlash(dir), "/") + "/"}
	for len(queue) > 0 {
		d := queue[0]
		queue = queue[1:]
		if g.o.Memo.Missing(strings.TrimSuffix(d, "/")) {
			continue
		}
		if g.dirs >= g.o.MaxDirs {
			return nil, ErrGlobBound
		}
		g.dirs++
		entries, err := g.list(d)
		if err != nil {
			return nil, err
		}
		for _, e := range entries {
			switch {
			case e.Type()&fs.ModeSymlink != 0:
				if len(g.out) >= g.o.MaxMatches {
					return nil, ErrGlobBound
				}
				g.out = append(g.out, d+e.Name())
			case e.IsDir():
				queue = append(queue, d+e.Name()+"/")
			}
		}
	}
	return g.out, nil
}
