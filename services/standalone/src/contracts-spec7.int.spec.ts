// SPEC section 7 is a public contract: a third-party form that sends exactly its payloads keeps
// working. The bodies below are written out by hand from SPEC sections 7 and 3, not built from
// our fixtures or schemas, so a field the product starts to require cannot slip in beside them.
// Neither names the version of the consent text it showed (the contract has no such field): the
// consent is recorded to the text in force when the request arrived, marked as not stated.

import { describe, expect, inject, it } from 'vitest';
import { useHarness } from '@acres/platform/test/use-harness';
import { ConsentHistoryResponseSchema, type ConsentHistoryEntry } from '@acres/contracts/consent-ledger';
import { APPLICATION_CONSENT_TEXT, LEAD_CONSENT_TEXT } from '@acres/contracts/consent-texts';
import { startStandaloneForTest, TEST_ADMIN } from '../test/test-server.ts';

/** POST /api/leads, SPEC 7: fullName, company, email, role, intendedAcres, commitment, notes, consent, phone, phoneE164, priceBand. */
const SPEC7_LEAD = {
  fullName: 'Kemi Adebayo',
  company: 'Adebayo Realty',
  email: 'kemi@partner-site.example',
  role: 'Realtor',
  intendedAcres: 30,
  commitment: 'Immediately',
  notes: 'Sent from our partner listing page',
  consent: true,
  phone: '+234 806 555 0142',
  phoneE164: '2348065550142',
  priceBand: '3.5M',
};

/** POST /api/subscriptions, SPEC 7: "the application fields of section 3 as JSON". */
const SPEC3_APPLICATION = {
  surname: 'Adebayo',
  firstName: 'Kemi',
  otherName: '',
  dateOfBirth: '1990-02-17',
  gender: 'female',
  nationality: 'Nigerian',
  maritalStatus: 'single',
  residentialAddress: '12 Awolowo Road, Ikoyi, Lagos',
  email: 'kemi.applicant@partner-site.example',
  phoneNumber: '0809 444 0177',
  city: 'Lagos',
  occupation: 'Realtor',
  workAddress: '',
  religion: '',
  passportPhotoUrl: '',
  kinName: 'Tayo Adebayo',
  kinRelationship: 'Brother',
  kinAddress: '12 Awolowo Road, Ikoyi, Lagos',
  kinPhone: '0807 111 2233',
  kinEmail: 'tayo@partner-site.example',
  acresSubscribed: 20,
  subscriptionValue: 70_000_000,
  paymentOption: 'outright',
  modeOfPayment: 'bank_transfer',
  acknowledgment: true,
  realtorName: '',
  realtorMobile: '',
  realtorEmail: '',
};

const server = useHarness(() => startStandaloneForTest({ adminUrl: inject('pgAdminUrl') }));

/** As a partner's page posts it: JSON, its content type, no cookie and no header of ours. */
const postAsThirdParty = (path: string, body: unknown) =>
  fetch(new URL(path, server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** The consents the record's own form gave (a history also lists choices about the addresses it shares). */
const readConsentGiven = async (kind: 'lead' | 'application', id: string, position: string): Promise<ConsentHistoryEntry[]> => {
  const authorization = `Basic ${Buffer.from(`${TEST_ADMIN.username}:${TEST_ADMIN.password}`).toString('base64')}`;
  const response = await fetch(new URL(`/api/admin/consent-history/${kind}/${id}`, server.url), {
    headers: { authorization, 'x-min-position': position },
  });
  expect(response.status).toBe(200);
  const { entries } = ConsentHistoryResponseSchema.parse(await response.json());
  return entries.filter((entry) => entry.kind === 'consent-given' && entry.source === `${kind}-form`);
};

describe("SPEC section 7's payloads, verbatim", () => {
  it.each([
    {
      title: 'POST /api/leads with exactly its fields is accepted, agreeing to the lead text in force, not stated by the client',
      path: '/api/leads',
      payload: SPEC7_LEAD,
      kind: 'lead',
      textId: 'lead-contact',
      text: LEAD_CONSENT_TEXT,
    },
    {
      title:
        'POST /api/subscriptions with the application fields of section 3 is accepted, acknowledging the terms in force, not stated',
      path: '/api/subscriptions',
      payload: SPEC3_APPLICATION,
      kind: 'application',
      textId: 'application-terms',
      text: APPLICATION_CONSENT_TEXT,
    },
  ] as const)('$title', async ({ path, payload, kind, textId, text }) => {
    const response = await postAsThirdParty(path, payload);
    expect(response.status, await response.clone().text()).toBe(201);
    const { id, position } = (await response.json()) as { id: string; position: string };
    expect(await readConsentGiven(kind, id, position)).toMatchObject([
      {
        textId,
        textVersion: text.version,
        textDigest: text.digest,
        versionStatedByClient: false,
        source: `${kind}-form`,
      },
    ]);
  });

  it('still refuses consent withheld, as SPEC 5 requires it', async () => {
    const response = await postAsThirdParty('/api/leads', {
      ...SPEC7_LEAD,
      email: 'no-consent@partner-site.example',
      consent: false,
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('You must consent to be contacted');
  });
});
