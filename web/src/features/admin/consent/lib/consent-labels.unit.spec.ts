import { describe, expect, it } from 'vitest';
import type { ConsentHistoryEntry } from '@acres/contracts/consent-ledger';
import { LEAD_CONSENT_TEXT } from '@acres/contracts/consent-texts';
import { describeConsentEntry } from './consent-labels';

const consentGiven = (versionStatedByClient: boolean | null): ConsentHistoryEntry => ({
  position: '7',
  kind: 'consent-given',
  at: '2026-11-26T10:00:00.000Z',
  channels: ['email', 'sms'],
  purposes: ['marketing'],
  textId: 'lead-contact',
  textVersion: LEAD_CONSENT_TEXT.version,
  textDigest: LEAD_CONSENT_TEXT.digest,
  versionStatedByClient,
  source: 'lead-form',
  recordedBy: null,
});

describe("a form's consent in the admin's consent history", () => {
  it('names the version the form stated', () => {
    const { title, text } = describeConsentEntry(consentGiven(true));
    expect(title).toBe(`Agreed to lead-contact version ${String(LEAD_CONSENT_TEXT.version)} on the lead form`);
    expect(text).toBe(LEAD_CONSENT_TEXT.text);
  });

  it('says when the client did not state a version and the text in force was recorded', () => {
    expect(describeConsentEntry(consentGiven(false)).title).toBe(
      `Agreed to lead-contact version ${String(LEAD_CONSENT_TEXT.version)} on the lead form` +
        ' (version not stated by the client: the text in force then)',
    );
  });
});
