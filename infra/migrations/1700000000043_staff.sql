-- Up Migration

-- Staff accounts (issue 27, item 1). Three tables: the command side's secrets, the staff
-- sessions, and the staff read model.

-- The command side's record of each member's secrets and standing: only digests of the
-- password and the recovery codes; the TOTP secret as the authenticator has it (a code must be
-- computed from it). The email is unique among members not removed, so a removed member's
-- address can be invited again as a new member.
CREATE TABLE staff_accounts (
  staff_id uuid PRIMARY KEY,
  email_lower text NOT NULL,
  display_name text NOT NULL,
  role text NOT NULL CHECK (role IN ('owner', 'finance', 'sales', 'operations')),
  status text NOT NULL CHECK (status IN ('invited', 'active', 'removed')),
  password_hash text,
  totp_secret text,
  -- The last time step a code was accepted at: the same code never signs in twice.
  totp_last_step bigint,
  recovery_code_hashes text[] NOT NULL DEFAULT '{}',
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX staff_accounts_email_idx ON staff_accounts (email_lower) WHERE status <> 'removed';

-- Staff sessions: apart from the investors' sessions table, so an investor's session can never
-- pass for a staff one. Only the token's digest is kept. The role and name are copied here so
-- the admin guard needs one lookup; a role change rewrites them, a removal deletes the rows.
CREATE TABLE staff_sessions (
  sid text PRIMARY KEY,
  staff_id uuid NOT NULL,
  role text NOT NULL,
  display_name text NOT NULL,
  email text NOT NULL,
  expire timestamptz NOT NULL
);
CREATE INDEX staff_sessions_staff_idx ON staff_sessions (staff_id);
CREATE INDEX staff_sessions_expire_idx ON staff_sessions (expire);

-- The staff read model (the projector's projections/staff): the Staff tab's list and the
-- names the Audit log shows for staff ids.
CREATE TABLE staff_members (
  staff_id uuid PRIMARY KEY,
  email text NOT NULL,
  display_name text NOT NULL,
  role text NOT NULL,
  status text NOT NULL,
  invited_at timestamptz NOT NULL,
  invitation_expires_at timestamptz,
  active_since timestamptz,
  global_position bigint NOT NULL
);

-- Down Migration
DROP TABLE staff_members;
DROP TABLE staff_sessions;
DROP TABLE staff_accounts;
