package policyfile_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/toolgate/toolgate/delegation"
	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/policyfile"
)

func ExampleLoad() {
	dir, _ := os.MkdirTemp("", "policyfile-example")
	defer os.RemoveAll(dir)
	os.Mkdir(filepath.Join(dir, "project"), 0o755)
	path := filepath.Join(dir, "policy.json")
	os.WriteFile(path, []byte(`{
	  "version": 1,
	  "mode": "ask",
	  "roots": [{"id": "ws", "path": "project", "access": "read-write", "primary": true, "source": "workspace"}],
	  "tools": {"write_file": {"risk": "write-local", "pathArguments": ["path"], "approvalDefault": "allow", "source": "builtin"}},
	  "rules": [{"id": "never", "tool": "write_*", "decision": "allow"}]
	}`), 0o600)

	_, err := policyfile.Load(path, policyfile.Options{Home: dir})
	fmt.Println(err != nil)

	os.WriteFile(path, []byte(`{
	  "version": 1,
	  "mode": "ask",
	  "roots": [{"id": "ws", "path": "project", "access": "read-write", "primary": true, "source": "workspace"}],
	  "tools": {"write_file": {"risk": "write-local", "pathArguments": ["path"], "approvalDefault": "allow", "source": "builtin"}}
	}`), 0o600)
	p, err := policyfile.Load(path, policyfile.Options{Home: dir})
	if err != nil {
		panic(err)
	}
	d := p.Engine.Evaluate(policy.Call{Tool: "write_file", Args: map[string]any{"path": "main.go"}})
	fmt.Println(d.Verdict, d.Reason)
	// Output:
	// true
	// approval-required mode.ask
}

func ExampleProblem() {
	_, err := policyfile.Parse([]byte(`{
	  "version": 1,
	  "mode": "ask",
	  "roots": [],
	  "tools": {"read_file": {"risk": "read", "pathArgument": ["path"], "approvalDefault": "allow", "source": "builtin"}},
	  "agents": {"reviewer": {"parent": "", "tools": ["raed_file"]}}
	}`), os.TempDir(), policyfile.Options{Home: os.TempDir()})

	var loadErr *policyfile.Error
	if errors.As(err, &loadErr) {
		for _, p := range loadErr.Problems {
			fmt.Println(p)
		}
	}
	fmt.Println(errors.Is(err, policyfile.ErrUnknownField), errors.Is(err, delegation.ErrUnknownTool))
	// Output:
	// tools.read_file.pathArgument: unknown field (did you mean "pathArguments"?) (line 5, column 44)
	// agents.reviewer.tools[0]: unknown tool "raed_file" (did you mean "read_file"?)
	// true true
}
