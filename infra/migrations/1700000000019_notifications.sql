-- Up Migration

-- The notifier (issue 13). It follows the event log with a checkpoint of its own, not a
-- projection's: a projection rebuild or replay never moves it, so it never resends.
CREATE TABLE notifier_checkpoint (
  name text PRIMARY KEY,
  position bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The notifier's address book (user, affiliate and sale ids to email, name, phone), kept
-- from the events it follows in the same transaction as its checkpoint.
CREATE TABLE notifier_contacts (
  key text PRIMARY KEY,
  email text,
  name text,
  phone text
);

-- Every message the notifier produced, rendered, with its delivery state. The id is the
-- idempotency key `${globalPosition}:${channel}:${recipient}`: a replay or a restart that
-- plans the same message again finds it here and queues nothing. The delivery attempts
-- and outcomes are NotificationSent / NotificationFailed events (the sent-log).
CREATE TABLE notifications (
  id text PRIMARY KEY,
  event_position bigint NOT NULL,
  event_type text NOT NULL,
  kind text NOT NULL,
  channel text NOT NULL CHECK (channel IN ('email', 'sms', 'whatsapp')),
  recipient text NOT NULL,
  subject text,
  body_text text NOT NULL,
  body_html text,
  whatsapp_template jsonb,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
  transport text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  provider_message_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- The Outbox tab: newest first.
CREATE INDEX notifications_newest_idx ON notifications (event_position DESC, id);

-- Down Migration
DROP TABLE notifications;
DROP TABLE notifier_contacts;
DROP TABLE notifier_checkpoint;
