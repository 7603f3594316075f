// One rule at the HTTP edge: no text field of a request (query, path parameter, body at any
// depth) may hold a NUL or invalid UTF-8. PostgreSQL cannot store either (a NUL in a query
// parameter answered 500 "invalid byte sequence"), and no form of ours sends them, so they
// are refused as a 400 naming the field before any guard's body check, handler or SQL runs.

import type { FastifyInstance } from 'fastify';
import { DomainError, type FieldError } from '@acres/contracts/errors';
import { decodeUtf8KeepingInvalid } from './utf8.ts';

// A lone surrogate is either what decodeUtf8KeepingInvalid made of an invalid byte or a
// JSON `\ud800` escape; both are text that cannot be written as UTF-8.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const problemOf = (text: string): string | null => {
  if (text.includes('\u0000')) return 'must not contain a NUL character';
  if (LONE_SURROGATE.test(text)) return 'must be valid UTF-8 text';
  return null;
};

/** A key as it can be shown: its NULs and lone surrogates written as escapes. */
const printableKey = (key: string) =>
  key.replace(/[\u0000\ud800-\udfff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

const MAX_DEPTH = 64;

/** The first bad text in `value` (a string, an array or a plain object), with its field path. */
export const findBadText = (value: unknown, path: string, depth = 0): FieldError | null => {
  if (typeof value === 'string') {
    const problem = problemOf(value);
    return problem ? { field: path, message: `${path} ${problem}` } : null;
  }
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  if (value instanceof URLSearchParams) return findBadText(Object.fromEntries(value), path, depth + 1);
  // Raw bytes or a stream: a route that reads them (signed webhooks) checks them itself.
  // Other objects are walked whatever their prototype: the router's params object has its own.
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer || typeof (value as { pipe?: unknown }).pipe === 'function')
    return null;
  for (const [key, item] of Object.entries(value)) {
    const keyProblem = problemOf(key);
    const field = path === '' ? printableKey(key) : `${path}.${printableKey(key)}`;
    if (keyProblem) return { field, message: `The field name ${field} ${keyProblem}` };
    const found = findBadText(item, field, depth + 1);
    if (found) return found;
  }
  return null;
};

const REQUEST_PARTS = [
  ['query', (request: { query: unknown }) => request.query],
  ['params', (request: { params: unknown }) => request.params],
  ['body', (request: { body: unknown }) => request.body],
] as const;

/**
 * Registers the rule on `app` and every plugin registered after it: a JSON parser that
 * keeps invalid UTF-8 visible (fastify's default one, fed the text) and a preValidation
 * hook that refuses with a validation error (400 problem+json naming the field). Plugins
 * with their own body parsers (uploads, the consent form) still pass their bodies through it.
 */
export const registerRequestTextRule = (app: FastifyInstance) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) =>
    parseJson(request, decodeUtf8KeepingInvalid(body as Buffer), done),
  );
  app.addHook('preValidation', (request, _reply, done) => {
    for (const [part, read] of REQUEST_PARTS) {
      const value = read(request);
      // A body that is one bare string (JSON "…") is named after the part itself.
      const found = findBadText(value, typeof value === 'string' ? part : '');
      if (!found) continue;
      // Through the one error handler, as every other 400.
      return done(new DomainError('validation_failed', `${found.field}: ${found.message}`, [found]));
    }
    done();
  });
};
