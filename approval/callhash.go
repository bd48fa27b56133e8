package approval

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash"
	"math"
	"slices"
	"strconv"

	"github.com/toolgate/toolgate/policy"
)

// callHashTag starts every call hash, so that no other use of SHA-256 in
// the project can produce one.
const callHashTag = "toolgate approval call v1"

// CallHash returns what an approval of one call binds: the SHA-256 of the
// call's tool, session, task, goal, agent and surface, of every argument
// exactly as decoded (keys byte for byte, so `Ask`, `ask` and `aſk`, with a
// long s, are three arguments; the string "1" and the number 1 differ), and of the
// decision's risk and targets, canonical paths included, so a link swapped
// after the approval makes another call. Two calls share a hash only when
// nothing that decides what runs differs; the call's ID is not part of it.
// Numbers are compared as the float64 a JSON decoder makes of them (1 and
// 1.0 are one value), and integers of Go's other types as that value when
// it is exact. See docs/security-model.md, "Approvals".
//
// The error reports an argument of a type that cannot be encoded as JSON.
func CallHash(c policy.Call, d policy.Decision) ([]byte, error) {
	h := sha256.New()
	w := hashWriter{h: h}
	w.str(callHashTag)
	for _, s := range []string{c.Tool, c.Session, c.Task, c.Goal, c.Agent, string(c.Surface), string(d.Risk)} {
		w.str(s)
	}
	w.num(uint64(len(d.Targets)))
	for _, t := range d.Targets {
		for _, s := range []string{t.Argument, t.Value, t.Resolved, t.Root, string(t.Access)} {
			w.str(s)
		}
	}
	if c.Args == nil {
		w.tag('-')
	} else if err := w.value(c.Args, 0); err != nil {
		return nil, err
	}
	return h.Sum(nil), nil
}

// Matches reports whether c, decided d, is the very call r was parked for:
// r carries a call hash and CallHash(c, d) is equal to it. A record with
// no call hash (one written before call hashes were kept, or by a store
// that does not keep them) matches no call: the call is asked about again.
// A host that matches a resubmitted call to its parked record (as
// `toolgate eval --state` does) lets it through only on a match, so an
// approval of one call never lets another run. See docs/security-model.md,
// "Approvals".
func (r *Record) Matches(c policy.Call, d policy.Decision) bool {
	if len(r.CallHash) == 0 {
		return false
	}
	h, err := CallHash(c, d)
	return err == nil && bytes.Equal(h, r.CallHash)
}

// maxHashDepth bounds the nesting CallHash follows; decoders bound it far
// lower (64), so only a value built in memory reaches it.
const maxHashDepth = 1000

// hashWriter writes values to a hash in a form where each value carries
// its type and length, so that no two different values write the same
// bytes.
type hashWriter struct {
	h   hash.Hash
	buf [binary.MaxVarintLen64 + 1]byte
}

func (w *hashWriter) tag(b byte) { w.h.Write([]byte{b}) }

func (w *hashWriter) num(n uint64) { w.h.Write(binary.AppendUvarint(w.buf[:0], n)) }

func (w *hashWriter) str(s string) {
	w.num(uint64(len(s)))
	w.h.Write([]byte(s))
}

func (w *hashWriter) float(f float64) {
	w.tag('n')
	w.h.Write(binary.BigEndian.AppendUint64(w.buf[:0], math.Float64bits(f)))
}

func (w *hashWriter) integer(i int64, u uint64, signed bool) {
	switch {
	case signed && i >= -1<<53 && i <= 1<<53:
		w.float(float64(i))
	case !signed && u <= 1<<53:
		w.float(float64(u))
	case signed:
		w.tag('i')
		w.str(strconv.FormatInt(i, 10))
	default:
		w.tag('i')
		w.str(strconv.FormatUint(u, 10))
	}
}

func (w *hashWriter) value(v any, depth int) error {
	if depth > maxHashDepth {
		return fmt.Errorf("%w: arguments nested deeper than %d", ErrInvalidRecord, maxHashDepth)
	}
	switch v := v.(type) {
	case nil:
		w.tag('z')
	case bool:
		if v {
			w.tag('t')
		} else {
			w.tag('f')
		}
	case string:
		w.tag('s')
		w.str(v)
	case float64:
		w.float(v)
	case float32:
		w.float(float64(v))
	case int:
		w.integer(int64(v), 0, true)
	case int8:
		w.integer(int64(v), 0, true)
	case int16:
		w.integer(int64(v), 0, true)
	case int32:
		w.integer(int64(v), 0, true)
	case int64:
		w.integer(v, 0, true)
	case uint:
		w.integer(0, uint64(v), false)
	case uint8:
		w.integer(0, uint64(v), false)
	case uint16:
		w.integer(0, uint64(v), false)
	case uint32:
		w.integer(0, uint64(v), false)
	case uint64:
		w.integer(0, v, false)
	case json.Number:
		// Kept as written: a decoder asked for numbers as text is one
		// whose tool may read 9007199254740993 exactly.
		w.tag('N')
		w.str(string(v))
	case map[string]any:
		w.tag('o')
		w.num(uint64(len(v)))
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			w.str(k)
			if err := w.value(v[k], depth+1); err != nil {
				return err
			}
		}
	case []any:
		w.tag('a')
		w.num(uint64(len(v)))
		for _, x := range v {
			if err := w.value(x, depth+1); err != nil {
				return err
			}
		}
	default:
		// Another Go type a host built the arguments with: its JSON,
		// with its type's name, as a tool handed it would read it.
		b, err := json.Marshal(v)
		if err != nil {
			return fmt.Errorf("%w: an argument of type %T: %w", ErrInvalidRecord, v, err)
		}
		w.tag('j')
		w.str(fmt.Sprintf("%T", v))
		w.str(string(b))
	}
	return nil
}
