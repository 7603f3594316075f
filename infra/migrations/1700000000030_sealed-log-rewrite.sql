-- Up Migration

-- The one-off sealing of personal fields that events written before issue 14 hold in clear
-- (`npm run audit -- seal`, services/eventstore/src/protect/seal-postgres-log.ts). It rewrites
-- those events' data in place (same id, stream, revision, position), so their hashes change:
-- each rewritten stream's chain is recomputed from its first event in the same transaction,
-- and the digests recorded over the old hashes are kept aside here, replaced by a new one.

-- Rehashes whole streams from the chain root, as the append would have hashed them (migration
-- 23's encoding), and moves their heads. Answers how many events it hashed.
CREATE FUNCTION event_store_rehash_streams(streams text[]) RETURNS bigint
  LANGUAGE plpgsql VOLATILE
  AS $$
DECLARE
  r record;
  head bytea;
  current_stream text := NULL;
  hashed bigint := 0;
BEGIN
  FOR r IN SELECT e.global_position, e.stream_id, e.stream_position, e.event_id, e.type, e.data, e.metadata, e.created_at, e.hash
             FROM events e
            WHERE e.stream_id = ANY(streams)
            ORDER BY e.stream_id, e.stream_position LOOP
    IF current_stream IS DISTINCT FROM r.stream_id THEN
      current_stream := r.stream_id;
      head := event_store_chain_root();
    END IF;
    head := event_store_event_hash(head, r.stream_id, r.stream_position, r.event_id,
                                   r.type, r.data, r.metadata, r.created_at);
    IF r.hash IS DISTINCT FROM head THEN
      UPDATE events SET hash = head WHERE global_position = r.global_position;
    END IF;
    hashed := hashed + 1;
  END LOOP;
  UPDATE event_streams s SET head_hash = e.hash
    FROM events e
   WHERE s.stream_id = ANY(streams) AND e.stream_id = s.stream_id AND e.stream_position = s.revision;
  RETURN hashed;
END $$;

-- Each rewrite of stored events (today only the sealing): when, how much, and which digest
-- closed it. A row whose finished_at is NULL is a run that stopped midway; the next run
-- continues it. The audit trail of the rewrite itself, since the log cannot record its own edit.
CREATE TABLE log_rewrites (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('seal-personal-fields')),
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  events_rewritten bigint NOT NULL DEFAULT 0,
  streams_rehashed bigint NOT NULL DEFAULT 0,
  digests_superseded integer,
  -- The first digest over the rewritten log.
  digest_position bigint,
  digest bytea
);
CREATE UNIQUE INDEX log_rewrites_one_running ON log_rewrites (kind) WHERE finished_at IS NULL;

-- The digests recorded before a rewrite, over the hashes it replaced: kept, not deleted, so
-- what was vouched for before the rewrite can still be shown.
CREATE TABLE superseded_log_digests (
  rewrite_id bigint NOT NULL REFERENCES log_rewrites (id),
  position bigint NOT NULL,
  digest bytea NOT NULL,
  streams integer NOT NULL,
  recorded_at timestamptz NOT NULL,
  PRIMARY KEY (rewrite_id, position)
);

-- Down Migration
DROP TABLE superseded_log_digests;
DROP TABLE log_rewrites;
DROP FUNCTION event_store_rehash_streams(text[]);
