-- Audit streams: one hash chain per stream. The head row is locked while
-- a batch is appended, so the database orders every host's appends.
CREATE TABLE toolgate_audit_heads (
	stream text   PRIMARY KEY,
	seq    bigint NOT NULL CHECK (seq >= 0),
	hash   text   NOT NULL
);
CREATE TABLE toolgate_audit_events (
	stream text   NOT NULL REFERENCES toolgate_audit_heads (stream),
	seq    bigint NOT NULL CHECK (seq >= 1),
	line   bytea  NOT NULL,
	PRIMARY KEY (stream, seq)
);
