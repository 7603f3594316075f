-- Up Migration

-- Who must not be messaged, per channel and purpose, by the keyed digest of the address
-- (MessagingSuppressed / MessagingResumed on the suppression-<digest> streams, issue 24 item 4).
-- The notifier's own copy, written in its follower's transaction like notifier_opt_outs, but
-- unlike that table never touched by an erasure: it holds no address, and an erased address
-- that comes back on a new lead must still not be sent marketing.
CREATE TABLE notifier_suppressions (
  digest text NOT NULL,
  channel text NOT NULL,
  purpose text NOT NULL,
  -- The event that suppressed it: the Outbox's reason names it.
  position bigint NOT NULL,
  PRIMARY KEY (digest, channel, purpose)
);

-- Down Migration
DROP TABLE notifier_suppressions;
