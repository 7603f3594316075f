import type { FastifyInstance } from 'fastify';
import { DomainError } from '@acres/contracts/errors';
import { clientAddressOf } from '@acres/platform/throttle/failure-throttle';

export const TOO_MANY_UPLOADS_MESSAGE = 'Too many uploads from this address. Please try again later.';

export type UploadRateLimit = { max: number; windowMs: number };
export const DEFAULT_UPLOAD_RATE_LIMIT: UploadRateLimit = { max: 30, windowMs: 15 * 60_000 };

/**
 * Upload URLs per client address per window. Each URL stores at most one 5 MB file, so
 * this bounds how fast one address can fill the disk (a visitor can always drop the
 * cookie, so the owner is not a useful key). @fastify/rate-limit over the shared
 * PostgreSQL store: app must have rateLimitPlugin, and every replica counts together.
 */
export const createUploadRateLimiter = (app: FastifyInstance, limit: UploadRateLimit) =>
  app.rateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request) => `upload-url:${clientAddressOf(request)}`,
    errorResponseBuilder: () => new DomainError('rate_limited', TOO_MANY_UPLOADS_MESSAGE),
  });
