// The consent ledger's reads and commands (issue 14, item 4): a subject's consent history for
// the admin, and the per purpose × channel message preferences an investor or affiliate sets
// from their dashboard (or the admin records on someone's behalf).

import { z } from 'zod';
import { CONSENT_TEXT_IDS, REFUSABLE_PURPOSES } from './consent-texts.ts';
import { CONSENT_SOURCES, CONSENT_FORMS } from './events/consent-events.ts';
import { NOTIFICATION_CHANNELS } from './events/notification-events.ts';
import { IsoDateTimeSchema } from './fields.ts';

/** Whose history the admin opens: the record of the detail dialog. */
export const CONSENT_SUBJECT_KINDS = ['lead', 'application', 'affiliate'] as const;
export type ConsentSubjectKind = (typeof CONSENT_SUBJECT_KINDS)[number];

export const ConsentHistoryParamsSchema = z.object({
  kind: z.enum(CONSENT_SUBJECT_KINDS, { error: `kind must be one of ${CONSENT_SUBJECT_KINDS.join(', ')}` }),
  id: z.uuid({ error: 'id must be a UUID' }),
});
export type ConsentHistoryParams = z.infer<typeof ConsentHistoryParamsSchema>;

export const ConsentHistoryEntrySchema = z.object({
  position: z.string().regex(/^\d+$/),
  kind: z.enum(['consent-given', 'opted-out', 'opted-in']),
  at: IsoDateTimeSchema,
  channels: z.array(z.enum(NOTIFICATION_CHANNELS)),
  purposes: z.array(z.enum(REFUSABLE_PURPOSES)),
  /** For a form's consent: the text agreed to, its version and the digest of its wording. */
  textId: z.enum(CONSENT_TEXT_IDS).nullable(),
  textVersion: z.number().int().nullable(),
  textDigest: z.string().nullable(),
  /** For a form's consent: false when the client named no version and textVersion is the one in force then; null otherwise. */
  versionStatedByClient: z.boolean().nullable(),
  source: z.union([z.enum(CONSENT_SOURCES), z.enum(CONSENT_FORMS)]),
  recordedBy: z.string().nullable(),
});
export type ConsentHistoryEntry = z.infer<typeof ConsentHistoryEntrySchema>;

export const ConsentHistoryResponseSchema = z.object({ entries: z.array(ConsentHistoryEntrySchema) });
export type ConsentHistoryResponse = z.infer<typeof ConsentHistoryResponseSchema>;

/** One choice: refuse (opt out of) or accept (opt in to) a purpose on a channel. */
const PreferenceChoiceShape = {
  purpose: z.enum(REFUSABLE_PURPOSES, {
    error: `purpose must be one of ${REFUSABLE_PURPOSES.join(', ')} (service messages cannot be refused)`,
  }),
  channel: z.enum(NOTIFICATION_CHANNELS, { error: `channel must be one of ${NOTIFICATION_CHANNELS.join(', ')}` }),
  optedOut: z.boolean({ error: 'optedOut must be true or false' }),
};

/** PUT /api/me/message-preferences: the signed-in investor's or affiliate's own choice. */
export const SetMessagePreferenceRequestSchema = z.strictObject(PreferenceChoiceShape);
export type SetMessagePreferenceRequest = z.infer<typeof SetMessagePreferenceRequestSchema>;

export const MessagePreferenceSchema = z.object({
  purpose: z.enum(REFUSABLE_PURPOSES),
  channel: z.enum(NOTIFICATION_CHANNELS),
  /** null: this person gave us no address for that channel. */
  address: z.string().nullable(),
  optedOut: z.boolean(),
});
export type MessagePreference = z.infer<typeof MessagePreferenceSchema>;

export const MessagePreferencesResponseSchema = z.object({ preferences: z.array(MessagePreferenceSchema) });
export type MessagePreferencesResponse = z.infer<typeof MessagePreferencesResponseSchema>;

/** POST /api/admin/consent/:kind/:id: the admin records a choice on the person's behalf (asked by phone). */
export const AdminConsentChangeRequestSchema = z.strictObject(PreferenceChoiceShape);
export type AdminConsentChangeRequest = z.infer<typeof AdminConsentChangeRequestSchema>;

export const ConsentChangeAcceptedSchema = z.object({ recorded: z.number().int().nonnegative(), position: z.string() });
export type ConsentChangeAccepted = z.infer<typeof ConsentChangeAcceptedSchema>;
