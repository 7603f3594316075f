-- Up Migration

-- The payment audit (issue 12, items 3 and 4), all written by the 'payments' projection.
--
-- 4. The server's price check, from PaymentProofSubmitted (version 2): acres × the wholesale
-- price, and amount minus that (negative: short). Rows of version 1 events stay null here
-- until the next rebuild, which computes them; readers compute them from acres meanwhile.
ALTER TABLE payments ADD COLUMN expected_amount bigint;
ALTER TABLE payments ADD COLUMN amount_difference bigint;

-- 3. The search by a fragment of the investor's name, their email or the payment id, as
-- one trigram index over one row, so a search at 100,000 payments is one bitmap index scan
-- and a sort of the matches (no join to users to filter, no scan of every payment). The
-- payments projection keeps the investor's name and email on their payments from the
-- user events, in payment_investors (its own table: a rebuild replays it with the rest).
ALTER TABLE payments ADD COLUMN investor_name text;
ALTER TABLE payments ADD COLUMN investor_email text;
CREATE TABLE payment_investors (
  user_id uuid PRIMARY KEY,
  name text,
  email text,
  -- The last user event applied: an older one replayed changes nothing.
  global_position bigint NOT NULL
);
-- The rows so far, from the users read model; the next rebuild of payments writes them from the log.
INSERT INTO payment_investors (user_id, name, email, global_position)
SELECT id, NULLIF(btrim(concat_ws(' ', first_name, last_name)), ''), email, global_position FROM users;
UPDATE payments p SET investor_name = i.name, investor_email = i.email FROM payment_investors i WHERE i.user_id = p.user_id;

-- The expression is the query API's (@acres/read-models/payments PAYMENT_SEARCH_TEXT): it must
-- stay identical for the index to answer. Rebuilds copy the index (LIKE … INCLUDING ALL).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX payments_search_trgm_idx ON payments
  USING gin ((coalesce(investor_name, '') || ' ' || coalesce(investor_email, '') || ' ' || id::text) gin_trgm_ops);
-- A whole email typed into the search is looked up exactly: its trigrams ('exa', 'com', …) are in
-- nearly every row, so the trigram index would read far more than the investor's few payments.
CREATE INDEX payments_investor_email_idx ON payments (lower(investor_email), submitted_at DESC, id DESC);

-- Down Migration
DROP INDEX payments_investor_email_idx;
DROP INDEX payments_search_trgm_idx;
DROP TABLE payment_investors;
ALTER TABLE payments DROP COLUMN investor_email;
ALTER TABLE payments DROP COLUMN investor_name;
ALTER TABLE payments DROP COLUMN amount_difference;
ALTER TABLE payments DROP COLUMN expected_amount;
