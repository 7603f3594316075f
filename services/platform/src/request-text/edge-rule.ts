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

const BAD_TEXT = new RegExp(`\\u0000|${LONE_SURROGATE.source}`);

/** A key as it can be shown: its NULs and lone surrogates written as escapes. */
const printableKey = (key: string) =>
  key.replace(/[\u0000\ud800-\udfff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

// Raw bytes or a stream: a route that reads them (signed webhooks) checks them itself.
// Other objects are walked whatever their prototype: the router's params object has its own.
const isRaw = (value: object) =>
  ArrayBuffer.isView(value) || value instanceof ArrayBuffer || typeof (value as { pipe?: unknown }).pipe === 'function';

const childrenOf = (value: object): [string, unknown][] =>
  value instanceof URLSearchParams ? [...value.entries()] : isRaw(value) ? [] : Object.entries(value);

/** Whether anything needs naming: the walk below without a path per value, which every valid request would pay. */
const hasBadText = (root: unknown): boolean => {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (BAD_TEXT.test(value)) return true;
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, inner] of childrenOf(value)) {
        if (BAD_TEXT.test(key)) return true;
        pending.push(inner);
      }
    }
  }
  return false;
};

/**
 * Every text in `root` (a string, an array or an object, keys included) holding a NUL or a
 * lone surrogate, by field path ('notes', 'tags.2'), sorted. Iterative: a 64 KB body can
 * nest 30,000 levels deep, too deep for recursion. `name` is the field of a bare string.
 */
export const findBadText = (root: unknown, name: string): FieldError[] => {
  if (!hasBadText(root)) return [];
  const found: FieldError[] = [];
  const pending: { value: unknown; path: string }[] = [{ value: root, path: '' }];
  while (pending.length > 0) {
    const { value, path } = pending.pop()!;
    if (typeof value === 'string') {
      const problem = problemOf(value);
      const field = path || name;
      if (problem) found.push({ field, message: `${field} ${problem}` });
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, inner] of childrenOf(value)) {
        const field = path ? `${path}.${printableKey(key)}` : printableKey(key);
        const keyProblem = problemOf(key);
        if (keyProblem) found.push({ field, message: `The field name ${field} ${keyProblem}` });
        else pending.push({ value: inner, path: field });
      }
    }
  }
  return found.sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
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
      const errors = findBadText(read(request), part);
      if (errors.length === 0) continue;
      // Through the one error handler, as every other 400.
      return done(new DomainError('validation_failed', errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors));
    }
    done();
  });
};
