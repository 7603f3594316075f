-- Up Migration

-- Affiliates paid, not only verified (issue 12, item 5).

-- The sale's optional proof (SPEC 5, proof_image_path already exists) and where its
-- commission went: the payout batch that took it (PayoutBatchCreated), the batch's bank
-- narration, and the transfer reference and time once the batch was paid (PayoutBatchPaid).
-- Written by the 'affiliate-sales' projection.
ALTER TABLE affiliate_sales
  ADD COLUMN payout_batch_id uuid,
  ADD COLUMN payout_reference text,
  ADD COLUMN transfer_reference text,
  ADD COLUMN paid_at timestamptz,
  ADD CONSTRAINT affiliate_sales_payout_verified CHECK (payout_batch_id IS NULL OR status = 'verified');
-- A new batch takes the verified commissions no batch holds yet, oldest first.
CREATE INDEX affiliate_sales_unbatched_idx ON affiliate_sales (verified_at, id)
  WHERE status = 'verified' AND payout_batch_id IS NULL;
CREATE INDEX affiliate_sales_payout_batch_idx ON affiliate_sales (payout_batch_id) WHERE payout_batch_id IS NOT NULL;
-- The admin's sales list filtered by affiliate.
CREATE INDEX affiliate_sales_affiliate_reported_idx ON affiliate_sales (affiliate_id, reported_at DESC, id DESC);

-- AffiliateSuspended / AffiliateReactivated move affiliates.status; status_position is the
-- last of them applied, so a replayed one never undoes a later one.
ALTER TABLE affiliates ADD COLUMN status_position bigint NOT NULL DEFAULT 0;

-- One row per PayoutBatchCreated on the `payouts` stream, moved once by PayoutBatchPaid.
-- Written only by the 'payout-batches' projection. total is the event's sum of its items.
CREATE TABLE payout_batches (
  id uuid PRIMARY KEY,
  up_to date NOT NULL,
  reference text NOT NULL,
  commissions integer NOT NULL CHECK (commissions > 0),
  affiliates integer NOT NULL CHECK (affiliates > 0),
  total bigint NOT NULL CHECK (total >= 0),
  status text NOT NULL CHECK (status IN ('created', 'paid')),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL,
  transfer_reference text,
  paid_by text,
  paid_at timestamptz,
  global_position bigint NOT NULL,
  CHECK ((status = 'paid') = (paid_at IS NOT NULL AND transfer_reference IS NOT NULL))
);
CREATE INDEX payout_batches_created_idx ON payout_batches (created_at DESC, id DESC);

-- Down Migration
DROP TABLE payout_batches;
ALTER TABLE affiliates DROP COLUMN status_position;
DROP INDEX affiliate_sales_affiliate_reported_idx;
DROP INDEX affiliate_sales_payout_batch_idx;
DROP INDEX affiliate_sales_unbatched_idx;
ALTER TABLE affiliate_sales
  DROP CONSTRAINT affiliate_sales_payout_verified,
  DROP COLUMN paid_at,
  DROP COLUMN transfer_reference,
  DROP COLUMN payout_reference,
  DROP COLUMN payout_batch_id;
