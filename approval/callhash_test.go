package approval

import (
	"context"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/toolgate/toolgate/policy"
)

var (
	hashCall = policy.Call{ID: "c1", Tool: "send", Session: "s1", Task: "t1", Goal: "g1", Agent: "a1", Surface: policy.SurfaceScheduledTask,
		Args: map[string]any{"to": "#ops", "text": "ship it", "n": 1.0, "ask": "x", "opts": map[string]any{"dry": true, "list": []any{"a", nil}}}}
	hashDecision = policy.Decision{Verdict: policy.ApprovalRequired, Risk: "external",
		Targets: []policy.Target{{Argument: "to", Value: "#ops"}, {Argument: "dir", Value: "./x", Resolved: "/w/x", Root: "ws", Access: "read-write"}}}
)

// variant returns a copy of the call and decision with args replaced.
func variant(f func(c *policy.Call, d *policy.Decision)) (policy.Call, policy.Decision) {
	c, d := hashCall, hashDecision
	c.Args = cloneAny(hashCall.Args).(map[string]any)
	d.Targets = append([]policy.Target(nil), hashDecision.Targets...)
	f(&c, &d)
	return c, d
}

func TestCallHashTellsApartEveryCallThatRunsDifferently(t *testing.T) {
	want, err := CallHash(hashCall, hashDecision)
	require.NoError(t, err)
	same := map[string]func(c *policy.Call, d *policy.Decision){
		"another call ID": func(c *policy.Call, _ *policy.Decision) { c.ID = "c2" },
		"1 and 1.0 are one JSON value": func(c *policy.Call, _ *policy.Decision) {
			c.Args["n"] = 1
		},
		"another verdict or reason of the decision": func(_ *policy.Call, d *policy.Decision) {
			d.Verdict, d.Reason = policy.Allow, policy.ReasonApprovalSession
		},
	}
	for name, f := range same {
		c, d := variant(f)
		got, err := CallHash(c, d)
		require.NoError(t, err)
		assert.Equal(t, want, got, name)
	}
	differ := map[string]func(c *policy.Call, d *policy.Decision){
		"another argument value":       func(c *policy.Call, _ *policy.Decision) { c.Args["text"] = "rm -rf ~" },
		"an extra argument":            func(c *policy.Call, _ *policy.Decision) { c.Args["env"] = map[string]any{"LD_PRELOAD": "x"} },
		"a missing argument":           func(c *policy.Call, _ *policy.Decision) { delete(c.Args, "ask") },
		"no arguments at all":          func(c *policy.Call, _ *policy.Decision) { c.Args = nil },
		"empty arguments":              func(c *policy.Call, _ *policy.Decision) { c.Args = map[string]any{} },
		"a key in another case":        func(c *policy.Call, _ *policy.Decision) { c.Args["Ask"] = c.Args["ask"]; delete(c.Args, "ask") },
		"a key with a long s":          func(c *policy.Call, _ *policy.Decision) { c.Args["a\u017fk"] = c.Args["ask"]; delete(c.Args, "ask") },
		"a key with a Kelvin sign":     func(c *policy.Call, _ *policy.Decision) { c.Args["as\u212a"] = c.Args["ask"]; delete(c.Args, "ask") },
		"the number given as a string": func(c *policy.Call, _ *policy.Decision) { c.Args["n"] = "1" },
		"the number as JSON text":      func(c *policy.Call, _ *policy.Decision) { c.Args["n"] = json.Number("1") },
		"another number":               func(c *policy.Call, _ *policy.Decision) { c.Args["n"] = 1.0000001 },
		"a nested value":               func(c *policy.Call, _ *policy.Decision) { c.Args["opts"].(map[string]any)["dry"] = false },
		"a list in another order": func(c *policy.Call, _ *policy.Decision) {
			c.Args["opts"].(map[string]any)["list"] = []any{nil, "a"}
		},
		"null for a missing key": func(c *policy.Call, _ *policy.Decision) { c.Args["ask"] = nil },
		"a value moved to another key": func(c *policy.Call, _ *policy.Decision) {
			c.Args["ask"], c.Args["text"] = c.Args["text"], c.Args["ask"]
		},
		"another tool":    func(c *policy.Call, _ *policy.Decision) { c.Tool = "send2" },
		"another session": func(c *policy.Call, _ *policy.Decision) { c.Session = "s2" },
		"another task":    func(c *policy.Call, _ *policy.Decision) { c.Task = "t2" },
		"another goal":    func(c *policy.Call, _ *policy.Decision) { c.Goal = "" },
		"another agent":   func(c *policy.Call, _ *policy.Decision) { c.Agent = "a2" },
		"the top level":   func(c *policy.Call, _ *policy.Decision) { c.Agent = "" },
		"another surface": func(c *policy.Call, _ *policy.Decision) { c.Surface = policy.SurfaceGoalLoop },
		"another risk":    func(_ *policy.Call, d *policy.Decision) { d.Risk = "exec" },
		"a path whose link points elsewhere now": func(_ *policy.Call, d *policy.Decision) {
			d.Targets[1].Resolved = "/w/y"
		},
		"a path in another root":    func(_ *policy.Call, d *policy.Decision) { d.Targets[1].Root = "other" },
		"a path spelt otherwise":    func(_ *policy.Call, d *policy.Decision) { d.Targets[1].Value = "x" },
		"targets in another order":  func(_ *policy.Call, d *policy.Decision) { d.Targets[0], d.Targets[1] = d.Targets[1], d.Targets[0] },
		"a target fewer":            func(_ *policy.Call, d *policy.Decision) { d.Targets = d.Targets[:1] },
		"lengths that could run on": func(c *policy.Call, _ *policy.Decision) { c.Tool, c.Session = "sends", "1" },
	}
	seen := map[string]string{string(want): "the call"}
	for name, f := range differ {
		c, d := variant(f)
		got, err := CallHash(c, d)
		require.NoError(t, err, name)
		if prev, ok := seen[string(got)]; ok {
			t.Errorf("%s hashes as %s does", name, prev)
		}
		seen[string(got)] = name
	}
	big, err := CallHash(policy.Call{Tool: "x", Args: map[string]any{"n": int64(1<<53 + 1)}}, policy.Decision{})
	require.NoError(t, err)
	near, err := CallHash(policy.Call{Tool: "x", Args: map[string]any{"n": float64(1 << 53)}}, policy.Decision{})
	require.NoError(t, err)
	assert.NotEqual(t, near, big, "an integer a float64 cannot hold is not rounded into another")
	// The number of targets is written: a target list cannot run on into
	// the arguments and make the bytes of another call.
	v := strings.Repeat("v", 106) + "\x00\x00\x00\x00-"
	args, err := CallHash(policy.Call{Tool: "x", Args: map[string]any{"k": v}}, policy.Decision{})
	require.NoError(t, err)
	s := "\x01\x01ks\x6f" + v[:106]
	target, err := CallHash(policy.Call{Tool: "x"}, policy.Decision{Targets: []policy.Target{{Argument: s}}})
	require.NoError(t, err)
	assert.NotEqual(t, args, target)
	_, err = CallHash(policy.Call{Tool: "x", Args: map[string]any{"f": func() {}}}, policy.Decision{})
	assert.ErrorIs(t, err, ErrInvalidRecord)
}

func TestAParkedRecordMatchesOnlyItsOwnCall(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	s, err := OpenFile(dir)
	require.NoError(t, err)
	ctx := context.Background()
	in := New(s, Options{})
	r, err := in.Park(ctx, hashCall, hashDecision, Request{})
	require.NoError(t, err)
	require.Len(t, r.CallHash, 32)
	assert.True(t, r.Matches(hashCall, hashDecision))
	other, od := variant(func(c *policy.Call, _ *policy.Decision) { c.Args["text"] = "rm -rf ~" })
	assert.False(t, r.Matches(other, od))

	_, err = in.Approve(ctx, r.ID, "ann", ScopeOnce)
	require.NoError(t, err)
	require.NoError(t, s.Close())
	// The hash is durable: a restart keeps it, and compaction too.
	for range 2 {
		s, err = OpenFile(dir)
		require.NoError(t, err)
		got, err := s.Get(ctx, r.ID)
		require.NoError(t, err)
		assert.Equal(t, r.CallHash, got.CallHash)
		assert.True(t, got.Matches(hashCall, hashDecision))
		assert.False(t, got.Matches(other, od))
		got.CallHash[0] ^= 1
		again, err := s.Get(ctx, r.ID)
		require.NoError(t, err)
		assert.Equal(t, r.CallHash, again.CallHash, "a record read shares no memory with the store")
		require.NoError(t, s.Compact(ctx))
		require.NoError(t, s.Close())
	}

	// The hash never changes once parked.
	m := NewMemoryStore()
	in = New(m, Options{})
	r, err = in.Park(ctx, hashCall, hashDecision, Request{})
	require.NoError(t, err)
	swapped := in.next(r)
	swapped.CallHash, _ = CallHash(other, od)
	assert.ErrorIs(t, m.Update(ctx, swapped), ErrInvalidRecord)
	swapped.CallHash = nil
	assert.ErrorIs(t, m.Update(ctx, swapped), ErrInvalidRecord)

	// A record with no hash matches no call, not every call.
	r.CallHash = nil
	assert.False(t, r.Matches(hashCall, hashDecision))
	_, err = in.Park(ctx, policy.Call{Tool: "x", Args: map[string]any{"f": make(chan int)}}, hashDecision, Request{})
	assert.ErrorIs(t, err, ErrInvalidRecord, "a call whose arguments cannot be hashed is not parked")
}

func TestARecordOfTheFirstCodecReadsWithNoCallHash(t *testing.T) {
	r, err := New(NewMemoryStore(), Options{}).Park(context.Background(), hashCall, hashDecision, Request{})
	require.NoError(t, err)
	noHash := r.Clone()
	noHash.CallHash = nil
	v2, err := encodeRecord(nil, noHash)
	require.NoError(t, err)
	// The first codec wrote the same strings but the call hash, which
	// the second writes (here empty: one zero byte) after the code hash.
	head := []byte{kindRecord, codecV1}
	for _, s := range []string{r.ID, r.RequestID, r.CallID, r.Session, r.Task, r.Goal, r.Agent, r.Parent,
		string(r.Surface), r.Tool, r.Binding.Tool, r.Binding.Agent, r.Binding.Target,
		r.Risk, string(r.Reason), r.Rule, r.Message, string(r.State), string(r.Checkpoint),
		r.IdempotencyKey, r.Error, string(r.CodeHash)} {
		head = appendString(head, s)
	}
	require.Equal(t, byte(0), v2[len(head)])
	v1 := append(head, v2[len(head)+1:]...)
	e, err := decodeEntry(string(v1))
	require.NoError(t, err)
	assert.Equal(t, noHash, e.record)
	assert.False(t, e.record.Matches(hashCall, hashDecision), "an old record matches no call")

	v2, err = encodeRecord(nil, r)
	require.NoError(t, err)
	e, err = decodeEntry(string(v2))
	require.NoError(t, err)
	assert.Equal(t, r, e.record)

	// A standing approval or revocation in the second codec is not a
	// form that exists.
	st := encodeStanding(nil, Standing{StandingApproval: policy.StandingApproval{ID: "sa", Task: "t", Tool: "x", Target: "y"}})
	st[1] = codecV2
	_, err = decodeEntry(string(st))
	assert.ErrorIs(t, err, errFrame)
}

// TestCallHashIsStable pins the hash of one call: records keep it across
// releases, and a change of form would make every parked record match no
// call.
func TestCallHashIsStable(t *testing.T) {
	h, err := CallHash(hashCall, hashDecision)
	require.NoError(t, err)
	assert.Equal(t, "1d54753d2510b17ebac38deef1866810b8b04aeb9ee1235cb66fe88adf3cc7c9", hex.EncodeToString(h))
}

func TestCallHashBoundsTheNestingItFollows(t *testing.T) {
	d := policy.Decision{Verdict: policy.ApprovalRequired}
	for _, kind := range []string{"lists", "objects"} {
		nest := func(n int) any {
			var v any = "x"
			for range n {
				if kind == "lists" {
					v = []any{v}
				} else {
					v = map[string]any{"k": v}
				}
			}
			return v
		}
		// The innermost value lies one level below the arguments.
		_, err := CallHash(policy.Call{Tool: "t", Args: map[string]any{"a": nest(maxHashDepth - 1)}}, d)
		assert.NoError(t, err, "%s nested to the bound", kind)
		_, err = CallHash(policy.Call{Tool: "t", Args: map[string]any{"a": nest(maxHashDepth)}}, d)
		assert.ErrorIs(t, err, ErrInvalidRecord, "%s nested past the bound", kind)
	}
}

func TestUvarintReadsExactly64Bits(t *testing.T) {
	for _, tc := range []struct {
		in   []byte
		want uint64
		bad  bool
	}{
		{[]byte{0}, 0, false},
		{[]byte{0x7f}, 127, false},
		{[]byte{0x80, 0x01}, 128, false},
		{binary.AppendUvarint(nil, math.MaxUint64), math.MaxUint64, false},
		{[]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02}, 0, true}, // past 64 bits
		{[]byte{0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00}, 0, true},
		{[]byte{0x80}, 0, true}, // cut short
		{nil, 0, true},
	} {
		d := decoder{s: string(tc.in)}
		got := d.uvarint()
		assert.Equal(t, tc.bad, d.bad, "% x", tc.in)
		if !tc.bad {
			assert.Equal(t, tc.want, got, "% x", tc.in)
			assert.Empty(t, d.s, "% x is read whole", tc.in)
		}
	}
}

func TestAFrameOfTheLargestSizeIsRead(t *testing.T) {
	id := strings.Repeat("r", maxFrame-2-4) // kind, codec and a 4-byte length
	payload := encodeRevoke(nil, id)
	require.Len(t, payload, maxFrame)
	e, n, err := readFrame(appendFrame(nil, payload))
	require.NoError(t, err)
	assert.Equal(t, frameHeader+maxFrame, n)
	assert.Equal(t, id, e.id)

	payload = encodeRevoke(nil, id+"r")
	_, _, err = readFrame(appendFrame(nil, payload))
	assert.ErrorIs(t, err, errFrame, "one byte more is no frame")
}
