import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { validate as isUuid } from 'uuid';
import { DomainError } from '@acres/contracts/errors';
import { staffOf } from '@acres/platform/admin-auth';
import type { CommandContext } from './handle-command.ts';
import { hashRequest } from './ids.ts';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_MESSAGE = 'Idempotency-Key must be 1 to 200 characters of letters, digits and _ - : .';
const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_\-:.]{1,200}$/;

/** undefined when absent; throws a 400 naming the header when present but malformed (or sent twice). */
export const readIdempotencyKey = (request: FastifyRequest): string | undefined => {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(raw)) {
    throw new DomainError('validation_failed', `${IDEMPOTENCY_KEY_HEADER}: ${IDEMPOTENCY_KEY_MESSAGE}`, [
      { field: IDEMPOTENCY_KEY_HEADER, message: IDEMPOTENCY_KEY_MESSAGE },
    ]);
  }
  return raw;
};

/**
 * Metadata for the events of one request. The correlation id is the request id when a
 * proxy supplied an RFC 9562 uuid (what EventMetadataSchema.correlationId accepts), so
 * logs and events join up; anything else is replaced.
 * Visitors are anonymous (SPEC 6), hence actor id null; a signed-in investor is the actor by
 * their user id, so what they make (a lead, an application) is their account's whatever email
 * it names (issue 24: the read models keep it as created_by_user_id). Admin commands name the
 * admin themselves.
 */
export const buildCommandContext = (options: {
  request: FastifyRequest;
  now: Date;
  commandName: string;
  input: unknown;
}): CommandContext => {
  const { request } = options;
  const correlationId = isUuid(request.id) ? request.id : randomUUID();
  const key = readIdempotencyKey(request);
  return {
    correlationId,
    causationId: correlationId,
    actor: request.sessionUser ? { kind: 'user', id: request.sessionUser.id } : { kind: 'visitor', id: null },
    now: options.now,
    idempotency: key === undefined ? null : { key, requestHash: hashRequest(options.commandName, options.input) },
  };
};

/**
 * An admin command's context: the guard has checked the credentials and the role, and the
 * staff member it let through (their staff id; the Basic-auth owner's username) is who acted:
 * `adminUsername` names them in the events' own fields as the actor does in the metadata. Most admin decisions are made once and answer the same way again, so they ignore an
 * Idempotency-Key; `keepIdempotencyKey` keeps it for those that honour one.
 */
export const buildAdminCommandContext = (options: {
  request: FastifyRequest;
  now: Date;
  commandName: string;
  input: unknown;
  keepIdempotencyKey?: boolean;
}): { adminUsername: string; context: CommandContext } => {
  const adminUsername = staffOf(options.request).id;
  const base = buildCommandContext(options);
  const idempotency = options.keepIdempotencyKey ? base.idempotency : null;
  return { adminUsername, context: { ...base, actor: { kind: 'admin', id: adminUsername }, idempotency } };
};
