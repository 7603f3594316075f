import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Pool, Queryable } from './db.ts';
import { sendProblem } from './http-errors.ts';
import { isSameOrigin } from './csrf.ts';

export const SESSION_COOKIE = 'acres.sid';
export const SESSION_TTL_MS = 7 * 24 * 60 * 60_000;
/** Sliding expiry is written at most this often per session, not on every request. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 60_000;
export const UNAUTHORIZED_DETAIL = 'Unauthorized';
export const CROSS_SITE_DETAIL = 'Cross-site request refused';

export type SessionUser = { id: string; email: string };

type StoredSession = { user: SessionUser; createdAt: string };

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser: SessionUser | null;
  }
}

const SESSION_STATE = Symbol('acres.session');
type SessionState = { sidHash: string | null };
type WithState = FastifyRequest & { [SESSION_STATE]?: SessionState };

// 32 random bytes in base64url: exactly 43 characters of this alphabet.
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Only a digest is stored, so a leaked sessions table holds no usable cookie. */
export const hashSessionToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export const newSessionToken = () => randomBytes(32).toString('base64url');

/** Every value of a cookie name in the Cookie header (a browser may send duplicates from different paths). */
export const readCookies = (header: string | undefined, name: string): string[] => {
  if (!header) return [];
  const values: string[] = [];
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    values.push(value);
  }
  return values;
};

const readSessionToken = (request: FastifyRequest) =>
  readCookies(request.headers.cookie, SESSION_COOKIE).find((value) => TOKEN_PATTERN.test(value)) ?? null;

export const serializeCookie = (options: {
  name: string;
  value: string;
  maxAgeSeconds: number;
  secure: boolean;
  path?: string;
}) =>
  [
    `${options.name}=${options.value}`,
    `Path=${options.path ?? '/'}`,
    `Max-Age=${options.maxAgeSeconds}`,
    ...(options.maxAgeSeconds <= 0 ? ['Expires=Thu, 01 Jan 1970 00:00:00 GMT'] : []),
    'HttpOnly',
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');

const setSessionCookie = (reply: FastifyReply, token: string, maxAgeSeconds: number) => {
  reply.header(
    'set-cookie',
    serializeCookie({ name: SESSION_COOKIE, value: token, maxAgeSeconds, secure: reply.request.protocol === 'https' }),
  );
};

const isSessionUser = (value: unknown): value is SessionUser => {
  if (typeof value !== 'object' || value === null) return false;
  const { id, email } = value as Record<string, unknown>;
  return typeof id === 'string' && UUID.test(id) && typeof email === 'string' && email.length > 0;
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
  const { rows } = await db.query<{ sess: StoredSession; expire: Date }>(
    'SELECT sess, expire FROM sessions WHERE sid = $1',
    [sidHash],
  );
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

/**
 * Signs user in on this reply. Any session the request already carried is ended
 * first: a fresh id on every sign-in defeats session fixation.
 */
export const createSession = async (options: { pool: Pool; user: SessionUser; reply: FastifyReply }) => {
  const previous = readSessionToken(options.reply.request);
  if (previous) await options.pool.query('DELETE FROM sessions WHERE sid = $1', [hashSessionToken(previous)]);
  const token = await insertSession({ db: options.pool, user: options.user });
  setSessionCookie(options.reply, token, Math.floor(SESSION_TTL_MS / 1000));
  options.reply.request.sessionUser = { id: options.user.id, email: options.user.email };
};

/** Deletes the request's session row (if any) and tells the browser to drop the cookie. */
export const destroySession = async (options: { pool: Pool; request: FastifyRequest; reply: FastifyReply }) => {
  const tokens = readCookies(options.request.headers.cookie, SESSION_COOKIE).filter((value) => TOKEN_PATTERN.test(value));
  if (tokens.length > 0) {
    await options.pool.query('DELETE FROM sessions WHERE sid = ANY($1::text[])', [tokens.map(hashSessionToken)]);
  }
  setSessionCookie(options.reply, '', 0);
  options.request.sessionUser = null;
};

/** Deletes every expired session; returns how many went. */
export const purgeExpiredSessions = async (pool: Queryable, now: Date = new Date()) => {
  const result = await pool.query('DELETE FROM sessions WHERE expire <= $1', [now]);
  return result.rowCount ?? 0;
};

/**
 * Adds to THIS encapsulation context: request.sessionUser from the session cookie,
 * and the CSRF rule for cookie-carrying writes (Origin, or Referer when Origin is
 * absent, must name this host). Safe to call in nested contexts: each request is
 * resolved once.
 */
export const registerSessionSupport = (app: FastifyInstance, options: { pool: Pool }) => {
  if (!app.hasRequestDecorator('sessionUser')) app.decorateRequest('sessionUser', null);
  app.addHook('onRequest', async (request, reply) => {
    const withState = request as WithState;
    if (withState[SESSION_STATE]) return;
    const token = readSessionToken(request);
    const hasCookie = token !== null || readCookies(request.headers.cookie, SESSION_COOKIE).length > 0;
    withState[SESSION_STATE] = { sidHash: token ? hashSessionToken(token) : null };
    if (hasCookie && STATE_CHANGING.has(request.method) && !isSameOrigin(request)) {
      return sendProblem(reply, { status: 403, detail: CROSS_SITE_DETAIL });
    }
    request.sessionUser = null;
    if (!token) return;
    const session = await loadSession(options.pool, hashSessionToken(token));
    if (!session) return;
    request.sessionUser = session.user;
    if (session.refreshed) setSessionCookie(reply, token, Math.floor(SESSION_TTL_MS / 1000));
  });
};

/** preHandler: 401 problem+json with detail 'Unauthorized' unless a session user is present. */
export const requireUser = async (request: FastifyRequest, reply: FastifyReply) => {
  if (!request.sessionUser) return sendProblem(reply, { status: 401, detail: UNAUTHORIZED_DETAIL });
};
