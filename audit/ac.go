package audit

// An Aho-Corasick automaton over ASCII-case-folded bytes: one pass over a
// text finds every configured literal (each secret in each of its encoded
// forms) and every anchor of a known secret shape at once, whatever the
// number of secrets.
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

// acAnchor is an anchor the automaton reports: its length, the shapes to
// try where it ends, and the next shorter anchor that is also a suffix of
// the text seen (0 for none, else index+1).
type acAnchor struct {
	length int
	shapes []int
	next   int32
}

type acMatcher struct {
	class   [256]uint8
	nclass  uint32
	delta   []uint32 // premultiplied: state*nclass
	outBase uint32   // premultiplied states >= outBase report something
	lit     []int32  // by state: length of the longest literal ending here
	anchor  []int32  // by state: longest anchor ending here, index+1
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
		total += len(p.text)
		for i := 0; i < len(p.text); i++ {
			used[fold(p.text[i])] = true
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
	var ownLit []int32
	var ownAnchor []int32
	grow := func(s uint32) {
		for uint32(len(ownLit)) <= s {
			ownLit = append(ownLit, 0)
			ownAnchor = append(ownAnchor, 0)
		}
	}
	grow(0)
	anchorAt := map[uint32]int32{}
	for _, p := range pats {
		if p.text == "" {
			continue
		}
		s := uint32(0)
		for i := 0; i < len(p.text); i++ {
			c := uint32(m.class[p.text[i]])
			t := delta[int(s)*nc+int(c)]
			if t == none {
				t = newState()
				delta[int(s)*nc+int(c)] = t
			}
			s = t
		}
		grow(s)
		if p.shapes == nil {
			ownLit[s] = int32(len(p.text))
			continue
		}
		a, ok := anchorAt[s]
		if !ok {
			m.anchors = append(m.anchors, acAnchor{length: len(p.text)})
			a = int32(len(m.anchors))
			anchorAt[s] = a
			ownAnchor[s] = a
		}
		m.anchors[a-1].shapes = append(m.anchors[a-1].shapes, p.shapes...)
	}
	states := len(delta) / nc
	grow(uint32(states - 1))

	// Breadth first: failure links, the full DFA, and outputs.
	fail := make([]uint32, states)
	lit := make([]int32, states)
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
		lit[u] = ownLit[u]
		if lit[u] == 0 {
			lit[u] = lit[fail[u]]
		}
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
			if u == 0 {
				f = 0
			}
			fail[v] = f
			queue = append(queue, v)
		}
	}

	// Renumber: silent states first, reporting states after.
	order := make([]uint32, 0, states)
	for s := range states {
		if lit[s] == 0 && anchor[s] == 0 {
			order = append(order, uint32(s))
		}
	}
	m.outBase = uint32(len(order)) * n
	for s := range states {
		if lit[s] != 0 || anchor[s] != 0 {
			order = append(order, uint32(s))
		}
	}
	newID := make([]uint32, states)
	for i, s := range order {
		newID[s] = uint32(i)
	}
	m.delta = make([]uint32, len(delta))
	m.lit = make([]int32, states)
	m.anchor = make([]int32, states)
	for i, s := range order {
		for c := range nc {
			m.delta[i*nc+c] = newID[delta[int(s)*nc+c]] * n
		}
		m.lit[i] = lit[s]
		m.anchor[i] = anchor[s]
	}
	return m
}

// acHit is an anchor found: where it starts, and which.
type acHit struct {
	start  int
	anchor int32
}

// scan appends to spans the extent of every literal found in text and to
// hits every anchor, in order of where they end.
func (m *acMatcher) scan(text []byte, spans []span, hits []acHit) ([]span, []acHit) {
	d := m.delta
	cl := &m.class
	base := m.outBase
	s := uint32(0)
	for i := 0; i < len(text); i++ {
		s = d[s+uint32(cl[text[i]])]
		if s < base {
			continue
		}
		st := s / m.nclass
		end := i + 1
		if l := int(m.lit[st]); l > 0 {
			spans = append(spans, span{end - l, end})
		}
		for a := m.anchor[st]; a != 0; a = m.anchors[a-1].next {
			hits = append(hits, acHit{end - m.anchors[a-1].length, a})
		}
	}
	return spans, hits
}

// wipe zeroes the tables, which spell the configured secrets out.
func (m *acMatcher) wipe() {
	clear(m.delta)
	clear(m.lit)
}
