-- Up Migration

-- One data key per data subject (issue 14 item 1): a person's personal fields in the event
-- log are encrypted with it, and it is itself encrypted (AES-256-GCM, the subject id as
-- additional data) with the master key from DATA_MASTER_KEY. Erasure destroys the wrapped
-- key: what the log holds of that person can never be read again, and the log stays as it was.
CREATE TABLE subject_keys (
  subject_id text PRIMARY KEY,
  -- NULL once destroyed.
  wrapped_key bytea,
  -- Which master key wrapped it (a digest of it), so a wrong DATA_MASTER_KEY is named at once.
  master_key_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  destroyed_at timestamptz,
  CONSTRAINT subject_keys_destroyed CHECK ((wrapped_key IS NULL) = (destroyed_at IS NOT NULL))
);

-- Down Migration
DROP TABLE subject_keys;
