package policy

import (
	"encoding/json"
	"testing"

	"github.com/toolgate/toolgate/toolmeta"
)

// FuzzArgumentKeys checks the argument-key guard against encoding/json,
// the decoder many hosts use: whenever encoding/json would fill the
// declared argument from a key other than the declared one, the call is
// refused.
func FuzzArgumentKeys(f *testing.F) {
	for _, k := range []string{"command", "Command", "COMMAND", "\u212aey", "ſcript", "path", "Path", "pAtH", "p_ath",
		"PA-TH", "key", "script", "x", "", "commanD\u0000", "\u0130tem", "item"} {
		f.Add(k)
	}
	decl := []string{"command", "path", "key", "script", "item"}
	f.Fuzz(func(t *testing.T, key string) {
		for _, d := range decl {
			m := toolmeta.Metadata{Risk: toolmeta.RiskRead, PathArguments: []string{d}, ApprovalDefault: toolmeta.DefaultAllow,
				Source: toolmeta.SourceBuiltin}
			undeclared, err := checkArgKeys(map[string]any{key: "x"}, &m)
			if (len(undeclared) > 0) != (key != d) {
				t.Fatalf("key %q against declared %q: undeclared = %v", key, d, undeclared)
			}
			raw, merr := json.Marshal(map[string]string{key: "x"})
			if merr != nil {
				continue
			}
			v := decodeField(raw, d)
			if v && key != d && err == nil {
				t.Fatalf("encoding/json reads key %q as declared argument %q, and the guard let it pass", key, d)
			}
			if key == d && err != nil {
				t.Fatalf("the declared key %q itself was refused: %v", key, err)
			}
		}
	})
}

// decodeField reports whether encoding/json fills a struct field tagged
// name from raw.
func decodeField(raw []byte, name string) bool {
	switch name {
	case "command":
		var s struct {
			V *string `json:"command"`
		}
		return json.Unmarshal(raw, &s) == nil && s.V != nil
	case "path":
		var s struct {
			V *string `json:"path"`
		}
		return json.Unmarshal(raw, &s) == nil && s.V != nil
	case "key":
		var s struct {
			V *string `json:"key"`
		}
		return json.Unmarshal(raw, &s) == nil && s.V != nil
	case "script":
		var s struct {
			V *string `json:"script"`
		}
		return json.Unmarshal(raw, &s) == nil && s.V != nil
	case "item":
		var s struct {
			V *string `json:"item"`
		}
		return json.Unmarshal(raw, &s) == nil && s.V != nil
	}
	return false
}
