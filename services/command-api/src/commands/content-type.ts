import type { FastifyRequest } from 'fastify';
import { DomainError } from '@acres/contracts/errors';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

export const UNSUPPORTED_MEDIA_TYPE_MESSAGE = 'Send the request body as JSON with Content-Type: application/json';

/**
 * Only application/json (any parameters, e.g. charset) reaches the parsers. Checked
 * before the body is read, so a form post or text/plain gets a clear 415 rather than
 * a confusing schema error, and a missing Content-Type is treated the same way.
 */
export const assertJsonContentType = (request: FastifyRequest): void => {
  if (!BODY_METHODS.has(request.method)) return;
  const header = request.headers['content-type'];
  if (header === 'application/json') return; // what every form sends: no parsing needed
  const mediaType = typeof header === 'string' ? header.split(';')[0]!.trim().toLowerCase() : '';
  if (mediaType !== 'application/json') throw new DomainError('unsupported_media_type', UNSUPPORTED_MEDIA_TYPE_MESSAGE);
};

/** assertJsonContentType as an async hook, for a route's own onRequest. */
export const requireJsonContentType = async (request: FastifyRequest) => assertJsonContentType(request);

export const BODY_NOT_OBJECT_MESSAGE = 'The request body must be a JSON object';
/**
 * After parsing, before the schema: null, arrays and bare values get one clear message
 * instead of a type dump. (Text the database cannot hold was refused just before, by the
 * request text rule every route has: @acres/platform's request-text/edge-rule.ts.)
 */
export const assertJsonObjectBody = (request: FastifyRequest): void => {
  if (!BODY_METHODS.has(request.method)) return;
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new DomainError('validation_failed', BODY_NOT_OBJECT_MESSAGE, [{ field: 'body', message: BODY_NOT_OBJECT_MESSAGE }]);
  }
};

/** assertJsonObjectBody as an async hook, for a route's own preValidation. */
export const requireJsonObjectBody = async (request: FastifyRequest) => assertJsonObjectBody(request);
