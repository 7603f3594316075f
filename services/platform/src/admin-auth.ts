import { hash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { mayCallAdminPath, STAFF_ROLE_LABELS } from '@acres/contracts/staff-roles';
import { isSameOrigin } from './csrf.ts';
import type { Queryable } from './db.ts';
import { sendProblem } from './http-errors.ts';
import { loadStaffSession, STAFF_SESSION_AUTHORIZATION, type StaffPrincipal } from './staff-sessions.ts';
import { clientAddressOf, createFailureThrottle, type FailureLimits } from './throttle/failure-throttle.ts';

export type AdminCredentials = { username: string; password: string };

// One-shot hash: the admin's every request digests its header, and a Hash object costs more than the hashing.
const digest = (value: string) => hash('sha256', value, 'buffer');

/** Constant-time comparison over fixed-length digests so length does not leak either. */
const safeEqual = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

export const parseBasicAuth = (header: string | undefined): AdminCredentials | null => {
  if (!header) return null;
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
};

export const checkAdminCredentials = (given: AdminCredentials | null, expected: AdminCredentials) => {
  if (!given) return false;
  // Evaluate both halves so a wrong username costs the same time as a wrong password.
  const userOk = safeEqual(given.username, expected.username);
  const passOk = safeEqual(given.password, expected.password);
  return userOk && passOk;
};

/**
 * How long an Authorization header verified from one client address passes again without
 * the throttle table: the admin's SPA sends it on every read, and a database round trip per
 * read was a third of the admin list's cost (issue 10, goal 5). Short, so a block set by
 * another replica over the same database applies within this long.
 */
export const VERIFIED_ADMIN_TTL_MS = 10_000;
const MAX_VERIFIED_ADDRESSES = 1_000;

/**
 * Headers that passed the check and the throttle, per client address, as digests (never the
 * header itself), compared in constant time. Only the right credentials are ever stored, so
 * a hit proves nothing an attacker did not already send; any failure from an address drops it.
 */
const createVerifiedHeaders = (ttlMs: number) => {
  const byAddress = new Map<string, { digest: Buffer; expiresAt: number }>();
  return {
    has: (address: string, header: string) => {
      const entry = byAddress.get(address);
      if (!entry) return false;
      if (entry.expiresAt <= Date.now()) {
        byAddress.delete(address);
        return false;
      }
      return timingSafeEqual(entry.digest, digest(header));
    },
    add: (address: string, header: string) => {
      byAddress.delete(address);
      // Oldest first (insertion order): bounded however many addresses sign in.
      if (byAddress.size >= MAX_VERIFIED_ADDRESSES) byAddress.delete(byAddress.keys().next().value!);
      byAddress.set(address, { digest: digest(header), expiresAt: Date.now() + ttlMs });
    },
    forget: (address: string) => byAddress.delete(address),
  };
};

export type { StaffPrincipal } from './staff-sessions.ts';

// Set by the guard on each request it lets through: who acts, for the commands' metadata.
const principals = new WeakMap<FastifyRequest, StaffPrincipal>();

/** Who the admin guard let through on this request; the Basic-auth owner when no guard ran (a test's bare route). */
export const staffOf = (request: FastifyRequest): StaffPrincipal =>
  principals.get(request) ?? ownerPrincipal(parseBasicAuth(request.headers.authorization)?.username ?? 'admin');

/** The Basic-auth account is the owner (issue 27): SPEC 7's admin calls keep working with it. */
const ownerPrincipal = (username: string): StaffPrincipal => ({
  id: username,
  displayName: username,
  email: null,
  role: 'owner',
  via: 'basic',
});

export const STAFF_SESSION_ENDED_DETAIL = 'Your staff session has ended. Sign in again.';
export const roleRefusedDetail = (role: StaffPrincipal['role']) =>
  `Your role (${STAFF_ROLE_LABELS[role]}) does not give access to this part of the admin area`;
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const SESSION_HEADER = new RegExp(`^${STAFF_SESSION_AUTHORIZATION}\\s*$`, 'i');

/**
 * The role check every admin route passes (issue 27): the route's pattern names its areas
 * (ADMIN_ROUTE_AREAS in contracts); a role without any of them is refused with 403.
 */
const admit = (request: FastifyRequest, reply: FastifyReply, principal: StaffPrincipal) => {
  if (!mayCallAdminPath(principal.role, request.routeOptions.url ?? request.url.split('?')[0]!)) {
    return sendProblem(reply, { status: 403, detail: roleRefusedDetail(principal.role) });
  }
  principals.set(request, principal);
};

export const TOO_MANY_ADMIN_ATTEMPTS_DETAIL = 'Too many failed admin sign-in attempts. Try again later.';
export const ADMIN_CREDENTIALS_DETAIL = 'Admin credentials are missing or wrong';

/**
 * A fastify preHandler enforcing admin auth and the caller's role on every call: a staff
 * member's session (`Authorization: Session` with the staff cookie) or the owner's Basic
 * credentials. Failed attempts slow
 * down the username and client address that made them, with growing delays
 * (createFailureThrottle): a guesser waits longer and longer, while the admin signing
 * in from anywhere else is never held up. The counters live in PostgreSQL, so every
 * replica and every guard over the same database adds them up.
 */
export const createAdminGuard = (options: {
  credentials: AdminCredentials;
  pool: Queryable;
  limits?: Partial<FailureLimits>;
  /** How long a verified header passes again from its address without the throttle table (0: never). */
  verifiedTtlMs?: number;
}) => {
  const throttle = createFailureThrottle({ pool: options.pool, scope: 'admin', limits: options.limits });
  // Per guard, so per set of credentials: other credentials mean another guard, never a stale pass.
  const verified = createVerifiedHeaders(options.verifiedTtlMs ?? VERIFIED_ADMIN_TTL_MS);

  return async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization;
    if (header !== undefined && SESSION_HEADER.test(header)) {
      if (STATE_CHANGING.has(request.method) && !isSameOrigin(request)) {
        return sendProblem(reply, { status: 403, detail: 'Cross-site request refused' });
      }
      const staff = await loadStaffSession(options.pool, request);
      if (!staff) return sendProblem(reply, { status: 401, detail: STAFF_SESSION_ENDED_DETAIL });
      return admit(request, reply, staff);
    }
    const address = clientAddressOf(request);
    if (header !== undefined && verified.has(address, header)) {
      return admit(request, reply, ownerPrincipal(parseBasicAuth(header)?.username ?? options.credentials.username));
    }
    const given = parseBasicAuth(header);
    // No WWW-Authenticate challenge: the SPA owns the login form and a browser
    // prompt would hijack it. Nothing given, nothing guessed: no counter to touch.
    if (!given || header === undefined) return sendProblem(reply, { status: 401, detail: ADMIN_CREDENTIALS_DETAIL });
    const outcome = await throttle.attempt({ account: given.username, address }, async () =>
      checkAdminCredentials(given, options.credentials) ? true : null,
    );
    if (outcome.kind === 'passed') {
      verified.add(address, header);
      return admit(request, reply, ownerPrincipal(given.username));
    }
    verified.forget(address);
    if (outcome.kind === 'blocked') {
      reply.header('retry-after', String(outcome.retryAfterSeconds));
      return sendProblem(reply, { status: 429, detail: TOO_MANY_ADMIN_ATTEMPTS_DETAIL });
    }
    return sendProblem(reply, { status: 401, detail: ADMIN_CREDENTIALS_DETAIL });
  };
};
