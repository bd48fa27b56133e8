package approval

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"hash/crc32"
	"time"

	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/roots"
)

// The file store's log is a sequence of frames:
//
//	length  uint32, little endian: the payload's length, 1..maxFrame
//	crc     uint32, little endian: CRC-32C (Castagnoli) of length and payload
//	payload: one entry
//
// An entry is a kind byte and a body. A frame that is short, too long, or
// whose checksum or body does not decode ends the log: it is the torn tail
// of a write a crash cut short.
const (
	frameHeader = 8
	maxFrame    = 4 << 20
	codecV1     = 1
	// codecV2 is the record entry's form since records keep a call hash:
	// v1's fields, then the hash. A v1 record reads with no call hash,
	// so it matches no call (Record.Matches) and its call is asked about
	// again.
	codecV2 = 2
)

// Entry kinds.
const (
	kindRecord   byte = 1 // a record, created or updated: the whole record
	kindStanding byte = 2 // a standing approval added
	kindRevoke   byte = 3 // a standing approval revoked: its ID
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// entry is one decoded payload.
type entry struct {
	kind     byte
	record   *Record
	standing Standing
	id       string
}

var errFrame = errors.New("approval: bad frame")

// appendFrame appends a frame holding payload to b.
func appendFrame(b, payload []byte) []byte {
	var h [frameHeader]byte
	binary.LittleEndian.PutUint32(h[:4], uint32(len(payload)))
	crc := crc32.Update(0, castagnoli, h[:4])
	crc = crc32.Update(crc, castagnoli, payload)
	binary.LittleEndian.PutUint32(h[4:], crc)
	b = append(b, h[:]...)
	return append(b, payload...)
}

// readFrame decodes the frame at the start of b and returns its entry and
// its length in bytes. Any fault is errFrame.
func readFrame(b []byte) (entry, int, error) {
	return readFrameText(b, "")
}

// readFrameText is readFrame for a b whose contents text also holds (or
// "" when it does not): the entry's strings are then cut from text rather
// than copied, one allocation for a whole log.
func readFrameText(b []byte, text string) (entry, int, error) {
	if len(b) < frameHeader {
		return entry{}, 0, errFrame
	}
	n := binary.LittleEndian.Uint32(b[:4])
	if n == 0 || n > maxFrame || uint64(len(b)-frameHeader) < uint64(n) {
		return entry{}, 0, errFrame
	}
	payload := b[frameHeader : frameHeader+int(n)]
	crc := crc32.Update(0, castagnoli, b[:4])
	crc = crc32.Update(crc, castagnoli, payload)
	if crc != binary.LittleEndian.Uint32(b[4:8]) {
		return entry{}, 0, errFrame
	}
	var p string
	if text != "" {
		p = text[frameHeader : frameHeader+int(n)]
	} else {
		p = string(payload)
	}
	e, err := decodeEntry(p)
	if err != nil {
		return entry{}, 0, err
	}
	return e, frameHeader + int(n), nil
}

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

func appendTime(b []byte, t time.Time) []byte {
	if t.IsZero() {
		return binary.AppendVarint(b, 0)
	}
	return binary.AppendVarint(b, t.UnixNano())
}

// encodeRecord returns the payload of a record entry.
func encodeRecord(b []byte, r *Record) ([]byte, error) {
	b = append(b, kindRecord, codecV2)
	for _, s := range []string{r.ID, r.RequestID, r.CallID, r.Session, r.Task, r.Goal, r.Agent, r.Parent,
		string(r.Surface), r.Tool, r.Binding.Tool, r.Binding.Agent, r.Binding.Target,
		r.Risk, string(r.Reason), r.Rule, r.Message, string(r.State), string(r.Checkpoint),
		r.IdempotencyKey, r.Error, string(r.CodeHash), string(r.CallHash)} {
		b = appendString(b, s)
	}
	b = binary.AppendUvarint(b, r.Revision)
	b = binary.AppendUvarint(b, uint64(r.Attempts))
	for _, t := range []time.Time{r.Created, r.Expires, r.Updated, r.CodeIssued} {
		b = appendTime(b, t)
	}
	var args []byte
	if r.Arguments != nil {
		var err error
		if args, err = json.Marshal(r.Arguments); err != nil {
			return nil, err
		}
	}
	b = appendString(b, string(args))
	b = binary.AppendUvarint(b, uint64(len(r.Targets)))
	for _, t := range r.Targets {
		for _, s := range []string{t.Argument, t.Value, t.Resolved, t.Root, string(t.Access)} {
			b = appendString(b, s)
		}
	}
	if d := r.Decision; d != nil {
		b = append(b, 1)
		if d.Approved {
			b = append(b, 1)
		} else {
			b = append(b, 0)
		}
		b = appendString(b, string(d.Scope))
		b = appendString(b, d.By)
		b = appendString(b, d.Note)
		b = appendTime(b, d.At)
	} else {
		b = append(b, 0)
	}
	return b, nil
}

func encodeStanding(b []byte, s Standing) []byte {
	b = append(b, kindStanding, codecV1)
	for _, x := range []string{s.ID, s.Task, s.Tool, s.Target, s.By} {
		b = appendString(b, x)
	}
	return appendTime(b, s.Created)
}

func encodeRevoke(b []byte, id string) []byte {
	b = append(b, kindRevoke, codecV1)
	return appendString(b, id)
}

// decoder reads a payload, held as one string so that every string field
// it yields shares that one allocation; the first fault sticks.
type decoder struct {
	s   string
	bad bool
}

func (d *decoder) byte() byte {
	if len(d.s) == 0 {
		d.bad = true
		return 0
	}
	c := d.s[0]
	d.s = d.s[1:]
	return c
}

func (d *decoder) uvarint() uint64 {
	var v uint64
	for i := 0; i < len(d.s) && i < binary.MaxVarintLen64; i++ {
		c := d.s[i]
		if i == binary.MaxVarintLen64-1 && c > 1 {
			break // overflows 64 bits
		}
		v |= uint64(c&0x7f) << (7 * i)
		if c < 0x80 {
			d.s = d.s[i+1:]
			return v
		}
	}
	d.bad = true
	return 0
}

func (d *decoder) string() string {
	n := d.uvarint()
	if d.bad || n > uint64(len(d.s)) {
		d.bad = true
		return ""
	}
	s := d.s[:n]
	d.s = d.s[n:]
	return s
}

func (d *decoder) time() time.Time {
	u := d.uvarint()
	v := int64(u >> 1) // zig-zag, as binary.AppendVarint writes it
	if u&1 != 0 {
		v = ^v
	}
	if d.bad || v == 0 {
		return time.Time{}
	}
	return time.Unix(0, v).UTC()
}

func decodeEntry(p string) (entry, error) {
	d := &decoder{s: p}
	e := entry{kind: d.byte()}
	v := d.byte()
	if v != codecV1 && (v != codecV2 || e.kind != kindRecord) {
		return entry{}, errFrame
	}
	switch e.kind {
	case kindRecord:
		e.record = d.record(v)
	case kindStanding:
		s := Standing{}
		s.ID, s.Task, s.Tool, s.Target, s.By = d.string(), d.string(), d.string(), d.string(), d.string()
		s.Created = d.time()
		e.standing = s
	case kindRevoke:
		e.id = d.string()
	default:
		return entry{}, errFrame
	}
	if d.bad || len(d.s) != 0 {
		return entry{}, errFrame
	}
	return e, nil
}

func (d *decoder) record(v byte) *Record {
	r := &Record{}
	var ss [23]string
	fields := len(ss)
	if v == codecV1 {
		fields-- // no call hash
	}
	for i := range fields {
		ss[i] = d.string()
	}
	r.ID, r.RequestID, r.CallID, r.Session, r.Task, r.Goal, r.Agent, r.Parent = ss[0], ss[1], ss[2], ss[3], ss[4], ss[5], ss[6], ss[7]
	r.Surface, r.Tool = policy.Surface(ss[8]), ss[9]
	r.Binding = policy.Binding{Tool: ss[10], Agent: ss[11], Target: ss[12]}
	r.Risk, r.Reason, r.Rule, r.Message = ss[13], policy.Reason(ss[14]), ss[15], ss[16]
	r.State, r.Checkpoint = State(ss[17]), Checkpoint(ss[18])
	r.IdempotencyKey, r.Error = ss[19], ss[20]
	if ss[21] != "" {
		r.CodeHash = []byte(ss[21])
	}
	if ss[22] != "" {
		r.CallHash = []byte(ss[22])
	}
	r.Revision = d.uvarint()
	r.Attempts = int(d.uvarint() & 0x7fffffff)
	r.Created, r.Expires, r.Updated, r.CodeIssued = d.time(), d.time(), d.time(), d.time()
	if args := d.string(); args != "" {
		if err := json.Unmarshal([]byte(args), &r.Arguments); err != nil || r.Arguments == nil {
			d.bad = true
		}
	}
	n := d.uvarint()
	if n > uint64(len(d.s)) { // every target takes at least five bytes
		d.bad = true
		return nil
	}
	for i := uint64(0); i < n && !d.bad; i++ {
		t := policy.Target{Argument: d.string(), Value: d.string(), Resolved: d.string(), Root: d.string()}
		t.Access = roots.Access(d.string())
		r.Targets = append(r.Targets, t)
	}
	switch d.byte() {
	case 0:
	case 1:
		dec := &Decision{Approved: d.byte() == 1, Scope: Scope(d.string()), By: d.string(), Note: d.string()}
		dec.At = d.time()
		r.Decision = dec
	default:
		d.bad = true
	}
	if d.bad {
		return nil
	}
	return r
}
