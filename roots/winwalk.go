package roots

import (
	"strings"
)

// walkWindows resolves p with Win32 rules. Win32 turns every path into a
// full path lexically (both slashes, "." and ".." collapsed) before the file
// system sees it, and so does every reparse (symbolic link or junction)
// the I/O manager follows: the target is joined to the link's folder and the
// remaining names and normalized again. Applying ".." to the resolved
// prefix, as on Unix, would judge a different file than the one Windows
// opens, so this walker follows Win32 (as os.Root does on Windows).
func (s *Set) walkWindows(p string, o *options, w *walkResult, b *Budget) *PathError {
	vol, tail, err := winSplitVolume(p)
	if err != nil {
		return &PathError{Path: p, Err: ErrInvalidPath, Detail: err.Error()}
	}
	switch {
	case vol == "" && tail != "" && winIsSep(tail[0]):
		// Rooted without a volume: the volume of the primary root, never
		// the process's current drive.
		pr, ok := s.Primary()
		if !ok {
			return &PathError{Path: p, Err: ErrUnresolvable, Detail: "rooted path without a volume and the set has no primary root"}
		}
		vol, _, _ = winSplitVolume(pr.Path)
	case vol == "":
		pr, ok := s.Primary()
		if !ok {
			return &PathError{Path: p, Err: ErrUnresolvable, Detail: "relative path and the set has no primary root"}
		}
		vol, tail, _ = winSplitVolume(pr.Path)
		tail = tail + `\` + p
	case tail == "" || !winIsSep(tail[0]):
		return &PathError{Path: p, Err: ErrInvalidPath, Detail: errDriveRelative.Error()}
	}
	full, err := winClean(vol, tail)
	if err != nil {
		return &PathError{Path: p, Err: ErrInvalidPath, Detail: err.Error()}
	}
	hops := 0
restart:
	vol, tail, _ = winSplitVolume(full)
	resolved := vol + `\`
	names := tail[1:]
	missing := false
	cur := kindDir
	for names != "" {
		var name string
		if i := strings.IndexByte(names, '\\'); i >= 0 {
			name, names = names[:i], names[i+1:]
		} else {
			name, names = names, ""
		}
		if cur == kindOther {
			return &PathError{Path: p, Err: ErrUnresolvable, Detail: quote(resolved) + " is not a folder"}
		}
		next := winJoin(resolved, name)
		if missing {
			resolved = next
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
			resolved, missing = next, true
		case kindDir, kindOther:
			if strings.IndexByte(name, '~') >= 0 {
				// Possibly an 8.3 short name: compare long names only.
				if perr := b.take(p); perr != nil {
					return perr
				}
				long, err := o.sys.longName(next)
				if err != nil {
					return &PathError{Path: p, Err: ErrUnresolvable, Detail: err.Error()}
				}
				lv, lt, err := winSplitVolume(long)
				if err != nil || !strings.EqualFold(lv, vol) || lt == "" {
					return &PathError{Path: p, Err: ErrUnresolvable, Detail: "long name of " + quote(next) + " is " + quote(long)}
				}
				next = winJoin(resolved, lt[strings.LastIndexAny(lt, `\/`)+1:])
			}
			resolved, cur = next, k
		case kindLink:
			target, perr := o.followLink(p, next, &hops, b)
			if perr != nil {
				return perr
			}
			tv, tt, err := winSplitVolume(target)
			var nf string
			switch {
			case err != nil:
			case tv != "" && tt != "" && winIsSep(tt[0]):
				nf, err = winClean(tv, tt+`\`+names)
			case tv != "" || tt == "":
				err = errDriveRelative
			case winIsSep(tt[0]):
				nf, err = winClean(vol, tt+`\`+names)
			default:
				nf, err = winClean(vol, resolved[len(vol):]+`\`+tt+`\`+names)
			}
			if err != nil {
				return &PathError{Path: p, Err: ErrUnresolvable, Detail: "link " + quote(next) + " -> " + quote(target) + ": " + err.Error()}
			}
			full = nf
			goto restart
		}
	}
	w.resolved = resolved
	w.missing = missing
	w.final = cur
	return nil
}

func winJoin(dir, name string) string {
	if strings.HasSuffix(dir, `\`) {
		return dir + name
	}
	return dir + `\` + name
}
