-- What an approval of one call binds (approval.Record.CallHash): kept
-- beside the body, as code_hash is, since the record's JSON leaves it
-- out. A record written before this step has none and matches no call.
ALTER TABLE toolgate_approvals ADD COLUMN call_hash bytea;
