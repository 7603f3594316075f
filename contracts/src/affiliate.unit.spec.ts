import { describe, it, expect } from 'vitest';
import {
  AFFILIATE_REGISTRATION_DEFAULTS,
  AffiliateRegisterRequestSchema,
  AffiliateRegistrationSchema,
  AffiliateSchema,
  buildReferralLink,
} from './affiliate.ts';
import { issuesOf, messagesAt, parseOrThrow } from '../test/schema-issues.ts';
import { validAffiliateRegistration } from '../test/index.ts';
import { singleLineMessage } from './fields.ts';

const registration: Record<string, unknown> = validAffiliateRegistration({ company_name: 'Bakare Realty' });

const at = (patch: Record<string, unknown>, path: string) =>
  messagesAt(AffiliateRegistrationSchema, { ...registration, ...patch }, path);

describe('AffiliateRegistrationSchema with a complete form', () => {
  it('accepts it', () => {
    expect(issuesOf(AffiliateRegistrationSchema, registration)).toEqual([]);
  });

  it('defaults marketing experience to beginner', () => {
    const { marketing_experience: _m, ...rest } = registration;
    expect(parseOrThrow(AffiliateRegistrationSchema, rest).marketing_experience).toBe('beginner');
  });

  it('accepts a missing or empty company name', () => {
    const { company_name: _c, ...rest } = registration;
    expect(issuesOf(AffiliateRegistrationSchema, rest)).toEqual([]);
    expect(at({ company_name: '' }, 'company_name')).toEqual([]);
  });

  it.each(['08031234567', '8031234567', '2348031234567', '0803-123-4567'])('stores the phone %j in E.164', (phone_number) => {
    expect(parseOrThrow(AffiliateRegistrationSchema, { ...registration, phone_number }).phone_number).toBe('+2348031234567');
  });

  it('removes separators from the phone number', () => {
    expect(parseOrThrow(AffiliateRegistrationSchema, { ...registration, phone_number: '+234 803 123 4567' }).phone_number).toBe(
      '+2348031234567',
    );
  });
});

describe('AffiliateRegistrationSchema with the form defaults', () => {
  it('reports each SPEC message once', () => {
    expect(issuesOf(AffiliateRegistrationSchema, AFFILIATE_REGISTRATION_DEFAULTS)).toEqual([
      { path: 'full_name', message: 'Full name must be at least 2 characters' },
      { path: 'phone_number', message: 'Please enter a valid Nigerian phone number' },
      { path: 'bank_name', message: 'Please select a bank' },
      { path: 'account_number', message: 'Account number must be 10 digits' },
      { path: 'account_name', message: 'Account name is required' },
      { path: 'marketing_channels', message: 'Please describe your marketing channels' },
      { path: 'agree_terms', message: 'You must agree to the terms' },
    ]);
  });
});

describe('AffiliateRegistrationSchema field rules', () => {
  it('needs a full name of at least 2 characters after trimming', () => {
    expect(at({ full_name: 'T' }, 'full_name')).toEqual(['Full name must be at least 2 characters']);
    expect(at({ full_name: ' T ' }, 'full_name')).toEqual(['Full name must be at least 2 characters']);
    expect(at({ full_name: 'Tu' }, 'full_name')).toEqual([]);
  });

  it.each(['0803123456', '08231234567', '+44 7911 123456', 'phone', '', '0'.repeat(40)])(
    'rejects the phone %j',
    (phone_number) => {
      expect(at({ phone_number }, 'phone_number')).toEqual(['Please enter a valid Nigerian phone number']);
    },
  );

  it('requires a bank from the list', () => {
    expect(at({ bank_name: '' }, 'bank_name')).toEqual(['Please select a bank']);
    expect(at({ bank_name: 'A' }, 'bank_name')).toEqual(['Please select a bank']);
    expect(at({ bank_name: 'Bank of Nowhere' }, 'bank_name')).toEqual(['Please select a bank from the list']);
  });

  it.each(['012345678', '01234567890', '012345678a', ' 0123 45678'])('rejects the account number %j', (account_number) => {
    expect(at({ account_number }, 'account_number')).toEqual(['Account number must be 10 digits']);
  });

  it('needs an account name of at least 2 characters', () => {
    expect(at({ account_name: 'T' }, 'account_name')).toEqual(['Account name is required']);
  });

  it('rejects an unknown marketing experience', () => {
    expect(at({ marketing_experience: 'guru' }, 'marketing_experience')).toEqual([
      'Marketing experience must be one of none, beginner, intermediate, expert',
    ]);
  });

  it('needs at least 10 characters of marketing channels', () => {
    expect(at({ marketing_channels: '123456789' }, 'marketing_channels')).toEqual(['Please describe your marketing channels']);
    expect(at({ marketing_channels: '1234567890' }, 'marketing_channels')).toEqual([]);
  });

  it('needs the terms accepted', () => {
    expect(at({ agree_terms: false }, 'agree_terms')).toEqual(['You must agree to the terms']);
  });
});

describe('AffiliateRegisterRequestSchema', () => {
  it('accepts the SPEC payload, which has no agree_terms', () => {
    const { agree_terms: _a, company_name: _c, ...payload } = registration;
    expect(issuesOf(AffiliateRegisterRequestSchema, payload)).toEqual([]);
  });

  it('still refuses agree_terms sent as false', () => {
    expect(messagesAt(AffiliateRegisterRequestSchema, { ...registration, agree_terms: false }, 'agree_terms')).toEqual([
      'You must agree to the terms',
    ]);
  });

  it('applies the form rules', () => {
    expect(messagesAt(AffiliateRegisterRequestSchema, { ...registration, account_number: '12' }, 'account_number')).toEqual([
      'Account number must be 10 digits',
    ]);
  });
});

describe('AffiliateSchema', () => {
  it('parses a profile and defaults the status to active', () => {
    const profile = parseOrThrow(AffiliateSchema, {
      id: 'a1',
      userId: 'u1',
      fullName: 'Tunde Bakare',
      email: 'tunde@example.com',
      phone: '08031234567',
      commissionRate: 7.5,
      referralCode: 'TUNDE7',
      joinedAt: '2024-09-01T10:00:00.000Z',
      updatedAt: '2024-09-01T10:00:00.000Z',
    });
    expect(profile.status).toBe('active');
  });
});

describe('buildReferralLink', () => {
  it('is the origin plus ?ref= and the code', () => {
    expect(buildReferralLink('https://acreswholesale.ng', 'TUNDE7')).toBe('https://acreswholesale.ng?ref=TUNDE7');
    expect(buildReferralLink('http://localhost:3000/', 'AB12')).toBe('http://localhost:3000?ref=AB12');
  });
});

describe('the single-line rule of names and bank details', () => {
  it.each([
    ['account_name', 'Account name'],
    ['full_name', 'Full name'],
    ['company_name', 'Company name'],
    ['bank_name', 'Bank name'],
  ])('refuses a line break, tab, DEL or C1 control in %s, naming it', (field, label) => {
    for (const bad of ['Ada\r\n9999999999,Mallory', 'Ada\tObi', 'Ada\u007fObi', 'Ada\u0085Obi', 'Ada\u0000Obi'])
      expect(at({ [field]: bad }, field)).toEqual([singleLineMessage(label)]);
  });

  it('still trims a trailing newline a paste left, and keeps commas and accents', () => {
    expect(parseOrThrow(AffiliateRegistrationSchema, { ...registration, account_name: 'Ọlá, Ada\n' }).account_name).toBe(
      'Ọlá, Ada',
    );
  });
});
