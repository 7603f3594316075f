import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt with N=2^15, r=8, p=1 (32 MiB, ~100-500 ms per hash on two cores): OWASP's
 * recommended floor. The parameters are stored with each hash so they can be raised later
 * without invalidating existing passwords.
 */
export const PRODUCTION_SCRYPT_PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;

/**
 * New hashes use the production parameters unless NODE_ENV is 'test' (Vitest's, inherited by
 * the servers the specs start): the suite hashes hundreds of passwords on two cores, and at
 * 2^15 they were minutes of its CPU. Verification always uses the parameters stored in the
 * hash, so nothing else changes; the Dockerfile, compose and `npm run topology` say production.
 */
export const scryptParamsFor = (nodeEnv: string | undefined) =>
  nodeEnv === 'test' ? ({ N: 2 ** 12, r: 8, p: 1 } as const) : PRODUCTION_SCRYPT_PARAMS;

export const SCRYPT_PARAMS = scryptParamsFor(process.env.NODE_ENV);
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
// Bounds for parameters read back from the table: a corrupted row must not make one
// sign-in allocate gigabytes.
const MAX_N = 2 ** 20;
const MAX_R = 16;
const MAX_P = 4;

const scrypt = (password: string, salt: Buffer, keyLength: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => {
    scryptCallback(password.normalize('NFC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });

const memoryFor = (N: number, r: number) => 128 * N * r + 1024 * 1024;

/** 'scrypt$32768$8$1$<salt base64url>$<key base64url>' with a fresh random salt. */
export const hashPassword = async (password: string, params: { N: number; r: number; p: number } = SCRYPT_PARAMS) => {
  const salt = randomBytes(SALT_LENGTH);
  const key = await scrypt(password, salt, KEY_LENGTH, { ...params, maxmem: memoryFor(params.N, params.r) });
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
};

type ParsedHash = { N: number; r: number; p: number; salt: Buffer; key: Buffer };

const parseHash = (stored: string): ParsedHash | null => {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const isPowerOfTwo = Number.isInteger(N) && N > 1 && (N & (N - 1)) === 0;
  if (!isPowerOfTwo || N > MAX_N || !Number.isInteger(r) || r < 1 || r > MAX_R || !Number.isInteger(p) || p < 1 || p > MAX_P)
    return null;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const key = Buffer.from(parts[5]!, 'base64url');
  if (salt.length < 8 || key.length < 16) return null;
  return { N, r, p, salt, key };
};

/** Constant-time check of password against a stored hash; false for any unreadable hash. */
export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await scrypt(password, parsed.salt, parsed.key.length, {
    N: parsed.N,
    r: parsed.r,
    p: parsed.p,
    maxmem: memoryFor(parsed.N, parsed.r),
  });
  return timingSafeEqual(key, parsed.key);
};

let dummyHash: Promise<string> | null = null;

/**
 * A hash of a random password nobody knows, with the current parameters. Checking an
 * unknown email against it costs the same time as a real check, so response times do
 * not reveal which emails have accounts.
 */
export const getDummyHash = () => {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
};
