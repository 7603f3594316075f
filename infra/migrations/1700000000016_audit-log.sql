-- Up Migration

-- The admin's Audit log (issue 12): one row per event that records an admin action or a state
-- change of a payment, application, affiliate, sale, payout, setting or projection, keyed by
-- the event's global position (a replayed event is a no-op). Rows are only ever added.
CREATE TABLE audit_log (
  global_position bigint PRIMARY KEY,
  occurred_at timestamptz NOT NULL,
  kind text NOT NULL,
  actor_kind text NOT NULL CHECK (actor_kind IN ('admin', 'investor', 'affiliate', 'applicant', 'system')),
  actor_id text,
  subject_type text NOT NULL,
  subject_id text NOT NULL,
  summary text NOT NULL,
  notes text,
  changes text
);
-- The filters, each read newest first by position.
CREATE INDEX audit_log_kind_idx ON audit_log (kind, global_position DESC);
CREATE INDEX audit_log_actor_idx ON audit_log (lower(actor_id), global_position DESC);
CREATE INDEX audit_log_subject_idx ON audit_log (subject_type, subject_id, global_position DESC);
CREATE INDEX audit_log_occurred_at_idx ON audit_log (occurred_at);

-- Down Migration
DROP TABLE audit_log;
