// Consent and opt-out (issue 13): a contact's choice about marketing messages on one channel
// is an event on that contact's own stream, so the history of a contact is one stream and
// the notifier (and the audit log) follow it from the log like anything else.

import { z } from 'zod';
import { NOTIFICATION_CHANNELS } from './notification-events.ts';
import { EventTimestampSchema } from './metadata.ts';
import { CONSENT_TEXT_IDS, REFUSABLE_PURPOSES } from '../consent-texts.ts';
import { ERASED } from './privacy-events.ts';

/**
 * Only marketing can be refused: messages about a person's own payment or account always go
 * (the notifier's PURPOSE_OF_KIND classifies every message).
 */
export const CONSENT_PURPOSES = REFUSABLE_PURPOSES;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/** How the choice reached us. */
export const CONSENT_SOURCES = [
  'sms-reply',
  'whatsapp-reply',
  'email-link',
  'email-one-click',
  'lead-form',
  /** The signed-in investor or affiliate, from their dashboard's message preferences. */
  'dashboard',
  /** The admin, on the person's behalf (asked by phone, in person); recordedBy names the admin. */
  'admin',
] as const;
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
  /** Who recorded it when not the contact's own reply or link: `admin:<username>` or `user:<id>` (absent before the consent ledger). */
  recordedBy: z.string().min(1).max(240).nullable().optional(),
});

export const ContactOptedOutDataSchema = ConsentDataSchema;
export type ContactOptedOutData = z.infer<typeof ContactOptedOutDataSchema>;

export const ContactOptedInDataSchema = ConsentDataSchema;
export type ContactOptedInData = z.infer<typeof ContactOptedInDataSchema>;

/** Where a consent text was agreed to. */
export const CONSENT_FORMS = ['lead-form', 'application-form'] as const;
export type ConsentForm = (typeof CONSENT_FORMS)[number];

const ConsentContactSchema = z.object({ channel: z.enum(NOTIFICATION_CHANNELS), address: z.string().min(3).max(320) });

/**
 * A subject ticked a consent text's checkbox (issue 14, item 4): appended in the same append as
 * SlotReserved or ApplicationSubmitted, on the same stream, so a lead or application never exists
 * without the record of what it agreed to. `contacts` are the addresses the text's channels
 * reach (personal, sealed with the subject's key; ERASED once the subject is erased).
 */
export const ConsentRecordedDataSchema = z.object({
  subjectKind: z.enum(['lead', 'application']),
  subjectId: z.uuid(),
  textId: z.enum(CONSENT_TEXT_IDS),
  textVersion: z.number().int().min(1),
  /** sha256 of the exact wording shown, so the record outlives a later edit of the text's list. */
  textDigest: z.string().regex(/^[0-9a-f]{64}$/),
  /**
   * false: the client named no version (SPEC 7's payloads have no such field), so textVersion is
   * the text in force when the request arrived, not one the client says it showed. Absent on
   * events written before the field, which all named their version: absent reads as true.
   */
  versionStatedByClient: z.boolean().optional(),
  purposes: z.array(z.enum(REFUSABLE_PURPOSES)).max(10),
  contacts: z.union([z.array(ConsentContactSchema).max(10), z.literal(ERASED)]),
  source: z.enum(CONSENT_FORMS),
  at: EventTimestampSchema,
});
export type ConsentRecordedData = z.infer<typeof ConsentRecordedDataSchema>;
