import { createHash } from 'node:crypto';

export const paymentStreamId = (paymentId: string) => `payment-${paymentId}`;

/** One stream per proof object: "one proof image backs one payment" is decided there. Hashed: a path is long and free text. */
export const paymentProofClaimStreamId = (objectPath: string) =>
  `payment-proof-claim-${createHash('sha256').update(objectPath, 'utf8').digest('hex')}`;
