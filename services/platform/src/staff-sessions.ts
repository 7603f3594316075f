import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StaffRole } from '@acres/contracts/staff';
import type { Queryable } from './db.ts';
import { hashSessionToken, newSessionToken } from './sessions.ts';

/**
 * Staff sessions (issue 27): a cookie of their own over a table of their own, so an investor's
 * session never counts in the admin area nor a staff one on the investor's pages. The SPA sends
 * `Authorization: Session` with each admin call to say "my staff cookie"; a page of another site
 * cannot add that header to a request without the browser asking first, which is the CSRF guard.
 */
export const STAFF_SESSION_COOKIE = 'acres.staff';
export const STAFF_SESSION_AUTHORIZATION = 'Session';
/** A working day and some: staff sign in again each day, with their second factor. */
export const STAFF_SESSION_TTL_MS = 12 * 60 * 60_000;

/** Who acts in the admin area: a staff member by session, or the owner by the Basic credentials. */
export type StaffPrincipal = {
  /** The staff id; the Basic-auth owner's username. */
  id: string;
  displayName: string;
  email: string | null;
  role: StaffRole;
  via: 'session' | 'basic';
};

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The staff cookie's candidate tokens, read from the header itself: the admin scopes have no cookie plugin. */
export const readStaffSessionTokens = (request: FastifyRequest): string[] =>
  (request.headers.cookie ?? '')
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair.startsWith(`${STAFF_SESSION_COOKIE}=`))
    .map((pair) => pair.slice(STAFF_SESSION_COOKIE.length + 1))
    .filter((value) => TOKEN_PATTERN.test(value))
    .slice(0, 3);

export const insertStaffSession = async (options: {
  db: Queryable;
  staff: { id: string; displayName: string; email: string; role: StaffRole };
  now: Date;
}) => {
  const token = newSessionToken();
  await options.db.query(
    'INSERT INTO staff_sessions (sid, staff_id, role, display_name, email, expire) VALUES ($1, $2, $3, $4, $5, $6)',
    [
      hashSessionToken(token),
      options.staff.id,
      options.staff.role,
      options.staff.displayName,
      options.staff.email,
      new Date(options.now.getTime() + STAFF_SESSION_TTL_MS),
    ],
  );
  return token;
};

/** The member of a live staff session among the request's cookies, or null. */
export const loadStaffSession = async (
  db: Queryable,
  request: FastifyRequest,
  now = new Date(),
): Promise<StaffPrincipal | null> => {
  const tokens = readStaffSessionTokens(request);
  if (tokens.length === 0) return null;
  const { rows } = await db.query<{ staff_id: string; role: StaffRole; display_name: string; email: string }>(
    'SELECT staff_id, role, display_name, email FROM staff_sessions WHERE sid = ANY($1::text[]) AND expire > $2 LIMIT 1',
    [tokens.map(hashSessionToken), now],
  );
  const row = rows[0];
  return row ? { id: row.staff_id, displayName: row.display_name, email: row.email, role: row.role, via: 'session' } : null;
};

/** Ends the sessions the request's staff cookies name. */
export const deleteStaffSessionsOf = async (db: Queryable, request: FastifyRequest) => {
  const tokens = readStaffSessionTokens(request);
  if (tokens.length > 0) await db.query('DELETE FROM staff_sessions WHERE sid = ANY($1::text[])', [tokens.map(hashSessionToken)]);
};

/** Ends every session of one member at once (they were removed). */
export const endStaffSessions = async (db: Queryable, staffId: string) => {
  const result = await db.query('DELETE FROM staff_sessions WHERE staff_id = $1', [staffId]);
  return result.rowCount ?? 0;
};

/** A new role applies to the member's live sessions from their next request. */
export const updateStaffSessionsRole = async (db: Queryable, staffId: string, role: StaffRole) => {
  await db.query('UPDATE staff_sessions SET role = $2 WHERE staff_id = $1', [staffId, role]);
};

export const purgeExpiredStaffSessions = async (db: Queryable, now = new Date()) => {
  const result = await db.query('DELETE FROM staff_sessions WHERE expire <= $1', [now]);
  return result.rowCount ?? 0;
};

const cookieAttributes = (request: FastifyRequest, maxAgeSeconds: number) =>
  ['Path=/', 'HttpOnly', 'SameSite=Strict', `Max-Age=${maxAgeSeconds}`, ...(request.protocol === 'https' ? ['Secure'] : [])].join(
    '; ',
  );

export const setStaffSessionCookie = (reply: FastifyReply, token: string) => {
  reply.header(
    'set-cookie',
    `${STAFF_SESSION_COOKIE}=${token}; ${cookieAttributes(reply.request, Math.floor(STAFF_SESSION_TTL_MS / 1000))}`,
  );
};

export const clearStaffSessionCookie = (reply: FastifyReply) => {
  reply.header('set-cookie', `${STAFF_SESSION_COOKIE}=; ${cookieAttributes(reply.request, 0)}`);
};
