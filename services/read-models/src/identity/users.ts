// SPEC 3 users: one row per UserRegistered, kept up to date by UserProfileUpdated (the
// projector's projections/identity), read as the contract's AuthUser and joined for the
// names and emails of payment submitters.

import type { AuthUser } from '@acres/contracts/identity';
import { selectList, type Position, type ReadModel, type SqlTypes } from '../shared/read-model.ts';

export const USERS = { name: 'users', table: 'users' } as const satisfies ReadModel;

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

/** The columns an AuthUser is made of. */
export type UserView = Omit<UserRow, (typeof NOT_SHOWN)[number]>;

/** SELECT list of a UserView. */
export const USER_VIEW_COLUMNS = selectList(USER_COLUMNS, { omit: NOT_SHOWN });

export const toAuthUser = (row: UserView): AuthUser => ({
  id: row.id,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  profileImageUrl: row.profile_image_url,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});
