-- Up Migration

-- SPEC 3 payments: one row per PaymentProofSubmitted, moved by the decision on the
-- allocation stream (PaymentApproved / PaymentRejected). Written only by the 'payments'
-- projection.
CREATE TABLE payments (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  lead_id uuid,
  amount bigint NOT NULL CHECK (amount >= 1),
  acres integer NOT NULL CHECK (acres >= 1),
  proof_image_path text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  admin_notes text,
  -- Who decided (approved or rejected): the decision's decidedBy.
  approved_by text,
  submitted_at timestamptz NOT NULL,
  processed_at timestamptz,
  -- The last event applied to the row (the submission, then the decision).
  global_position bigint NOT NULL
);
-- Newest first with a stable tie-break: the investor's own list, the admin's filtered
-- list, and the admin's unfiltered list.
CREATE INDEX payments_user_submitted_idx ON payments (user_id, submitted_at DESC, id DESC);
CREATE INDEX payments_status_submitted_idx ON payments (status, submitted_at DESC, id DESC);
CREATE INDEX payments_submitted_idx ON payments (submitted_at DESC, id DESC);

-- A payment's audit timeline, one row per event (submitted, approved, rejected). The
-- event's global position makes a replayed event a no-op and orders the timeline.
-- user_id is the payment's owner, so an investor's access check needs no other table.
CREATE TABLE payment_history (
  payment_id uuid NOT NULL,
  global_position bigint NOT NULL,
  user_id uuid NOT NULL,
  type text NOT NULL CHECK (type IN ('submitted', 'approved', 'rejected')),
  at timestamptz NOT NULL,
  actor_kind text NOT NULL CHECK (actor_kind IN ('visitor', 'user', 'admin')),
  actor_id text,
  notes text,
  PRIMARY KEY (payment_id, global_position)
);

-- The project's allocation (DESIGN 9): approved acres and distinct approved investors,
-- in one row the admin reads in one lookup. last_position is the high-water mark that
-- keeps a replayed approval from being counted twice (as in admin_counters).
CREATE TABLE allocation (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  acres_approved integer NOT NULL DEFAULT 0,
  approved_payments integer NOT NULL DEFAULT 0,
  partners integer NOT NULL DEFAULT 0,
  last_position bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO allocation DEFAULT VALUES;

-- Investors with at least one approved payment: a partner counts once however many
-- of their payments are approved.
CREATE TABLE allocation_partners (
  user_id uuid PRIMARY KEY,
  first_approved_at timestamptz NOT NULL,
  global_position bigint NOT NULL
);

-- Down Migration
DROP TABLE allocation_partners;
DROP TABLE allocation;
DROP TABLE payment_history;
DROP TABLE payments;
