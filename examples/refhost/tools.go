package refhost

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"sync"

	"github.com/toolgate/toolgate/roots"
	"github.com/toolgate/toolgate/toolmeta"
)

// Tools returns the reference host's own tools: read_file and write_file,
// which open files through files (handle-relative, so a path swapped after
// the decision cannot leave its root), shell (run by the host in a managed
// process tree), and post_message, an MCP-like external tool that appends
// a message to the outbox file and skips a message whose idempotency key it
// already holds, as an external service that deduplicates would.
func Tools(files *roots.Files, outbox string) map[string]Tool {
	meta := func(m toolmeta.Metadata) *toolmeta.Metadata { return &m }
	var mu sync.Mutex
	return map[string]Tool{
		"read_file": {Meta: meta(toolmeta.Metadata{Risk: toolmeta.RiskRead, PathArguments: []string{"path"},
			ApprovalDefault: toolmeta.DefaultAllow, Source: toolmeta.SourceBuiltin}),
			Run: func(_ context.Context, in Input) (string, error) {
				p, _ := in.Args["path"].(string)
				data, _, err := files.ReadFile(p)
				return string(data), err
			}},
		"write_file": {Meta: meta(toolmeta.Metadata{Risk: toolmeta.RiskWriteLocal, PathArguments: []string{"path"},
			ApprovalDefault: toolmeta.DefaultAllow, Source: toolmeta.SourceBuiltin}),
			Run: func(_ context.Context, in Input) (string, error) {
				p, _ := in.Args["path"].(string)
				content, _ := in.Args["content"].(string)
				err := files.CreateNew(p, []byte(content), 0o644)
				if errors.Is(err, fs.ErrExist) {
					var v roots.Version
					if _, v, err = files.ReadFile(p); err == nil {
						err = files.Replace(p, []byte(content), v)
					}
				}
				return fmt.Sprintf("wrote %d bytes", len(content)), err
			}},
		"shell": {Meta: meta(toolmeta.Metadata{Risk: toolmeta.RiskExec, CommandArgument: "command",
			ApprovalDefault: toolmeta.DefaultAllow, Source: toolmeta.SourceBuiltin})},
		"post_message": {Meta: meta(toolmeta.Metadata{Risk: toolmeta.RiskExternal, TargetArgument: "channel",
			ApprovalDefault: toolmeta.DefaultAsk, Source: toolmeta.SourceMCP, Server: "chat"}),
			Run: func(_ context.Context, in Input) (string, error) {
				mu.Lock()
				defer mu.Unlock()
				old, err := os.ReadFile(outbox)
				if err != nil && !errors.Is(err, fs.ErrNotExist) {
					return "", err
				}
				if in.IdempotencyKey != "" && strings.Contains(string(old), `"key":"`+in.IdempotencyKey+`"`) {
					return "already sent", nil
				}
				line, err := json.Marshal(map[string]any{"channel": in.Args["channel"], "text": in.Args["text"], "key": in.IdempotencyKey})
				if err != nil {
					return "", err
				}
				f, err := os.OpenFile(outbox, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
				if err != nil {
					return "", err
				}
				defer f.Close()
				_, err = f.Write(append(line, '\n'))
				return "sent", err
			}},
	}
}
