import { describe, expect, it } from 'vitest';
import { applicationStreamId, canonicalJson, hashRequest, idForIdempotencyKey, isUuid, leadStreamId, uuidv5 } from './ids.ts';

describe('uuidv5', () => {
  it('matches the RFC 9562 test vector', () => {
    expect(uuidv5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });

  it('gives the same id for the same key and different ids per command scope', () => {
    const id = idForIdempotencyKey('ReserveSlot', 'key-1');
    expect(isUuid(id)).toBe(true);
    expect(idForIdempotencyKey('ReserveSlot', 'key-1')).toBe(id);
    expect(idForIdempotencyKey('SubmitApplication', 'key-1')).not.toBe(id);
    expect(idForIdempotencyKey('ReserveSlot', 'key-2')).not.toBe(id);
  });

  it('refuses a namespace that is not a uuid', () => {
    expect(() => uuidv5('x', 'not-a-uuid')).toThrow(/Namespace must be a uuid/);
  });
});

describe('stream ids', () => {
  it('puts every spelling of one email in the same application stream', () => {
    const stream = applicationStreamId('ada@example.ng');
    expect(stream).toMatch(/^application-[0-9a-f]{64}$/);
    expect(applicationStreamId('  ADA@Example.NG ')).toBe(stream);
    expect(applicationStreamId('ada2@example.ng')).not.toBe(stream);
  });

  it('keeps the email itself out of the stream name', () => {
    expect(applicationStreamId('ada@example.ng')).not.toContain('ada');
  });

  it('names a lead stream by its id', () => {
    expect(leadStreamId('abc')).toBe('lead-abc');
  });
});

describe('request hashes', () => {
  it('ignore key order at every depth', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: null } })).toBe('{"a":{"c":null,"d":[1,{"x":1,"y":2}]},"b":1}');
    expect(hashRequest('ReserveSlot', { a: 1, b: 2 })).toBe(hashRequest('ReserveSlot', { b: 2, a: 1 }));
  });

  it('differ by command and by content', () => {
    expect(hashRequest('ReserveSlot', { a: 1 })).not.toBe(hashRequest('SubmitApplication', { a: 1 }));
    expect(hashRequest('ReserveSlot', { a: 1 })).not.toBe(hashRequest('ReserveSlot', { a: 2 }));
  });
});
