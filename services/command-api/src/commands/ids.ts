import { createHash } from 'node:crypto';
import { v5, validate } from 'uuid';
import { z } from 'zod';

/**
 * Fixed namespace for every id this service derives. Changing it would give a retried
 * request a different id than its first attempt, so it never changes.
 */
export const ID_NAMESPACE = '37f97f1d-e7f8-4613-bc9a-4a565c25ac8d';

const Guid = z.guid();

export const sha256Hex = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

/**
 * 8-4-4-4-12 lower-case hex of any 16 bytes, with no version or variant check: the text of
 * a raw 128-bit id (object ids, the owner ids in upload tokens), one spelling per id.
 */
export const isLowercaseGuid = (value: string): boolean => value === value.toLowerCase() && Guid.safeParse(value).success;

/**
 * RFC 9562 version 5 (SHA-1, name-based) uuid: the same name always gives the same id.
 * The name goes in as UTF-8 bytes (a lone surrogate as U+FFFD, like Buffer), so every id
 * derived before the uuid package took over stays the same; the namespace must be a uuid.
 */
export const uuidv5 = (name: string, namespace: string = ID_NAMESPACE): string => {
  if (!validate(namespace)) throw new TypeError(`Namespace must be a uuid, got '${namespace}'`);
  return v5(Buffer.from(name, 'utf8'), namespace);
};

/** Emails compare case-insensitively and without surrounding spaces (SPEC: subscriptions.email unique). */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * The id of the thing a command creates, derived from its Idempotency-Key so a retry
 * lands on the same stream (and meets 'no_stream' there) instead of writing twice.
 * `scope` keeps the same key sent to two different commands apart.
 */
export const idForIdempotencyKey = (scope: string, key: string) => uuidv5(`${scope}\u0000${key}`);

/** JSON with object keys sorted at every depth, so equal values hash equally whatever the key order. */
export const canonicalJson = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) => {
    if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return inner;
    const record = inner as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(record)
        .sort()
        .map((key) => [key, record[key]]),
    );
  });

/** Fingerprint of a parsed request, stored with the event to recognise a retry of the same request. */
export const hashRequest = (command: string, input: unknown) => sha256Hex(canonicalJson({ command, input }));
