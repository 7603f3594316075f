import type { Queryable } from '../src/db.ts';
import { insertSession, SESSION_COOKIE, type SessionUser } from '../src/sessions.ts';

/**
 * For tests: a session row for user, inserted directly, and the `Cookie` header value
 * ('acres.sid=…') that carries it. expiresInMs < 0 makes an already expired session.
 */
export const createTestSession = async (options: {
  pool: Queryable;
  user: SessionUser;
  expiresInMs?: number;
}): Promise<string> => {
  const token = await insertSession({
    db: options.pool,
    user: options.user,
    ...(options.expiresInMs !== undefined ? { ttlMs: options.expiresInMs } : {}),
  });
  return `${SESSION_COOKIE}=${token}`;
};
