import { AffiliateRegisterRequestSchema, AffiliateRegistrationSchema } from '@acres/contracts/affiliate';
import { sentAffiliateRegistration } from '@acres/fixtures';
import { describe, expect, it } from 'vitest';
import { buildRegisterRequest } from './registration-payload';

const form = {
  full_name: 'Tunde Bakare',
  company_name: '',
  phone_number: '+234 803 123 4567',
  bank_name: 'Zenith Bank',
  account_number: '0123456789',
  account_name: 'Tunde Bakare',
  marketing_experience: 'intermediate',
  marketing_channels: 'WhatsApp groups of Lagos developers',
  agree_terms: true,
};

describe('the registration payload (SPEC 7)', () => {
  it('omits an empty company name and the terms box, and sends the phone without separators', () => {
    const body = buildRegisterRequest(AffiliateRegistrationSchema.parse(form));
    expect(body).toEqual(sentAffiliateRegistration('WhatsApp groups of Lagos developers'));
    expect(AffiliateRegisterRequestSchema.safeParse(body).success).toBe(true);
  });

  it('keeps a company name that was given, trimmed', () => {
    const body = buildRegisterRequest(AffiliateRegistrationSchema.parse({ ...form, company_name: '  Bakare Realty ' }));
    expect(body.company_name).toBe('Bakare Realty');
  });

  it('treats a blank company name as none', () => {
    const body = buildRegisterRequest(AffiliateRegistrationSchema.parse({ ...form, company_name: '   ' }));
    expect('company_name' in body).toBe(false);
  });
});
