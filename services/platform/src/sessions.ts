import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { validate as isUuid } from 'uuid';
import type { Pool, Queryable } from './db.ts';
import { sendProblem } from './http-errors.ts';
import { isSameOrigin } from './csrf.ts';
import { cookiePlugin } from './plugins/cookie.ts';

export const SESSION_COOKIE = 'acres.sid';
export const SESSION_TTL_MS = 7 * 24 * 60 * 60_000;
/** Sliding expiry is written at most this often per session, not on every request. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 60_000;
export const UNAUTHORIZED_DETAIL = 'Unauthorized';
export const CROSS_SITE_DETAIL = 'Cross-site request refused';

export type SessionUser = { id: string; email: string };

type StoredSession = { user: SessionUser; createdAt: string };

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation merges only with an interface
  interface FastifyRequest {
    sessionUser: SessionUser | null;
  }
}

const SESSION_STATE = Symbol('acres.session');
type SessionState = { resolved: true };
type WithState = FastifyRequest & { [SESSION_STATE]?: SessionState };

// 32 random bytes in base64url: exactly 43 characters of this alphabet.
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const MAX_TOKENS_TRIED = 3;

/** Only a digest is stored, so a leaked sessions table holds no usable cookie. */
export const hashSessionToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export const newSessionToken = () => randomBytes(32).toString('base64url');

/**
 * Every value of a cookie name. A browser may send duplicates (same name from other
 * paths or a parent domain) and @fastify/cookie keeps only the first, which may be a
 * stale one; the library still decodes each pair.
 */
export const readCookieValues = (request: FastifyRequest, name: string): string[] => {
  const first = request.cookies?.[name];
  if (first === undefined) return [];
  const header = request.headers.cookie ?? '';
  if (header.indexOf(`${name}=`) === header.lastIndexOf(`${name}=`)) return [first];
  return header.split(';').flatMap((pair) => {
    const value = request.server.parseCookie(pair)[name];
    return value === undefined ? [] : [value];
  });
};

const readSessionTokens = (request: FastifyRequest) =>
  readCookieValues(request, SESSION_COOKIE).filter((value) => TOKEN_PATTERN.test(value));

// httpOnly, SameSite=Lax and Secure-over-https come from cookiePlugin's defaults.
const setSessionCookie = (reply: FastifyReply, token: string) => {
  reply.setCookie(SESSION_COOKIE, token, { path: '/', maxAge: Math.floor(SESSION_TTL_MS / 1000) });
};

const clearSessionCookie = (reply: FastifyReply) => {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
};

const isSessionUser = (value: unknown): value is SessionUser => {
  if (typeof value !== 'object' || value === null) return false;
  const { id, email } = value as Record<string, unknown>;
  return isUuid(id) && typeof email === 'string' && email.length > 0;
};

/**
 * The user of a live session, or null. An expired row met here is deleted at once,
 * so a stale cookie never resurrects it; a live one has its expiry slid forward
 * (throttled), and `refreshed` says the cookie should be re-sent with a fresh Max-Age.
 */
export const loadSession = async (
  db: Queryable,
  sidHash: string,
  now: Date = new Date(),
): Promise<{ user: SessionUser; refreshed: boolean } | null> => {
  const { rows } = await db.query<{ sess: StoredSession; expire: Date }>('SELECT sess, expire FROM sessions WHERE sid = $1', [
    sidHash,
  ]);
  const row = rows[0];
  if (!row) return null;
  if (row.expire.getTime() <= now.getTime()) {
    await db.query('DELETE FROM sessions WHERE sid = $1 AND expire <= $2', [sidHash, now]);
    return null;
  }
  if (!isSessionUser(row.sess?.user)) return null;
  const user = { id: row.sess.user.id, email: row.sess.user.email };
  const due = row.expire.getTime() < now.getTime() + SESSION_TTL_MS - SESSION_TOUCH_INTERVAL_MS;
  if (!due) return { user, refreshed: false };
  await db.query('UPDATE sessions SET expire = $2 WHERE sid = $1', [sidHash, new Date(now.getTime() + SESSION_TTL_MS)]);
  return { user, refreshed: true };
};

/** Inserts a session row for user and returns the cookie token (the row holds only its digest). */
export const insertSession = async (options: { db: Queryable; user: SessionUser; now?: Date; ttlMs?: number }) => {
  const now = options.now ?? new Date();
  const token = newSessionToken();
  const sess: StoredSession = { user: { id: options.user.id, email: options.user.email }, createdAt: now.toISOString() };
  await options.db.query('INSERT INTO sessions (sid, sess, expire) VALUES ($1, $2, $3)', [
    hashSessionToken(token),
    JSON.stringify(sess),
    new Date(now.getTime() + (options.ttlMs ?? SESSION_TTL_MS)),
  ]);
  return token;
};

/** Deletes the session rows of every session cookie the request carries. */
const deleteSessionsOf = async (pool: Pool, request: FastifyRequest) => {
  const tokens = readSessionTokens(request);
  if (tokens.length > 0) await pool.query('DELETE FROM sessions WHERE sid = ANY($1::text[])', [tokens.map(hashSessionToken)]);
};

/**
 * Signs user in on this reply. Any session the request already carried is ended
 * first: a fresh id on every sign-in defeats session fixation.
 */
export const createSession = async (options: { pool: Pool; user: SessionUser; reply: FastifyReply }) => {
  await deleteSessionsOf(options.pool, options.reply.request);
  const token = await insertSession({ db: options.pool, user: options.user });
  setSessionCookie(options.reply, token);
  options.reply.request.sessionUser = { id: options.user.id, email: options.user.email };
};

/** Deletes the request's session row (if any) and tells the browser to drop the cookie. */
export const destroySession = async (options: { pool: Pool; request: FastifyRequest; reply: FastifyReply }) => {
  await deleteSessionsOf(options.pool, options.request);
  clearSessionCookie(options.reply);
  options.request.sessionUser = null;
};

/**
 * Ends every session of one user, on every device (after a password reset: whoever held
 * the old password must not stay signed in). Answers how many went.
 */
export const endSessionsOfUser = async (db: Queryable, userId: string) => {
  const result = await db.query("DELETE FROM sessions WHERE sess->'user'->>'id' = $1", [userId]);
  return result.rowCount ?? 0;
};

/** Deletes every expired session; returns how many went. */
export const purgeExpiredSessions = async (pool: Queryable, now: Date = new Date()) => {
  const result = await pool.query('DELETE FROM sessions WHERE expire <= $1', [now]);
  return result.rowCount ?? 0;
};

/**
 * Adds to THIS encapsulation context: cookies (cookiePlugin, unless an enclosing
 * context has them), request.sessionUser from the session cookie, and the CSRF rule
 * for cookie-carrying writes (Origin, or Referer when Origin is absent, must name this
 * host). Safe to call in nested contexts: each request is resolved once.
 */
export const registerSessionSupport = (app: FastifyInstance, options: { pool: Pool }) => {
  if (!app.hasRequestDecorator('sessionUser')) app.decorateRequest('sessionUser', null);
  if (!app.hasRequestDecorator('cookies')) app.register(cookiePlugin);
  // After the cookie plugin has loaded, so its onRequest hook parses before this one reads.
  app.after(() => {
    app.addHook('onRequest', async (request, reply) => {
      const withState = request as WithState;
      if (withState[SESSION_STATE]) return;
      withState[SESSION_STATE] = { resolved: true };
      const hasCookie = request.cookies?.[SESSION_COOKIE] !== undefined;
      if (hasCookie && STATE_CHANGING.has(request.method) && !isSameOrigin(request)) {
        return sendProblem(reply, { status: 403, detail: CROSS_SITE_DETAIL });
      }
      request.sessionUser = null;
      // The first live one among duplicates (a stale copy may come first); a few at most.
      for (const token of readSessionTokens(request).slice(0, MAX_TOKENS_TRIED)) {
        const session = await loadSession(options.pool, hashSessionToken(token));
        if (!session) continue;
        request.sessionUser = session.user;
        if (session.refreshed) setSessionCookie(reply, token);
        return;
      }
    });
  });
};

/** preHandler: 401 problem+json with detail 'Unauthorized' unless a session user is present. */
export const requireUser = async (request: FastifyRequest, reply: FastifyReply) => {
  if (!request.sessionUser) return sendProblem(reply, { status: 401, detail: UNAUTHORIZED_DETAIL });
};
