-- Up Migration

-- The append batch (migration 31) takes its transaction id, and so its positions, when it
-- starts; a member's stream lock may come later, after a transaction with a newer id wrote
-- that stream and committed. The member's events would then have lower positions than the
-- stream's earlier events, and a reader of the log would see the stream out of order (the
-- event store's ordering proof caught it under load). Such a member now writes nothing and
-- answers 'retry'; the adapter sends it again. The single append is not affected: its stream
-- lock is its first write, which is when its transaction id is taken.
CREATE OR REPLACE FUNCTION event_store_append_batch(appends jsonb)
  RETURNS TABLE (member int, outcome text, last_position bigint, last_revision bigint)
  LANGUAGE plpgsql VOLATILE
  AS $$
DECLARE
  a jsonb;
  evs jsonb;
  n int;
  mode text;
  sid text;
  base bigint;
  offs bigint := 0;
  cur_rev bigint;
  cur_head bytea;
  first_pos bigint;
  hashes bytea[];
  key_count bigint;
  stamped timestamptz := now();
BEGIN
  PERFORM event_store_begin_append();
  base := event_store_position_base();
  FOR a, member IN SELECT value, ordinality::int FROM jsonb_array_elements(appends) WITH ORDINALITY LOOP
    sid := a->>'stream';
    evs := a->'events';
    n := jsonb_array_length(evs);
    mode := a->>'mode';
    last_position := NULL;
    last_revision := NULL;

    IF jsonb_array_length(coalesce(a->'keys', '[]'::jsonb)) > 0 THEN
      WITH k AS (
        INSERT INTO subject_keys (subject_id, wrapped_key, master_key_id)
        SELECT x->>'s', decode(x->>'k', 'base64'), x->>'m' FROM jsonb_array_elements(a->'keys') AS x
        ON CONFLICT (subject_id) DO NOTHING RETURNING 1)
      SELECT count(*) INTO key_count FROM k;
      IF key_count < jsonb_array_length(a->'keys') THEN
        outcome := 'keys';
        RETURN NEXT;
        CONTINUE;
      END IF;
    END IF;

    cur_rev := NULL;
    cur_head := NULL;
    IF mode <> 'no_stream' THEN
      SELECT s.revision, s.head_hash INTO cur_rev, cur_head FROM event_streams s WHERE s.stream_id = sid FOR UPDATE;
    END IF;
    IF cur_rev IS NULL AND mode IN ('no_stream', 'any') THEN
      first_pos := 0;
      hashes := event_store_chain(event_store_chain_root(), sid, 0, stamped, evs);
      INSERT INTO event_streams (stream_id, revision, head_hash) VALUES (sid, n - 1, hashes[n])
        ON CONFLICT (stream_id) DO NOTHING RETURNING revision INTO cur_rev;
      IF cur_rev IS NULL THEN
        IF mode = 'no_stream' THEN
          outcome := 'conflict';
          RETURN NEXT;
          CONTINUE;
        END IF;
        -- 'any' raced with another appender's first event: the row is there now.
        SELECT s.revision, s.head_hash INTO cur_rev, cur_head FROM event_streams s WHERE s.stream_id = sid FOR UPDATE;
        first_pos := NULL;
      END IF;
    ELSE
      first_pos := NULL;
    END IF;

    IF first_pos IS NULL THEN
      IF cur_rev IS NULL OR (mode = 'exact' AND cur_rev <> (a->>'expected')::bigint) THEN
        outcome := 'conflict';
        RETURN NEXT;
        CONTINUE;
      END IF;
      -- A later transaction (its positions from a newer transaction id) wrote this stream before
      -- this one got its lock: events written here would sit below them in the log, against the
      -- stream's order. Nothing is written; the adapter sends the member again, in a newer transaction.
      IF EXISTS (SELECT 1 FROM events x WHERE x.stream_id = sid AND x.stream_position = cur_rev
                                            AND x.global_position >= base + 65536) THEN
        outcome := 'retry';
        RETURN NEXT;
        CONTINUE;
      END IF;
      first_pos := cur_rev + 1;
      hashes := event_store_chain(coalesce(cur_head, event_store_chain_root()), sid, first_pos, stamped, evs);
      UPDATE event_streams SET revision = cur_rev + n, head_hash = hashes[n] WHERE stream_id = sid;
    END IF;

    INSERT INTO events (global_position, stream_id, stream_position, event_id, type, data, metadata, created_at, hash)
    SELECT base + offs + e.i - 1, sid, first_pos + e.i - 1, (e.v->>'id')::uuid, e.v->>'type', e.v->'data', e.v->'metadata',
           stamped, hashes[e.i::int]
      FROM jsonb_array_elements(evs) WITH ORDINALITY AS e(v, i);
    offs := offs + n;
    last_position := base + offs - 1;
    last_revision := first_pos + n - 1;
    outcome := 'ok';
    RETURN NEXT;
  END LOOP;
END $$;

-- Down Migration
CREATE OR REPLACE FUNCTION event_store_append_batch(appends jsonb)
  RETURNS TABLE (member int, outcome text, last_position bigint, last_revision bigint)
  LANGUAGE plpgsql VOLATILE
  AS $$
DECLARE
  a jsonb;
  evs jsonb;
  n int;
  mode text;
  sid text;
  base bigint;
  offs bigint := 0;
  cur_rev bigint;
  cur_head bytea;
  first_pos bigint;
  hashes bytea[];
  key_count bigint;
  stamped timestamptz := now();
BEGIN
  PERFORM event_store_begin_append();
  base := event_store_position_base();
  FOR a, member IN SELECT value, ordinality::int FROM jsonb_array_elements(appends) WITH ORDINALITY LOOP
    sid := a->>'stream';
    evs := a->'events';
    n := jsonb_array_length(evs);
    mode := a->>'mode';
    last_position := NULL;
    last_revision := NULL;

    IF jsonb_array_length(coalesce(a->'keys', '[]'::jsonb)) > 0 THEN
      WITH k AS (
        INSERT INTO subject_keys (subject_id, wrapped_key, master_key_id)
        SELECT x->>'s', decode(x->>'k', 'base64'), x->>'m' FROM jsonb_array_elements(a->'keys') AS x
        ON CONFLICT (subject_id) DO NOTHING RETURNING 1)
      SELECT count(*) INTO key_count FROM k;
      IF key_count < jsonb_array_length(a->'keys') THEN
        outcome := 'keys';
        RETURN NEXT;
        CONTINUE;
      END IF;
    END IF;

    cur_rev := NULL;
    cur_head := NULL;
    IF mode <> 'no_stream' THEN
      SELECT s.revision, s.head_hash INTO cur_rev, cur_head FROM event_streams s WHERE s.stream_id = sid FOR UPDATE;
    END IF;
    IF cur_rev IS NULL AND mode IN ('no_stream', 'any') THEN
      first_pos := 0;
      hashes := event_store_chain(event_store_chain_root(), sid, 0, stamped, evs);
      INSERT INTO event_streams (stream_id, revision, head_hash) VALUES (sid, n - 1, hashes[n])
        ON CONFLICT (stream_id) DO NOTHING RETURNING revision INTO cur_rev;
      IF cur_rev IS NULL THEN
        IF mode = 'no_stream' THEN
          outcome := 'conflict';
          RETURN NEXT;
          CONTINUE;
        END IF;
        -- 'any' raced with another appender's first event: the row is there now.
        SELECT s.revision, s.head_hash INTO cur_rev, cur_head FROM event_streams s WHERE s.stream_id = sid FOR UPDATE;
        first_pos := NULL;
      END IF;
    ELSE
      first_pos := NULL;
    END IF;

    IF first_pos IS NULL THEN
      IF cur_rev IS NULL OR (mode = 'exact' AND cur_rev <> (a->>'expected')::bigint) THEN
        outcome := 'conflict';
        RETURN NEXT;
        CONTINUE;
      END IF;
      first_pos := cur_rev + 1;
      hashes := event_store_chain(coalesce(cur_head, event_store_chain_root()), sid, first_pos, stamped, evs);
      UPDATE event_streams SET revision = cur_rev + n, head_hash = hashes[n] WHERE stream_id = sid;
    END IF;

    INSERT INTO events (global_position, stream_id, stream_position, event_id, type, data, metadata, created_at, hash)
    SELECT base + offs + e.i - 1, sid, first_pos + e.i - 1, (e.v->>'id')::uuid, e.v->>'type', e.v->'data', e.v->'metadata',
           stamped, hashes[e.i::int]
      FROM jsonb_array_elements(evs) WITH ORDINALITY AS e(v, i);
    offs := offs + n;
    last_position := base + offs - 1;
    last_revision := first_pos + n - 1;
    outcome := 'ok';
    RETURN NEXT;
  END LOOP;
END $$;

