import { createHash } from 'node:crypto';
import type { SubjectRef } from '@acres/contracts/personal-data';

/**
 * An email lower-cased, a phone number as its digits only: one contact, whatever the channel.
 * Digits only: numbers reach us with and without the + (Termii's `to` is 2348…), and every
 * event about one number must name one subject, or erasing it would miss some.
 */
export const normaliseAddress = (address: string): string =>
  address.includes('@') ? address.trim().toLowerCase() : address.replace(/\D/g, '');

/**
 * The key holder's id: `user:<uuid>` and the like, or for a contact a digest of the
 * normalised address (the same for SMS and WhatsApp), so the keys table and the erasure
 * event never hold an address.
 */
export const subjectIdOf = (ref: SubjectRef): string => {
  if (ref.kind !== 'contact') return `${ref.kind}:${ref.id.toLowerCase()}`;
  return `contact:${createHash('sha256')
    .update(`contact:${normaliseAddress(ref.address)}`)
    .digest('hex')
    .slice(0, 32)}`;
};
