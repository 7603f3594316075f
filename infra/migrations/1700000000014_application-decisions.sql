-- Up Migration

-- Application review (issue 12 item 2): ApplicationApproved / ApplicationRejected in the
-- application's stream move a subscription out of pending, with what the admin recorded.
ALTER TABLE subscriptions
  ADD COLUMN decision_notes text,
  ADD COLUMN decided_at timestamptz,
  ADD COLUMN decided_by text;

-- The admin's list filtered by status, newest first (keyset pages).
CREATE INDEX subscriptions_status_created_at_idx ON subscriptions (status, created_at DESC, id DESC);

-- The command side addresses an application by id, but its stream is keyed by the
-- applicant's email: this finds the stream from the event log itself (never a read model).
CREATE INDEX events_application_id_idx ON events ((data ->> 'applicationId')) WHERE type = 'ApplicationSubmitted';

-- Down Migration
DROP INDEX events_application_id_idx;
DROP INDEX subscriptions_status_created_at_idx;
ALTER TABLE subscriptions DROP COLUMN decided_by, DROP COLUMN decided_at, DROP COLUMN decision_notes;
