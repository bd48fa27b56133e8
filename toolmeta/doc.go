// Package toolmeta describes what a tool can do, so that a policy can judge a
// call to it before it runs.
//
// Every tool that an agent host exposes to a model (a built-in, an extension,
// a skill or a tool served by an MCP server) resolves to one [Metadata] value:
// its [Risk], which of its arguments are paths, which one names an external
// target, which one holds shell text, its approval default and its [Source].
// A [Registry] holds the metadata of every tool a host knows; a name that it
// does not hold is an unknown tool, and the policy engine treats it as one
// (approval required, or denied in deny mode). Nothing here guesses metadata
// for a name on its own.
//
// Two rules from the security model are enforced here rather than trusted to
// hosts:
//
//   - A tool served by an MCP server is external and asks for approval until the
//     user records a narrower local override ([MCP], [Override]). The server's
//     own annotations (readOnlyHint, destructiveHint, ...) are kept for display
//     and never lower its risk.
//   - Name-based inference ([Infer]) is a fallback for a fixed list of vetted
//     built-in names only ([InferredNames]); an extension, skill or MCP tool is
//     never inferred.
package toolmeta
