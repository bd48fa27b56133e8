package childenv_test

import (
	"fmt"

	"github.com/toolgate/toolgate/childenv"
)

func ExampleBuild() {
	parent := []string{
		"PATH=/usr/bin:/bin", "HOME=/home/dev", "EDITOR=vim",
		"OPENAI_API_KEY=not-a-real-key", "NODE_OPTIONS=--require /tmp/hook.js",
	}
	// An MCP server's configuration: one more parent variable, and the
	// credential the host resolved for this server alone.
	cfg := childenv.Config{
		Inherit: []string{"EDITOR"},
		Set:     map[string]string{"SERVER_TOKEN": "resolved-for-this-server"},
	}
	for _, kv := range childenv.Build(parent, cfg) {
		fmt.Println(kv)
	}
	// Output:
	// EDITOR=vim
	// HOME=/home/dev
	// PATH=/usr/bin:/bin
	// SERVER_TOKEN=resolved-for-this-server
}
