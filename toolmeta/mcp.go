package toolmeta

import "errors"

// MCP returns the metadata of a tool served by an MCP server: external risk,
// approval asked, source mcp. The server's annotations are kept for display
// and have no effect on the risk or the approval default, whatever they say.
func MCP(server string, ann *Annotations) Metadata {
	m := Metadata{Risk: RiskExternal, ApprovalDefault: DefaultAsk, Source: SourceMCP, Server: server}
	if ann != nil {
		a := *ann
		m.Annotations = &a
	}
	return m
}

// Override is a narrower local description of an MCP tool that the user
// records for their own installation. Only the user's local configuration
// may hold one: nothing a server sends can create it.
type Override struct {
	Risk            Risk            `json:"risk"`
	ApprovalDefault ApprovalDefault `json:"approvalDefault"`
	PathArguments   []string        `json:"pathArguments,omitempty"`
	TargetArgument  string          `json:"targetArgument,omitempty"`
}

// ErrNotMCP is returned when an override is applied to a tool that is not
// from an MCP server.
var ErrNotMCP = errors.New("toolmeta: an override applies only to an MCP tool")

// WithOverride returns m described by the user's override o. The source,
// server and annotations are kept, and the result is validated. An override
// cannot turn an MCP tool into an exec tool: shell text from a remote
// server's tool is never given the command analysis of a local shell.
func (m Metadata) WithOverride(o Override) (Metadata, error) {
	if m.Source != SourceMCP {
		return Metadata{}, ErrNotMCP
	}
	if o.Risk == RiskExec {
		return Metadata{}, &FieldError{Field: "risk", Msg: "an MCP tool cannot be overridden to exec"}
	}
	n := m.Clone()
	n.Risk = o.Risk
	n.ApprovalDefault = o.ApprovalDefault
	n.PathArguments = append([]string(nil), o.PathArguments...)
	n.TargetArgument = o.TargetArgument
	n.CommandArgument = ""
	if err := n.Validate(); err != nil {
		return Metadata{}, err
	}
	return n, nil
}
