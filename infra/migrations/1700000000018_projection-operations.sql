-- Up Migration

-- Operations on projections requested from the admin's Operations tab or run by the
-- projections CLI (issue 12 item 6): the work queue between the command API, which takes
-- requests, and the projector processes, which carry them out, and the live progress of a
-- rebuild. The audit trail is the event log (ProjectionRebuildRequested, …); this table is
-- operational state only.
CREATE TABLE projection_operations (
  id uuid PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('rebuild', 'resume', 'skip')),
  projection text NOT NULL,
  status text NOT NULL DEFAULT 'requested'
    CHECK (status IN ('requested', 'running', 'done', 'failed', 'refused', 'withdrawn', 'interrupted')),
  requested_by text NOT NULL,
  -- The actor and correlation id of the events the operation appends.
  actor_kind text NOT NULL,
  actor_id text,
  correlation_id uuid NOT NULL,
  position bigint,
  reason text,
  requested_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  progress_done bigint NOT NULL DEFAULT 0,
  progress_total bigint,
  progress_fraction double precision,
  -- 'conflict', 'not_found', … when refused: the HTTP answer the request waits for.
  refusal text,
  message text
);
-- One rebuild of a projection at a time, whichever path asked for it: a second request is a 409.
CREATE UNIQUE INDEX projection_operations_one_rebuild_idx ON projection_operations (projection)
  WHERE kind = 'rebuild' AND status IN ('requested', 'running');
CREATE INDEX projection_operations_waiting_idx ON projection_operations (requested_at) WHERE status = 'requested';
CREATE INDEX projection_operations_recent_idx ON projection_operations (requested_at DESC);

-- A running operation is held by its process with a session advisory lock on
-- ('acres.operation', id); one whose process died (kill -9, a lost connection) holds none
-- and is marked interrupted, so it no longer blocks a new rebuild.
CREATE FUNCTION projection_operations_sweep() RETURNS integer LANGUAGE sql AS $$
  WITH swept AS (
    UPDATE projection_operations o
       SET status = 'interrupted', finished_at = now(),
           message = COALESCE(message, 'the process running it stopped; the live tables are untouched')
     WHERE o.status = 'running'
       AND NOT EXISTS (
         SELECT 1 FROM pg_locks l
          WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
            AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
            AND l.classid = hashtext('acres.operation')::oid AND l.objid = hashtext(o.id::text)::oid)
    RETURNING 1)
  SELECT count(*)::int FROM swept
$$;

-- Down Migration
DROP FUNCTION projection_operations_sweep();
DROP TABLE projection_operations;
