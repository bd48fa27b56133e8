// Package policy decides, before anything runs, whether a tool call proposed
// by an AI model may execute.
//
// An [Engine] is built once from a [Config] by [New] (prepare once, evaluate
// many times) and decides each [Call] with [Engine.Evaluate], which returns a
// [Decision]: a [Verdict] (allow, approval-required or deny), a stable
// [Reason] code, the rule that settled it, the tool's effective risk, the
// call's resolved targets, the interaction mode and whether a person must
// decide. Evaluate is pure in the sense that matters here: it reads the file
// system only to resolve paths, starts nothing, writes nothing, never
// panics and is safe for concurrent use.
//
// # The decision model
//
// Verdicts are ordered allow < approval-required < deny, and the zero
// Verdict is deny. Every source of authority yields a verdict and the
// strictest wins: the mode, the tool's approval default, the matching rules
// and, for a delegated agent, the agent's folded authority. Rules and tool
// defaults only keep or reduce what the mode grants; a [Rule] cannot allow.
// Session and standing approvals lift approval-required to allow and never
// lift a deny.
//
// Evaluation follows docs/security-model.md, "Evaluation order", and stops
// at the first hard denial. Each step is one function of the engine:
//
//  1. the call is well formed, the tool known and its metadata valid: an
//     unknown tool, or one whose metadata does not validate, needs approval
//     (in deny mode it is denied), and no approval lifts that; every
//     declared argument is given unless optional, with the right type, and
//     no key collides with a declared one after case folding;
//  2. hardline rules (package hardline): a destructive shell command or a
//     sensitive host path is denied in every mode; a path a tool that is
//     not a reader may write is judged as the shell's write to it would be
//     (a startup, protected or device file is denied, a git hook needs
//     approval), whatever root holds it; a command that cannot be read
//     statically needs approval;
//  3. every path argument is resolved canonically (package roots) and must
//     lie inside a root; a tool whose risk is not read needs a read-write
//     root for every path argument, and a read-only root is a deny that no
//     approval overrides;
//  4. a delegated agent must hold the tool and a root containing every path;
//  5. the mode: allow, ask (reads are allowed, everything else asks), deny;
//  6. rules, then the tool's approval default;
//  7. a session approval of the call's [Binding]: the tool, the agent and
//     the canonical targets (for a shell tool the exact command text,
//     untransformed, and its working folder);
//  8. a task's standing approval of the exact tool and target (external
//     tools with a declared target argument, on calls that name no local
//     path);
//  9. the Decision.
//
// The order is the order of precedence between verdicts. Paths are resolved
// before the hardline step judges them, so a symbolic link inside the
// workspace that points into ~/.ssh is judged as ~/.ssh.
//
// # How a path argument is read
//
// The engine judges what the tool will open (docs/security-model.md,
// "Arguments"): a leading ~, ~name, $HOME or ${HOME} is that home folder; a
// file: URL in any case is the path it names, percent escapes decoded, and
// must name this machine; /proc/self, /dev/fd/N and the like name the
// evaluating process, not the tool's, and are unresolvable. A path is judged
// against the sensitive paths both as given and canonically. A path with
// percent escapes, or (where a backslash is not a separator) backslashes,
// is also read decoded and with its backslashes as slashes; a quoted one
// without its quotes, and a JSON list in the string as its strings. Each
// such reading is judged, resolved and held to the roots as the path is.
// A path with shell expansion syntax ($(echo ~)/.ssh/id_rsa, $XDG_CONFIG_HOME/x)
// is also judged by the shell analyser as the word a shell expands.
//
// # Rules
//
// A [Rule] selects calls by a glob over the tool name (see [ValidateRules]
// for the syntax; "*" matches across the '/' of MCP-style names such as
// "github/delete_repo"), by risk and by source, and asks or denies. A
// delegated agent is held to its own rules and to the top level's.
//
// # What it reads through interfaces
//
// The engine owns no store. Workspace roots come through [RootSource]
// (*roots.Set, or *roots.Live for roots that change while it runs), tool
// metadata through [ToolSource] (*toolmeta.Registry), approvals through
// [SessionApprovals] and [StandingApprovals] ([Approvals] is an in-memory
// implementation), and delegated agents as plain [Authority] values that
// package delegation folds.
//
// # Limits
//
// This is an application-level policy boundary, not an operating-system
// sandbox. An allowed shell command runs with the host user's privileges;
// the hardline rules judge its text, not what the programs it starts will
// do. Paths are resolved when the call is decided: a process that swaps a
// folder or symbolic link between the decision and the tool's own open can
// redirect the tool, unless the tool opens files through package roots'
// handle-relative access.
package policy
