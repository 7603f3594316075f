import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { APPLICATION_NUMBER_PATTERN, formatApplicationNumber } from './application-number.ts';

const at = new Date('2026-06-01T12:00:00Z');

describe('an application number', () => {
  it('is ACR, the year and the first 40 bits of the id in Crockford base32', () => {
    expect(formatApplicationNumber({ applicationId: '01234567-89ab-4def-8123-456789abcdef', submittedAt: at })).toBe(
      'ACR-2026-04HMASW9',
    );
    expect(formatApplicationNumber({ applicationId: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d', submittedAt: at })).toBe(
      'ACR-2026-M6SC7N75',
    );
  });

  it('covers the whole alphabet range', () => {
    expect(formatApplicationNumber({ applicationId: '00000000-0000-4000-8000-000000000000', submittedAt: at })).toBe(
      'ACR-2026-00000000',
    );
    expect(formatApplicationNumber({ applicationId: 'ffffffff-ffff-4fff-bfff-ffffffffffff', submittedAt: at })).toBe(
      'ACR-2026-ZZZZZZZZ',
    );
  });

  it('uses the year in Lagos, an hour ahead of UTC', () => {
    const id = '01234567-89ab-4def-8123-456789abcdef';
    expect(formatApplicationNumber({ applicationId: id, submittedAt: new Date('2026-12-31T22:59:59Z') })).toBe(
      'ACR-2026-04HMASW9',
    );
    expect(formatApplicationNumber({ applicationId: id, submittedAt: new Date('2026-12-31T23:00:00Z') })).toBe(
      'ACR-2027-04HMASW9',
    );
  });

  it('never contains the easily misread letters I, L, O or U', () => {
    const numbers = Array.from({ length: 2000 }, () => formatApplicationNumber({ applicationId: randomUUID(), submittedAt: at }));
    for (const number of numbers) {
      expect(number).toMatch(APPLICATION_NUMBER_PATTERN);
      expect(number.slice(9)).not.toMatch(/[ILOU]/);
    }
  });

  it('refuses an id that is not a uuid', () => {
    expect(() => formatApplicationNumber({ applicationId: 'lead-42', submittedAt: at })).toThrow(/must be a uuid/);
  });
});
