-- Up Migration

-- A tamper-evident log (issue 14). Each event carries
--
--   hash = SHA-256(canonical(stream id, stream revision, event id, type, data, metadata,
--                            created time) || hash of the stream's previous event)
--
-- with 32 zero bytes before revision 0. canonical() is the fields as stored, each text
-- length-prefixed (uint32 big-endian, UTF-8), numbers as int8 big-endian, created time as
-- microseconds since the epoch, data and metadata as jsonb's own text form (jsonb keeps no
-- key order of its own, so its output text is what the verifier reads back and rehashes).
-- It covers the stored bytes, so an erased or encrypted payload is covered as written.
-- services/eventstore/src/chain/encoding.ts is the same encoding in TypeScript; the verifier
-- rehashes with it, never with these functions.
--
-- The hash of a stream's last event is kept on its event_streams row too: an append hashes
-- from it under the row lock its expected-revision check already takes, so racing appenders
-- chain in the order they commit, and the append stays one statement (RETURNING old.head_hash).
-- The global position is left out on purpose: computing it takes the transaction's id, and
-- taking that before the row lock would let a waiting appender's events precede, in the
-- log, the events of the append it queued behind (and EventStoreDB cannot know it either).
-- The digests below cover the log's order.

CREATE FUNCTION event_store_chain_root() RETURNS bytea
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT '\x0000000000000000000000000000000000000000000000000000000000000000'::bytea $$;

CREATE FUNCTION event_store_hash_field(value text) RETURNS bytea
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT int4send(octet_length(convert_to(value, 'UTF8'))) || convert_to(value, 'UTF8') $$;

CREATE FUNCTION event_store_event_hash(
  prev bytea, stream_id text, stream_position bigint, event_id uuid,
  type text, data jsonb, metadata jsonb, created_at timestamptz
) RETURNS bytea
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT sha256(
    event_store_hash_field('acres-event-v1') || event_store_hash_field(stream_id) || int8send(stream_position)
    || event_store_hash_field(event_id::text) || event_store_hash_field(type)
    || event_store_hash_field(data::text) || event_store_hash_field(metadata::text)
    || int8send((extract(epoch FROM created_at) * 1000000)::bigint) || prev) $$;

-- The hashes of one append's events (the JSON array the adapter sends), in order.
CREATE FUNCTION event_store_chain(
  prev bytea, stream text, first_position bigint, created_at timestamptz, events jsonb
) RETURNS bytea[]
  LANGUAGE plpgsql STABLE
  AS $$
DECLARE
  hashes bytea[] := '{}';
  head bytea := prev;
  e jsonb;
  i bigint := 0;
BEGIN
  FOR e IN SELECT value FROM jsonb_array_elements(events) LOOP
    head := event_store_event_hash(head, stream, first_position + i, (e->>'id')::uuid,
                                   e->>'type', e->'data', e->'metadata', created_at);
    hashes := hashes || head;
    i := i + 1;
  END LOOP;
  RETURN hashes;
END $$;

ALTER TABLE events ADD COLUMN hash bytea;
ALTER TABLE event_streams ADD COLUMN head_hash bytea;

-- Hashes events written without one (this migration's existing log; bulk-seeded logs), in
-- stream order, continuing each stream's chain. Answers how many it hashed.
CREATE FUNCTION event_store_backfill_hashes() RETURNS bigint
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
            WHERE e.stream_id IN (SELECT DISTINCT stream_id FROM events WHERE hash IS NULL)
            ORDER BY e.stream_id, e.stream_position LOOP
    IF current_stream IS DISTINCT FROM r.stream_id THEN
      current_stream := r.stream_id;
      head := event_store_chain_root();
    END IF;
    IF r.hash IS NULL THEN
      head := event_store_event_hash(head, r.stream_id, r.stream_position, r.event_id,
                                     r.type, r.data, r.metadata, r.created_at);
      UPDATE events SET hash = head WHERE global_position = r.global_position;
      hashed := hashed + 1;
    ELSE
      head := r.hash;
    END IF;
  END LOOP;
  UPDATE event_streams s SET head_hash = e.hash
    FROM events e
   WHERE e.stream_id = s.stream_id AND e.stream_position = s.revision AND s.head_hash IS NULL;
  RETURN hashed;
END $$;

SELECT event_store_backfill_hashes();

-- The stream heads chained into a global digest at intervals (the digester in the projector
-- process): digest = SHA-256(previous digest || position || hash of every stream's last
-- event in (previous position, position], in position order). Deleting or rewriting any
-- digested event, the tail included, changes a recomputed digest.
CREATE TABLE log_digests (
  position bigint PRIMARY KEY,
  digest bytea NOT NULL,
  streams integer NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now()
);

-- One row per run of the verifier (CLI or the periodic job). Not an event: verifying is no
-- business decision, and the log it checks must not be what records whether it is sound.
CREATE TABLE log_verifications (
  id bigserial PRIMARY KEY,
  checked_at timestamptz NOT NULL,
  up_to_position bigint NOT NULL,
  digest_position bigint,
  digest bytea,
  events_checked bigint NOT NULL,
  ok boolean NOT NULL,
  first_broken jsonb
);
CREATE INDEX log_verifications_checked_at ON log_verifications (checked_at DESC, id DESC);

-- Down Migration
DROP TABLE log_verifications;
DROP TABLE log_digests;
DROP FUNCTION event_store_backfill_hashes();
ALTER TABLE event_streams DROP COLUMN head_hash;
ALTER TABLE events DROP COLUMN hash;
DROP FUNCTION event_store_chain(bytea, text, bigint, timestamptz, jsonb);
DROP FUNCTION event_store_event_hash(bytea, text, bigint, uuid, text, jsonb, jsonb, timestamptz);
DROP FUNCTION event_store_hash_field(text);
DROP FUNCTION event_store_chain_root();
