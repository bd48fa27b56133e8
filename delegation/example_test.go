package delegation_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/toolgate/toolgate/delegation"
	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/roots"
	"github.com/toolgate/toolgate/toolmeta"
)

// A reviewer asks for allow mode, a read-only workspace, read_file and
// shell; a scout under it takes the Explorer profile. Fold narrows both and
// says why.
func Example() {
	ws, err := os.MkdirTemp("", "workspace")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(ws)

	tools := new(toolmeta.Registry)
	if err := tools.RegisterBuiltin("read_file", "write_file", "shell"); err != nil {
		panic(err)
	}
	workspace, err := roots.NewSet([]roots.Root{{ID: "ws", Path: ws, Access: roots.ReadWrite, Primary: true, Source: roots.Workspace}})
	if err != nil {
		panic(err)
	}
	top := policy.Authority{Mode: policy.ModeAsk, AllTools: true, Roots: workspace.Roots(), MayDelegate: true}

	agents := map[string]delegation.Definition{
		"reviewer": {
			Mode:  policy.ModeAllow,
			Tools: []string{"read_file", "shell"},
			Roots: []delegation.RootRequest{{Path: ws, Access: roots.Read}},
		},
		"scout": {Parent: "reviewer", Profile: delegation.ProfileExplorer},
	}
	folded, narrowings, err := delegation.Fold(top, agents, tools)
	if err != nil {
		panic(err)
	}
	for _, id := range []string{"reviewer", "scout"} {
		a := folded[id]
		fmt.Printf("%s: mode %s, tools %v, may delegate %v\n", id, a.Mode, a.Tools, a.MayDelegate)
		for _, r := range a.Roots {
			rel, _ := filepath.Rel(workspace.Roots()[0].Path, r.Path)
			fmt.Printf("  root %s %q %s primary=%v\n", r.ID, rel, r.Access, r.Primary)
		}
	}
	for _, n := range narrowings {
		fmt.Println(n)
	}
	// Output:
	// reviewer: mode ask, tools [read_file shell], may delegate true
	//   root ws "." read primary=true
	// scout: mode ask, tools [read_file], may delegate false
	//   root ws "." read primary=true
	// reviewer: mode "allow" narrowed to "ask" (the parent's mode is ask)
	// scout: tool "shell" dropped (risk exec: the explorer profile holds read tools only)
	// scout: delegate "true" narrowed to "false" (the explorer profile cannot delegate)
}

// Explorer gives the fixed read-only profile under any parent.
func ExampleExplorer() {
	tools := new(toolmeta.Registry)
	if err := tools.RegisterBuiltin("read_file", "grep", "edit_file", "bash", "web_fetch"); err != nil {
		panic(err)
	}
	parent := policy.Authority{Mode: policy.ModeAllow, AllTools: true, Secrets: []string{"openai"}, MayDelegate: true}
	e := delegation.Explorer(parent, tools)
	fmt.Println(e.Mode, e.Tools, e.Secrets, e.MayDelegate)
	// Output:
	// ask [grep read_file] [] false
}

// Intersect reports each grant it cuts.
func ExampleIntersect() {
	parent := policy.Authority{
		Mode:              policy.ModeAsk,
		Tools:             []string{"read_file", "slack_post"},
		Interaction:       policy.Unattended,
		StandingApprovals: []string{"sa-1"},
		MayDelegate:       true,
	}
	child, narrowings, err := delegation.Intersect(parent, delegation.Definition{
		Tools:             []string{"slack_post", "shell"},
		Interaction:       policy.Attended,
		StandingApprovals: []string{"sa-1", "sa-2"},
	}, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(child.Mode, child.Tools, child.Interaction, child.StandingApprovals)
	for _, n := range narrowings {
		fmt.Println(n)
	}
	// Output:
	// ask [slack_post] unattended [sa-1]
	// tool "shell" dropped (the parent does not hold it)
	// interaction "attended" narrowed to "unattended" (the parent is unattended)
	// approval "sa-2" dropped (the parent does not hold it)
}
