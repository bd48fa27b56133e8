// Package conformance is the contract matrix that every host embedding
// toolgate runs from its own tests: the twelve contracts of
// docs/security-model.md, "Contract tests", on each of the six execution
// surfaces, 72 cells in all.
//
// It sits outside the nine-step evaluation order: it does not judge calls,
// it checks that a host really puts every call through the engine, parks
// what needs a person, resumes an approved call once, keeps secrets out of
// its audit, guards its local API and ends the processes it started. Each
// cell observes behaviour through the host (which probe tools ran and how
// often, what the host asked a person, what it parked, what its audit holds,
// what its sidecar answers, which processes survive), never the host's
// configuration.
//
// A host supplies a [NewHost] constructor, called afresh for every cell,
// and runs
//
//	func TestConformance(t *testing.T) {
//		conformance.Run(t, myhost.NewConformanceHost)
//	}
//
// Every cell is a subtest named <surface>/<NN>-<contract>, such as
// "mcp/08-resume-runs-an-approved-call-once", so one cell runs with
// go test -run 'Conformance/mcp/08'. A surface the host does not serve is
// reported as undeclared when NewHost returns [ErrUndeclared] for its
// first cell, and its other cells are skipped; a declared surface never
// skips a contract: ErrUndeclared for a later cell fails that cell. [Check] runs the same matrix
// without package testing and returns a [Report] (the toolgate conformance
// command prints one).
//
// The package supplies the tools (Config.Tools): probes that record whether
// and how often they ran, with which arguments and idempotency key. Every
// failure says what was proposed, what was expected, what the host did,
// and which invariant of docs/security-model.md that breaks.
//
// The matrix reports no false positives: a failing cell is a host that
// broke a contract. It can have false negatives: a host that misbehaves
// only under load, on another path or at another time passes. Run it under
// the race detector. The shell probes and contract 12 need a POSIX shell
// (sh) and kill(2)-style liveness checks; on Windows those cells fail for
// want of sh rather than pass vacuously.
package conformance
