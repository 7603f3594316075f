import { createHash } from 'node:crypto';
import type { Queryable } from '@acres/platform/db';

export const PENDING_LOGIN_TTL_MS = 10 * 60_000;

export type PendingLogin = { codeVerifier: string; nonce: string; returnTo: string };

const hashState = (state: string) => createHash('sha256').update(state, 'utf8').digest('hex');

export const savePendingLogin = async (db: Queryable, options: PendingLogin & { state: string; now: Date }) => {
  await db.query(
    'INSERT INTO oidc_pending_logins (state_hash, code_verifier, nonce, return_to, expires_at) VALUES ($1, $2, $3, $4, $5)',
    [
      hashState(options.state),
      options.codeVerifier,
      options.nonce,
      options.returnTo,
      new Date(options.now.getTime() + PENDING_LOGIN_TTL_MS),
    ],
  );
};

/** Takes the login for state out of the table: a state is good for one callback only. */
export const takePendingLogin = async (db: Queryable, options: { state: string; now: Date }): Promise<PendingLogin | null> => {
  const { rows } = await db.query<{ code_verifier: string; nonce: string; return_to: string; expires_at: Date }>(
    'DELETE FROM oidc_pending_logins WHERE state_hash = $1 RETURNING code_verifier, nonce, return_to, expires_at',
    [hashState(options.state)],
  );
  const row = rows[0];
  if (!row || row.expires_at.getTime() <= options.now.getTime()) return null;
  return { codeVerifier: row.code_verifier, nonce: row.nonce, returnTo: row.return_to };
};
