import { createHash } from 'node:crypto';
import { normaliseEmail } from '../commands/ids.ts';

export const userStreamId = (userId: string) => `user-${userId}`;

/** One stream per normalised email: its first event is the claim that makes the email one account's. */
export const userEmailStreamId = (email: string) =>
  `user-email-${createHash('sha256').update(normaliseEmail(email), 'utf8').digest('hex')}`;
