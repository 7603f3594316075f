import { describe, it, expect } from 'vitest';
import {
  AdminLeadsQuerySchema,
  AdminLeadsResponseSchema,
  CommandAcceptedSchema,
  CreateLeadRequestSchema,
  LEAD_FORM_DEFAULTS,
  LeadFormSchema,
  LeadSchema,
} from './lead.ts';
import { issuesOf, messagesAt, parseOrThrow } from '../test/schema-issues.ts';
import { validLead } from '../test/index.ts';

const { phoneE164: _e, priceBand: _b, ...validForm } = validLead();

describe('LeadFormSchema with a complete form', () => {
  it('accepts it', () => {
    expect(issuesOf(LeadFormSchema, validForm)).toEqual([]);
  });

  it('accepts it without the optional company and notes', () => {
    const { company: _c, notes: _n, ...required } = validForm;
    expect(issuesOf(LeadFormSchema, required)).toEqual([]);
  });

  it('trims text fields', () => {
    const lead = parseOrThrow(LeadFormSchema, { ...validForm, fullName: '  Ada Obi  ', email: ' ada@example.com ' });
    expect(lead.fullName).toBe('Ada Obi');
    expect(lead.email).toBe('ada@example.com');
  });
});

describe('LeadFormSchema with the defaults (an untouched form)', () => {
  it('reports every required field with its SPEC message', () => {
    expect(issuesOf(LeadFormSchema, LEAD_FORM_DEFAULTS)).toEqual([
      { path: 'fullName', message: 'Full name is required' },
      { path: 'email', message: 'Valid email is required' },
      { path: 'phone', message: 'Phone number is required' },
      { path: 'role', message: 'Please select your role' },
      { path: 'commitment', message: 'Please select your commitment' },
      { path: 'consent', message: 'You must consent to be contacted' },
    ]);
  });

  it('reports the same messages when the fields are missing entirely', () => {
    const messages = issuesOf(LeadFormSchema, {});
    expect(messages).toContainEqual({ path: 'fullName', message: 'Full name is required' });
    expect(messages).toContainEqual({ path: 'phone', message: 'Phone number is required' });
    expect(messages).toContainEqual({ path: 'intendedAcres', message: 'Minimum 1 acre required' });
    expect(messages).toContainEqual({ path: 'consent', message: 'You must consent to be contacted' });
  });
});

describe('LeadFormSchema field rules', () => {
  const at = (patch: Record<string, unknown>, path: string) => messagesAt(LeadFormSchema, { ...validForm, ...patch }, path);

  it('rejects a blank full name', () => {
    expect(at({ fullName: '   ' }, 'fullName')).toEqual(['Full name is required']);
  });

  it('rejects an over-long full name', () => {
    expect(at({ fullName: 'a'.repeat(201) }, 'fullName')).toEqual(['Full name must be at most 200 characters']);
    expect(at({ fullName: 'a'.repeat(200) }, 'fullName')).toEqual([]);
  });

  it.each(['', 'ada', 'ada@', '@example.com', 'ada example@x.com'])('rejects the email %j', (email) => {
    expect(at({ email }, 'email')).toEqual(['Valid email is required']);
  });

  it('rejects an email longer than 254 characters', () => {
    expect(at({ email: `${'a'.repeat(250)}@x.com` }, 'email')).toEqual(['Email must be at most 254 characters']);
  });

  it('needs at least 10 characters of phone', () => {
    expect(at({ phone: '080123456' }, 'phone')).toEqual(['Phone number is required']);
    expect(at({ phone: '8012345678' }, 'phone')).toEqual([]);
  });

  it.each([
    ['letters', '0801234567a'],
    ['too few digits behind its separators', '+234 801 2'],
    ['a number of another country', '+44 7911 123456'],
    ['a Nigerian number that is not a mobile', '0609 123 4567'],
  ])('refuses a phone with %s as not a Nigerian number', (_why, phone) => {
    expect(at({ phone }, 'phone')).toEqual(['Please enter a valid Nigerian phone number']);
  });

  it('rejects an unknown role and commitment', () => {
    expect(at({ role: 'Banker' }, 'role')).toEqual(['Please select your role']);
    expect(at({ role: '' }, 'role')).toEqual(['Please select your role']);
    expect(at({ commitment: '3 days' }, 'commitment')).toEqual(['Please select your commitment']);
  });

  it.each([
    [0, ['Minimum 1 acre required']],
    [1, []],
    [200, []],
    [201, ['Maximum 200 acres']],
    [-5, ['Minimum 1 acre required']],
  ])('for %d intended acres reports %j', (intendedAcres, expected) => {
    expect(at({ intendedAcres }, 'intendedAcres')).toEqual(expected);
  });

  it('rejects fractional and non-numeric acres', () => {
    expect(at({ intendedAcres: 1.5 }, 'intendedAcres')).toEqual(['Acres must be a whole number']);
    expect(at({ intendedAcres: '25' }, 'intendedAcres')).toEqual(['Minimum 1 acre required']);
    expect(at({ intendedAcres: Number.NaN }, 'intendedAcres')).toEqual(['Minimum 1 acre required']);
  });

  it('requires consent to be exactly true', () => {
    expect(at({ consent: false }, 'consent')).toEqual(['You must consent to be contacted']);
    expect(at({ consent: 'true' }, 'consent')).toEqual(['You must consent to be contacted']);
  });

  it('caps notes at 2000 characters', () => {
    expect(at({ notes: 'n'.repeat(2001) }, 'notes')).toEqual(['Notes must be at most 2000 characters']);
    expect(at({ notes: 'n'.repeat(2000) }, 'notes')).toEqual([]);
  });
});

describe('CreateLeadRequestSchema', () => {
  const body = validLead();

  it('derives phoneE164 from the phone the visitor saw', () => {
    expect(parseOrThrow(CreateLeadRequestSchema, body).phoneE164).toBe('+2348031234567');
    const other = parseOrThrow(CreateLeadRequestSchema, { ...body, phone: '08099998888', phoneE164: '+1' });
    expect(other.phoneE164).toBe('+2348099998888');
  });

  it('defaults the price band to 3.5M and leaves its check to the decider (the price in force)', () => {
    const { priceBand: _p, ...withoutBand } = body;
    expect(parseOrThrow(CreateLeadRequestSchema, withoutBand).priceBand).toBe('3.5M');
    expect(parseOrThrow(CreateLeadRequestSchema, { ...body, priceBand: '4.2M' }).priceBand).toBe('4.2M');
    expect(messagesAt(CreateLeadRequestSchema, { ...body, priceBand: '' }, 'priceBand')).toEqual([
      "Price band must be text, like '3.5M'",
    ]);
  });

  it('accepts a referral code and treats empty or null as none', () => {
    expect(parseOrThrow(CreateLeadRequestSchema, { ...body, referralCode: 'ADA123' }).referralCode).toBe('ADA123');
    expect(parseOrThrow(CreateLeadRequestSchema, { ...body, referralCode: '' }).referralCode).toBeUndefined();
    expect(parseOrThrow(CreateLeadRequestSchema, { ...body, referralCode: null }).referralCode).toBeUndefined();
  });

  it('ignores referral codes that are too long or contain symbols: a mangled link must not lose the lead', () => {
    expect(parseOrThrow(CreateLeadRequestSchema, { ...body, referralCode: 'ABCDEFGHIJK' }).referralCode).toBeUndefined();
    expect(parseOrThrow(CreateLeadRequestSchema, { ...body, referralCode: 'A<b>' }).referralCode).toBeUndefined();
    expect(parseOrThrow(CreateLeadRequestSchema, { ...body, referralCode: ' ADA123 ' }).referralCode).toBe('ADA123');
  });

  it('still refuses a referral code that is not text', () => {
    expect(messagesAt(CreateLeadRequestSchema, { ...body, referralCode: 42 }, 'referralCode')).toEqual([
      'Referral code must be text',
    ]);
  });

  it('strips unknown keys', () => {
    const parsed = parseOrThrow(CreateLeadRequestSchema, { ...body, isAdmin: true });
    expect(parsed).not.toHaveProperty('isAdmin');
  });

  it('still reports the form messages', () => {
    expect(messagesAt(CreateLeadRequestSchema, { ...body, consent: false }, 'consent')).toEqual([
      'You must consent to be contacted',
    ]);
  });
});

describe('read models', () => {
  const lead = {
    id: 'b3c1',
    fullName: 'Ada Obi',
    company: null,
    email: 'ada@example.com',
    phoneE164: '+2348012345678',
    role: 'Investor',
    intendedAcres: 25,
    priceBand: '3.5M',
    commitment: 'Immediately',
    notes: null,
    consent: true,
    referralCode: null,
    createdAt: '2024-09-01T10:00:00.000Z',
  };

  it('parses a lead row and the admin list, each lead with its place in the pipeline', () => {
    const pipeline = { stage: 'new', ownerId: 'unassigned', overdue: false, firstContactAt: null, lastActivityAt: null };
    expect(issuesOf(AdminLeadsResponseSchema, { total: 1, leads: [{ ...lead, ...pipeline }] })).toEqual([]);
    expect(issuesOf(AdminLeadsResponseSchema, { total: 1, leads: [lead] }).map((issue) => issue.path)).toContain('leads.0.stage');
  });

  it('rejects a lead row with a non-ISO createdAt', () => {
    expect(messagesAt(LeadSchema, { ...lead, createdAt: 'yesterday' }, 'createdAt')).toEqual(['Must be an ISO 8601 date-time']);
  });

  it('parses the command answer with a decimal position', () => {
    expect(issuesOf(CommandAcceptedSchema, { id: 'x', position: '42' })).toEqual([]);
    expect(messagesAt(CommandAcceptedSchema, { id: 'x', position: '4.2' }, 'position')).toEqual([
      'position must be a decimal string',
    ]);
  });
});

describe('AdminLeadsQuerySchema', () => {
  it('defaults limit and offset', () => {
    expect(parseOrThrow(AdminLeadsQuerySchema, {})).toEqual({ limit: 50, offset: 0 });
  });

  it('coerces query-string numbers', () => {
    expect(parseOrThrow(AdminLeadsQuerySchema, { limit: '10', offset: '20', search: ' ada ' })).toEqual({
      limit: 10,
      offset: 20,
      search: 'ada',
    });
  });

  it.each([
    [{ limit: '0' }, 'limit', 'limit must be at least 1'],
    [{ limit: '501' }, 'limit', 'limit must be at most 500'],
    [{ limit: 'ten' }, 'limit', 'limit must be a number'],
    [{ limit: '2.5' }, 'limit', 'limit must be a whole number'],
    [{ offset: '-1' }, 'offset', 'offset must be at least 0'],
    [{ search: 's'.repeat(201) }, 'search', 'search must be at most 200 characters'],
  ])('rejects %j', (query, path, message) => {
    expect(messagesAt(AdminLeadsQuerySchema, query, path)).toEqual([message]);
  });
});
