import type { FastifyInstance, FastifyReply } from 'fastify';
import { DomainError } from '@acres/contracts/errors';
import { sendProblem } from '@acres/platform/http-errors';
import { clientAddressOf } from '@acres/platform/throttle/failure-throttle';

export type AddressLimit = { max: number; windowMs: number };

const describeWait = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  return seconds < 60 ? `${seconds} seconds` : `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
};

const tooManyAttemptsDetail = (options: { retryAfterSeconds: number; what: string }) =>
  `Too many ${options.what} attempts. Try again in ${describeWait(options.retryAfterSeconds)}.`;

/** 429 with Retry-After, saying in words how long to wait. */
export const sendTooManyAttempts = (reply: FastifyReply, options: { retryAfterSeconds: number; what: string }) => {
  reply.header('retry-after', String(options.retryAfterSeconds));
  return sendProblem(reply, { status: 429, detail: tooManyAttemptsDetail(options) });
};

/**
 * A hook counting `what` attempts per client address in PostgreSQL (@fastify/rate-limit
 * with the shared store: app must have rateLimitPlugin). Past the limit: 429 with
 * Retry-After and the same words as sendTooManyAttempts.
 */
export const createAddressLimit = (app: FastifyInstance, options: { what: string; limit: AddressLimit }) =>
  app.rateLimit({
    max: options.limit.max,
    timeWindow: options.limit.windowMs,
    keyGenerator: (request) => `${options.what}:${clientAddressOf(request)}`,
    errorResponseBuilder: (_request, context) =>
      new DomainError(
        'rate_limited',
        tooManyAttemptsDetail({ what: options.what, retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
      ),
  });
