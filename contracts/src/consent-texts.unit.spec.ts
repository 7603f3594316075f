import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { validLead } from '../test/index.ts';
import {
  APPLICATION_CONSENT_TEXT,
  CONSENT_TEXT_IDS,
  CONSENT_TEXT_VERSIONS,
  consentTextsEffectiveOn,
  currentConsentText,
  currentConsentTexts,
  findConsentText,
  LEAD_CONSENT_TEXT,
} from './consent-texts.ts';
import { CreateLeadRequestSchema } from './lead.ts';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('the consent texts', () => {
  it.each(CONSENT_TEXT_VERSIONS.map((text) => [`${text.id} v${String(text.version)}`, text] as const))(
    '%s carries the digest of its exact wording (an edited text needs a new version)',
    (_name, text) => {
      expect(sha256(text.text)).toBe(text.digest);
    },
  );

  it('never reuses a version of an id, and numbers each id 1, 2, 3…', () => {
    for (const id of CONSENT_TEXT_IDS) {
      const versions = CONSENT_TEXT_VERSIONS.filter((text) => text.id === id).map((text) => text.version);
      expect(versions).toEqual(versions.map((_version, index) => index + 1));
    }
  });

  it('gives no two versions the same wording', () => {
    const digests = CONSENT_TEXT_VERSIONS.map((text) => text.digest);
    expect(new Set(digests).size).toBe(digests.length);
  });

  it('finds the current version and any earlier one by id and version', () => {
    expect(currentConsentText('lead-contact')).toBe(LEAD_CONSENT_TEXT);
    expect(findConsentText('application-terms', APPLICATION_CONSENT_TEXT.version)).toBe(APPLICATION_CONSENT_TEXT);
    expect(findConsentText('lead-contact', 99)).toBeUndefined();
  });

  it('lets the lead text opt in to marketing on email, SMS and WhatsApp only', () => {
    expect(LEAD_CONSENT_TEXT).toMatchObject({ purposes: ['marketing'], channels: ['email', 'sms', 'whatsapp'] });
    expect(APPLICATION_CONSENT_TEXT).toMatchObject({ purposes: [], channels: [] });
  });
});

describe('the version a form sends', () => {
  const issueOf = (consentVersion: unknown) => {
    const result = CreateLeadRequestSchema.safeParse(validLead({ consentVersion }));
    return result.success ? null : result.error.issues.find((issue) => issue.path[0] === 'consentVersion');
  };

  it('is accepted when it is the current version', () => {
    expect(issueOf(LEAD_CONSENT_TEXT.version)).toBeNull();
  });

  it.each([[LEAD_CONSENT_TEXT.version + 1], ['1'], [null], [1.5], [0]])('refuses %s as an unknown version', (version) => {
    expect(issueOf(version)?.message).toBe(
      `Unknown consent text version: the current version is ${String(LEAD_CONSENT_TEXT.version)}`,
    );
  });

  it("may be left out, as SPEC section 7's payloads do (the command records the current text, not stated)", () => {
    expect(issueOf(undefined)).toBeNull();
  });
});

describe('the texts in force', () => {
  it('date the privacy page by the newest of them', () => {
    expect(consentTextsEffectiveOn()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(currentConsentTexts().every((text) => text.effectiveOn <= consentTextsEffectiveOn())).toBe(true);
    expect(CONSENT_TEXT_VERSIONS.every((text) => /^\d{4}-\d{2}-\d{2}$/.test(text.effectiveOn))).toBe(true);
  });
});
