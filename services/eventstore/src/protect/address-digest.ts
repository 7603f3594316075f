import { createHmac, hkdfSync } from 'node:crypto';
import { normaliseAddress } from './subject-id.ts';

/** The channel an address is reached on: the digest of one number differs for SMS and WhatsApp. */
export type AddressChannel = 'email' | 'sms' | 'whatsapp';

/**
 * The one digest of an address wherever one names it (stream names, suppression, throttle keys,
 * log lines): keyed, so that someone holding the database but not the master key cannot test a
 * guessed address against it, as they could a bare SHA-256.
 */
export type AddressDigest = (channel: AddressChannel, address: string) => string;

// 40 hex characters (160 bits): the unkeyed digests that named streams before were 32 or 64
// long, so a stream's name alone says whether the migration (key-stream-names.ts) has renamed it.
const DIGEST_HEX_LENGTH = 40;

export const ADDRESS_DIGEST_PATTERN = /^[0-9a-f]{40}$/;

// A key of its own, derived from the master key under a label: a digest reveals nothing of the
// key that wraps the subject keys, and the master key stays the one secret to back up.
const deriveDigestKey = (masterKey: Buffer): Buffer =>
  Buffer.from(hkdfSync('sha256', masterKey, 'acres', 'address-digest v1', 32));

export const createAddressDigest = (masterKey: Buffer): AddressDigest => {
  const key = deriveDigestKey(masterKey);
  return (channel, address) =>
    createHmac('sha256', key)
      .update(`${channel}\u0000${normaliseAddress(address)}`, 'utf8')
      .digest('hex')
      .slice(0, DIGEST_HEX_LENGTH);
};
