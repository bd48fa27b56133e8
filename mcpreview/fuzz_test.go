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
