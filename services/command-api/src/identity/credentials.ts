import type { Queryable } from '@acres/platform/db';

/** Marks an account without a password (signed up through OpenID Connect): verifies nothing. */
export const NO_PASSWORD = '';

/** A stalled registration's row may be taken over after this long (see accounts.ts). */
export const STALE_RESERVATION_SECONDS = 60;

export type CredentialsRow = { userId: string; emailLower: string; passwordHash: string };

export const findCredentialsByEmail = async (db: Queryable, emailLower: string): Promise<CredentialsRow | null> => {
  const { rows } = await db.query<{ user_id: string; email_lower: string; password_hash: string }>(
    'SELECT user_id, email_lower, password_hash FROM credentials WHERE email_lower = $1',
    [emailLower],
  );
  const row = rows[0];
  return row ? { userId: row.user_id, emailLower: row.email_lower, passwordHash: row.password_hash } : null;
};

/**
 * Writes the row of a new account, or takes over the row of a registration that
 * stalled (older than STALE_RESERVATION_SECONDS). 'taken' when a live row holds the
 * user id or the email: another registration of this email is in flight or done.
 */
export const reserveCredentials = async (db: Queryable, row: CredentialsRow): Promise<'reserved' | 'taken'> => {
  try {
    const result = await db.query(
      `INSERT INTO credentials (user_id, email_lower, password_hash) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE
         SET email_lower = EXCLUDED.email_lower, password_hash = EXCLUDED.password_hash, updated_at = now()
         WHERE credentials.updated_at < now() - make_interval(secs => $4)
       RETURNING user_id`,
      [row.userId, row.emailLower, row.passwordHash, STALE_RESERVATION_SECONDS],
    );
    return result.rowCount === 1 ? 'reserved' : 'taken';
  } catch (error) {
    if ((error as { code?: string }).code === '23505') return 'taken';
    throw error;
  }
};

export const deleteCredentials = async (db: Queryable, userId: string) => {
  await db.query('DELETE FROM credentials WHERE user_id = $1', [userId]);
};

/** A new password for an existing account (a completed reset); false when the account has no row. */
export const replacePasswordHash = async (db: Queryable, options: { userId: string; passwordHash: string }) => {
  const result = await db.query('UPDATE credentials SET password_hash = $2, updated_at = now() WHERE user_id = $1', [
    options.userId,
    options.passwordHash,
  ]);
  return result.rowCount === 1;
};
