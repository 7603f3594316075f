// Suppression (issue 24, item 4): who must not be messaged, per channel and purpose, kept under
// the keyed digest of the address (never the address), on a stream of its own that is sealed
// with no subject key. Erasure shreds a contact's consent events; these outlive it, so STOP, an
// unsubscribe link and the admin's opt-out work after an erasure, and an erased address that
// comes back on a new lead is still not sent marketing.

import { z } from 'zod';
import { NOTIFICATION_CHANNELS } from './notification-events.ts';
import { EventTimestampSchema } from './metadata.ts';
import { REFUSABLE_PURPOSES } from '../consent-texts.ts';

/** What suppressed or resumed it: the same ways a contact's choice reaches us. */
export const SUPPRESSION_SOURCES = ['unsubscribe', 'stop', 'start', 'lead-form', 'dashboard', 'admin'] as const;
export type SuppressionSource = (typeof SUPPRESSION_SOURCES)[number];

const SuppressionDataSchema = z.object({
  /** The keyed digest of the channel and the normalised address (AddressDigest). */
  digest: z.string().regex(/^[0-9a-f]{40}$/, 'must be 40 lower-case hex characters'),
  channel: z.enum(NOTIFICATION_CHANNELS),
  purpose: z.enum(REFUSABLE_PURPOSES),
  source: z.enum(SUPPRESSION_SOURCES),
  at: EventTimestampSchema,
  /** `admin:<username>` or `user:<id>` when not the contact's own reply or link. */
  by: z.string().min(1).max(240).nullable(),
  /**
   * No consent event (which names the address) accompanies this one: the contact's key is
   * shredded, or an unsubscribe link of version 2 named only the digest.
   */
  withoutAddress: z.boolean(),
});

export const MessagingSuppressedDataSchema = SuppressionDataSchema;
export type MessagingSuppressedData = z.infer<typeof MessagingSuppressedDataSchema>;

export const MessagingResumedDataSchema = SuppressionDataSchema;
export type MessagingResumedData = z.infer<typeof MessagingResumedDataSchema>;
