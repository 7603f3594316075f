import { describe, expect, it } from 'vitest';
import { CHAIN_ROOT, computeLogDigest, encodeChainedEvent, hashChainedEvent, type ChainedEventFields } from './encoding.ts';

const fields: ChainedEventFields = {
  streamId: 'payment-1',
  streamPosition: 0n,
  eventId: '0B9B3F5E-2C4C-4E4B-9A35-2E0C2E9B7C11',
  type: 'PaymentProofSubmitted',
  dataText: '{"amount": 3500000}',
  metadataText: '{"actor": {"id": null, "kind": "user"}}',
  createdAtMicros: 1_764_000_000_123_456n,
};

describe('the chain encoding', () => {
  it('length-prefixes text and writes integers as int8 big-endian', () => {
    const bytes = encodeChainedEvent({ ...fields, streamId: 'é', type: '' });
    // tag, then the stream id: 2 bytes of UTF-8 behind a uint32 length.
    const afterTag = 4 + 'acres-event-v1'.length;
    expect(bytes.readUInt32BE(afterTag)).toBe(2);
    expect(bytes.subarray(afterTag + 4, afterTag + 6).toString('utf8')).toBe('é');
    expect(bytes.readBigInt64BE(afterTag + 6)).toBe(0n);
    expect(bytes.readUInt32BE(afterTag + 14)).toBe(36);
    expect(bytes.readBigInt64BE(bytes.length - 8)).toBe(fields.createdAtMicros);
  });

  it('keeps fields apart: moving text across a boundary changes the encoding', () => {
    const a = encodeChainedEvent({ ...fields, type: 'ab', dataText: 'c' });
    const b = encodeChainedEvent({ ...fields, type: 'a', dataText: 'bc' });
    expect(a.equals(b)).toBe(false);
  });

  it('reads the event id in lower case, as the database prints a uuid', () => {
    expect(encodeChainedEvent(fields).equals(encodeChainedEvent({ ...fields, eventId: fields.eventId.toLowerCase() }))).toBe(
      true,
    );
  });

  it('hashes to a known SHA-256 and depends on every field and on the previous hash', () => {
    const first = hashChainedEvent(fields, CHAIN_ROOT);
    expect(first.toString('hex')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashChainedEvent(fields, CHAIN_ROOT).equals(first)).toBe(true);
    const variants: Partial<ChainedEventFields>[] = [
      { streamId: 'payment-2' },
      { streamPosition: 1n },
      { eventId: '0b9b3f5e-2c4c-4e4b-9a35-2e0c2e9b7c12' },
      { type: 'PaymentApproved' },
      { dataText: '{"amount": 3500001}' },
      { metadataText: '{}' },
      { createdAtMicros: fields.createdAtMicros + 1n },
    ];
    for (const variant of variants) expect(hashChainedEvent({ ...fields, ...variant }, CHAIN_ROOT).equals(first)).toBe(false);
    expect(hashChainedEvent(fields, first).equals(first)).toBe(false);
    expect(() => hashChainedEvent(fields, Buffer.alloc(31))).toThrow(RangeError);
  });

  it('chains digests: each covers the previous one, its position and its heads in order', () => {
    const head = (byte: number) => Buffer.alloc(32, byte);
    const d1 = computeLogDigest({ previous: CHAIN_ROOT, position: 10n, heads: [head(1), head(2)] });
    expect(computeLogDigest({ previous: CHAIN_ROOT, position: 10n, heads: [head(2), head(1)] }).equals(d1)).toBe(false);
    expect(computeLogDigest({ previous: CHAIN_ROOT, position: 11n, heads: [head(1), head(2)] }).equals(d1)).toBe(false);
    expect(computeLogDigest({ previous: d1, position: 10n, heads: [head(1), head(2)] }).equals(d1)).toBe(false);
  });
});
