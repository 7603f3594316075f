import { formatNaira } from '@acres/contracts';
import { describe, expect, it } from 'vitest';
import { buildLeadContactLinks, computeLeadValue } from './lead-contact';

const lead = { fullName: 'Ada  Obi', email: 'ada@example.com', phoneE164: '+2348012345678', intendedAcres: 25 };

describe('computeLeadValue', () => {
  it('prices 25 acres at 3.5M wholesale and 4M savings per acre', () => {
    const { investment, savings } = computeLeadValue(25);
    expect(formatNaira(investment)).toBe('₦87,500,000');
    expect(formatNaira(savings)).toBe('₦100,000,000');
  });
});

describe('buildLeadContactLinks', () => {
  const links = buildLeadContactLinks(lead);

  it('drafts a mail to the lead with a subject naming the acres', () => {
    expect(links.email).toBe(
      `mailto:ada@example.com?subject=${encodeURIComponent('Your 25 acres reservation with Acres Wholesale')}`,
    );
  });

  it('calls the international number', () => {
    expect(links.call).toBe('tel:+2348012345678');
  });

  it('opens WhatsApp on the digits with a greeting by first name', () => {
    const url = new URL(links.whatsapp);
    expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/2348012345678');
    expect(url.searchParams.get('text')).toMatch(/^Hello Ada, thank you for reserving 25 acres/);
  });

  it('says "acre" for one acre', () => {
    expect(decodeURIComponent(buildLeadContactLinks({ ...lead, intendedAcres: 1 }).email)).toContain('Your 1 acre reservation');
  });
});
