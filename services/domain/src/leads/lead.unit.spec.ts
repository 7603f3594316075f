import { describe, expect, it } from 'vitest';
import { DEFAULT_BUSINESS_TERMS, LEAD_MESSAGES, NIGERIAN_PHONE_MESSAGE, parseEvent } from '@acres/contracts';
import { leadContactConsent, validLead } from '@acres/fixtures';
import { givenFor } from '../../test/given.ts';
import { LEAD_CONSENT_TEXT } from '@acres/contracts/consent-texts';
import type { ConsentRecorded } from '../consent/consent-given.ts';
import { evolveLead, initialLeadState, leadDecider, type LeadDetails, type ReserveSlot, type SlotReserved } from './decider.ts';

const given = givenFor(leadDecider);
const now = new Date('2026-03-14T09:30:00.000Z');
const leadId = '5b0c2f4e-8f8a-4d51-9a4e-0c6a3f1e2d7b';

// What the contract schema hands the decider: the request without the fields the server derives.
const { phoneE164: _phoneE164, priceBand: _priceBand, ...sampleLead } = validLead();

const details = (overrides: Partial<LeadDetails> = {}): LeadDetails => ({ ...sampleLead, ...overrides });

const reserveSlot = (overrides: Partial<LeadDetails> = {}): ReserveSlot => ({
  type: 'ReserveSlot',
  leadId,
  now,
  lead: details(overrides),
});

const slotReserved = (overrides: Partial<SlotReserved['data']> = {}): SlotReserved => ({
  type: 'SlotReserved',
  data: {
    leadId,
    fullName: 'Adaeze Okafor',
    company: 'Okafor Holdings',
    email: 'adaeze@example.ng',
    phone: '+234 803 123 4567',
    phoneE164: '+2348031234567',
    role: 'Investor',
    intendedAcres: 25,
    priceBand: '3.5M',
    commitment: '7 days',
    notes: 'Call after 5pm',
    consent: true,
    referralCode: null,
    reservedAt: '2026-03-14T09:30:00.000Z',
    ...overrides,
  },
});

// The lead-form text's consent, in the same append: marketing on the email and the phone's channels.
const leadConsent: ConsentRecorded = {
  type: 'ConsentRecorded',
  data: leadContactConsent({
    subjectId: leadId,
    email: 'adaeze@example.ng',
    phone: '+2348031234567',
    at: '2026-03-14T09:30:00.000Z',
  }),
};

describe('a lead that has not been reserved', () => {
  it('reserves the slot at the 3.5M price band with the phone number derived on the server', () => {
    given([]).when(reserveSlot()).then([slotReserved(), leadConsent]);
  });

  it.each([['+234 803 123 4567'], ['2348031234567'], ['8031234567'], ['+234 0803 123 4567'], ['(0803) 123-4567']])(
    'stores %s as +2348031234567',
    (phone) => {
      given([])
        .when(reserveSlot({ phone }))
        .then([slotReserved({ phone, phoneE164: '+2348031234567' }), leadConsent]);
    },
  );

  it('stores empty optional fields as null and keeps a referral code', () => {
    given([])
      .when(reserveSlot({ company: '', notes: undefined, referralCode: 'ADA2026' }))
      .then([slotReserved({ company: null, notes: null, referralCode: 'ADA2026' }), leadConsent]);
  });

  it('produces an event the catalogue accepts', () => {
    const [event] = leadDecider.decide(reserveSlot(), initialLeadState);
    expect(() => parseEvent('SlotReserved', event!.data)).not.toThrow();
  });

  it('records the consent of a mixed-case email under its lower-cased address', () => {
    const [, consent] = leadDecider.decide(reserveSlot({ email: 'Adaeze@Example.NG' }), initialLeadState);
    expect(consent).toEqual(leadConsent);
    expect(() => parseEvent('ConsentRecorded', consent!.data)).not.toThrow();
  });

  it.each([[0], [LEAD_CONSENT_TEXT.version + 1], [LEAD_CONSENT_TEXT.version - 1]])(
    'refuses consent to text version %s, which is not the one on the form now',
    (consentVersion) => {
      given([])
        .when(reserveSlot({ consentVersion }))
        .thenThrows({
          code: 'validation_failed',
          errors: [
            {
              field: 'consentVersion',
              message: `Consent text lead-contact version ${String(consentVersion)} is not the current version ${String(LEAD_CONSENT_TEXT.version)}`,
            },
          ],
        });
    },
  );

  it("records the text in force, not stated by the client, when the request names no version (SPEC 7's payload)", () => {
    given([])
      .when(reserveSlot({ consentVersion: undefined }))
      .then([slotReserved(), { ...leadConsent, data: { ...leadConsent.data, versionStatedByClient: false } }]);
  });

  it('refuses a reservation without consent', () => {
    given([])
      .when(reserveSlot({ consent: false }))
      .thenThrows({ code: 'validation_failed', errors: [{ field: 'consent', message: LEAD_MESSAGES.consent }] });
  });

  it.each([['12345678901'], ['0803123456'], ['+44 20 7946 0958'], ['080312345678']])(
    'refuses %s, which is not a Nigerian number once converted',
    (phone) => {
      given([])
        .when(reserveSlot({ phone }))
        .thenThrows({ code: 'validation_failed', errors: [{ field: 'phone', message: NIGERIAN_PHONE_MESSAGE }] });
    },
  );

  it('names every failing field at once', () => {
    given([])
      .when(reserveSlot({ phone: '12', intendedAcres: 0, consent: false }))
      .thenThrows({
        code: 'validation_failed',
        errors: [
          { field: 'phone', message: NIGERIAN_PHONE_MESSAGE },
          { field: 'intendedAcres', message: LEAD_MESSAGES.minAcres },
          { field: 'consent', message: LEAD_MESSAGES.consent },
        ],
      });
  });

  it.each([
    [201, LEAD_MESSAGES.maxAcres],
    [2.5, LEAD_MESSAGES.minAcres],
    [Number.NaN, LEAD_MESSAGES.minAcres],
  ])('refuses %s intended acres', (intendedAcres, message) => {
    given([])
      .when(reserveSlot({ intendedAcres }))
      .thenThrows({ code: 'validation_failed', errors: [{ field: 'intendedAcres', message }] });
  });

  it("accepts SPEC's 1 to 200 acres until the owner sets a minimum allocation, then refuses fewer", () => {
    given([])
      .when(reserveSlot({ intendedAcres: 1 }))
      .then([slotReserved({ intendedAcres: 1 }), leadConsent]);
    given([])
      .when(reserveSlot({ intendedAcres: 200 }))
      .then([slotReserved({ intendedAcres: 200 }), leadConsent]);
    const owners = { ...DEFAULT_BUSINESS_TERMS, minimumAcres: 20, minimumAcresSet: true };
    given([])
      .when({ ...reserveSlot({ intendedAcres: 19 }), terms: owners })
      .thenThrows({
        code: 'validation_failed',
        errors: [{ field: 'intendedAcres', message: 'The minimum allocation is 20 acres' }],
      });
    given([])
      .when({ ...reserveSlot({ intendedAcres: 20 }), terms: owners })
      .then([slotReserved({ intendedAcres: 20 }), leadConsent]);
  });
});

describe('the price band a lead records', () => {
  const owners = { ...DEFAULT_BUSINESS_TERMS, pricePerAcre: 4_200_000, retailPricePerAcre: 8_000_000 };

  it('is the price per acre in force, whatever band the form stated', () => {
    given([])
      .when(reserveSlot())
      .then([slotReserved({ priceBand: '3.5M' }), leadConsent]);
    given([])
      .when({ ...reserveSlot({ priceBand: '4.2M' }), terms: owners })
      .then([slotReserved({ priceBand: '4.2M' }), leadConsent]);
    // SPEC 7's payload states '3.5M': it keeps working after the owner changes the price.
    given([])
      .when({ ...reserveSlot({ priceBand: '3.5M' }), terms: owners })
      .then([slotReserved({ priceBand: '4.2M' }), leadConsent]);
  });

  it('refuses a band that is neither the one in force nor SPEC’s, naming the one in force', () => {
    given([])
      .when({ ...reserveSlot({ priceBand: '2M' }), terms: owners })
      .thenThrows({ code: 'validation_failed', errors: [{ field: 'priceBand', message: "Price band must be '4.2M'" }] });
  });
});

describe('a lead that is already reserved', () => {
  it('refuses a second reservation in the same stream', () => {
    given([slotReserved()]).when(reserveSlot()).thenThrows({ code: 'conflict', message: 'This slot reservation already exists' });
  });

  it('remembers the lead id; a new lead starts in the pipeline as new and unassigned', () => {
    expect(evolveLead(initialLeadState, slotReserved())).toEqual({
      status: 'reserved',
      leadId,
      stage: 'new',
      ownerId: 'unassigned',
    });
  });
});
