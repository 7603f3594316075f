// The chain's canonical encoding (infra/migrations/1700000000023_event-chain.sql computes the
// same bytes at append; the verifier rehashes with this one, so a drift fails its spec).
// Text fields are length-prefixed (uint32 big-endian) UTF-8, integers int8 big-endian: no two
// different events encode alike, whatever their text holds.

import { createHash } from 'node:crypto';

export const CHAIN_ROOT = Buffer.alloc(32);
const EVENT_TAG = 'acres-event-v1';
const DIGEST_TAG = 'acres-digest-v1';

/** An event as stored: data and metadata as the store's own text of them (jsonb's output form). */
export type ChainedEventFields = {
  streamId: string;
  streamPosition: bigint;
  eventId: string;
  type: string;
  dataText: string;
  metadataText: string;
  /** Microseconds since the epoch, as stored. */
  createdAtMicros: bigint;
};

const textField = (value: string) => {
  const bytes = Buffer.from(value, 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return [length, bytes];
};

const int8Field = (value: bigint) => {
  const bytes = Buffer.alloc(8);
  bytes.writeBigInt64BE(value);
  return bytes;
};

export const encodeChainedEvent = (fields: ChainedEventFields): Buffer =>
  Buffer.concat([
    ...textField(EVENT_TAG),
    ...textField(fields.streamId),
    int8Field(fields.streamPosition),
    ...textField(fields.eventId.toLowerCase()),
    ...textField(fields.type),
    ...textField(fields.dataText),
    ...textField(fields.metadataText),
    int8Field(fields.createdAtMicros),
  ]);

/** hash_n = SHA-256(canonical(event_n) || hash_{n-1}); CHAIN_ROOT before revision 0. */
export const hashChainedEvent = (fields: ChainedEventFields, previousHash: Uint8Array): Buffer => {
  if (previousHash.length !== 32) throw new RangeError('the previous hash must be 32 bytes');
  return createHash('sha256').update(encodeChainedEvent(fields)).update(previousHash).digest();
};

/**
 * digest_n = SHA-256(tag || digest_{n-1} || position_n || the head hash of every stream
 * changed in (position_{n-1}, position_n], in position order); CHAIN_ROOT before the first.
 */
export const computeLogDigest = (options: { previous: Uint8Array; position: bigint; heads: Uint8Array[] }): Buffer => {
  const hash = createHash('sha256');
  hash
    .update(Buffer.concat(textField(DIGEST_TAG)))
    .update(options.previous)
    .update(int8Field(options.position));
  for (const head of options.heads) hash.update(head);
  return hash.digest();
};
