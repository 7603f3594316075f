import type { FastifyReply } from 'fastify';
import { sendProblem } from '@acres/platform/http-errors';

const describeWait = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  return seconds < 60 ? `${seconds} seconds` : `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
};

/** 429 with Retry-After, saying in words how long to wait. */
export const sendTooManyAttempts = (reply: FastifyReply, options: { retryAfterSeconds: number; what: string }) => {
  reply.header('retry-after', String(options.retryAfterSeconds));
  return sendProblem(reply, {
    status: 429,
    detail: `Too many ${options.what} attempts. Try again in ${describeWait(options.retryAfterSeconds)}.`,
  });
};
