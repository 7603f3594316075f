-- Up Migration

-- High-water mark of the admin-counters projection: the global position of the last
-- event counted, so a replayed event is never counted twice (counters cannot use
-- ON CONFLICT DO NOTHING the way row projections do).
ALTER TABLE admin_counters ADD COLUMN last_position bigint NOT NULL DEFAULT 0;

-- Down Migration
ALTER TABLE admin_counters DROP COLUMN last_position;
