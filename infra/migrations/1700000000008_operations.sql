-- Up Migration

-- Events an operator parked with `npm run projections -- skip <name> --position N --reason …`:
-- the poison event a failed projection stopped on, kept whole with the error and the
-- operator's reason, so nothing leaves the read side without a trace. `projection` is the
-- live projection's name (a skip during a rebuild is recorded under the projection it
-- rebuilds), and rebuilds of that projection pass over these events the same way.
CREATE TABLE projection_dead_letters (
  id bigserial PRIMARY KEY,
  projection text NOT NULL,
  position bigint NOT NULL,
  -- As the event store gave it (a uuid for both adapters, kept as text to store any id).
  event_id text NOT NULL,
  event_type text NOT NULL,
  stream_id text,
  data jsonb,
  metadata jsonb,
  error text NOT NULL,
  reason text NOT NULL CHECK (length(btrim(reason)) > 0),
  skipped_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (projection, position)
);

-- One row per rebuild (`npm run projections -- rebuild …`): the versioned tables it fills
-- (live name → building name) and its own checkpoint row in projection_checkpoints. A
-- rebuild interrupted while 'building' is resumed from that checkpoint by the next run;
-- 'swapped' rows are the history of rebuilds that replaced the live tables.
CREATE TABLE projection_rebuilds (
  projection text NOT NULL,
  generation integer NOT NULL CHECK (generation >= 2),
  checkpoint_name text NOT NULL UNIQUE,
  tables jsonb NOT NULL,
  status text NOT NULL DEFAULT 'building' CHECK (status IN ('building', 'swapped', 'abandoned')),
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  swapped_position bigint,
  PRIMARY KEY (projection, generation)
);
-- At most one rebuild of a projection in progress.
CREATE UNIQUE INDEX projection_rebuilds_building_idx ON projection_rebuilds (projection) WHERE status = 'building';

-- Down Migration
DROP TABLE projection_rebuilds;
DROP TABLE projection_dead_letters;
