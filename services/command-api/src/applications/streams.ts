import type { AddressDigest } from '@acres/eventstore/protect';

/** One stream per email (by its keyed digest) is what makes "one application per email" a consistency boundary. */
export const applicationStreamId = (addressDigest: AddressDigest, email: string) =>
  `application-${addressDigest('email', email)}`;
