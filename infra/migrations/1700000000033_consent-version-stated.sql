-- Up Migration

-- SPEC section 7's payloads name no consent text version and stay a public contract: such a
-- request is recorded as agreeing to the text in force when it arrived, and the consent history
-- says the version was not stated by the client. Null for an opt-out or opt-in (no text); every
-- form consent recorded so far named its version.
ALTER TABLE consent_history ADD COLUMN version_stated_by_client boolean;
UPDATE consent_history SET version_stated_by_client = true WHERE kind = 'consent-given';

-- Down Migration
ALTER TABLE consent_history DROP COLUMN version_stated_by_client;
