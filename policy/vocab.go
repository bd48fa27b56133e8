package policy

import (
	"encoding/json"
	"fmt"

	"github.com/toolgate/toolgate/roots"
	"github.com/toolgate/toolgate/toolmeta"
)

// Mode is the user-facing permission mode (docs/security-model.md, "Modes
// and interaction").
type Mode string

// The three permission modes.
const (
	// ModeAllow allows reads, writes inside read-write roots, shell commands
	// that no hardline rule blocks, and external calls that no stricter rule
	// or tool default holds back.
	ModeAllow Mode = "allow"
	// ModeAsk allows reads and asks for writes, shell and external calls.
	ModeAsk Mode = "ask"
	// ModeDeny executes no model-proposed tool.
	ModeDeny Mode = "deny"
)

// Valid reports whether m is one of the three modes.
func (m Mode) Valid() bool { return m == ModeAllow || m == ModeAsk || m == ModeDeny }

// rank orders modes from the widest to the narrowest; an invalid mode ranks
// as deny.
func (m Mode) rank() int {
	switch m {
	case ModeAllow:
		return 0
	case ModeAsk:
		return 1
	}
	return 2
}

// StricterMode returns the narrower of a and b. An invalid mode counts as
// deny, so the result is never wider than either.
func StricterMode(a, b Mode) Mode {
	s := b
	if a.rank() >= b.rank() {
		s = a
	}
	if !s.Valid() {
		return ModeDeny
	}
	return s
}

// Interaction says whether a person is there to answer an approval request.
// It is independent of the Mode: changing one never changes the other.
type Interaction string

// The interaction modes.
const (
	// Attended: an approval request is shown inline and the run waits.
	Attended Interaction = "attended"
	// Unattended: an approval request is persisted in an inbox and the run is
	// parked until a person decides. It never turns into consent by itself.
	Unattended Interaction = "unattended"
)

// Valid reports whether i is one of the two interaction modes.
func (i Interaction) Valid() bool { return i == Attended || i == Unattended }

// StricterInteraction returns Unattended when either a or b is unattended
// (or invalid), else Attended: nobody is assumed to be watching unless every
// source says somebody is.
func StricterInteraction(a, b Interaction) Interaction {
	if a == Attended && b == Attended {
		return Attended
	}
	return Unattended
}

// Surface is the execution surface a call comes from (docs/security-model.md,
// "Contract tests").
type Surface string

// The six execution surfaces.
const (
	SurfaceChat          Surface = "chat"
	SurfaceScheduledTask Surface = "scheduled-task"
	SurfaceGoalLoop      Surface = "goal-loop"
	SurfacePlatformReply Surface = "platform-reply"
	SurfaceSubAgent      Surface = "sub-agent"
	SurfaceMCP           Surface = "mcp"
)

// Surfaces lists the six execution surfaces in a fixed order.
func Surfaces() []Surface {
	return []Surface{SurfaceChat, SurfaceScheduledTask, SurfaceGoalLoop, SurfacePlatformReply, SurfaceSubAgent, SurfaceMCP}
}

// Valid reports whether s is one of the six surfaces.
func (s Surface) Valid() bool {
	switch s {
	case SurfaceChat, SurfaceScheduledTask, SurfaceGoalLoop, SurfacePlatformReply, SurfaceSubAgent, SurfaceMCP:
		return true
	}
	return false
}

// Verdict is the outcome of an evaluation. Verdicts are ordered by
// strictness, Allow < ApprovalRequired < Deny, and the zero Verdict is Deny:
// a Decision nobody filled in never allows.
type Verdict uint8

// The three verdicts.
const (
	Deny Verdict = iota
	ApprovalRequired
	Allow
)

// String returns the verdict's JSON name.
func (v Verdict) String() string {
	switch v {
	case Allow:
		return "allow"
	case ApprovalRequired:
		return "approval-required"
	case Deny:
		return "deny"
	}
	return fmt.Sprintf("Verdict(%d)", uint8(v))
}

// Stricter reports whether v is stricter than w.
func (v Verdict) Stricter(w Verdict) bool { return v.strictness() > w.strictness() }

// strictness ranks verdicts; anything unknown ranks as deny.
func (v Verdict) strictness() int {
	switch v {
	case Allow:
		return 0
	case ApprovalRequired:
		return 1
	}
	return 2
}

// MarshalText encodes the verdict as "allow", "approval-required" or "deny".
func (v Verdict) MarshalText() ([]byte, error) {
	switch v {
	case Allow, ApprovalRequired, Deny:
		return []byte(v.String()), nil
	}
	return nil, fmt.Errorf("policy: invalid verdict %d", uint8(v))
}

// UnmarshalText decodes a verdict's JSON name; anything else is an error.
func (v *Verdict) UnmarshalText(b []byte) error {
	switch string(b) {
	case "allow":
		*v = Allow
	case "approval-required":
		*v = ApprovalRequired
	case "deny":
		*v = Deny
	default:
		return fmt.Errorf("policy: %q is not a verdict (want allow, approval-required or deny)", b)
	}
	return nil
}

// Reason is a stable, machine-readable code for why a Decision is what it
// is. The codes are part of the JSON contract and never change meaning.
type Reason string

// The reason codes.
const (
	// ReasonCallInvalid: the call is malformed (no tool name, an unknown
	// surface, an argument of the wrong type, an internal failure).
	ReasonCallInvalid Reason = "call.invalid"
	// ReasonAgentUnknown: the call names an agent the policy does not
	// define, or comes from the sub-agent surface and names no agent.
	ReasonAgentUnknown Reason = "agent.unknown"
	// ReasonToolUnknown: no metadata is known for the tool.
	ReasonToolUnknown Reason = "tool.unknown"
	// ReasonToolInvalidMetadata: the tool's metadata does not validate.
	ReasonToolInvalidMetadata Reason = "tool.invalid-metadata"
	// ReasonHardlineCommand: a shell command matched a destructive-command
	// rule; the Decision's Rule names it.
	ReasonHardlineCommand Reason = "hardline.command"
	// ReasonHardlinePath: a path argument, a path in a shell command, or a
	// target or undeclared argument written as a path, is a sensitive host
	// path.
	ReasonHardlinePath Reason = "hardline.path"
	// ReasonHardlineDynamic: a shell command cannot be understood
	// statically (a command name from a variable, a pipe into a shell,
	// inline interpreter code, a parse error, too large to analyse), or
	// the arguments the metadata does not declare are too many or too deep
	// to read.
	ReasonHardlineDynamic Reason = "hardline.dynamic"
	// ReasonRootOutside: a path argument lies outside every root.
	ReasonRootOutside Reason = "root.outside"
	// ReasonRootReadOnly: a tool that writes names a path in a read-only
	// root. No approval overrides it.
	ReasonRootReadOnly Reason = "root.read-only"
	// ReasonRootUnresolvable: a path argument cannot be resolved (empty, a
	// NUL byte, a symlink loop, a component that is not a folder).
	ReasonRootUnresolvable Reason = "root.unresolvable"
	// ReasonDelegationTool: a delegated agent called a tool outside its
	// authority.
	ReasonDelegationTool Reason = "delegation.tool"
	// ReasonDelegationRoot: a delegated agent named a path outside the roots
	// its authority holds.
	ReasonDelegationRoot Reason = "delegation.root"
	// ReasonModeAllow: allowed by allow mode (or by ask mode for a read).
	ReasonModeAllow Reason = "mode.allow"
	// ReasonModeAsk: ask mode requires approval.
	ReasonModeAsk Reason = "mode.ask"
	// ReasonModeDeny: deny mode executes no tool.
	ReasonModeDeny Reason = "mode.deny"
	// ReasonRuleAsk: a policy rule requires approval; Rule names it.
	ReasonRuleAsk Reason = "rule.ask"
	// ReasonRuleDeny: a policy rule denies the call; Rule names it.
	ReasonRuleDeny Reason = "rule.deny"
	// ReasonToolDefaultAsk: the tool's own approval default is ask.
	ReasonToolDefaultAsk Reason = "tool.default-ask"
	// ReasonToolDefaultDeny: the tool's own approval default is deny.
	ReasonToolDefaultDeny Reason = "tool.default-deny"
	// ReasonApprovalSession: a session-scoped approval of this exact tool
	// and target lifted an approval requirement.
	ReasonApprovalSession Reason = "approval.session"
	// ReasonApprovalStanding: a task's standing approval of this exact tool
	// and target lifted an approval requirement; Decision.Approval names it.
	ReasonApprovalStanding Reason = "approval.standing"
)

// Reasons lists every reason code, for documentation and tests.
func Reasons() []Reason {
	return []Reason{
		ReasonCallInvalid, ReasonAgentUnknown, ReasonToolUnknown, ReasonToolInvalidMetadata,
		ReasonHardlineCommand, ReasonHardlinePath, ReasonHardlineDynamic,
		ReasonRootOutside, ReasonRootReadOnly, ReasonRootUnresolvable,
		ReasonDelegationTool, ReasonDelegationRoot,
		ReasonModeAllow, ReasonModeAsk, ReasonModeDeny,
		ReasonRuleAsk, ReasonRuleDeny, ReasonToolDefaultAsk, ReasonToolDefaultDeny,
		ReasonApprovalSession, ReasonApprovalStanding,
	}
}

// Call is one tool call a model proposes.
type Call struct {
	// ID identifies the call; it is copied into the Decision.
	ID string `json:"id"`
	// Tool is the name of the tool to call. Required.
	Tool string `json:"tool"`
	// Args are the call's arguments, as decoded from JSON: the arguments the
	// tool's metadata declares as paths, target or command must be strings
	// (a path argument may also be a list of strings).
	Args map[string]any `json:"args,omitempty"`
	// Session scopes session approvals.
	Session string `json:"session,omitempty"`
	// Task scopes standing approvals.
	Task string `json:"task,omitempty"`
	// Goal names the goal loop the call belongs to, if any.
	Goal string `json:"goal,omitempty"`
	// Agent names the delegated agent that proposes the call; empty for the
	// top-level authority.
	Agent string `json:"agent,omitempty"`
	// Surface is the execution surface; empty means the policy's own
	// interaction applies, with no surface override.
	Surface Surface `json:"surface,omitempty"`
}

// Target is one resolved argument of a call: a path argument with its
// canonical path and root, the target argument, or the command text.
type Target struct {
	Argument string       `json:"argument"`
	Value    string       `json:"value"`
	Resolved string       `json:"resolved,omitempty"`
	Root     string       `json:"root,omitempty"`
	Access   roots.Access `json:"access,omitempty"`
}

// Decision is the outcome of evaluating one Call. Its zero value denies.
type Decision struct {
	// ID is the call's ID.
	ID string `json:"id"`
	// Verdict is allow, approval-required or deny.
	Verdict Verdict `json:"decision"`
	// Reason is the stable code of the source that settled the verdict.
	Reason Reason `json:"reason"`
	// Rule names the policy rule or hardline rule that settled the verdict,
	// or is empty.
	Rule string `json:"rule"`
	// Risk is the tool's effective risk; empty for an unknown tool.
	Risk toolmeta.Risk `json:"risk"`
	// Interaction is how an approval request would be handled.
	Interaction Interaction `json:"interaction"`
	// HumanRequired is true when a person must decide before the call runs.
	HumanRequired bool `json:"humanRequired"`
	// Targets are the call's resolved path arguments, target and command.
	Targets []Target `json:"targets"`
	// Approval is the ID of the standing approval that lifted the call.
	Approval string `json:"approval,omitempty"`
	// Message explains the decision for a person; it is not a stable string.
	Message string `json:"message,omitempty"`
}

// MarshalJSON writes Targets as [] rather than null, for consumers in
// other languages.
func (d Decision) MarshalJSON() ([]byte, error) {
	type plain Decision
	if d.Targets == nil {
		d.Targets = []Target{}
	}
	return json.Marshal(plain(d))
}
