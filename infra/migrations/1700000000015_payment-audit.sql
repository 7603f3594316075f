-- Up Migration

-- The payment audit (issue 12, items 3 and 4).
--
-- 4. The server's price check, written by the 'payments' projection from
-- PaymentProofSubmitted (version 2): acres × the wholesale price, and amount minus that
-- (negative: short). Rows of version 1 events stay null here until the next rebuild, which
-- computes them; readers compute them from acres meanwhile.
ALTER TABLE payments ADD COLUMN expected_amount bigint;
ALTER TABLE payments ADD COLUMN amount_difference bigint;

-- 3. Search by a fragment of the investor's name, email or the payment id stays an index
-- lookup at 100,000 payments: trigram indexes answer ILIKE '%fragment%'. The name is the
-- expression the query API searches (services/query-api/src/payments/search.ts), written
-- with || so it is immutable and can be indexed (concat_ws cannot). Rebuilds copy these
-- indexes (their tables are created LIKE … INCLUDING ALL).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX payments_id_trgm_idx ON payments USING gin ((id::text) gin_trgm_ops);
CREATE INDEX users_name_trgm_idx ON users USING gin ((coalesce(first_name, '') || ' ' || coalesce(last_name, '')) gin_trgm_ops);
CREATE INDEX users_email_trgm_idx ON users USING gin (email gin_trgm_ops);

-- Down Migration
DROP INDEX users_email_trgm_idx;
DROP INDEX users_name_trgm_idx;
DROP INDEX payments_id_trgm_idx;
ALTER TABLE payments DROP COLUMN amount_difference;
ALTER TABLE payments DROP COLUMN expected_amount;
