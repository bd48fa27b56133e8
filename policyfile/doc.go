// Package policyfile reads toolgate's JSON policy file and builds the
// policy.Engine it describes. It sits before the engine in a host's flow:
// a host loads the file once, then asks the engine about every call.
//
// Loading is strict and reports every problem at once, each with its JSON
// path in one style for keys and indices ("roots[0].primary",
// "tools.read_file.pathArguments[1]", "agents.reviewer.tools[2]"). The
// loading phases run in order and each runs even when an earlier one found
// problems, working on what could be read:
//
//  1. depth: arrays and objects nested at most MaxDepth deep, checked in
//     one streaming pass before anything is decoded;
//  2. keys and types: unknown fields (names match exactly, case included,
//     with a "did you mean" for a near name), keys given twice, values of
//     the wrong JSON type;
//  3. meaning: the version, mode, interaction and surfaces;
//  4. roots (see docs/security-model.md, Roots);
//  5. tools: each tool's metadata;
//  6. rules: only ask and deny, valid globs, distinct IDs;
//  7. hardline: the added sensitive-path patterns;
//  8. secrets: names, the variables that hold them, and the hosts each
//     may be sent to (the variables are checked in the hardline phase,
//     which judges a shell command that sends one elsewhere);
//  9. standing approvals: external tools with a target argument only;
//  10. agents: unknown parents, cycles, malformed definitions and rules,
//     tools no one knows (see docs/security-model.md, Delegation);
//  11. session approvals, bound by evaluating the call they describe (see
//     docs/security-model.md, Approvals).
//
// Only a file that is not JSON, or is nested too deeply, stops the phases
// early. Every problem is a *Problem inside an *Error; errors.Is and
// errors.As reach each problem's cause (ErrUnknownField, ErrType,
// toolmeta.ErrInvalid, a *roots.RootError, a *delegation.FieldError, ...).
// A file that loads has been checked whole; a file that does not changes
// nothing.
//
// # The file
//
// The top-level keys are version (1), mode, interaction, surfaces, roots,
// tools, rules, hardline, agents, secrets, sessionApprovals and
// standingApprovals; File lists them with their types. A tool's entry is
// toolmeta.Metadata with its JSON names: risk, pathArguments,
// targetArgument, commandArgument, workdirArgument (an exec tool's working
// folder, resolved like a path; the command is judged from there),
// optionalArguments (the declared arguments a call may omit; every other
// declared argument is required), approvalDefault, parallelSafe, source,
// server and annotations. A session approval is {session, agent, tool,
// target}: agent is empty for the top level, and the approval covers only
// that agent's calls.
//
// Relative root paths resolve against the policy file's folder and a
// leading "~" means the home folder.
// The file never holds a secret's value, only a reference to where the
// host finds it.
//
// # Layers
//
// LoadLayers merges the built-in defaults, an administrator's managed
// file, the user's file and a repository's file, in that order; a later
// layer may only tighten, and one that tries to loosen is refused with its
// file, line and JSON path (see LoadLayers for what each layer may say).
// A rule may carry examples, calls it must and must not select, checked
// at load (see RuleExamples).
//
// The agents' authorities are folded once, at load. An agent that inherits
// the whole tool set of a parent holding every tool (no "tools" key, under
// the top level or under such an agent) also holds every tool; a tool the
// host registers in Policy.Tools after loading is then seen by that agent
// exactly when it is seen by the top level. An agent that lists its tools
// holds only those, whatever is registered later.
package policyfile
