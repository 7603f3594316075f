// The consent a form records beside its submission, as the command side writes it with the
// current text (import from '@acres/contracts/test').

import { APPLICATION_CONSENT_TEXT, LEAD_CONSENT_TEXT } from '../src/consent-texts.ts';
import type { EventData } from '../src/events.ts';

type ConsentData = EventData<'ConsentRecorded'>;

/** The lead form's marketing consent, on the email and on the phone's two channels. */
export const leadContactConsent = (options: { subjectId: string; email: string; phone: string; at: string }): ConsentData => ({
  subjectKind: 'lead',
  subjectId: options.subjectId,
  textId: 'lead-contact',
  textVersion: LEAD_CONSENT_TEXT.version,
  textDigest: LEAD_CONSENT_TEXT.digest,
  versionStatedByClient: true,
  purposes: ['marketing'],
  contacts: leadContacts(options.email, options.phone),
  source: 'lead-form',
  at: options.at,
});

/** The contacts a lead's consent names: the email, and the phone by SMS and by WhatsApp. */
export const leadContacts = (email: string, phone: string): ConsentData['contacts'] => [
  { channel: 'email', address: email },
  { channel: 'sms', address: phone },
  { channel: 'whatsapp', address: phone },
];

/** The application form's acknowledgment of the terms: it opts in to no messages. */
export const applicationTermsConsent = (options: { subjectId: string; at: string }): ConsentData => ({
  subjectKind: 'application',
  subjectId: options.subjectId,
  textId: 'application-terms',
  textVersion: APPLICATION_CONSENT_TEXT.version,
  textDigest: APPLICATION_CONSENT_TEXT.digest,
  versionStatedByClient: true,
  purposes: [],
  contacts: [],
  source: 'application-form',
  at: options.at,
});
