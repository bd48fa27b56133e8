package mcpreview_test

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/toolgate/toolgate/mcpreview"
)

// FuzzFingerprint feeds schemas to Fingerprint: it must not panic; a schema
// it accepts keeps its fingerprint when encoding/json re-indents, compacts
// or re-encodes it (keys sorted, numbers as written); and two schemas with
// one fingerprint decode to equal values in encoding/json's reading.
func FuzzFingerprint(f *testing.F) {
	for _, s := range []string{
		`{"type":"object","properties":{"q":{"type":"string","maxLength":256}},"required":["q"]}`,
		`{"b":[1,2.50,-0,1e3],"a":{"x":null,"y":true}}`,
		`[{"c":"\u00e9"},"\ud83d\ude00"]`,
		`{"a":1,"a":2}`, `1.0`, `"x"`,
	} {
		f.Add(s, `{"type":"object"}`)
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		if a == "" || b == "" {
			return // an empty schema is an absent one
		}
		fa, err := mcpreview.Tool{Name: "t", InputSchema: json.RawMessage(a)}.Fingerprint()
		if err != nil {
			return
		}
		var forms [][]byte
		var buf bytes.Buffer
		if json.Indent(&buf, []byte(a), "", "  ") == nil {
			forms = append(forms, bytes.Clone(buf.Bytes()))
		}
		buf.Reset()
		if json.Compact(&buf, []byte(a)) == nil {
			forms = append(forms, bytes.Clone(buf.Bytes()))
		}
		d := json.NewDecoder(strings.NewReader(a))
		d.UseNumber()
		var v any
		if d.Decode(&v) == nil {
			if re, err := json.Marshal(v); err == nil {
				forms = append(forms, re)
			}
		}
		for _, form := range forms {
			got, err := mcpreview.Tool{Name: "t", InputSchema: form}.Fingerprint()
			if err != nil || got != fa {
				t.Fatalf("%q and its re-encoding %q differ: %s %s %v", a, form, fa, got, err)
			}
		}
		fb, err := mcpreview.Tool{Name: "t", InputSchema: json.RawMessage(b)}.Fingerprint()
		if err != nil || fa != fb {
			return
		}
		var va, vb any
		if json.Unmarshal([]byte(a), &va) != nil || json.Unmarshal([]byte(b), &vb) != nil {
			t.Fatalf("%q and %q share a fingerprint, but encoding/json cannot read one", a, b)
		}
		if !reflect.DeepEqual(va, vb) {
			t.Fatalf("%q and %q share a fingerprint but differ: %#v %#v", a, b, va, vb)
		}
	})
}

// FuzzDecodeListing feeds listings to DecodeListing: it must not panic,
// and a listing it accepts reads the same with exact keys as with
// encoding/json's folded ones, so every parser names and describes each
// tool as the review saw it.
func FuzzDecodeListing(f *testing.F) {
	for _, s := range []string{
		`{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"search","description":"Search.","inputSchema":{"type":"object"}}]}}`,
		`{"tools":[{"name":"a"},{"name":"b","title":"B","annotations":{"readOnlyHint":true}}]}`,
		`[{"name":"a","description":"x","description":"y"}]`,
		`[{"name":"a","Description":"x"}]`,
		`[{"NAME":"a"}]`, `{"result":{"tools":[],"Tools":[{"name":"x"}]}}`, `[]`, `{}`, `[1]`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tools, err := mcpreview.DecodeListing([]byte(s))
		if err != nil {
			return
		}
		var exact any
		if err := json.Unmarshal([]byte(s), &exact); err != nil {
			t.Fatalf("accepted %q, which encoding/json refuses: %v", s, err)
		}
		if m, ok := exact.(map[string]any); ok {
			if r, ok := m["result"].(map[string]any); ok && m["tools"] == nil {
				m = r
			}
			exact = m["tools"]
		}
		list, _ := exact.([]any)
		if len(list) != len(tools) {
			t.Fatalf("accepted %q: %d tools read with exact keys, %d returned", s, len(list), len(tools))
		}
		for i, v := range list {
			m := v.(map[string]any)
			name, _ := m["name"].(string)
			desc, _ := m["description"].(string)
			if tools[i].Name != name || tools[i].Description != desc {
				t.Fatalf("accepted %q: tool %d is %q %q with exact keys, %q %q returned", s, i, name, desc, tools[i].Name, tools[i].Description)
			}
		}
	})
}
