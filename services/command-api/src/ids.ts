import { createHash } from 'node:crypto';

/**
 * Fixed namespace for every id this service derives. Changing it would give a retried
 * request a different id than its first attempt, so it never changes.
 */
export const ID_NAMESPACE = '37f97f1d-e7f8-4613-bc9a-4a565c25ac8d';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

const sha256Hex = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

/** RFC 9562 version 5 (SHA-1, name-based) uuid: the same name always gives the same id. */
export const uuidv5 = (name: string, namespace: string = ID_NAMESPACE): string => {
  if (!isUuid(namespace)) throw new TypeError(`Namespace must be a uuid, got '${namespace}'`);
  const namespaceBytes = Buffer.from(namespace.replaceAll('-', ''), 'hex');
  const hash = createHash('sha1').update(namespaceBytes).update(name, 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
};

/** Emails compare case-insensitively and without surrounding spaces (SPEC: subscriptions.email unique). */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export const leadStreamId = (leadId: string) => `lead-${leadId}`;

/** One stream per email is what makes "one application per email" a consistency boundary. */
export const applicationStreamId = (email: string) => `application-${sha256Hex(normaliseEmail(email))}`;

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
    return Object.fromEntries(Object.keys(record).sort().map((key) => [key, record[key]]));
  });

/** Fingerprint of a parsed request, stored with the event to recognise a retry of the same request. */
export const hashRequest = (command: string, input: unknown) => sha256Hex(canonicalJson({ command, input }));
