-- Up Migration

-- Consent and opt-out (issue 13, item 4). The notifier's own state of who refuses marketing on
-- which channel, kept from ContactOptedOut / ContactOptedIn (and a new lead submission, which
-- opts the lead in again) in the same transaction as its checkpoint, like its address book.
-- A row means "opted out"; opting in deletes it. `position` is the event that decided it.
CREATE TABLE notifier_opt_outs (
  channel text NOT NULL CHECK (channel IN ('email', 'sms', 'whatsapp')),
  address text NOT NULL,
  position bigint NOT NULL,
  PRIMARY KEY (channel, address)
);

-- Every message has a purpose: 'marketing' (to a lead as a prospect) may be refused,
-- 'service' (their own application, payment, account, commissions; admin alerts) always goes.
-- A marketing message to an opted-out address is recorded as 'suppressed', with the reason,
-- and never queued.
ALTER TABLE notifications ADD COLUMN purpose text NOT NULL DEFAULT 'service' CHECK (purpose IN ('service', 'marketing'));
ALTER TABLE notifications ADD COLUMN suppressed_reason text;
-- A marketing email's one-click unsubscribe URL (RFC 8058), sent as its List-Unsubscribe header.
ALTER TABLE notifications ADD COLUMN unsubscribe_url text;
ALTER TABLE notifications DROP CONSTRAINT notifications_status_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_status_check CHECK (status IN ('queued', 'sent', 'failed', 'suppressed'));

-- The audit log credits an opt-out or opt-in to the contact who made it.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_actor_kind_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_actor_kind_check
  CHECK (actor_kind IN ('admin', 'investor', 'affiliate', 'applicant', 'contact', 'system'));

-- Down Migration
ALTER TABLE audit_log DROP CONSTRAINT audit_log_actor_kind_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_actor_kind_check
  CHECK (actor_kind IN ('admin', 'investor', 'affiliate', 'applicant', 'system'));
ALTER TABLE notifications DROP CONSTRAINT notifications_status_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_status_check CHECK (status IN ('queued', 'sent', 'failed'));
ALTER TABLE notifications DROP COLUMN unsubscribe_url;
ALTER TABLE notifications DROP COLUMN suppressed_reason;
ALTER TABLE notifications DROP COLUMN purpose;
DROP TABLE notifier_opt_outs;
