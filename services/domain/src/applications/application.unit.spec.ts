import { APPLICATION_CONSENT_TEXT } from '@acres/contracts/consent-texts';
import type { ConsentRecorded } from '../consent/consent-given.ts';
import { describe, expect, it } from 'vitest';
import { APPLICATION_MESSAGES, DEFAULT_BUSINESS_TERMS, parseEvent } from '@acres/contracts';
import { applicationTermsConsent, validApplication } from '@acres/fixtures';
import { givenFor } from '../../test/given.ts';
import { applicationDecider, DUPLICATE_APPLICATION_MESSAGE, type ApplicationDetails, type SubmitApplication } from './decider.ts';
import { evolveApplication, initialApplicationState, type ApplicationSubmitted } from './state.ts';

const given = givenFor(applicationDecider);
const now = new Date('2026-03-14T09:30:00.000Z');
const applicationId = '01234567-89ab-4def-8123-456789abcdef';

// The shared sample, with a mixed-case email (the stream and the duplicate check ignore case)
// and the optional fields filled in.
const FILLED = { religion: 'Christianity', passportPhotoUrl: '/objects/passport/abc.jpg' };
const details = (overrides: Partial<ApplicationDetails> = {}): ApplicationDetails => ({
  ...validApplication({ email: 'Adaeze@Example.ng', ...FILLED, realtorMobile: undefined }),
  ...overrides,
});

const submit = (overrides: Partial<ApplicationDetails> = {}): SubmitApplication => ({
  type: 'SubmitApplication',
  applicationId,
  now,
  application: details(overrides),
});

// What the decider writes for details(): the same values, its empty optional fields as null.
const { acknowledgmentVersion: _shownVersion, ...submittedForm } = validApplication({ email: 'Adaeze@Example.ng', ...FILLED });
const submitted = (overrides: Partial<ApplicationSubmitted['data']> = {}): ApplicationSubmitted => ({
  type: 'ApplicationSubmitted',
  data: {
    ...submittedForm,
    applicationId,
    applicationNumber: 'ACR-2026-04HMASW9',
    otherName: null,
    workAddress: null,
    realtorName: null,
    realtorMobile: null,
    realtorEmail: null,
    referralCode: null,
    submittedAt: '2026-03-14T09:30:00.000Z',
    ...overrides,
  },
});

// The acknowledgment of the terms, in the same append: it opts in to no messages.
const acknowledged: ConsentRecorded = {
  type: 'ConsentRecorded',
  data: applicationTermsConsent({ subjectId: applicationId, at: '2026-03-14T09:30:00.000Z' }),
};

describe('an email that has not applied', () => {
  it('refuses an acknowledgment of a text version the step does not show now', () => {
    given([])
      .when(submit({ acknowledgmentVersion: APPLICATION_CONSENT_TEXT.version + 1 }))
      .thenThrows({
        code: 'validation_failed',
        errors: [
          {
            field: 'acknowledgmentVersion',
            message: `Consent text application-terms version ${String(APPLICATION_CONSENT_TEXT.version + 1)} is not the current version ${String(APPLICATION_CONSENT_TEXT.version)}`,
          },
        ],
      });
  });

  it('accepts the application with a readable number derived from its id', () => {
    given([]).when(submit()).then([submitted(), acknowledged]);
  });

  it("records the terms in force, not stated by the client, when the request names no version (SPEC 7's payload)", () => {
    given([])
      .when(submit({ acknowledgmentVersion: undefined }))
      .then([submitted(), { ...acknowledged, data: { ...acknowledged.data, versionStatedByClient: false } }]);
  });

  it('produces an event the catalogue accepts', () => {
    const [event] = applicationDecider.decide(submit({ referralCode: 'ADA2026' }), initialApplicationState);
    expect(event!.type).toBe('ApplicationSubmitted');
    const parsed = parseEvent('ApplicationSubmitted', event!.data);
    expect(parsed.data.referralCode).toBe('ADA2026');
  });

  it.each([
    [20, 70_000_000],
    [25, 87_500_000],
    [200, 700_000_000],
  ])('accepts %s acres at %s naira', (acresSubscribed, subscriptionValue) => {
    given([])
      .when(submit({ acresSubscribed, subscriptionValue }))
      .then([submitted({ acresSubscribed, subscriptionValue }), acknowledged]);
  });

  it('refuses fewer acres than the minimum allocation the owner set, and more than the project, by the terms in force', () => {
    given([])
      .when(submit({ acresSubscribed: 1, subscriptionValue: 3_500_000 }))
      .then([submitted({ acresSubscribed: 1, subscriptionValue: 3_500_000 }), acknowledged]);
    given([])
      .when({
        ...submit({ acresSubscribed: 19, subscriptionValue: 66_500_000 }),
        terms: { ...DEFAULT_BUSINESS_TERMS, minimumAcres: 20, minimumAcresSet: true },
      })
      .thenThrows({
        code: 'validation_failed',
        errors: [{ field: 'acresSubscribed', message: 'The minimum allocation is 20 acres' }],
      });
    const terms = { ...DEFAULT_BUSINESS_TERMS, minimumAcres: 1, projectAcres: 50, pricePerAcre: 4_000_000 };
    given([])
      .when({ ...submit({ acresSubscribed: 1, subscriptionValue: 4_000_000 }), terms })
      .then([submitted({ acresSubscribed: 1, subscriptionValue: 4_000_000 }), acknowledged]);
    given([])
      .when({ ...submit({ acresSubscribed: 51, subscriptionValue: 204_000_000 }), terms })
      .thenThrows({
        code: 'validation_failed',
        errors: [{ field: 'acresSubscribed', message: 'The project is 50 acres: no more can be taken' }],
      });
    given([])
      .when({ ...submit({ acresSubscribed: 2, subscriptionValue: 7_000_000 }), terms })
      .thenThrows({
        code: 'validation_failed',
        errors: [
          { field: 'subscriptionValue', message: 'Subscription value must equal acres × ₦4,000,000 (₦8,000,000 for 2 acres)' },
        ],
      });
  });

  it.each([
    [20, 3_500_000, 'Subscription value must equal acres × ₦3,500,000 (₦70,000,000 for 20 acres)'],
    [20, 70_000_001, 'Subscription value must equal acres × ₦3,500,000 (₦70,000,000 for 20 acres)'],
    [20, 69_999_999.5, 'Subscription value must equal acres × ₦3,500,000 (₦70,000,000 for 20 acres)'],
    [21, 7_500_000, 'Subscription value must equal acres × ₦3,500,000 (₦73,500,000 for 21 acres)'],
  ])('refuses %s acres valued at %s naira', (acresSubscribed, subscriptionValue, message) => {
    given([])
      .when(submit({ acresSubscribed, subscriptionValue }))
      .thenThrows({ code: 'validation_failed', errors: [{ field: 'subscriptionValue', message }] });
  });

  it.each([
    [0, APPLICATION_MESSAGES.acresMin],
    [1.5, APPLICATION_MESSAGES.acresMin],
    [201, APPLICATION_MESSAGES.acresMax],
  ])('refuses %s acres without also blaming the value', (acresSubscribed, message) => {
    given([])
      .when(submit({ acresSubscribed, subscriptionValue: 1 }))
      .thenThrows({ code: 'validation_failed', errors: [{ field: 'acresSubscribed', message }] });
  });

  it('refuses an application whose terms were not acknowledged', () => {
    given([])
      .when(submit({ acknowledgment: false }))
      .thenThrows({
        code: 'validation_failed',
        errors: [{ field: 'acknowledgment', message: APPLICATION_MESSAGES.acknowledgment }],
      });
  });
});

describe('an email that has already applied', () => {
  it('refuses a second application', () => {
    given([submitted()])
      .when(submit({ email: 'adaeze@example.ng' }))
      .thenThrows({ code: 'duplicate_application', message: DUPLICATE_APPLICATION_MESSAGE });
  });

  it('reports bad input before the duplicate, so the form can be corrected first', () => {
    given([submitted()])
      .when(submit({ subscriptionValue: 1 }))
      .thenThrows('validation_failed');
  });

  it('remembers the first application', () => {
    expect(evolveApplication(initialApplicationState, submitted())).toEqual({
      status: 'submitted',
      applicationId,
      applicationNumber: 'ACR-2026-04HMASW9',
      decision: null,
    });
  });
});
