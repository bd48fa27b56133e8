package policy

import (
	"github.com/toolgate/toolgate/hardline"
	"github.com/toolgate/toolgate/roots"
	"github.com/toolgate/toolgate/toolmeta"
)

// RuleDecision is what a Rule does to a call it matches. There is no allow:
// rules only tighten what the mode grants.
type RuleDecision string

// The rule decisions.
const (
	RuleAsk  RuleDecision = "ask"
	RuleDeny RuleDecision = "deny"
)

// Rule tightens the verdict for the calls it matches. A call matches when
// every non-empty selector matches: Tool as a glob over the tool name
// ('*' and '?' and '[...]' as in path.Match, '**' crossing '/'), Risk and
// Source exactly.
type Rule struct {
	ID       string          `json:"id"`
	Tool     string          `json:"tool,omitempty"`
	Risk     toolmeta.Risk   `json:"risk,omitempty"`
	Source   toolmeta.Source `json:"source,omitempty"`
	Decision RuleDecision    `json:"decision"`
}

// SessionApprovals answers whether a person approved, for the whole of one
// session, the call that b binds: the same tool, from the same agent, on
// the same canonical targets (see Binding). Implementations must be safe
// for concurrent use; package approval has a durable one.
type SessionApprovals interface {
	SessionApproved(session string, b Binding) bool
}

// StandingApprovals finds a task's standing approval of this exact tool and
// target, returning its ID. The engine only asks for calls of external
// tools with a declared target argument that name no local path: a standing
// approval never covers a call that writes a local path. A delegated agent
// uses only the standing approvals its Authority holds. Implementations must
// be safe for concurrent use.
type StandingApprovals interface {
	StandingApproval(task, tool, target string) (id string, ok bool)
}

// StandingApproval binds one tool to one exact target for one task.
type StandingApproval struct {
	ID     string `json:"id"`
	Task   string `json:"task"`
	Tool   string `json:"tool"`
	Target string `json:"target"`
}

// SessionApproval approves, for one session, the calls one Binding binds.
type SessionApproval struct {
	Session string
	Binding
}

// RootSource gives the engine the workspace roots in force for one
// evaluation. Both *roots.Set and *roots.Live implement it; a Live set lets
// a host change roots while the engine runs.
type RootSource interface {
	Snapshot() *roots.Set
}

// ToolSource gives the engine a tool's metadata. *toolmeta.Registry
// implements it. The engine validates what it returns on every call.
type ToolSource interface {
	Lookup(name string) (toolmeta.Metadata, bool)
}

// Authority is everything one principal may do: the top-level policy, or a
// delegated agent whose authority has been intersected with its parent's
// (package delegation builds those). Its zero value grants nothing: deny
// mode would be the only reading of an empty Mode, and no tool, root,
// approval or secret is held.
type Authority struct {
	// Mode is the permission mode.
	Mode Mode
	// AllTools grants every tool the ToolSource knows, including tools
	// registered after the engine was built: the top level has it, and so
	// does a delegated agent that inherits its parent's whole tool set
	// (package delegation sets it then). Otherwise Tools lists the tools
	// granted.
	AllTools bool
	Tools    []string
	// Rules are the tool/category rules in force (a child's include its
	// parent's).
	Rules []Rule
	// Roots are the roots the principal holds. For a delegated agent every
	// path must lie inside one of them as well as inside the engine's roots.
	Roots []roots.Root
	// Interaction, when set, is the principal's interaction mode; the
	// stricter of it and the surface's applies.
	Interaction Interaction
	// StandingApprovals are the IDs of the standing approvals the principal
	// holds. A delegated agent can use only these.
	StandingApprovals []string
	// Secrets names the secret references the principal holds.
	Secrets []string
	// MayDelegate says whether the principal may start sub-agents.
	MayDelegate bool
}

// Config is everything an Engine needs. It is read once by New.
type Config struct {
	// Mode is the top-level permission mode. Required.
	Mode Mode
	// Interaction is the top-level interaction mode; empty means attended.
	Interaction Interaction
	// Surfaces overrides the interaction for calls from given surfaces.
	Surfaces map[Surface]Interaction
	// Roots are the workspace roots. Nil means no roots: every path
	// argument is outside.
	Roots RootSource
	// Tools gives the metadata of known tools. Required.
	Tools ToolSource
	// Rules tighten the mode for the calls they match.
	Rules []Rule
	// Home is the user's home folder: a leading "~" in a path argument
	// means it. Empty means the current user's.
	Home string
	// Hardline is the command and sensitive-path analyser. Nil means one
	// with the built-in rules for Home.
	Hardline *hardline.Analyzer
	// Agents maps agent IDs to their folded authorities.
	Agents map[string]Authority
	// SessionApprovals and StandingApprovals are consulted when a call
	// needs approval; nil means none.
	SessionApprovals  SessionApprovals
	StandingApprovals StandingApprovals
	// BindingKey keys the digest of an exec call's environment or input
	// that a decision's targets hold (see docs/security-model.md,
	// Arguments), so that a weak secret's digest is no oracle for it. A
	// host whose approvals outlive the process (a state folder that
	// matches a resubmitted call to its parked record) keeps one key with
	// them; at least 16 bytes. Nil means a key drawn afresh for each
	// process.
	BindingKey []byte
}
