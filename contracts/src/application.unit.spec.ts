import { describe, it, expect } from 'vitest';
import {
  APPLICATION_FORM_DEFAULTS,
  APPLICATION_STEP_FIELDS,
  APPLICATION_STEP_TITLES,
  ApplicationFormSchema,
  CreateApplicationRequestSchema,
} from './application.ts';
import { AdminSubscriptionsResponseSchema, ApplicationAcceptedSchema, SubscriptionSchema } from './subscription.ts';
import { issuesOf, messagesAt, parseOrThrow } from '../test/schema-issues.ts';
import { validApplication as sampleApplication } from '../test/index.ts';

const validApplication = sampleApplication();

const at = (patch: Record<string, unknown>, path: string) =>
  messagesAt(ApplicationFormSchema, { ...validApplication, ...patch }, path);

describe('ApplicationFormSchema with a complete application', () => {
  it('accepts it', () => {
    expect(issuesOf(ApplicationFormSchema, validApplication)).toEqual([]);
  });

  it('accepts it without any optional field', () => {
    const {
      otherName: _a,
      workAddress: _b,
      religion: _c,
      passportPhotoUrl: _d,
      realtorName: _e,
      realtorMobile: _f,
      realtorEmail: _g,
      ...required
    } = validApplication;
    expect(issuesOf(ApplicationFormSchema, required)).toEqual([]);
  });
});

describe('ApplicationFormSchema with the SPEC defaults', () => {
  it('reports every required field with its SPEC message, one message per field', () => {
    expect(issuesOf(ApplicationFormSchema, APPLICATION_FORM_DEFAULTS)).toEqual([
      { path: 'surname', message: 'Surname is required' },
      { path: 'firstName', message: 'First name is required' },
      { path: 'dateOfBirth', message: 'Date of birth is required' },
      { path: 'gender', message: 'Gender is required' },
      { path: 'nationality', message: 'Nationality is required' },
      { path: 'maritalStatus', message: 'Marital status is required' },
      { path: 'residentialAddress', message: 'Residential address is required' },
      { path: 'email', message: 'Valid email is required' },
      { path: 'phoneNumber', message: 'Phone number is required' },
      { path: 'city', message: 'City is required' },
      { path: 'occupation', message: 'Occupation is required' },
      { path: 'kinName', message: 'Next of kin name is required' },
      { path: 'kinRelationship', message: 'Relationship is required' },
      { path: 'kinAddress', message: 'Next of kin address is required' },
      { path: 'kinPhone', message: 'Next of kin phone is required' },
      { path: 'kinEmail', message: 'Valid next of kin email is required' },
      { path: 'acresSubscribed', message: 'Number of acres must be at least 1' },
      { path: 'subscriptionValue', message: 'Subscription value is required' },
      { path: 'paymentOption', message: 'Payment option is required' },
      { path: 'modeOfPayment', message: 'Mode of payment is required' },
      { path: 'acknowledgment', message: 'You must acknowledge all terms and conditions' },
    ]);
  });

  it('reports the same messages for an empty body', () => {
    const paths = issuesOf(ApplicationFormSchema, {}).map((issue) => `${issue.path}: ${issue.message}`);
    expect(paths).toContain('gender: Gender is required');
    expect(paths).toContain('acknowledgment: You must acknowledge all terms and conditions');
    expect(paths).toContain('subscriptionValue: Subscription value is required');
    expect(paths).toContain('surname: Surname is required');
  });
});

describe('ApplicationFormSchema field rules', () => {
  it.each([
    ['gender', '', 'Gender is required'],
    ['gender', 'other', 'Gender is required'],
    ['maritalStatus', 'engaged', 'Marital status is required'],
    ['paymentOption', 'installment', 'Payment option is required'],
    ['modeOfPayment', 'crypto', 'Mode of payment is required'],
  ])('rejects %s = %j with %j', (field, value, message) => {
    expect(at({ [field]: value }, field)).toEqual([message]);
  });

  it.each([
    ['surname', 'Surname is required'],
    ['firstName', 'First name is required'],
    ['nationality', 'Nationality is required'],
    ['residentialAddress', 'Residential address is required'],
    ['phoneNumber', 'Phone number is required'],
    ['city', 'City is required'],
    ['occupation', 'Occupation is required'],
    ['kinName', 'Next of kin name is required'],
    ['kinRelationship', 'Relationship is required'],
    ['kinAddress', 'Next of kin address is required'],
    ['kinPhone', 'Next of kin phone is required'],
  ])('rejects a whitespace-only %s with %j', (field, message) => {
    expect(at({ [field]: '   ' }, field)).toEqual([message]);
  });

  it.each([
    ['nationality', 100, 'Nationality must be at most 100 characters'],
    ['city', 100, 'City must be at most 100 characters'],
    ['occupation', 255, 'Occupation must be at most 255 characters'],
    ['surname', 200, 'Surname must be at most 200 characters'],
    ['residentialAddress', 500, 'Residential address must be at most 500 characters'],
  ])('caps %s at %i characters', (field, max, message) => {
    expect(at({ [field]: 'x'.repeat(max) }, field)).toEqual([]);
    expect(at({ [field]: 'x'.repeat(max + 1) }, field)).toEqual([message]);
  });

  it('rejects invalid emails for the applicant and the next of kin', () => {
    expect(at({ email: 'not-an-email' }, 'email')).toEqual(['Valid email is required']);
    expect(at({ kinEmail: 'chidi@' }, 'kinEmail')).toEqual(['Valid next of kin email is required']);
  });

  it.each([
    [0, ['Number of acres must be at least 1']],
    [1, []],
    [200, []],
    [201, ['Number of acres must be at most 200']],
    [2.5, ['Number of acres must be a whole number']],
  ])('for %d acres reports %j', (acresSubscribed, expected) => {
    expect(at({ acresSubscribed }, 'acresSubscribed')).toEqual(expected);
  });

  it('needs a subscription value of at least 1', () => {
    expect(at({ subscriptionValue: 0 }, 'subscriptionValue')).toEqual(['Subscription value is required']);
    expect(at({ subscriptionValue: 1 }, 'subscriptionValue')).toEqual([]);
  });

  it('needs the acknowledgment ticked', () => {
    expect(at({ acknowledgment: false }, 'acknowledgment')).toEqual(['You must acknowledge all terms and conditions']);
  });

  it('allows an empty realtor email but not an invalid one', () => {
    expect(at({ realtorEmail: '' }, 'realtorEmail')).toEqual([]);
    expect(at({ realtorEmail: 'agent@realty.ng' }, 'realtorEmail')).toEqual([]);
    expect(at({ realtorEmail: 'agent' }, 'realtorEmail')).toEqual(['Realtor email must be a valid email']);
  });
});

describe('dateOfBirth', () => {
  it('accepts a past calendar date, including 29 February of a leap year', () => {
    expect(at({ dateOfBirth: '1984-02-29' }, 'dateOfBirth')).toEqual([]);
  });

  it.each(['1985-02-29', '1985-13-01', '1985-04-31', '12/04/1985', '1985-4-12', 'yesterday'])(
    'rejects %j as not a real date',
    (dateOfBirth) => {
      expect(at({ dateOfBirth }, 'dateOfBirth')).toEqual(['Date of birth must be a real date in YYYY-MM-DD format']);
    },
  );

  it('rejects a future date', () => {
    const nextYear = `${new Date().getUTCFullYear() + 1}-01-01`;
    expect(at({ dateOfBirth: nextYear }, 'dateOfBirth')).toEqual(['Date of birth cannot be in the future']);
  });

  it('reports only the required message when blank or missing', () => {
    expect(at({ dateOfBirth: '' }, 'dateOfBirth')).toEqual(['Date of birth is required']);
    expect(at({ dateOfBirth: undefined }, 'dateOfBirth')).toEqual(['Date of birth is required']);
  });
});

describe('CreateApplicationRequestSchema', () => {
  it('accepts the form with an optional referral code', () => {
    expect(parseOrThrow(CreateApplicationRequestSchema, { ...validApplication, referralCode: 'ADA1' }).referralCode).toBe('ADA1');
    expect(parseOrThrow(CreateApplicationRequestSchema, validApplication).referralCode).toBeUndefined();
  });

  it('ignores a referral code over 10 characters instead of refusing the application', () => {
    expect(
      parseOrThrow(CreateApplicationRequestSchema, { ...validApplication, referralCode: 'X'.repeat(11) }).referralCode,
    ).toBeUndefined();
  });
});

describe('wizard steps', () => {
  it('has five titled steps', () => {
    expect(APPLICATION_STEP_TITLES).toEqual([
      'Personal Information',
      'Next of Kin',
      'Investment Details',
      'Legal Agreement',
      'Realtor/Partner',
    ]);
  });

  it('gates each step on exactly the fields that fail on an empty form', () => {
    const failing = new Set(issuesOf(ApplicationFormSchema, APPLICATION_FORM_DEFAULTS).map((issue) => issue.path));
    const gated = Object.values(APPLICATION_STEP_FIELDS).flat();
    expect(new Set(gated)).toEqual(failing);
    expect(APPLICATION_STEP_FIELDS[5]).toEqual([]);
  });

  it('gates only on fields that exist in the schema', () => {
    const keys = Object.keys(ApplicationFormSchema.shape);
    for (const field of Object.values(APPLICATION_STEP_FIELDS).flat()) expect(keys).toContain(field);
  });
});

describe('subscription read model', () => {
  const row = {
    ...validApplication,
    id: 'sub-1',
    applicationNumber: 'APP-2024-0001',
    otherName: null,
    workAddress: null,
    religion: null,
    realtorName: null,
    realtorMobile: null,
    realtorEmail: null,
    realtorCode: null,
    amountVerified: null,
    escrowReceiptNo: null,
    createdAt: '2024-09-01T10:00:00.000Z',
    updatedAt: '2024-09-01T10:00:00.000Z',
  };

  it('defaults a missing status to pending', () => {
    expect(parseOrThrow(SubscriptionSchema, row).status).toBe('pending');
  });

  it('parses the admin list and the command answer', () => {
    expect(issuesOf(AdminSubscriptionsResponseSchema, { total: 1, subscriptions: [row] })).toEqual([]);
    expect(issuesOf(ApplicationAcceptedSchema, { id: 'sub-1', applicationNumber: 'APP-1', position: '7' })).toEqual([]);
  });
});
