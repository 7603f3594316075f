-- Up Migration

-- Phone ownership (issue 24, item 2): the numbers each account confirmed with a texted code,
-- all of them (a person who changes number keeps the old ones), and the one code each account
-- is waiting to confirm. Both are the verified-phones projection's; an erasure deletes the
-- person's rows.
CREATE TABLE user_verified_phones (
  user_id uuid NOT NULL,
  phone_e164 text NOT NULL,
  verified_at timestamptz NOT NULL,
  global_position bigint NOT NULL,
  PRIMARY KEY (user_id, phone_e164)
);
CREATE INDEX user_verified_phones_phone_idx ON user_verified_phones (phone_e164);

CREATE TABLE phone_verifications_pending (
  user_id uuid PRIMARY KEY,
  verification_id uuid NOT NULL,
  phone_e164 text NOT NULL,
  expires_at timestamptz NOT NULL,
  failed_attempts integer NOT NULL,
  global_position bigint NOT NULL
);

-- Down Migration
DROP TABLE phone_verifications_pending;
DROP TABLE user_verified_phones;
