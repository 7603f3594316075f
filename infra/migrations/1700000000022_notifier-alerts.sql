-- Up Migration

-- The notifier's time-driven admin alerts (issue 13): a payment or application waiting
-- longer than 24 hours, and a projection that stopped.
--
-- What is waiting for the admin's decision, kept by the notifier's follower from the events
-- it follows (in the same transaction as its checkpoint): a row per payment proof or
-- application submitted, marked decided (never deleted, so a replay of the log cannot bring
-- it back as waiting) when it is approved or rejected. The sweeper alerts on the undecided
-- ones older than 24 hours, once per day of waiting (the message id is
-- `overdue:<kind>:<item_id>:<day>`, inserted if absent into notifications).
CREATE TABLE notifier_waiting (
  kind text NOT NULL CHECK (kind IN ('payment', 'application')),
  item_id text NOT NULL,
  submitted_at timestamptz NOT NULL,
  -- The submission event: the alert's row in notifications names it as its cause.
  event_position bigint NOT NULL,
  event_type text NOT NULL,
  -- Who is waiting, as shown in the alert (the investor's name or email, the applicant's name).
  who text NOT NULL,
  -- What the alert shows of the submission (acres, amount, application number), and no more:
  -- the applicant's other personal data stays in the log and the read models.
  details jsonb NOT NULL,
  decided_at timestamptz,
  PRIMARY KEY (kind, item_id)
);
CREATE INDEX notifier_waiting_open_idx ON notifier_waiting (submitted_at) WHERE decided_at IS NULL;

-- What already waits when this table arrives: the follower has passed those submissions, so
-- they are taken from the log (the PostgreSQL event store; an EventStoreDB log starts the
-- table empty and fills it from the events followed from now on). Answers how many it added;
-- an item already there is left as it is, so running it again changes nothing.
CREATE FUNCTION notifier_waiting_backfill() RETURNS integer LANGUAGE sql AS $$
  WITH followed AS (
    SELECT COALESCE((SELECT position FROM notifier_checkpoint WHERE name = 'notifier'), 0) AS position
  ), payments AS (
    INSERT INTO notifier_waiting (kind, item_id, submitted_at, event_position, event_type, who, details)
    SELECT 'payment', e.data->>'paymentId', (e.data->>'submittedAt')::timestamptz, e.global_position, e.type,
           COALESCE(c.name, c.email, e.data->>'userId'),
           jsonb_build_object('acres', (e.data->>'acres')::int, 'amount', (e.data->>'amount')::bigint)
      FROM events e
      LEFT JOIN notifier_contacts c ON c.key = 'user:' || (e.data->>'userId')
     WHERE e.type = 'PaymentProofSubmitted'
       AND e.global_position <= (SELECT position FROM followed)
       AND NOT EXISTS (
         SELECT 1 FROM events d
          WHERE d.type IN ('PaymentApproved', 'PaymentRejected') AND d.data->>'paymentId' = e.data->>'paymentId')
    ON CONFLICT DO NOTHING
    RETURNING 1
  ), applications AS (
    INSERT INTO notifier_waiting (kind, item_id, submitted_at, event_position, event_type, who, details)
    SELECT 'application', e.data->>'applicationId', (e.data->>'submittedAt')::timestamptz, e.global_position, e.type,
           concat_ws(' ', e.data->>'firstName', e.data->>'surname'),
           jsonb_build_object('applicationNumber', e.data->>'applicationNumber',
                              'acres', (e.data->>'acresSubscribed')::int, 'value', (e.data->>'subscriptionValue')::bigint)
      FROM events e
     WHERE e.type = 'ApplicationSubmitted'
       AND e.global_position <= (SELECT position FROM followed)
       AND NOT EXISTS (
         SELECT 1 FROM events d
          WHERE d.type IN ('ApplicationApproved', 'ApplicationRejected')
            AND d.data->>'applicationId' = e.data->>'applicationId')
    ON CONFLICT DO NOTHING
    RETURNING 1
  )
  SELECT ((SELECT count(*) FROM payments) + (SELECT count(*) FROM applications))::int
$$;
SELECT notifier_waiting_backfill();

-- The Outbox tab lists messages newest first by when they were planned: an alert of the
-- sweeper names an older event as its cause (the submission, the failing event), and
-- ordering by that position would bury it among the messages of that day.
CREATE INDEX notifications_planned_idx ON notifications (created_at DESC, event_position DESC, id);

-- Down Migration
DROP INDEX notifications_planned_idx;
DROP FUNCTION notifier_waiting_backfill();
DROP TABLE notifier_waiting;
