// Package mcpreview keeps a person's review of MCP connections and their
// tools, and tells a host which tools of a fresh listing may be used.
//
// It sits in the host's flow before the policy engine: when a host has a
// tools/list response from an MCP server, it calls [Store.Check], offers the
// model only the usable tools, and answers a call to any other tool with
// the deny decision [Result.Decide] returns, without calling
// policy.Engine.Evaluate. A usable tool's calls then go through the nine
// evaluation steps like any other (an MCP tool is external and asks by
// default); a review never lifts an approval requirement. See
// docs/security-model.md, MCP tools.
//
// # What is reviewed
//
// A [Connection] has an identity: its transport, its URL or command line,
// and the configuration that launched it (folder, environment, headers),
// encoded canonically and hashed. A person reviews a connection and selects
// its tools (toolgate mcp review); the [Store] keeps, per selected tool, a
// fingerprint of the metadata the person saw: the SHA-256 of a canonical
// JSON of its name, title, description, input and output schemas and
// annotations (object keys sorted, numbers in one exact form), so a
// reordered schema keeps its fingerprint and any change of meaning does
// not.
//
// At each check, every tool of a connection whose identity changed is
// denied ([ReasonIdentityChanged]); a selected tool whose fresh metadata no
// longer matches is denied ([ReasonFingerprintChanged]); a tool that was
// not selected, including a new or renamed one, is denied
// ([ReasonNotSelected]); a connection nobody reviewed has every tool denied
// ([ReasonNotReviewed]). They stay denied until a person reviews again.
// Two tools of one listing whose names differ only in case, '_' or '-'
// are both denied ([ReasonInvalidListing]), since a host may match names
// loosely.
//
// # Reading a listing
//
// A host that has the listing's bytes reads them with [DecodeListing], and
// a connection's description with [DecodeConnection]; both refuse what
// parsers read differently: a key given twice, a key that differs from a
// field only in case, invalid UTF-8. A host that decodes them itself
// should refuse the same, so that the model is shown the metadata the
// person reviewed and the host launches the connection the person
// reviewed.
//
// # Trust
//
// The store lives only in the user's state folder (a folder "mcp" created
// 0700, files 0600, written atomically). Nothing a repository or a host
// configures can create a review: a repository's MCP configuration can at
// most describe a connection, whose tools stay disabled until a person
// reviews it. A review does not authenticate what the server does: a
// server can behave differently behind unchanged metadata.
package mcpreview
