package toolmeta_test

import (
	"fmt"

	"github.com/toolgate/toolgate/toolmeta"
)

func Example() {
	reg, err := toolmeta.NewRegistry(map[string]toolmeta.Metadata{
		"write_file": {Risk: toolmeta.RiskWriteLocal, PathArguments: []string{"path"},
			ApprovalDefault: toolmeta.DefaultAllow, Source: toolmeta.SourceBuiltin},
	})
	if err != nil {
		panic(err)
	}

	// A tool from an MCP server is external and asks, even when the server
	// says it only reads.
	readOnly := true
	err = reg.Register(map[string]toolmeta.Metadata{
		"search_issues": toolmeta.MCP("tracker", &toolmeta.Annotations{ReadOnlyHint: &readOnly}),
	})
	if err != nil {
		panic(err)
	}

	for name, m := range reg.All() {
		fmt.Println(name, m.Risk, m.ApprovalDefault, m.Source)
	}
	_, known := reg.Lookup("delete_repo")
	fmt.Println("delete_repo known:", known)
	// Output:
	// search_issues external ask mcp
	// write_file write-local allow builtin
	// delete_repo known: false
}

func ExampleMetadata_Validate() {
	m := toolmeta.Metadata{Risk: "write", ApprovalDefault: toolmeta.DefaultAsk, Source: toolmeta.SourceSkill, CommandArgument: "cmd"}
	fmt.Println(m.Validate())
	// Output:
	// risk: "write" is not a risk (want read, write-local, exec or external)
	// commandArgument: only an exec tool may have a command argument (risk is "write")
}
