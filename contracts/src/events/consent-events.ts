// Consent and opt-out (issue 13): a contact's choice about marketing messages on one channel
// is an event on that contact's own stream, so the history of a contact is one stream and
// the notifier (and the audit log) follow it from the log like anything else.

import { z } from 'zod';
import { NOTIFICATION_CHANNELS } from './notification-events.ts';
import { EventTimestampSchema } from './metadata.ts';

/** Only marketing can be refused: messages about a person's own payment or account always go. */
export const CONSENT_PURPOSES = ['marketing'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/** How the choice reached us. */
export const CONSENT_SOURCES = ['sms-reply', 'whatsapp-reply', 'email-link', 'email-one-click', 'lead-form'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

const ConsentDataSchema = z.object({
  channel: z.enum(NOTIFICATION_CHANNELS),
  /** E.164 for sms and whatsapp ('+2348031234567'), the lower-cased address for email. */
  address: z.string().min(3).max(320),
  purpose: z.enum(CONSENT_PURPOSES),
  source: z.enum(CONSENT_SOURCES),
  /** The provider's id of the inbound message that carried the keyword, when there was one. */
  providerMessageId: z.string().min(1).max(400).nullable(),
  at: EventTimestampSchema,
});

export const ContactOptedOutDataSchema = ConsentDataSchema;
export type ContactOptedOutData = z.infer<typeof ContactOptedOutDataSchema>;

export const ContactOptedInDataSchema = ConsentDataSchema;
export type ContactOptedInData = z.infer<typeof ContactOptedInDataSchema>;
