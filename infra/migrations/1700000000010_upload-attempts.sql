-- Up Migration

-- PUTs started with one local upload URL (services/command-api/src/uploads/attempts.ts).
-- In the database, not in memory, so every command-api replica counts the same attempts:
-- a URL allows a few tries (a dropped connection, a wrong file) and then no more. A row
-- lives until its URL expires (token expiry) and is swept by later attempts; a completed
-- upload needs none, since its uploaded_objects row already refuses the URL.
CREATE TABLE upload_attempts (
  object_id uuid PRIMARY KEY,
  attempts integer NOT NULL CHECK (attempts >= 1),
  expires_at timestamptz NOT NULL
);
CREATE INDEX upload_attempts_expires_idx ON upload_attempts (expires_at);

-- Down Migration
DROP TABLE upload_attempts;
