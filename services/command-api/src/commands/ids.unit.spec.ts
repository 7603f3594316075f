import { createHash } from 'node:crypto';
import { validate, version } from 'uuid';
import { describe, expect, it } from 'vitest';
import { applicationStreamId } from '../applications/streams.ts';
import { leadStreamId } from '../leads/streams.ts';
import { canonicalJson, hashRequest, idForIdempotencyKey, isLowercaseGuid, uuidv5 } from './ids.ts';
import { createAddressDigest, deriveMasterKey } from '@acres/eventstore/protect';

describe('uuidv5', () => {
  it('matches the RFC 9562 test vector', () => {
    expect(uuidv5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
    // Python's uuid.uuid5(uuid.NAMESPACE_DNS, 'python.org').
    expect(uuidv5('python.org', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe('886313e1-3b8a-5372-9b90-0c9aee199e5d');
  });

  // Ids already stored in event logs were derived by the hand-written implementation this
  // service used before the uuid package; these values were computed by it and must never move.
  it.each([
    ['', '23419934-5788-5c77-b6cd-efb9b01c0b84'],
    ['ReserveSlot\u0000key-1', '00365dd5-0dca-5cfb-89a9-b58c91cbc298'],
    [
      `event\u0000lead-4f4f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f05\u0000key-1\u0000${'ab'.repeat(32)}\u00000`,
      '1fbe2998-37ea-5f29-a0d0-c9da210e9a92',
    ],
    ['Adaeze Ọ̀kọ́nkwọ́ ₦3.5M 🏡', '174bafc8-4a8a-5fce-beb7-0b45d1664098'],
    // A lone surrogate is encoded as UTF-8 U+FFFD, as Buffer does, never refused.
    ['lone \ud800 surrogate', '2408ee35-a463-5745-b820-99a3549b7b45'],
  ])('derives the same id as before for %j in the service namespace', (name, expected) => {
    expect(uuidv5(name)).toBe(expected);
  });

  it('derives the same idempotency ids as before', () => {
    expect(idForIdempotencyKey('ReserveSlot', 'key-1')).toBe('00365dd5-0dca-5cfb-89a9-b58c91cbc298');
    expect(idForIdempotencyKey('SubmitApplication', 'key-1')).toBe('4dcda1cf-749e-5900-8417-6f380a649915');
    expect(idForIdempotencyKey('SubmitPaymentProof', '0f8e8a52-2c3b-4c5e-9d1a-3b2c1d0e9f8a')).toBe(
      '1b5a6fc4-ee63-5149-a1c5-df2d648e2037',
    );
  });

  it('reads an upper-case namespace like its lower-case spelling', () => {
    expect(uuidv5('x', '6BA7B810-9DAD-11D1-80B4-00C04FD430C8')).toBe('05b16a01-46c6-56dd-bd6e-c6dfb4a1427a');
    expect(uuidv5('x', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe('05b16a01-46c6-56dd-bd6e-c6dfb4a1427a');
  });

  it('gives the same id for the same key and different ids per command scope', () => {
    const id = idForIdempotencyKey('ReserveSlot', 'key-1');
    expect(validate(id) && version(id)).toBe(5);
    expect(idForIdempotencyKey('ReserveSlot', 'key-1')).toBe(id);
    expect(idForIdempotencyKey('SubmitApplication', 'key-1')).not.toBe(id);
    expect(idForIdempotencyKey('ReserveSlot', 'key-2')).not.toBe(id);
  });

  it('refuses a namespace that is not a uuid', () => {
    expect(() => uuidv5('x', 'not-a-uuid')).toThrow(/Namespace must be a uuid/);
  });
});

describe('isLowercaseGuid', () => {
  it('takes the lower-case text of any 16 bytes, RFC version and variant or not', () => {
    expect(isLowercaseGuid('4f4f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f05')).toBe(true);
    expect(isLowercaseGuid('2e2e2f2e-2e2f-6574-632f-706173737764')).toBe(true);
    expect(isLowercaseGuid('00000000-0000-0000-0000-000000000000')).toBe(true);
  });

  it.each([
    ['ABCDEF00-0000-4000-8000-000000000000'],
    ['4f4f6a8e5c1d4e8a9f3b2a7c6d5e4f05'],
    ['4f4f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f0g'],
    [' 4f4f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f05'],
    [''],
  ])('refuses %j', (value) => {
    expect(isLowercaseGuid(value)).toBe(false);
  });
});

describe('stream ids', () => {
  const addressDigest = createAddressDigest(deriveMasterKey('ids-spec-master-key-0123456789abcdef'));

  it('puts every spelling of one email in the same application stream', () => {
    const stream = applicationStreamId(addressDigest, 'ada@example.ng');
    expect(stream).toMatch(/^application-[0-9a-f]{40}$/);
    expect(applicationStreamId(addressDigest, '  ADA@Example.NG ')).toBe(stream);
    expect(applicationStreamId(addressDigest, 'ada2@example.ng')).not.toBe(stream);
  });

  it('keeps the email, and its bare SHA-256, out of the stream name: only the master key names it', () => {
    const stream = applicationStreamId(addressDigest, 'ada@example.ng');
    expect(stream).not.toContain('ada');
    expect(stream).not.toContain(createHash('sha256').update('ada@example.ng').digest('hex').slice(0, 16));
    const otherKey = createAddressDigest(deriveMasterKey('another-master-key-0123456789abcdefgh'));
    expect(applicationStreamId(otherKey, 'ada@example.ng')).not.toBe(stream);
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
