package jsonl

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/roots"
)

var goodCalls = []string{
	`{"id":"c1","tool":"write_file","args":{"path":"src/main.go","content":"..."},"session":"s1","task":"t1","goal":"","agent":"","surface":"chat"}`,
	`{"tool":"shell","args":{"command":"echo \"hi\" \\ \u00e9\ud83d\ude00 \n\t"}}`,
	`  {"id":"x","tool":"t","args":{"n":1.5e3,"b":true,"f":false,"z":null,"a":[1,"two",[],{}],"o":{"k":{"k":[-0.5]}}}}  `,
	`{"id":"x","tool":"t","args":null,"agent":null}`,
	`{"tool":"t","args":{"max":9007199254740992,"min":-9007199254740992,"big":1e300,"f":9007199254740993.5,"p":18014398509481984}}`,
	`{}`,
	`{"tool":"read_file","args":{"path":["a","b"]}}`,
}

var badCalls = []string{
	``, `[]`, `"x"`, `{`, `{"id":}`, `{"id":"a",}`, `{"id":"a"} x`, `{"id":"a"}{"id":"b"}`,
	`{"Tool":"x"}`, `{"tool":"a","tool":"b"}`, `{"tool":"x","args":{"path":"a","path":"/etc"}}`,
	`{"tool":"x","unknown":1}`, `{"tool":3}`, `{"tool":"x","args":"path"}`, `{"tool":"x","args":[]}`,
	"{\"tool\":\"\xff\"}", `{"tool":"\ud800"}`, `{"tool":"a` + "\x01" + `"}`, `{"tool":"\x"}`,
	`{"tool":"x","args":{"n":01}}`, `{"tool":"x","args":{"n":-}}`, `{"tool":"x","args":{"n":1.}}`, `{"tool":"x","args":{"n":1e}}`,
	`{"tool":"x","args":{"n":tru}}`, `{"tool":"x","args":{"a":[1,]}}`, `{"tool":"x","args":{"a":[1}}`,
	`{"tool":"x","args":{"n":1e999}}`,
	`{"tool":"x","args":{"id":9007199254740993}}`, `{"tool":"x","args":{"id":-9007199254740995}}`, `{"tool":"x","args":{"a":[123456789012345678901234567890]}}`,
	`{"tool":"x","args":` + strings.Repeat(`{"a":`, MaxDepth+2) + `1` + strings.Repeat(`}`, MaxDepth+2) + `}`,
}

func TestDecodeCallAgreesWithEncodingJSON(t *testing.T) {
	for _, line := range goodCalls {
		got, err := DecodeCall([]byte(line))
		require.NoError(t, err, line)
		var want policy.Call
		require.NoError(t, json.Unmarshal([]byte(line), &want), line)
		assert.Equal(t, want, got, line)
	}
}

func TestDecodeCallRefusesWhatItCannotReadExactly(t *testing.T) {
	for _, line := range badCalls {
		_, err := DecodeCall([]byte(line))
		assert.Error(t, err, "%q must be refused", line)
	}
}

func TestDecodeCallKeepsTheIDOfABadCall(t *testing.T) {
	c, err := DecodeCall([]byte(`{"id":"c9","tool":"x","nope":1}`))
	require.Error(t, err)
	assert.Equal(t, "c9", c.ID)
	assert.Contains(t, err.Error(), `unknown field "nope"`)
}

func TestAppendDecisionAgreesWithEncodingJSON(t *testing.T) {
	odd := "a\"b\\c\n\r\t\b\f\x00\x1f<>&\u2028\u2029é\xff😀"
	for _, d := range []policy.Decision{
		{},
		{ID: "c1", Verdict: policy.ApprovalRequired, Reason: policy.ReasonModeAsk, Risk: "write-local", Interaction: policy.Attended,
			HumanRequired: true, Targets: []policy.Target{{Argument: "path", Value: "src/main.go", Resolved: "/w/src/main.go", Root: "ws", Access: roots.ReadWrite}}},
		{ID: odd, Verdict: policy.Allow, Reason: policy.ReasonApprovalStanding, Rule: odd, Approval: "sa-1", Message: odd,
			Targets: []policy.Target{{Argument: "command", Value: odd}, {Argument: "c", Value: ""}}},
	} {
		want, err := json.Marshal(d)
		require.NoError(t, err)
		assert.Equal(t, string(want), string(AppendDecision(nil, &d)))
	}
}

func FuzzDecodeCall(f *testing.F) {
	for _, s := range append(goodCalls, badCalls...) {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		got, err := DecodeCall(line)
		if err != nil {
			return
		}
		// Whatever DecodeCall accepts, encoding/json reads the same way.
		var want policy.Call
		if jerr := json.Unmarshal(line, &want); jerr != nil {
			t.Fatalf("DecodeCall accepted %q, encoding/json refused it: %v", line, jerr)
		}
		if !assert.ObjectsAreEqual(want, got) {
			t.Fatalf("%q:\n DecodeCall   %#v\n encoding/json %#v", line, got, want)
		}
	})
}

func BenchmarkDecodeCall(b *testing.B) {
	line := []byte(goodCalls[0])
	for b.Loop() {
		if _, err := DecodeCall(line); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkAppendDecision(b *testing.B) {
	d := policy.Decision{ID: "c1", Verdict: policy.Allow, Reason: policy.ReasonModeAllow, Risk: "read", Interaction: policy.Attended}
	buf := make([]byte, 0, 512)
	for b.Loop() {
		buf = AppendDecision(buf[:0], &d)
	}
}
