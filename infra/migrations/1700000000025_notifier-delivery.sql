-- Up Migration

-- The attempt a notifier process is handing to a transport right now (issue 13, exactly
-- once across a SIGKILL). Set before the send and cleared when the outcome is recorded,
-- while the sender holds an advisory lock on the message: a mark without that lock is an
-- attempt that died with its process, whose message may or may not have reached the
-- provider. The restart re-queues its job at once instead of after the job's expiry.
ALTER TABLE notifications
  ADD COLUMN sending_attempt integer,
  ADD COLUMN sending_since timestamptz;

-- Down Migration
ALTER TABLE notifications
  DROP COLUMN sending_attempt,
  DROP COLUMN sending_since;
