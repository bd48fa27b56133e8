-- Approval records and standing approvals. The whole record is kept as
-- its JSON in body; the other columns are what the queries select on.
-- Identity columns are bytea so that any Go string, NUL bytes included,
-- round-trips.
CREATE TABLE toolgate_approvals (
	id            text    PRIMARY KEY,
	revision      bigint  NOT NULL CHECK (revision >= 1),
	state         text    NOT NULL,
	checkpoint    text    NOT NULL,
	created_s     bigint  NOT NULL,
	created_ns    integer NOT NULL,
	session       bytea   NOT NULL,
	binding_tool  bytea   NOT NULL,
	binding_agent bytea   NOT NULL,
	binding_target bytea  NOT NULL,
	session_scope boolean NOT NULL,
	code_hash     bytea,
	body          bytea   NOT NULL
);
CREATE INDEX toolgate_approvals_created ON toolgate_approvals (created_s, created_ns, id COLLATE "C");
CREATE INDEX toolgate_approvals_resumable ON toolgate_approvals (created_s, created_ns, id COLLATE "C")
	WHERE state = 'resuming' AND checkpoint = 'approved';
CREATE INDEX toolgate_approvals_session ON toolgate_approvals (session, binding_tool, binding_agent, binding_target)
	WHERE session_scope;

CREATE TABLE toolgate_standing (
	id      text   PRIMARY KEY,
	seq     bigserial NOT NULL,
	task    bytea  NOT NULL,
	tool    bytea  NOT NULL,
	target  bytea  NOT NULL,
	body    bytea  NOT NULL
);
CREATE INDEX toolgate_standing_lookup ON toolgate_standing (task, tool, target, seq);
