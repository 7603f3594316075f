-- Up Migration

-- One row per projection: where it has got to in the global log and whether it is
-- healthy. Written in the same transaction as the projection's rows.
CREATE TABLE projection_checkpoints (
  name text PRIMARY KEY,
  position bigint NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'failed')),
  last_error text,
  failed_position bigint,
  failed_event_id uuid,
  failed_event_type text,
  failed_at timestamptz,
  events_applied bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE leads (
  id uuid PRIMARY KEY,
  full_name text NOT NULL,
  company text,
  email text NOT NULL,
  phone text NOT NULL,
  phone_e164 text NOT NULL,
  role text NOT NULL,
  intended_acres integer NOT NULL,
  price_band text NOT NULL DEFAULT '3.5M',
  commitment text NOT NULL,
  notes text,
  consent boolean NOT NULL,
  referral_code text,
  created_at timestamptz NOT NULL,
  global_position bigint NOT NULL
);
-- Newest first with a stable tie-break, for keyset and offset paging alike.
CREATE INDEX leads_created_at_idx ON leads (created_at DESC, id DESC);

CREATE TABLE subscriptions (
  id uuid PRIMARY KEY,
  application_number text NOT NULL UNIQUE,
  surname text NOT NULL,
  first_name text NOT NULL,
  other_name text,
  date_of_birth date NOT NULL,
  gender text NOT NULL,
  nationality varchar(100) NOT NULL,
  marital_status varchar(50) NOT NULL,
  residential_address text NOT NULL,
  email text NOT NULL,
  phone_number text NOT NULL,
  city varchar(100) NOT NULL,
  occupation varchar(255) NOT NULL,
  work_address text,
  religion text,
  passport_photo_url text,
  kin_name text NOT NULL,
  kin_relationship text NOT NULL,
  kin_address text NOT NULL,
  kin_phone text NOT NULL,
  kin_email text NOT NULL,
  acres_subscribed integer NOT NULL,
  subscription_value bigint NOT NULL,
  payment_option text NOT NULL,
  mode_of_payment text NOT NULL,
  realtor_name text,
  realtor_mobile text,
  realtor_email text,
  realtor_code text,
  referral_code text,
  status text NOT NULL DEFAULT 'pending',
  amount_verified bigint,
  escrow_receipt_no text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  global_position bigint NOT NULL
);
CREATE UNIQUE INDEX subscriptions_email_lower_idx ON subscriptions (lower(email));
CREATE INDEX subscriptions_created_at_idx ON subscriptions (created_at DESC, id DESC);

-- A single row the admin dashboard reads in one lookup instead of counting tables.
CREATE TABLE admin_counters (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  total_leads integer NOT NULL DEFAULT 0,
  total_applications integer NOT NULL DEFAULT 0,
  total_payments integer NOT NULL DEFAULT 0,
  pending_approvals integer NOT NULL DEFAULT 0,
  approved_payments integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO admin_counters DEFAULT VALUES;

-- Down Migration
DROP TABLE admin_counters;
DROP TABLE subscriptions;
DROP TABLE leads;
DROP TABLE projection_checkpoints;
