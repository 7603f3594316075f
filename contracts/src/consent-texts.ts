// The consent ledger's texts (issue 14, item 4): the checkbox texts the forms show, each with an
// id, a version and the SHA-256 of its exact wording. The form renders the text from here and
// sends the version it showed; the server accepts only the current version, so nobody is
// recorded as agreeing to a wording they never saw. A client that names no version (SPEC 7's
// payloads) is recorded against the current text, marked as not stated by it. Changing a text means a new version and a
// new digest (consent-texts.unit.spec.ts recomputes every digest); old versions stay listed so
// the admin's consent history can still show what an earlier subject agreed to.

import { z } from 'zod';
import type { NotificationChannel } from './events/notification-events.ts';

export const CONSENT_TEXT_IDS = ['lead-contact', 'application-terms'] as const;
export type ConsentTextId = (typeof CONSENT_TEXT_IDS)[number];

/** What a subject can agree to receive: 'marketing' is every message to a prospect about the offer. */
export const REFUSABLE_PURPOSES = ['marketing'] as const;
export type RefusablePurpose = (typeof REFUSABLE_PURPOSES)[number];

export type ConsentText = {
  id: ConsentTextId;
  version: number;
  text: string;
  /** sha256 of `text` (UTF-8), lower-case hex. */
  digest: string;
  /** The purposes and channels agreeing to this text opts the subject in to; none for an acknowledgment of terms. */
  purposes: readonly RefusablePurpose[];
  channels: readonly NotificationChannel[];
  /** The Lagos day this version was first shown ('YYYY-MM-DD'): the privacy page's "Last updated". */
  effectiveOn: string;
};

/** Every version ever shown, oldest first per id. The last of an id is its current version. */
export const CONSENT_TEXT_VERSIONS: readonly ConsentText[] = [
  {
    id: 'lead-contact',
    version: 1,
    text: 'I agree to be contacted by phone, email, SMS and WhatsApp about this offer. I can opt out at any time by replying STOP.',
    digest: '62b2600d47700440f6827fc496ba5dc59f8059f4ab66a2a16eada31031c3d53d',
    purposes: ['marketing'],
    channels: ['email', 'sms', 'whatsapp'],
    effectiveOn: '2026-11-26',
  },
  {
    id: 'application-terms',
    version: 1,
    text: 'I have read and acknowledge all the terms and conditions above, including the escrow, refund and title arrangements.',
    digest: 'bdee5e6360f2ded38a7b097f5b4d6eb27b2332038f520442a3494bc047bc3535',
    purposes: [],
    channels: [],
    effectiveOn: '2026-11-26',
  },
];

export const currentConsentText = (id: ConsentTextId): ConsentText => {
  const versions = CONSENT_TEXT_VERSIONS.filter((text) => text.id === id);
  const current = versions[versions.length - 1];
  if (!current) throw new Error(`no consent text ${id}`);
  return current;
};

/** The texts in force now, one per id. */
export const currentConsentTexts = (): ConsentText[] => CONSENT_TEXT_IDS.map(currentConsentText);

/** The day the newest text in force took effect: what the privacy page dates itself by. */
export const consentTextsEffectiveOn = (): string =>
  currentConsentTexts()
    .map((text) => text.effectiveOn)
    .reduce((latest, day) => (day > latest ? day : latest));

export const findConsentText = (id: string, version: number): ConsentText | undefined =>
  CONSENT_TEXT_VERSIONS.find((text) => text.id === id && text.version === version);

export const LEAD_CONSENT_TEXT = currentConsentText('lead-contact');
export const APPLICATION_CONSENT_TEXT = currentConsentText('application-terms');

/**
 * The version a form sends beside its checkbox: only the current one is accepted, with a message
 * that says why (an old tab shows an older text, which it must reload). It is optional because
 * SPEC section 7's payloads have no such field and stay a public contract: a request without it is
 * recorded as agreeing to the text in force when it arrived, marked as not stated by the client.
 */
export const consentVersionField = (text: ConsentText) =>
  z
    .literal(text.version, {
      error: (issue) =>
        typeof issue.input === 'number' && Number.isInteger(issue.input) && issue.input > 0 && issue.input < text.version
          ? `The consent text you saw (version ${String(issue.input)}) is out of date: please reload the page and read version ${String(text.version)}`
          : `Unknown consent text version: the current version is ${String(text.version)}`,
    })
    .optional();
