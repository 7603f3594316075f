import type { AddressDigest } from '@acres/eventstore/protect';

export const userStreamId = (userId: string) => `user-${userId}`;

/** One stream per email, by its keyed digest: its first event is the claim that makes the email one account's. */
export const userEmailStreamId = (addressDigest: AddressDigest, email: string) => `user-email-${addressDigest('email', email)}`;
