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
export const UNSTORABLE_TEXT_MESSAGE = 'Contains characters that are not allowed (a NUL character or a broken UTF-16 sequence)';

// PostgreSQL jsonb refuses \u0000 and unpaired surrogates; text like that is never a real form value.
const UNSTORABLE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Whether any string or key in value cannot be stored: the walk of findUnstorableText
 * without building a path per value, which every valid command body would pay for.
 */
const hasUnstorableText = (root: unknown): boolean => {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (UNSTORABLE_TEXT.test(value)) return true;
    } else if (typeof value === 'object' && value !== null) {
      for (const key of Object.keys(value)) {
        if (UNSTORABLE_TEXT.test(key)) return true;
        pending.push((value as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
};

/**
 * Paths ('notes', 'tags.2') of every string, or key, in value that cannot be stored.
 * Iterative: a 64 KB body can nest 30,000 levels deep, too deep for recursion.
 */
export const findUnstorableText = (root: unknown): string[] => {
  if (!hasUnstorableText(root)) return [];
  const found: string[] = [];
  const pending: { value: unknown; path: string }[] = [{ value: root, path: '' }];
  const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
  while (pending.length > 0) {
    const { value, path } = pending.pop()!;
    if (typeof value === 'string') {
      if (UNSTORABLE_TEXT.test(value)) found.push(path || 'body');
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, inner] of Object.entries(value)) {
        if (UNSTORABLE_TEXT.test(key)) found.push(join(path, key));
        else pending.push({ value: inner, path: join(path, key) });
      }
    }
  }
  return found.sort();
};

/**
 * After parsing, before the schema: null, arrays and bare values get one clear message
 * instead of a type dump, and text the database cannot hold is refused by field.
 */
export const assertJsonObjectBody = (request: FastifyRequest): void => {
  if (!BODY_METHODS.has(request.method)) return;
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new DomainError('validation_failed', BODY_NOT_OBJECT_MESSAGE, [{ field: 'body', message: BODY_NOT_OBJECT_MESSAGE }]);
  }
  const unstorable = findUnstorableText(body);
  if (unstorable.length > 0) {
    const errors = unstorable.map((field) => ({ field, message: UNSTORABLE_TEXT_MESSAGE }));
    throw new DomainError('validation_failed', errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors);
  }
};

/** assertJsonObjectBody as an async hook, for a route's own preValidation. */
export const requireJsonObjectBody = async (request: FastifyRequest) => assertJsonObjectBody(request);
