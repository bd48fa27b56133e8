package audit

// An Aho-Corasick automaton over ASCII-case-folded bytes: one pass over a
// text finds every configured literal (each secret in each of its encoded
// forms) and every anchor of a known secret shape at once, whatever the
// number of secrets.
//
// A literal longer than prefixLen enters the automaton by its first
// prefixLen bytes only, and is checked whole where its prefix is found:
// the table stays small enough for the processor's caches whatever the
// length of the secrets.
//
// The automaton is a full DFA over byte classes (the bytes that occur in
// some pattern, plus one class for all others). States that report
// something are numbered after the silent ones and transitions hold
// premultiplied state numbers, so the scan loop is one table load and one
// comparison per byte.

// acPattern is one pattern to find: a literal to redact, or the anchor of
// the shapes listed.
type acPattern struct {
	text   string
	shapes []int // nil for a literal
}

// prefixLen is how much of a literal the automaton holds.
const prefixLen = 12

// acAnchor is what the automaton reports where a pattern (or a literal's
// prefix) ends: its length, the literals (folded) that start with it, the
// shapes to try, and the next shorter such pattern that is also a suffix
// of the text seen (0 for none, else index+1).
type acAnchor struct {
	length int
	lits   [][]byte
	shapes []int
	next   int32
}

type acMatcher struct {
	class   [256]uint8
	nclass  uint32
	delta   []uint32 // premultiplied: state*nclass
	outBase uint32   // premultiplied states >= outBase report something
	anchor  []int32  // by state: longest pattern ending here, index+1
	anchors []acAnchor
}

func fold(b byte) byte {
	if 'A' <= b && b <= 'Z' {
		return b + 'a' - 'A'
	}
	return b
}

func buildAC(pats []acPattern) *acMatcher {
	m := &acMatcher{}
	// Byte classes: 0 for bytes no pattern uses.
	var used [256]bool
	total := 1
	for _, p := range pats {
		key := p.key()
		total += len(key)
		for i := 0; i < len(key); i++ {
			used[fold(key[i])] = true
		}
	}
	n := uint32(1)
	var classOf [256]uint8
	for b := range 256 {
		if used[b] {
			classOf[b] = uint8(n)
			n++
		}
	}
	for b := range 256 {
		m.class[b] = classOf[fold(byte(b))]
	}
	m.nclass = n
	nc := int(n)

	// The trie, in a table that becomes the DFA.
	const none = ^uint32(0)
	delta := make([]uint32, 0, total*nc)
	newState := func() uint32 {
		s := uint32(len(delta) / nc)
		for range nc {
			delta = append(delta, none)
		}
		return s
	}
	newState()
	var ownAnchor []int32
	grow := func(s uint32) {
		for uint32(len(ownAnchor)) <= s {
			ownAnchor = append(ownAnchor, 0)
		}
	}
	grow(0)
	for _, p := range pats {
		key := p.key()
		if key == "" {
			continue
		}
		s := uint32(0)
		for i := 0; i < len(key); i++ {
			c := uint32(m.class[key[i]])
			t := delta[int(s)*nc+int(c)]
			if t == none {
				t = newState()
				delta[int(s)*nc+int(c)] = t
			}
			s = t
		}
		grow(s)
		a := ownAnchor[s]
		if a == 0 {
			m.anchors = append(m.anchors, acAnchor{length: len(key)})
			a = int32(len(m.anchors))
			ownAnchor[s] = a
		}
		if p.shapes == nil {
			m.anchors[a-1].lits = append(m.anchors[a-1].lits, foldAll(p.text))
		}
		m.anchors[a-1].shapes = append(m.anchors[a-1].shapes, p.shapes...)
	}
	states := len(delta) / nc
	grow(uint32(states - 1))

	// Breadth first: failure links, the full DFA, and outputs.
	fail := make([]uint32, states)
	anchor := make([]int32, states)
	queue := make([]uint32, 0, states)
	for c := range nc {
		t := delta[c]
		if t == none {
			delta[c] = 0
			continue
		}
		fail[t] = 0
		queue = append(queue, t)
	}
	for qi := 0; qi < len(queue); qi++ {
		u := queue[qi]
		// u's failure state is shallower, so its outputs are final.
		anchor[u] = anchor[fail[u]]
		if a := ownAnchor[u]; a != 0 {
			m.anchors[a-1].next = anchor[fail[u]]
			anchor[u] = a
		}
		for c := range nc {
			v := delta[int(u)*nc+c]
			f := delta[int(fail[u])*nc+c]
			if v == none {
				delta[int(u)*nc+c] = f
				continue
			}
			fail[v] = f
			queue = append(queue, v)
		}
	}

	// Renumber: silent states first, reporting states after.
	order := make([]uint32, 0, states)
	for s := range states {
		if anchor[s] == 0 {
			order = append(order, uint32(s))
		}
	}
	m.outBase = uint32(len(order)) * n
	for s := range states {
		if anchor[s] != 0 {
			order = append(order, uint32(s))
		}
	}
	newID := make([]uint32, states)
	for i, s := range order {
		newID[s] = uint32(i)
	}
	m.delta = make([]uint32, len(delta))
	m.anchor = make([]int32, states)
	for i, s := range order {
		for c := range nc {
			m.delta[i*nc+c] = newID[delta[int(s)*nc+c]] * n
		}
		m.anchor[i] = anchor[s]
	}
	return m
}

// acHit is an anchor found: where it starts, and which.
type acHit struct {
	start  int
	anchor int32
}

// key is what of p the automaton holds.
func (p acPattern) key() string {
	if p.shapes == nil && len(p.text) > prefixLen {
		return p.text[:prefixLen]
	}
	return p.text
}

func foldAll(s string) []byte {
	b := []byte(s)
	for i, c := range b {
		b[i] = fold(c)
	}
	return b
}

// scan appends to spans the extent of every literal found in text and to
// hits every anchor of a shape, in order of where they end.
func (m *acMatcher) scan(text []byte, spans []span, hits []acHit) ([]span, []acHit) {
	d := m.delta
	cl := &m.class
	base := m.outBase
	s := uint32(0)
	for i, c := range text {
		s = d[s+uint32(cl[c])]
		if s < base {
			continue
		}
		end := i + 1
		for a := m.anchor[s/m.nclass]; a != 0; a = m.anchors[a-1].next {
			an := &m.anchors[a-1]
			start := end - an.length
			for _, l := range an.lits {
				if start+len(l) <= len(text) && equalFold(text[start:start+len(l)], l) {
					spans = append(spans, span{start, start + len(l)})
				}
			}
			if an.shapes != nil {
				hits = append(hits, acHit{start, a})
			}
		}
	}
	return spans, hits
}

// equalFold compares t with the folded l, ignoring ASCII case.
func equalFold(t, l []byte) bool {
	for i, c := range l {
		if fold(t[i]) != c {
			return false
		}
	}
	return true
}

// wipe zeroes the tables, which spell the configured secrets out.
func (m *acMatcher) wipe() {
	clear(m.delta)
	for i := range m.anchors {
		for _, l := range m.anchors[i].lits {
			clear(l)
		}
	}
}
