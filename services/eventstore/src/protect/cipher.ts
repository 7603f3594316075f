import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

// AES-256-GCM with a random 96-bit nonce: nonce ‖ ciphertext ‖ 128-bit tag. The additional
// data binds a ciphertext to where it belongs (an event id, a subject id), so it cannot be
// moved to another event or key row and still open.

const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export const KEY_BYTES = 32;

// Random bytes drawn from the CSPRNG a page at a time: each new lead takes a key and three
// nonces, and one getrandom call apiece cost more than the encryption (issue 10's profile).
// Each draw is copied out, so a cached key never pins a page and no byte is handed out twice.
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let used = 0;
const drawRandom = (size: number): Buffer => {
  if (used + size > pool.length) {
    pool = randomBytes(POOL_BYTES);
    used = 0;
  }
  const drawn = Buffer.from(pool.subarray(used, used + size));
  used += size;
  return drawn;
};

export const newKey = (): Buffer => drawRandom(KEY_BYTES);

export const encrypt = (key: Buffer, plaintext: Buffer, aad: string): Buffer => {
  const nonce = drawRandom(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([nonce, body, cipher.getAuthTag()]);
};

/** Throws when the key, the additional data or any byte is wrong. */
export const decrypt = (key: Buffer, sealed: Buffer, aad: string): Buffer => {
  if (sealed.length < NONCE_BYTES + TAG_BYTES) throw new Error('sealed value too short');
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, NONCE_BYTES));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(NONCE_BYTES, sealed.length - TAG_BYTES)), decipher.final()]);
};

/** Names a master key without revealing it, so a row wrapped by another one is recognised. */
export const masterKeyId = (masterKey: Buffer): string =>
  createHash('sha256').update('acres master key id').update(masterKey).digest('hex').slice(0, 16);
