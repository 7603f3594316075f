-- Up Migration

-- Request and failure counters shared by every replica (a counter in process memory
-- would let N replicas allow N times the attempts). One row per key, e.g.
-- 'upload-url:203.0.113.7' (a plain per-address limit, @fastify/rate-limit's store) or
-- 'sign-in:pair:<sha256>' (failed sign-ins of one account from one address).
--   count           requests or failures in the current window
--   window_ends_at  when count starts again from zero: fixed for request limits,
--                   pushed forward by each failure for failure counters
--   blocked_until   failure counters only: no attempt is checked before this
-- Rows past expires_at are dead and purged on an interval (command-api).
CREATE TABLE throttle (
  key text PRIMARY KEY CHECK (length(key) BETWEEN 1 AND 200),
  count integer NOT NULL CHECK (count >= 0),
  window_ends_at timestamptz NOT NULL,
  blocked_until timestamptz,
  expires_at timestamptz GENERATED ALWAYS AS (greatest(window_ends_at, blocked_until)) STORED
);
CREATE INDEX throttle_expires_at_idx ON throttle (expires_at);

-- Down Migration
DROP TABLE throttle;
