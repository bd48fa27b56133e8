package roots

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// ErrGlobBound is the error GlobLinks returns when a pattern lists more
// folders, or matches more links, than its bounds allow.
var ErrGlobBound = errors.New("roots: the pattern lists more folders or matches more links than the bound")

// GlobLinks expands pattern, an absolute path in slash form whose
// components may hold bash's *, ? and [...], as bash does (a component
// that does not start with a dot matches no name that does; . and .. are
// never matched), and returns the matches that a pattern component matched
// as a symbolic link, or that lie below such a link: the paths whose
// meaning a reading of the pattern as written misses (rm -rf */ in a
// folder that holds a link to a home). Matches that no link led to are not
// returned. It lists at most maxDirs folders and returns at most
// maxMatches paths; past either it returns ErrGlobBound. A folder that
// cannot be listed matches nothing, as in bash. The shell analyser judges
// what it returns (see docs/security-model.md, Hardline); like the
// analyser's other lookups, the answer is the file system as it is now.
func GlobLinks(pattern string, maxDirs, maxMatches int) ([]string, error) {
	return GlobLinksMemo(pattern, maxDirs, maxMatches, nil)
}

// GlobLinksMemo is GlobLinks that does not list a folder m has seen
// missing (m may be nil): the shell analyser's lookups of one evaluation
// have often looked the pattern's folder up already.
func GlobLinksMemo(pattern string, maxDirs, maxMatches int, m *Memo) ([]string, error) {
	if !strings.ContainsAny(pattern, "*?[") {
		return nil, nil
	}
	vol := filepath.VolumeName(filepath.FromSlash(pattern))
	rest := strings.TrimPrefix(filepath.ToSlash(pattern), filepath.ToSlash(vol))
	if !strings.HasPrefix(rest, "/") {
		return nil, fmt.Errorf("roots: glob pattern %q is not absolute", pattern)
	}
	// The folder before the first component with a pattern is walked to
	// in one step: nothing there is matched, so no link there is a match's.
	rest = path.Clean(rest)
	i := strings.IndexAny(rest, "*?[")
	cut := strings.LastIndexByte(rest[:i], '/')
	g := globber{maxDirs: maxDirs, maxMatches: maxMatches, memo: m}
	if err := g.walk(vol+rest[:cut+1], strings.Split(rest[cut+1:], "/"), false); err != nil {
		return nil, err
	}
	return g.out, nil
}

type globber struct {
	maxDirs, maxMatches int
	dirs                int
	out                 []string
	memo                *Memo
}

// walk matches parts below dir; linked says a link was matched on the way.
func (g *globber) walk(dir string, parts []string, linked bool) error {
	if len(parts) == 0 {
		if linked {
			if len(g.out) >= g.maxMatches {
				return ErrGlobBound
			}
			g.out = append(g.out, strings.TrimSuffix(dir, "/"))
		}
		return nil
	}
	p := parts[0]
	if !strings.ContainsAny(p, "*?[") {
		next := path.Join(dir, p)
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
	if g.memo.missing(strings.TrimSuffix(dir, "/")) {
		return nil // a folder seen missing lists nothing
	}
	if g.dirs >= g.maxDirs {
		return ErrGlobBound
	}
	g.dirs++
	entries, err := os.ReadDir(filepath.FromSlash(dir))
	if err != nil {
		return nil
	}
	for _, e := range entries {
		name := e.Name()
		if name[0] == '.' && p[0] != '.' {
			continue
		}
		if ok, _ := path.Match(p, name); !ok {
			continue
		}
		link := e.Type()&fs.ModeSymlink != 0
		if !link && !e.IsDir() && len(parts) > 1 {
			continue
		}
		if err := g.walk(path.Join(dir, name)+"/", parts[1:], linked || link); err != nil {
			return err
		}
	}
	return nil
}

// missing reports whether m has seen the name p missing.
func (m *Memo) missing(p string) bool {
	if m == nil {
		return false
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	k, ok := m.kinds[p]
	return ok && k == kindMissing
}
