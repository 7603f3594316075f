-- Up Migration

-- A second kind of log rewrite: streams named by an unkeyed SHA-256 of an address renamed to
-- the address's keyed digest (services/eventstore/src/protect/key-stream-names.ts).
ALTER TABLE log_rewrites DROP CONSTRAINT log_rewrites_kind_check;
ALTER TABLE log_rewrites ADD CONSTRAINT log_rewrites_kind_check CHECK (kind IN ('seal-personal-fields', 'key-stream-names'));

-- Down Migration
ALTER TABLE log_rewrites DROP CONSTRAINT log_rewrites_kind_check;
ALTER TABLE log_rewrites ADD CONSTRAINT log_rewrites_kind_check CHECK (kind IN ('seal-personal-fields'));
