-- Up Migration

-- As of any moment (issue 14, item 6): the query API replays one subject's events up to a
-- log position. An investor's payment events (their submissions on payment-{id} streams
-- and the decisions on the allocation stream) are found by the userId they carry, in log
-- order; a date resolves to the last position recorded by the end of that Lagos day.
CREATE INDEX events_user_id_position_idx ON events ((data->>'userId'), global_position);
CREATE INDEX events_created_at_idx ON events (created_at);
-- The allocation, an affiliate's stream and the payouts stream, read up to a position in log order.
CREATE INDEX events_stream_global_position_idx ON events (stream_id, global_position);

-- Down Migration

DROP INDEX IF EXISTS events_stream_global_position_idx;
DROP INDEX IF EXISTS events_created_at_idx;
DROP INDEX IF EXISTS events_user_id_position_idx;
