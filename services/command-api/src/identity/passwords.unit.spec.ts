import { describe, expect, it } from 'vitest';
import {
  getDummyHash,
  hashPassword,
  PRODUCTION_SCRYPT_PARAMS,
  SCRYPT_PARAMS,
  scryptParamsFor,
  verifyPassword,
} from './passwords.ts';

// Cheap parameters keep most of these fast; one test covers the real ones.
const FAST = { N: 2 ** 10, r: 8, p: 1 };

describe('a password hash', () => {
  it('uses scrypt with N=2^15, r=8, p=1 and a 16-byte salt in production, and verifies', async () => {
    const hash = await hashPassword('correct horse 42', PRODUCTION_SCRYPT_PARAMS);
    const [scheme, N, r, p, salt, key] = hash.split('$');
    expect([scheme, N, r, p]).toEqual(['scrypt', '32768', '8', '1']);
    expect(Buffer.from(salt!, 'base64url')).toHaveLength(16);
    expect(Buffer.from(key!, 'base64url')).toHaveLength(32);
    expect(await verifyPassword('correct horse 42', hash)).toBe(true);
  });

  it('hashes at the production cost everywhere but under NODE_ENV=test', () => {
    for (const nodeEnv of ['production', 'development', undefined, ''])
      expect(scryptParamsFor(nodeEnv)).toBe(PRODUCTION_SCRYPT_PARAMS);
    expect(scryptParamsFor('test')).toEqual({ N: 2 ** 12, r: 8, p: 1 });
    expect(SCRYPT_PARAMS).toEqual(scryptParamsFor(process.env.NODE_ENV));
  });

  it('differs for the same password (per-user salt)', async () => {
    const [a, b] = await Promise.all([hashPassword('same pass 1', FAST), hashPassword('same pass 1', FAST)]);
    expect(a).not.toBe(b);
  });

  it('does not verify a wrong password, a case change or a prefix', async () => {
    const hash = await hashPassword('Secret123', FAST);
    expect(await verifyPassword('Secret124', hash)).toBe(false);
    expect(await verifyPassword('secret123', hash)).toBe(false);
    expect(await verifyPassword('Secret12', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('treats composed and decomposed accents as the same password', async () => {
    const hash = await hashPassword('caf\u00e9 2024', FAST);
    expect(await verifyPassword('cafe\u0301 2024', hash)).toBe(true);
  });

  it.each([
    ['an empty string', ''],
    ['another scheme', 'bcrypt$2b$10$abc'],
    ['an N that is not a power of two', 'scrypt$1000$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    [
      'an N too large to compute safely',
      'scrypt$1073741824$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    ],
    ['a missing key', 'scrypt$1024$8$1$AAAAAAAAAAAAAAAAAAAAAA$'],
  ])('refuses %s as a stored hash without throwing', async (_label, stored) => {
    expect(await verifyPassword('anything1', stored)).toBe(false);
  });

  it('has a dummy hash that no ordinary password matches, computed once', async () => {
    const dummy = await getDummyHash();
    expect(await getDummyHash()).toBe(dummy);
    expect(dummy).toMatch(new RegExp(`^scrypt\\$${SCRYPT_PARAMS.N}\\$8\\$1\\$`));
    expect(await verifyPassword('password1', dummy)).toBe(false);
  });
});
