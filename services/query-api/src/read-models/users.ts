import type { AuthUser } from '@acres/contracts';
import type { Queryable } from '@acres/platform';

type UserRow = {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  created_at: Date;
  updated_at: Date;
};

/** The user of SPEC 3 from the users read model; null when the projection has not got to them. */
export const readUser = async (db: Queryable, userId: string): Promise<AuthUser | null> => {
  const { rows } = await db.query<UserRow>(
    `SELECT id, email, first_name, last_name, profile_image_url, created_at, updated_at FROM users WHERE id = $1`,
    [userId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    profileImageUrl: row.profile_image_url,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
};
