import { DomainError } from '@acres/contracts/errors';
import type { Pool } from '@acres/platform';
import { CHECKPOINT_NAMES } from '@acres/read-models';
import { waitForProjections } from '@acres/read-models/freshness';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const MIN_POSITION_HEADER = 'x-min-position';
export const STALE_HEADER = 'x-read-model-stale';
export const DEFAULT_FRESH_READ_TIMEOUT_MS = 2000;

// The checkpoint names of the read models these reads wait on, from the registry the
// projector keeps its checkpoints under, so the two cannot drift apart.
export const PROJECTIONS = CHECKPOINT_NAMES;

const MAX_POSITION = 2n ** 63n - 1n;

const invalid = (message: string) =>
  new DomainError('validation_failed', `${MIN_POSITION_HEADER}: ${message}`, [{ field: MIN_POSITION_HEADER, message }]);

/** undefined when absent; a 400 for anything but one decimal global position. */
export const parseMinPosition = (value: string | string[] | undefined): bigint | undefined => {
  if (value === undefined) return undefined;
  // Node joins repeated headers with ', ', so a second value fails the pattern below too.
  if (Array.isArray(value)) throw invalid('must be sent once');
  const trimmed = value.trim();
  if (!/^\d{1,19}$/.test(trimmed)) throw invalid('must be a non-negative whole number (a global event position)');
  const position = BigInt(trimmed);
  if (position > MAX_POSITION) throw invalid('is larger than any event position');
  return position;
};

/**
 * preHandler for a route reading the given projections: with x-min-position it waits
 * (bounded) until they have applied that event, and on timeout serves what is there,
 * flagged with x-read-model-stale so the client knows the answer may lag its write.
 */
export const createFreshReadHook =
  (options: { pool: Pool; projections: readonly string[]; timeoutMs: number; pollMs?: number | undefined }) =>
  async (request: FastifyRequest, reply: FastifyReply) => {
    const position = parseMinPosition(request.headers[MIN_POSITION_HEADER]);
    if (position === undefined || position === 0n) return;
    const fresh = await waitForProjections({
      pool: options.pool,
      names: options.projections,
      position,
      timeoutMs: options.timeoutMs,
      ...(options.pollMs === undefined ? {} : { pollMs: options.pollMs }),
    });
    if (!fresh) {
      request.log.info({ minPosition: position.toString(), projections: options.projections }, 'served a stale read model');
      reply.header(STALE_HEADER, 'true');
    }
  };
