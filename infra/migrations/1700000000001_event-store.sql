-- Up Migration

-- The event store's global log (DESIGN section 3).
--
-- Ordering: readers must never pass over a position that a slower transaction commits
-- later. A sequence cannot promise that (a transaction that took position 7 may commit
-- after one that took 8), and a global lock held until commit would serialise every
-- writer. Instead a row's global position is derived from the id of the transaction
-- that wrote it:
--
--   global_position = xid8 of the appending transaction * 65536 + index within the append
--
-- and readers only read positions below event_store_visible_below(), i.e. rows of
-- transactions older than the oldest transaction still running. Every transaction that
-- can still commit has an xid at or above that horizon, so nothing can ever appear
-- below a position a reader has passed. Writers to different streams never wait for
-- each other; a long-running write transaction anywhere in the cluster only delays
-- when newer events become readable.
--
-- Positions are therefore sparse (they jump by 65536 and more) and start far above 0,
-- so 0 still means "nothing read". They stay below 2^53 up to xid epoch 31.

-- The one place that maps a transaction id to positions.
--
-- Transaction ids start again near zero in a new cluster. After restoring a dump into
-- one (pg_upgrade keeps them; pg_dump does not), the adapter refuses to append, because
-- new events would land behind positions readers have already passed. The fix, with no
-- appends running: add an offset here that puts the current transaction id past the log,
-- e.g. (SELECT max(global_position) / 65536 FROM events) - pg_snapshot_xmax(pg_current_snapshot())::text::bigint + 1.
CREATE FUNCTION event_store_xid_position(xid xid8) RETURNS bigint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT (xid::text::bigint + 0) * 65536 $$;

-- Where this transaction's events go (index within the append is added to it).
CREATE FUNCTION event_store_position_base() RETURNS bigint
  LANGUAGE sql VOLATILE
  AS $$ SELECT event_store_xid_position(pg_current_xact_id()) $$;

-- Readers see positions below this: every older transaction has ended.
CREATE FUNCTION event_store_visible_below() RETURNS bigint
  LANGUAGE sql STABLE
  AS $$ SELECT event_store_xid_position(pg_snapshot_xmin(pg_current_snapshot())) $$;

-- No transaction that has yet to start can write below this.
CREATE FUNCTION event_store_position_floor() RETURNS bigint
  LANGUAGE sql STABLE
  AS $$ SELECT event_store_xid_position(pg_snapshot_xmax(pg_current_snapshot())) $$;

-- One row per stream with its current revision: the expected-revision check is a
-- conditional insert or update of this row, so appenders to one stream queue on its
-- row lock and exactly one of two racing appenders wins.
CREATE TABLE event_streams (
  stream_id text PRIMARY KEY,
  revision bigint NOT NULL CHECK (revision >= 0)
);

CREATE TABLE events (
  global_position bigint PRIMARY KEY,
  stream_id text NOT NULL,
  stream_position bigint NOT NULL CHECK (stream_position >= 0),
  event_id uuid NOT NULL UNIQUE,
  type text NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (stream_id, stream_position)
);

-- Down Migration
DROP TABLE events;
DROP TABLE event_streams;
DROP FUNCTION event_store_position_floor();
DROP FUNCTION event_store_visible_below();
DROP FUNCTION event_store_position_base();
DROP FUNCTION event_store_xid_position(xid8);
