package toolmeta

import (
	"maps"
	"slices"
)

// vetted is the fixed list of built-in tool names whose metadata may be
// inferred from the name alone. Each entry was chosen by reading what the
// tool of that name does in common agent hosts; a name is added here only
// with its full metadata, never by pattern.
var vetted = map[string]Metadata{
	"read_file":      {Risk: RiskRead, PathArguments: []string{"path"}, ApprovalDefault: DefaultAllow, Source: SourceBuiltin, ParallelSafe: true},
	"list_directory": {Risk: RiskRead, PathArguments: []string{"path"}, ApprovalDefault: DefaultAllow, Source: SourceBuiltin, ParallelSafe: true},
	"glob":           {Risk: RiskRead, PathArguments: []string{"path"}, ApprovalDefault: DefaultAllow, Source: SourceBuiltin, ParallelSafe: true},
	"grep":           {Risk: RiskRead, PathArguments: []string{"path"}, ApprovalDefault: DefaultAllow, Source: SourceBuiltin, ParallelSafe: true},
	"write_file":     {Risk: RiskWriteLocal, PathArguments: []string{"path"}, ApprovalDefault: DefaultAllow, Source: SourceBuiltin},
	"edit_file":      {Risk: RiskWriteLocal, PathArguments: []string{"path"}, ApprovalDefault: DefaultAllow, Source: SourceBuiltin},
	"delete_file":    {Risk: RiskWriteLocal, PathArguments: []string{"path"}, ApprovalDefault: DefaultAsk, Source: SourceBuiltin},
	"shell":          {Risk: RiskExec, CommandArgument: "command", ApprovalDefault: DefaultAllow, Source: SourceBuiltin},
	"bash":           {Risk: RiskExec, CommandArgument: "command", ApprovalDefault: DefaultAllow, Source: SourceBuiltin},
	"web_fetch":      {Risk: RiskExternal, TargetArgument: "url", ApprovalDefault: DefaultAsk, Source: SourceBuiltin},
	"web_search":     {Risk: RiskExternal, TargetArgument: "query", ApprovalDefault: DefaultAsk, Source: SourceBuiltin},
	"git_status":     {Risk: RiskRead, ApprovalDefault: DefaultAllow, Source: SourceBuiltin, ParallelSafe: true},
	"git_diff":       {Risk: RiskRead, ApprovalDefault: DefaultAllow, Source: SourceBuiltin, ParallelSafe: true},
	"git_log":        {Risk: RiskRead, ApprovalDefault: DefaultAllow, Source: SourceBuiltin, ParallelSafe: true},
}

// Infer returns the metadata of a vetted built-in tool by its exact name, or
// false for any other name. It never guesses from a pattern: `read_files`,
// `Read_File` and `mcp_read_file` are not inferred. It is a compatibility
// fallback for built-ins that predate explicit metadata, not an authority
// for extension, skill or MCP tools, and [Registry.RegisterBuiltin] is the
// only place toolgate itself uses it.
func Infer(name string) (Metadata, bool) {
	m, ok := vetted[name]
	if !ok {
		return Metadata{}, false
	}
	return m.Clone(), true
}

// InferredNames lists, in order, the names [Infer] knows.
func InferredNames() []string { return slices.Sorted(maps.Keys(vetted)) }
