-- Up Migration

-- Email ownership (issue 24, item 1): an account's records are what it made itself, and the
-- records made elsewhere with an address it has shown it owns. The addresses each account has
-- verified (UserEmailVerified), kept when its email changes; built by the 'users' projection.
CREATE TABLE user_verified_emails (
  user_id uuid NOT NULL,
  -- Lower-cased.
  email text NOT NULL,
  method text NOT NULL,
  verified_at timestamptz NOT NULL,
  global_position bigint NOT NULL,
  PRIMARY KEY (user_id, email)
);
CREATE INDEX user_verified_emails_email_idx ON user_verified_emails (email);

-- The signed-in account that made a lead or an application (the event's actor), null for a
-- visitor. Every record so far was a visitor's: the commands recorded no user as their actor.
ALTER TABLE leads ADD COLUMN created_by_user_id uuid;
ALTER TABLE subscriptions ADD COLUMN created_by_user_id uuid;
CREATE INDEX leads_created_by_user_id_idx ON leads (created_by_user_id) WHERE created_by_user_id IS NOT NULL;
CREATE INDEX subscriptions_created_by_user_id_idx ON subscriptions (created_by_user_id) WHERE created_by_user_id IS NOT NULL;

-- Down Migration
DROP INDEX subscriptions_created_by_user_id_idx;
DROP INDEX leads_created_by_user_id_idx;
ALTER TABLE subscriptions DROP COLUMN created_by_user_id;
ALTER TABLE leads DROP COLUMN created_by_user_id;
DROP TABLE user_verified_emails;
