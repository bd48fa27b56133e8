// Package postgres runs toolgate's approval store and audit sink on
// PostgreSQL, for fleets: when one person's approvals must reach agents on
// many machines, or a team keeps one audit trail. It is a separate module
// so that the core library keeps its small dependency set; it uses
// github.com/jackc/pgx/v5.
//
// In a host's flow it sits where package approval's FileStore and package
// audit's FileSink sit: after the engine's decision, a call that needs
// approval is parked in the [Store] (an approval.Store, checked by
// approval/approvaltest), a person decides on any host, and the parked run
// wakes through [Store.Wait] (LISTEN/NOTIFY, no polling) and runs once;
// hosts that drain approved work take it with [Store.Claim], which never
// hands one record to two hosts. Around every evaluation the host writes
// lifecycle events to a [Sink] (an audit.Sink), whose hash chain, one per
// stream, spans every host; [Export] writes a stream in the file format
// that `toolgate audit verify` checks, and [Verify] checks it in place.
//
// The schema is created by [Migrate] (or `toolgate-pg migrate`), never
// implicitly. The connection string comes only from the environment
// (TOOLGATE_PG_DSN, or the PG* variables), and no error carries it: see
// [ConfigFromEnv] and [Error].
//
// See docs/security-model.md, Approvals and Audit.
//
// # Limits
//
// Records are stored as JSON, as the file store's arguments are: strings
// that are not valid UTF-8 come back with U+FFFD in place of the bad bytes.
// The audit sink encodes each line with audit.EncodeLine, as the file sink
// does, so both redact a line the same way. Verify reads a stream into
// memory.
package postgres
