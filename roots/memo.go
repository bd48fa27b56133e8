package roots

import "sync"

// Memo remembers, for the resolutions of one evaluation, what each
// file-system lookup answered: the kind of every name looked up and the
// target of every link read. A second path through the same folders then
// costs no system call for the names already seen (after a missing folder,
// none at all: everything below it is missing too). Each remembered answer
// still counts against the [Budget] as the lookup it replaces, so a
// resolution takes the same budget with or without a Memo.
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
		m.kinds, m.links = nil, nil // answers of another set's file system
	}
	return m.set
}

// memoSys is a file system whose answers are remembered in a Memo.
type memoSys struct {
	inner sysOps
	m     *Memo
}

func (ms memoSys) lstat(name string) (kind, error) {
	return remember(&ms.m.mu, &ms.m.kinds, name, ms.inner.lstat)
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
