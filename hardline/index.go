package hardline

import (
	"cmp"
	"slices"
	"strings"
)

// patternIndex finds the first pattern of a list that matches a path
// without trying every pattern. The literal prefixes of the patterns
// (matchOne's quick reject) form a tree of path components; a path walks
// the tree along its own components and collects only the patterns whose
// prefix it can start with. Those are tried in list order, so first
// returns what a scan of the whole list in order would: the lowest index
// that matches.
type patternIndex struct {
	root *prefixNode
	n    int // the length of the list it was built from
	// dirs are the patterns' folders (pattern.dir) in comparison form,
	// sorted, for firstInside; set by Analyzer.indexLists.
	dirs []keyedDir
	// prefixes are the patterns' literal prefixes (pattern.prefix) that
	// are not empty, sorted, for firstPrefixInside; set by
	// Analyzer.indexLists for the sensitive lists.
	prefixes []keyedDir
}

// keyedDir is a pattern's folder in comparison form and the pattern's
// index in its list.
type keyedDir struct {
	key string
	idx int
}

// firstInside returns the lowest index of a pattern whose folder lies
// strictly inside the folder kp (in comparison form), as a scan of the
// list in order would: the folders inside kp are the sorted run that
// starts with kp and a slash.
func (x *patternIndex) firstInside(kp string) (int, bool) {
	dir := strings.TrimSuffix(kp, "/")
	best := -1
	i, _ := slices.BinarySearchFunc(x.dirs, dir, func(d keyedDir, dir string) int { return compareSlashed(d.key, dir) })
	for ; i < len(x.dirs) && prefixSlash(x.dirs[i].key, dir); i++ {
		if d := x.dirs[i]; d.key != kp && (best < 0 || d.idx < best) {
			best = d.idx
		}
	}
	return best, best >= 0
}

// firstPrefixInside returns the lowest index of a pattern whose literal
// prefix starts with dir and a slash, as a scan of the list in order
// would: those prefixes are the sorted run that starts so.
func (x *patternIndex) firstPrefixInside(dir string) (int, bool) {
	best := -1
	i, _ := slices.BinarySearchFunc(x.prefixes, dir, func(d keyedDir, dir string) int { return compareSlashed(d.key, dir) })
	for ; i < len(x.prefixes) && prefixSlash(x.prefixes[i].key, dir); i++ {
		if d := x.prefixes[i]; best < 0 || d.idx < best {
			best = d.idx
		}
	}
	return best, best >= 0
}

// compareSlashed compares key with dir+"/" as strings.Compare would, but
// reports every key that starts with dir+"/" as equal, without building
// that string.
func compareSlashed(key, dir string) int {
	if len(key) <= len(dir) {
		if c := strings.Compare(key, dir[:len(key)]); c != 0 {
			return c
		}
		return -1 // a prefix of dir+"/", and shorter
	}
	if c := strings.Compare(key[:len(dir)], dir); c != 0 {
		return c
	}
	return cmp.Compare(key[len(dir)], '/')
}

// prefixNode is one component of a literal prefix.
type prefixNode struct {
	// here are the patterns whose prefix ends at this node: a folder's
	// patterns ("/etc/**", prefix "/etc/"), or a literal path ("/etc/shadow").
	here []int
	// children are the next components, sorted by name for a binary
	// search (a node has a few; the home folder's has dozens).
	children []prefixChild
	// partial are the patterns whose prefix ends inside the next
	// component ("/etc/ssh/ssh_host_*_key" ends in "ssh_host_"); a
	// component that starts with text may match.
	partial []partialPrefix
}

type prefixChild struct {
	name string
	node *prefixNode
}

type partialPrefix struct {
	text string
	idx  int
}

func newPatternIndex(list []pattern) patternIndex {
	x := patternIndex{root: &prefixNode{}, n: len(list)}
	for i := range list {
		n := x.root
		rest := list[i].prefix
		for {
			j := strings.IndexByte(rest, '/')
			if j < 0 {
				break
			}
			n = n.child(rest[:j])
			rest = rest[j+1:]
		}
		switch {
		case rest == "":
			// The prefix ends with "/" (or is empty: "**/.env" has no
			// literal prefix, and stays at the root as a partial "").
			if list[i].prefix == "" {
				n.partial = append(n.partial, partialPrefix{"", i})
			} else {
				n.here = append(n.here, i)
			}
		case list[i].prefix == list[i].glob:
			// A literal path: its last component is whole.
			c := n.child(rest)
			c.here = append(c.here, i)
		default:
			n.partial = append(n.partial, partialPrefix{rest, i})
		}
	}
	return x
}

func (n *prefixNode) child(name string) *prefixNode {
	i, ok := slices.BinarySearchFunc(n.children, name, func(c prefixChild, name string) int { return strings.Compare(c.name, name) })
	if !ok {
		n.children = slices.Insert(n.children, i, prefixChild{name, &prefixNode{}})
	}
	return n.children[i].node
}

// find returns the child named name.
func (n *prefixNode) find(name string) (*prefixNode, bool) {
	lo, hi := 0, len(n.children)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if n.children[m].name < name {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(n.children) && n.children[lo].name == name {
		return n.children[lo].node, true
	}
	return nil, false
}

// maxCandidates is how many candidate patterns first collects on the stack;
// a path with more falls back to trying every pattern in order.
const maxCandidates = 32

// first returns the index of the first pattern of list (the list the index
// was built from) that matches p, a path in comparison form (key).
func (x *patternIndex) first(list []pattern, p string) (int, bool) {
	var buf [maxCandidates]int
	cands, ok := x.candidates(buf[:0], p)
	if !ok {
		for i := range list {
			if matchOne(&list[i], p) {
				return i, true
			}
		}
		return 0, false
	}
	slices.Sort(cands)
	for _, i := range cands {
		if matchOne(&list[i], p) {
			return i, true
		}
	}
	return 0, false
}

// candidates appends to dst every pattern whose literal prefix p can start
// with, or whose folder p is: a superset of the patterns matchOne does not
// reject outright. It returns false when they do not fit in dst's room.
func (x *patternIndex) candidates(dst []int, p string) ([]int, bool) {
	n, rest := x.root, p
	if n == nil {
		return dst, true
	}
	for {
		j := strings.IndexByte(rest, '/')
		comp := rest
		if j >= 0 {
			comp = rest[:j]
		}
		for _, pp := range n.partial {
			if strings.HasPrefix(comp, pp.text) {
				if len(dst) == cap(dst) {
					return dst, false
				}
				dst = append(dst, pp.idx)
			}
		}
		c, ok := n.find(comp)
		if !ok {
			return dst, true
		}
		n = c
		if len(dst)+len(n.here) > cap(dst) {
			return dst, false
		}
		dst = append(dst, n.here...)
		if j < 0 {
			return dst, true
		}
		rest = rest[j+1:]
	}
}
