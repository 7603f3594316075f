-- Up Migration

-- A completed password reset ends every session of that account (issue 13, item 5): the
-- sessions are found by the user id inside sess, so that lookup gets an index.
CREATE INDEX sessions_user_id_idx ON sessions ((sess->'user'->>'id'));

-- Down Migration
DROP INDEX sessions_user_id_idx;
