import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '@acres/platform/errors';

export const TOO_MANY_UPLOADS_MESSAGE = 'Too many uploads from this address. Please try again later.';

export type UploadRateLimit = { max: number; windowMs: number };
export const DEFAULT_UPLOAD_RATE_LIMIT: UploadRateLimit = { max: 30, windowMs: 15 * 60_000 };

/**
 * Upload URLs per client address per window. Each URL stores at most one 5 MB file, so
 * this bounds how fast one address can fill the disk (a visitor can always drop the
 * cookie, so the owner is not a useful key). In memory: one process serves uploads.
 */
export const createUploadRateLimiter = (options: UploadRateLimit & { now?: () => number }) => {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { count: number; resetAt: number }>();
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const at = now();
    let window = windows.get(request.ip);
    if (!window || window.resetAt <= at) {
      if (windows.size > 10_000) windows.clear();
      window = { count: 0, resetAt: at + options.windowMs };
      windows.set(request.ip, window);
    }
    window.count += 1;
    if (window.count > options.max) {
      reply.header('retry-after', Math.ceil((window.resetAt - at) / 1000));
      throw new DomainError('rate_limited', TOO_MANY_UPLOADS_MESSAGE);
    }
  };
};
