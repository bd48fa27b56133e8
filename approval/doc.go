// Package approval keeps approval requests that survive a restart: it
// parks a call that needs a person's decision, records who decided and
// when, and runs an approved call exactly once.
//
// It sits after the engine's decision in a host's flow. When
// policy.Engine.Evaluate returns approval-required, an attended host may
// ask inline; an unattended one (a scheduled task, a goal loop, a platform
// reply) must never treat that as consent: it calls [Inbox.Park] and the
// run waits. A person decides in the inbox (the `toolgate inbox` command,
// or the host's own interface through [Inbox.Approve] and [Inbox.Deny]),
// and the host then calls [Inbox.Resume], which marks the record started,
// with its idempotency key, before calling the host's [Executor], and
// completed after. The [Inbox] also implements policy.SessionApprovals and
// policy.StandingApprovals, so the engine's steps 7 and 8 read durable
// approvals with no change to the engine.
//
// A record moves through these states, each change one compare-and-set
// write to the [Store]:
//
//	running -> waiting_for_approval -> resuming -> completed | failed
//	                                \-> denied | expired
//
// A record binds the call it was parked for by [CallHash]: every argument,
// the call's place and its canonical targets. A host that matches a call
// it is given again to a parked record uses [Record.Matches], so an
// approval of one call never lets another through.
//
// After a restart, [Inbox.Recover] sorts the records: approved but never
// started ones run once through Resume; started but never finished ones are
// interrupted, and run again only through [Inbox.Retry], with the same
// idempotency key, so an external service can deduplicate; completed,
// failed, denied and expired ones never run. See docs/security-model.md,
// "Approvals".
//
// Two stores come with the package: [MemoryStore] and the durable
// [FileStore], the embedded default. Package approvaltest checks any
// Store, including one over a database.
//
// # Limits
//
// Exactly once holds up to the executor: if a host dies after its
// executor acted and before the completion was written, the record is
// interrupted and the host cannot know whether the side effect happened;
// the idempotency key is what lets the external side tell. Resume and
// Retry are serialized by compare-and-set, but a Retry while the first
// attempt is in fact still running elsewhere (a host that was presumed
// dead) runs the call twice with one key. Expiry is checked when a record
// is read, so a record past its expiry stays waiting in the store until
// someone reads it, and is never approved.
package approval
