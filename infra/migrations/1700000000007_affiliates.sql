-- Up Migration

-- SPEC 3 affiliates: one row per AffiliateRegistered on affiliate-{userId}, written only
-- by the 'affiliates' projection. commission_rate_bps follows CommissionTierReached and
-- verified_sales follows SaleVerified; global_position is the last event applied to the
-- row, the high-water mark that keeps a replayed event from being counted twice.
CREATE TABLE affiliates (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL UNIQUE,
  full_name text NOT NULL,
  email text NOT NULL,
  phone text NOT NULL,
  company_name text,
  bank_name text NOT NULL,
  account_number text NOT NULL,
  account_name text NOT NULL,
  marketing_experience text NOT NULL,
  marketing_channels text NOT NULL,
  -- Basis points (DESIGN 9): 500, 750, 1000.
  commission_rate_bps integer NOT NULL DEFAULT 500 CHECK (commission_rate_bps BETWEEN 0 AND 10000),
  referral_code varchar(10) NOT NULL UNIQUE,
  status text NOT NULL DEFAULT 'active',
  verified_sales integer NOT NULL DEFAULT 0 CHECK (verified_sales >= 0),
  joined_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  global_position bigint NOT NULL
);
-- The admin's list, newest first with a stable tie-break.
CREATE INDEX affiliates_joined_idx ON affiliates (joined_at DESC, id DESC);

-- SPEC 3 affiliate_sales: one row per SaleReported, moved once by SaleVerified or
-- SaleRejected. Written only by the 'affiliate-sales' projection. affiliate_user_id is
-- the owner (the stream's user): the affiliate's own reads and the command API's lookup
-- of a sale's stream need no other table.
CREATE TABLE affiliate_sales (
  id uuid PRIMARY KEY,
  affiliate_id uuid NOT NULL,
  affiliate_user_id uuid NOT NULL,
  client_name text NOT NULL,
  client_email text,
  client_phone text NOT NULL,
  acres numeric(6, 1) NOT NULL CHECK (acres > 0),
  amount bigint NOT NULL CHECK (amount >= 1),
  payment_plan text NOT NULL,
  transaction_date date NOT NULL,
  proof_image_path text,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'verified', 'rejected')),
  notes text,
  reported_at timestamptz NOT NULL,
  verified_at timestamptz,
  verified_by text,
  rejected_at timestamptz,
  rejected_by text,
  -- Fixed at verification (DESIGN 9), so a statement never changes afterwards.
  commission_rate_bps integer,
  computed_commission bigint,
  global_position bigint NOT NULL,
  CHECK ((status = 'verified') = (verified_at IS NOT NULL AND commission_rate_bps IS NOT NULL AND computed_commission IS NOT NULL))
);
-- The affiliate's own list and stats, newest first.
CREATE INDEX affiliate_sales_user_reported_idx ON affiliate_sales (affiliate_user_id, reported_at DESC, id DESC);
-- The affiliate's monthly statement: verified sales in a verified_at range.
CREATE INDEX affiliate_sales_user_verified_idx ON affiliate_sales (affiliate_user_id, verified_at, id) WHERE status = 'verified';
-- The admin's lists: filtered by status, and all of them.
CREATE INDEX affiliate_sales_status_reported_idx ON affiliate_sales (status, reported_at DESC, id DESC);
CREATE INDEX affiliate_sales_reported_idx ON affiliate_sales (reported_at DESC, id DESC);

-- Referral counts are counted where they live (the leads and subscriptions read models)
-- by the affiliate's code; these keep that an index lookup.
CREATE INDEX leads_referral_code_idx ON leads (referral_code) WHERE referral_code IS NOT NULL;
CREATE INDEX subscriptions_referral_code_idx ON subscriptions (referral_code) WHERE referral_code IS NOT NULL;

-- Down Migration
DROP INDEX subscriptions_referral_code_idx;
DROP INDEX leads_referral_code_idx;
DROP TABLE affiliate_sales;
DROP TABLE affiliates;
