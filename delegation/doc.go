// Package delegation derives the authority of a sub-agent from its parent's.
//
// An agent's authority ([policy.Authority]) is everything it may do: its
// permission mode, the tools it holds, the tool/category rules in force, the
// roots it may touch and with what access, its interaction mode, the
// standing approvals and secret references it holds, and whether it may
// start sub-agents of its own. A child agent asks for some of that in a
// [Definition], the shape of one entry of a policy file's "agents" map.
//
// The guarantee: a child is never wider than its parent on any axis, by
// construction. [Intersect] computes the child's authority as the
// intersection of what the parent holds and what the definition asks for:
//
//   - mode: the stricter of the two (allow < ask < deny);
//   - tools: only names both hold; a child holds "every tool" only by
//     inheriting it whole (no tool list) from a parent that does;
//   - rules: the parent's, then the child's (rules only tighten);
//   - roots: only folders inside a root the parent holds, each with the
//     weaker of the requested and the parent's access, point by point;
//   - interaction: unattended when either is unattended;
//   - standing approvals and secrets: only those the child names and the
//     parent holds (they are never inherited by omission);
//   - delegation: only when the parent may delegate.
//
// A field a definition omits inherits the parent's value (never more), except
// standing approvals and secrets, which must be handed down by name. Every
// grant the child asked for (or would have inherited) and does not get is
// reported as a [Narrowing], all of them, so that a host can show the user
// what was cut and why. A malformed definition is an error that names the
// field, and so is a tool name the tool source does not know
// ([ErrUnknownTool]): a typo in a tool list is never a silent narrowing.
//
// [ProfileExplorer] is a fixed profile: read tools only (by the tool's
// registered risk, so no shell, no writes, no external sends and no unknown
// tools), every root read-only, mode ask at most, no standing approvals, no
// secrets and no further delegation. Fields given beside the profile can
// only narrow it further; a wider request is dropped and reported, never an
// error and never granted.
//
// [Fold] derives every agent of a policy file, parent first, each once, and
// reports unknown parents, cycles and malformed definitions all at once.
//
// See docs/security-model.md, Delegation, for where this sits in the
// evaluation order: the engine checks a delegated call against the agent's
// authority in step 4, after the canonical resolution of its paths.
//
// # Tools registered later
//
// A child that inherits the whole tool set of a parent holding every tool
// (AllTools) holds every tool too, so a tool registered after derivation is
// the child's exactly when it is the parent's. A child that lists its tools
// holds only those. The Explorer profile under such a parent is a snapshot:
// it holds the read tools its tool source lists at derivation (see
// [ToolLister]), never a tool registered later.
//
// # Limits
//
// Roots are compared as canonical paths resolved through symbolic links at
// the moment of derivation (package roots); a link changed afterwards is
// judged again by the engine on every call, which checks a delegated call
// against both the engine's roots and the agent's. This is an
// application-level policy boundary, not an operating-system sandbox (see
// docs/security-model.md, What toolgate does not protect against).
package delegation
