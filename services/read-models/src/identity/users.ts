// SPEC 3 users: one row per UserRegistered, kept up to date by UserProfileUpdated (the
// projector's projections/identity), read as the contract's AuthUser and joined for the
// names and emails of payment submitters.

import type { AuthUser } from '@acres/contracts/identity';
import type { Queryable } from '@acres/platform';
import { defineReadModel, selectList, type Position, type SqlTypes } from '../shared/read-model.ts';

export const USERS = {
  ...defineReadModel('users', 'users', '1700000000004_identity.sql'),
  /**
   * Every address an account has shown it owns (UserEmailVerified), kept when its email changes:
   * records made with one of them elsewhere (leads, applications, messages) are the account's.
   */
  verifiedEmailsTable: 'user_verified_emails',
};

export type UserVerifiedEmailRow = {
  user_id: string;
  /** Lower-cased. */
  email: string;
  /** UserEmailVerified.method: 'link', 'staff' or 'provider'. */
  method: string;
  verified_at: Date;
  global_position: Position;
};

export const USER_VERIFIED_EMAIL_COLUMNS = {
  user_id: 'uuid',
  email: 'text',
  method: 'text',
  verified_at: 'timestamptz',
  global_position: 'bigint',
} as const satisfies SqlTypes<UserVerifiedEmailRow>;

/**
 * SQL: the verified emails of the account whose id is the parameter $n, as a subquery for
 * `lower(x.email) IN (…)`. Every join of a record to an account by email goes through it.
 */
export const verifiedEmailsOf = (parameter: number) =>
  `(SELECT v.email FROM ${USERS.verifiedEmailsTable} AS v WHERE v.user_id = $${parameter}::uuid)`;

/** The account's current email when it has confirmed it, else null: an unconfirmed address may be anyone's. */
export const findConfirmedEmail = async (db: Queryable, userId: string): Promise<string | null> => {
  const { rows } = await db.query<{ email: string }>(
    `SELECT v.email FROM ${USERS.table} u JOIN ${USERS.verifiedEmailsTable} v ON v.user_id = u.id AND v.email = lower(u.email)
      WHERE u.id = $1::uuid`,
    [userId],
  );
  return rows[0]?.email ?? null;
};

export type UserRow = {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  /** How the user signed up (UserRegistered.authProvider); null when the event does not say. Not shown. */
  auth_provider: string | null;
  created_at: Date;
  updated_at: Date;
  global_position: Position;
};

export const USER_COLUMNS = {
  id: 'uuid',
  email: 'text',
  first_name: 'text',
  last_name: 'text',
  profile_image_url: 'text',
  auth_provider: 'text',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
  global_position: 'bigint',
} as const satisfies SqlTypes<UserRow>;

const NOT_SHOWN = ['auth_provider', 'global_position'] as const;

/** The columns an AuthUser is made of, with whether the current email is verified. */
export type UserView = Omit<UserRow, (typeof NOT_SHOWN)[number]> & { email_verified: boolean };

/** SELECT list of a UserView, from `users` (aliased or not). */
export const USER_VIEW_COLUMNS = `${selectList(USER_COLUMNS, { omit: NOT_SHOWN })}, EXISTS (SELECT 1 FROM ${USERS.verifiedEmailsTable} AS v WHERE v.user_id = ${USERS.table}.id AND v.email = lower(${USERS.table}.email)) AS email_verified`;

export const toAuthUser = (row: UserView): AuthUser => ({
  id: row.id,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  profileImageUrl: row.profile_image_url,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
  emailVerified: row.email_verified,
});
