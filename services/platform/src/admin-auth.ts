import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendProblem } from './http-errors.ts';

export type AdminCredentials = { username: string; password: string };

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

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

type FailureWindow = { count: number; resetAt: number };

/**
 * A fastify preHandler enforcing admin Basic auth on every call. Failed attempts are
 * counted per client address; after maxFailures within windowMs the address gets 429
 * until the window passes, which makes guessing the password impractically slow.
 */
export const createAdminGuard = (options: {
  credentials: AdminCredentials;
  maxFailures?: number;
  windowMs?: number;
  now?: () => number;
}) => {
  const maxFailures = options.maxFailures ?? 10;
  const windowMs = options.windowMs ?? 15 * 60_000;
  const now = options.now ?? Date.now;
  const failures = new Map<string, FailureWindow>();

  return async (request: FastifyRequest, reply: FastifyReply) => {
    const key = request.ip;
    const current = failures.get(key);
    if (current && current.resetAt <= now()) failures.delete(key);
    const window = failures.get(key);
    if (window && window.count >= maxFailures) {
      reply.header('retry-after', Math.ceil((window.resetAt - now()) / 1000));
      return sendProblem(reply, { status: 429, detail: 'Too many failed admin sign-in attempts. Try again later.' });
    }
    const given = parseBasicAuth(request.headers.authorization);
    if (checkAdminCredentials(given, options.credentials)) return;
    if (given) {
      const next = window ?? { count: 0, resetAt: now() + windowMs };
      next.count += 1;
      failures.set(key, next);
      if (failures.size > 10_000) failures.clear();
    }
    // No WWW-Authenticate challenge: the SPA owns the login form and a browser
    // prompt would hijack it.
    return sendProblem(reply, { status: 401, detail: 'Admin credentials are missing or wrong' });
  };
};
