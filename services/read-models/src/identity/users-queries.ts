import type { AuthUser } from '@acres/contracts/identity';
import type { Queryable } from '@acres/platform';
import { toAuthUser, USER_VIEW_COLUMNS, USERS, type UserView } from './users.ts';

/** The user of SPEC 3 from the users read model; null when the projection has not got to them. */
export const readUser = async (db: Queryable, userId: string): Promise<AuthUser | null> => {
  const { rows } = await db.query<UserView>(`SELECT ${USER_VIEW_COLUMNS} FROM ${USERS.table} WHERE id = $1`, [userId]);
  const row = rows[0];
  return row ? toAuthUser(row) : null;
};
