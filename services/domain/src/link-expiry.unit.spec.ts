import { describe, expect, it } from 'vitest';
import { expiryAfter, hasExpired } from './link-expiry.ts';

describe('link expiry', () => {
  const now = new Date('2026-11-01T09:00:00.000Z');

  it('records the instant ttl after now, and the link works strictly before it', () => {
    const expiresAt = expiryAfter(now, 60 * 60_000);
    expect(expiresAt).toBe('2026-11-01T10:00:00.000Z');
    expect(hasExpired(expiresAt, new Date('2026-11-01T09:59:59.999Z'))).toBe(false);
    expect(hasExpired(expiresAt, new Date('2026-11-01T10:00:00.000Z'))).toBe(true);
    expect(hasExpired(expiresAt, new Date('2026-11-01T10:00:00.001Z'))).toBe(true);
  });
});
