package policyfile_test

import (
	"errors"
	"testing"

	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/policyfile"
)

// FuzzParse feeds arbitrary bytes to Parse. Whatever the input, Parse
// returns a policy or an *Error with at least one problem, each with a
// message and matching ErrInvalid, and never both; a policy it returns
// decides a call.
func FuzzParse(f *testing.F) {
	f.Add([]byte(good))
	f.Add([]byte(everyPhase))
	f.Add([]byte(`{"version": 1, "mode": "ask", "roots": [], "tools": {}}`))
	f.Add([]byte(`[[[[{"a": "[{"}]]]]`))
	dir, home := f.TempDir(), f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := policyfile.Parse(data, dir, policyfile.Options{Home: home})
		if (p == nil) == (err == nil) {
			t.Fatalf("Parse returned policy %v and error %v", p != nil, err)
		}
		if err != nil {
			var e *policyfile.Error
			if !errors.As(err, &e) || len(e.Problems) == 0 {
				t.Fatalf("the error is not an *Error with problems: %v", err)
			}
			if !errors.Is(err, policyfile.ErrInvalid) {
				t.Fatalf("the error does not match ErrInvalid: %v", err)
			}
			for _, pr := range e.Problems {
				if pr.Msg == "" {
					t.Fatalf("a problem at %q has no message", pr.Path)
				}
			}
			return
		}
		p.Engine.Evaluate(policy.Call{Tool: "read_file", Args: map[string]any{"path": "a"}})
	})
}
