package hardline

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// list returns the substrings of m, in no particular order.
func (m *markers) list() []string {
	var out []string
	for _, l := range m.byFirst {
		out = append(out, l...)
	}
	return out
}

// naiveHoldsAny is the reading holdsAny must agree with.
func naiveHoldsAny(s string, m *markers) bool {
	for _, x := range m.list() {
		if strings.Contains(s, x) {
			return true
		}
	}
	return false
}

func TestMarkersAgreeWithContains(t *testing.T) {
	sets := []*markers{metadataMarkers, metadataSecretPaths, credentialMarks, shellCallMarkers, socketMarkers,
		shellMarkers, fileWriteMarkers, treeDeleteMarkers, tildeDeletes, encodedMarkers}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, m := range sets {
		// Every marker found alone, at the start, the end and inside a
		// text, and not found once its last byte is changed.
		for _, x := range m.list() {
			for _, s := range []string{x, x + "zz", "zz" + x, "a" + x + "b"} {
				if !holdsAny(s, m) {
					t.Errorf("holdsAny(%q) = false, holds %q", s, x)
				}
			}
			cut := x[:len(x)-1]
			if holdsAny(cut, m) != naiveHoldsAny(cut, m) {
				t.Errorf("holdsAny(%q) = %v, strings.Contains says otherwise", cut, holdsAny(cut, m))
			}
		}
		// Random texts built from the markers' own bytes.
		var alphabet []byte
		for _, x := range m.list() {
			alphabet = append(alphabet, x...)
		}
		for range 3000 {
			b := make([]byte, rng.IntN(24))
			for i := range b {
				b[i] = alphabet[rng.IntN(len(alphabet))]
			}
			if rng.IntN(4) == 0 {
				l := m.list()
				x := l[rng.IntN(len(l))]
				at := rng.IntN(len(b) + 1)
				b = append(b[:at], append([]byte(x), b[at:]...)...)
			}
			if s := string(b); holdsAny(s, m) != naiveHoldsAny(s, m) {
				t.Fatalf("holdsAny(%q) = %v, strings.Contains says otherwise", s, holdsAny(s, m))
			}
		}
	}
}

func TestMarkersRefuseEmpty(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("newMarkers accepted an empty marker, which every text holds")
		}
	}()
	newMarkers("a", "")
}
