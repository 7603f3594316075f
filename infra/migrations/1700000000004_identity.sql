-- Up Migration

-- Sessions (DESIGN 6): sid is the SHA-256 of the cookie's token, never the token itself.
CREATE TABLE sessions (
  sid text PRIMARY KEY,
  sess jsonb NOT NULL,
  expire timestamptz NOT NULL
);
CREATE INDEX sessions_expire_idx ON sessions (expire);

-- Password hashes live outside the event log so they can be deleted (DESIGN 4).
CREATE TABLE credentials (
  user_id uuid PRIMARY KEY,
  email_lower text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- An OpenID Connect login between the redirect to the provider and its callback.
-- Keyed by the SHA-256 of the state, which the browser also holds in a cookie.
CREATE TABLE oidc_pending_logins (
  state_hash text PRIMARY KEY,
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  return_to text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX oidc_pending_logins_expires_idx ON oidc_pending_logins (expires_at);

-- Users read model (SPEC 3), built by the 'users' projection.
CREATE TABLE users (
  id uuid PRIMARY KEY,
  email text NOT NULL,
  first_name text,
  last_name text,
  profile_image_url text,
  auth_provider text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  global_position bigint NOT NULL
);
CREATE UNIQUE INDEX users_email_lower_idx ON users (lower(email));

-- Down Migration
DROP TABLE users;
DROP TABLE oidc_pending_logins;
DROP TABLE credentials;
DROP TABLE sessions;
