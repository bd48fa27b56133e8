package policyfile_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/toolgate/toolgate/policyfile"
)

func ExampleLoadLayers() {
	dir, _ := os.MkdirTemp("", "policyfile-layers")
	defer os.RemoveAll(dir)
	os.MkdirAll(filepath.Join(dir, "project", "src"), 0o755)
	user := filepath.Join(dir, "user.json")
	os.WriteFile(user, []byte(`{
  "version": 1,
  "mode": "ask",
  "roots": [{"id": "ws", "path": "project", "access": "read-write", "primary": true, "source": "workspace"}],
  "tools": {"shell": {"risk": "exec", "commandArgument": "command", "approvalDefault": "ask", "source": "builtin"}}
}`), 0o600)
	repo := filepath.Join(dir, "project", "toolgate.json")

	// The repository narrows the root and adds a rule: both tighten.
	os.WriteFile(repo, []byte(`{
  "version": 1,
  "roots": [{"id": "src", "path": "src", "access": "read", "primary": true, "source": "workspace"}],
  "rules": [{"id": "no-shell", "tool": "shell", "decision": "deny"}]
}`), 0o600)
	p, err := policyfile.LoadLayers(policyfile.Layers{User: user, Repo: repo}, policyfile.Options{Home: dir})
	if err != nil {
		panic(err)
	}
	for _, o := range p.Origins {
		fmt.Println(o.Layer, o.Path)
	}

	// The repository widens the mode: refused, with the line.
	os.WriteFile(repo, []byte(`{
  "version": 1,
  "mode": "allow"
}`), 0o600)
	_, err = policyfile.LoadLayers(policyfile.Layers{User: user, Repo: repo}, policyfile.Options{Home: dir})
	var le *policyfile.LayerError
	if errors.As(err, &le) {
		pr := le.Problems[0]
		fmt.Println(pr.Line, pr.Column, pr.Path, pr.Msg[:24])
	}
	fmt.Println(errors.Is(err, policyfile.ErrRefused))
	// Output:
	// user mode
	// repo roots[0]
	// user tools.shell
	// repo rules[0]
	// defaults hardline
	// 3 3 mode mode allow is wider than
	// true
}
