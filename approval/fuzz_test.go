package approval

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/toolgate/toolgate/policy"
)

// sampleLog is a small valid log: records in several states and standing
// approvals added and revoked.
func sampleLog() []byte {
	t0 := time.Date(2026, 1, 2, 3, 4, 5, 6, time.UTC)
	r := &Record{ID: "ap-1", Revision: 1, CallID: "c1", Session: "s", Task: "t", Tool: "slack_post",
		Arguments: map[string]any{"channel": "#x", "n": 2.0}, Targets: []policy.Target{{Argument: "channel", Value: "#x", Resolved: "/r", Root: "ws", Access: "read"}},
		Binding: policy.Binding{Tool: "slack_post", Target: "k"}, Created: t0, Expires: t0.Add(time.Hour), Updated: t0,
		State: StateWaiting, IdempotencyKey: "key", CodeHash: []byte{1, 2, 3}, CodeIssued: t0}
	var log []byte
	p, _ := encodeRecord(nil, r)
	log = appendFrame(log, p)
	a := r.Clone()
	a.Revision, a.State, a.Checkpoint, a.CodeHash = 2, StateResuming, CheckpointApproved, nil
	a.Decision = &Decision{Approved: true, Scope: ScopeSession, By: "ann", At: t0, Note: "ok"}
	p, _ = encodeRecord(nil, a)
	log = appendFrame(log, p)
	log = appendFrame(log, encodeStanding(nil, Standing{StandingApproval: policy.StandingApproval{ID: "sa", Task: "t", Tool: "x", Target: "y"}, By: "ann", Created: t0}))
	log = appendFrame(log, encodeRevoke(nil, "sa"))
	return log
}

// FuzzReplay feeds arbitrary bytes to the log reader: it never panics,
// never reads past a bad frame, and every entry it applies came from a
// frame whose checksum an independent computation confirms.
func FuzzReplay(f *testing.F) {
	log := sampleLog()
	f.Add(log)
	f.Add(log[:len(log)-3])
	f.Add(append(append([]byte(nil), log...), 0, 0, 0, 0, 0, 0, 0, 0))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		x := newIndex()
		n := 0
		good, err := replay(data, x, &n)
		if good > len(data) || good < 0 {
			t.Fatalf("good prefix %d of %d bytes", good, len(data))
		}
		// Walk the good prefix independently.
		frames := 0
		for off := 0; off < good; frames++ {
			if good-off < frameHeader {
				t.Fatalf("a good prefix ends inside a header at %d", off)
			}
			length := int(binary.LittleEndian.Uint32(data[off:]))
			end := off + frameHeader + length
			if length == 0 || end > good {
				t.Fatalf("frame at %d runs past the good prefix", off)
			}
			want := crc32.Checksum(append(append([]byte(nil), data[off:off+4]...), data[off+frameHeader:end]...), crc32.MakeTable(crc32.Castagnoli))
			if want != binary.LittleEndian.Uint32(data[off+4:]) {
				t.Fatalf("an applied frame at %d fails its checksum", off)
			}
			off = end
		}
		if frames != n {
			t.Fatalf("%d frames in the good prefix, %d applied", frames, n)
		}
		if err == nil && good < len(data) {
			// A torn tail: no good frame may start after it.
			for p := good + 1; p+frameHeader < len(data); p++ {
				if _, _, err := readFrame(data[p:]); err == nil {
					t.Fatalf("a good frame at %d after the torn tail at %d was ignored", p, good)
				}
			}
		}
	})
}

// FuzzDecodeEntry feeds arbitrary payloads to the entry decoder: it never
// panics, and what it decodes encodes back to an entry that decodes the
// same.
func FuzzDecodeEntry(f *testing.F) {
	log := sampleLog()
	for off := 0; off < len(log); {
		_, n, err := readFrame(log[off:])
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(log[off+frameHeader : off+n]))
		off += n
	}
	f.Fuzz(func(t *testing.T, p string) {
		e, err := decodeEntry(p)
		if err != nil {
			return
		}
		var again []byte
		switch e.kind {
		case kindRecord:
			if again, err = encodeRecord(nil, e.record); err != nil {
				return // arguments that JSON cannot encode back, e.g. a huge number
			}
		case kindStanding:
			again = encodeStanding(nil, e.standing)
		case kindRevoke:
			again = encodeRevoke(nil, e.id)
		}
		e2, err := decodeEntry(string(again))
		if err != nil {
			t.Fatalf("re-encoded entry does not decode: %v", err)
		}
		if !reflect.DeepEqual(e, e2) {
			t.Fatalf("decode(encode(decode(p))) = %+v, want %+v", e2, e)
		}
	})
}

// TestWriteFuzzCorpus regenerates the committed seed corpus when
// TOOLGATE_WRITE_CORPUS is set.
func TestWriteFuzzCorpus(t *testing.T) {
	if os.Getenv("TOOLGATE_WRITE_CORPUS") == "" {
		t.Skip("set TOOLGATE_WRITE_CORPUS=1 to regenerate testdata/fuzz")
	}
	log := sampleLog()
	write := func(target, name string, b any) {
		dir := filepath.Join("testdata", "fuzz", target)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), fmt.Appendf(nil, "go test fuzz v1\n%s(%q)\n", map[bool]string{true: "string", false: "[]byte"}[target == "FuzzDecodeEntry"], b), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("FuzzReplay", "whole-log", log)
	write("FuzzReplay", "torn-tail", log[:len(log)-5])
	write("FuzzReplay", "torn-header", log[:len(log)-len(encodeRevoke(nil, "sa"))-frameHeader+3])
	flipped := append([]byte(nil), log...)
	flipped[frameHeader+10] ^= 1
	write("FuzzReplay", "damaged-first-frame", flipped)
	write("FuzzReplay", "zero-tail", append(append([]byte(nil), log...), make([]byte, 32)...))
	for off, i := 0, 0; off < len(log); i++ {
		_, n, _ := readFrame(log[off:])
		write("FuzzDecodeEntry", fmt.Sprintf("entry-%d", i), string(log[off+frameHeader:off+n]))
		off += n
	}
}
