package roots

import (
	"strings"
	"sync"
)

// Memo remembers, for the resolutions of one evaluation, what each
// file-system lookup answered: the kind of every name looked up and the
// target of every link read. A second path through the same folders then
// costs no system call for the names already seen (after a missing folder,
// none at all: everything below it is missing too). Each remembered answer
// still counts against the [Budget] as the lookup it replaces, so a
// resolution takes the same budget with or without a Memo.
//
// On Linux, a Memo that has looked up listAfter names of one folder lists
// the folder (one read of its entries instead of a lookup per name) when
// it lies on a local disk or memory file system, and answers the folder's
// later names from the listing: a name listed with its kind, or a name
// absent from it. A name the listing cannot vouch for is still looked up:
// one whose kind the file system did not report, one that is not ASCII,
// and one that an entry matches but for case (the folder may fold case).
// Folders with more than 16 KiB of entries are not listed.
//
// A Memo belongs to one evaluation: make a new one per call and drop it
// after, so that every call sees the file system as it is then. Within the
// call, resolutions through a Memo see one snapshot of each name, taken
// the first time it was looked up: a link swapped during the call is seen
// as it was then (no wider a window than the one between any decision and
// the tool's own open; see docs/security-model.md, What toolgate does not
// protect against). Use a Memo only for lookups whose answer is advisory
// (the shell analyser's, whose findings only tighten a decision; see
// docs/security-model.md, Hardline), never for the resolution that decides
// a path argument's root and access. The zero Memo is ready to use; a Memo
// is safe for concurrent use and must not be copied after first use.
type Memo struct {
	mu    sync.Mutex
	set   *Set // the set, with its lookups routed through the memo
	base  *Set // the set the memo was made for
	kinds map[string]kind
	links map[string]string
	// folders is what the memo knows of each folder for listing it (see
	// dirLister).
	folders map[string]*folderState
}

// CanonicalMemo is CanonicalBudget with the lookups remembered in m (nil
// for none): a name m has already seen is answered from m. It is meant for
// the advisory lookups of one evaluation, such as the shell analyser's.
func (s *Set) CanonicalMemo(p string, b *Budget, m *Memo) (string, error) {
	if m == nil || s == nil || s.opts.sys == nil {
		return s.CanonicalBudget(p, b)
	}
	return m.through(s).CanonicalBudget(p, b)
}

// through returns s with its file system answered through m.
func (m *Memo) through(s *Set) *Set {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.base != s {
		c := *s
		c.opts.sys = memoSys{inner: s.opts.sys, m: m}
		m.set, m.base = &c, s
		m.kinds, m.links, m.folders = nil, nil, nil // answers of another set's file system
	}
	return m.set
}

// memoSys is a file system whose answers are remembered in a Memo.
type memoSys struct {
	inner sysOps
	m     *Memo
}

// lstat answers from the memo, then from the listing of name's folder
// when the file system can list it and the folder's names have been
// looked up listAfter times already, and then from the file system.
func (ms memoSys) lstat(name string) (kind, error) {
	lister, ok := ms.inner.(dirLister)
	if !ok {
		return remember(&ms.m.mu, &ms.m.kinds, name, ms.inner.lstat)
	}
	m := ms.m
	dir, base := unixParent(name), name[strings.LastIndexByte(name, '/')+1:]
	m.mu.Lock()
	if k, ok := m.kinds[name]; ok {
		m.mu.Unlock()
		return k, nil
	}
	if m.folders == nil {
		m.folders = make(map[string]*folderState, 4)
	}
	f := m.folders[dir]
	if f == nil {
		f = &folderState{}
		m.folders[dir] = f
	}
	// A folder is listed only after a lookup in it succeeded: that proves
	// its names can be looked up (a folder that can be read but not
	// searched lists names that lstat cannot reach).
	if !f.tried && f.lookups >= listAfter {
		f.tried = true
		m.mu.Unlock()
		l, ok := lister.list(dir)
		m.mu.Lock()
		if ok {
			f.listing = l
		}
	}
	if f.listing != nil {
		if k, ok := f.listing.lookup(base); ok {
			m.remember(name, k)
			m.mu.Unlock()
			return k, nil
		}
	}
	m.mu.Unlock()
	k, err := ms.inner.lstat(name)
	if err != nil {
		return k, err
	}
	m.mu.Lock()
	f.lookups++
	m.remember(name, k)
	m.mu.Unlock()
	return k, nil
}

// remember keeps the kind of name; m.mu is held.
func (m *Memo) remember(name string, k kind) {
	if m.kinds == nil {
		m.kinds = make(map[string]kind, 32)
	}
	m.kinds[name] = k
}

// Missing reports whether the lookups made through m so far found that
// p does not exist: p was looked up and missing, the nearest folder above
// it that was looked up is missing or is not a folder, or p's folder was
// listed without p (for the names a listing vouches for: see
// dirListing.lookup). It makes no lookup of its own, and false claims
// nothing: p may exist, or may never have been looked up. p is an
// absolute path in slash form, spelt as the lookups spelt it (as
// CanonicalMemo returns it). The answer is the snapshot the memo took of
// each name, as every answer through it is. A nil Memo knows nothing.
func (m *Memo) Missing(p string) bool {
	if m == nil || p == "" {
		return false
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if k, ok := m.kinds[p]; ok {
		return k == kindMissing
	}
	dir := unixParent(p)
	if f := m.folders[dir]; f != nil && f.listing != nil {
		if k, ok := f.listing.lookup(p[strings.LastIndexByte(p, '/')+1:]); ok {
			return k == kindMissing
		}
	}
	for q := p; ; {
		parent := unixParent(q)
		if parent == q {
			return false
		}
		if k, ok := m.kinds[parent]; ok {
			return k == kindMissing || k == kindOther
		}
		q = parent
	}
}

func (ms memoSys) readlink(name string) (string, error) {
	return remember(&ms.m.mu, &ms.m.links, name, ms.inner.readlink)
}

// remember answers name from cache, or asks look and keeps its answer. A
// failed lookup is not kept: the next one tries again.
func remember[V any](mu *sync.Mutex, cache *map[string]V, name string, look func(string) (V, error)) (V, error) {
	mu.Lock()
	v, ok := (*cache)[name]
	mu.Unlock()
	if ok {
		return v, nil
	}
	v, err := look(name)
	if err != nil {
		return v, err
	}
	mu.Lock()
	if *cache == nil {
		*cache = make(map[string]V, 32)
	}
	(*cache)[name] = v
	mu.Unlock()
	return v, nil
}

func (ms memoSys) longName(name string) (string, error) { return ms.inner.longName(name) }
