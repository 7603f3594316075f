-- Up Migration

-- The consent ledger (issue 14, item 4).
-- 1. The notifier's opt-outs are per purpose as well as channel and address: a row means this
--    contact refuses this purpose on this channel. Rows written so far were all marketing.
ALTER TABLE notifier_opt_outs ADD COLUMN purpose text NOT NULL DEFAULT 'marketing';
ALTER TABLE notifier_opt_outs ALTER COLUMN purpose DROP DEFAULT;
ALTER TABLE notifier_opt_outs DROP CONSTRAINT notifier_opt_outs_pkey;
ALTER TABLE notifier_opt_outs ADD PRIMARY KEY (channel, address, purpose);

-- 2. The consent history read model: one row per ConsentRecorded (a form's checkbox, with the
--    text's id, version and digest) and per ContactOptedOut / ContactOptedIn. Contacts are named
--    by their key-holder id (`contact:<32 hex>`, a digest of the address), never the address,
--    so the table holds nothing an erasure must reach.
CREATE TABLE consent_history (
  global_position bigint PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('consent-given', 'opted-out', 'opted-in')),
  -- `lead:<uuid>` or `application:<uuid>` for a form's consent; null for an opt-out or opt-in.
  subject text,
  contacts text[] NOT NULL,
  channels text[] NOT NULL,
  purposes text[] NOT NULL,
  text_id text,
  text_version integer,
  text_digest text,
  source text NOT NULL,
  recorded_by text,
  occurred_at timestamptz NOT NULL
);
CREATE INDEX consent_history_subject_idx ON consent_history (subject) WHERE subject IS NOT NULL;
CREATE INDEX consent_history_contacts_idx ON consent_history USING gin (contacts);

-- Down Migration
DROP TABLE consent_history;
DELETE FROM notifier_opt_outs WHERE purpose <> 'marketing';
ALTER TABLE notifier_opt_outs DROP CONSTRAINT notifier_opt_outs_pkey;
ALTER TABLE notifier_opt_outs DROP COLUMN purpose;
ALTER TABLE notifier_opt_outs ADD PRIMARY KEY (channel, address);
