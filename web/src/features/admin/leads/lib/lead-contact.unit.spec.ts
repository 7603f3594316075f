import { formatNaira } from '@acres/contracts';
import { DEFAULT_BUSINESS_TERMS } from '@acres/contracts/business-terms';
import { describe, expect, it } from 'vitest';
import { buildLeadContactLinks, computeLeadValue } from './lead-contact';

const lead = { fullName: 'Ada  Obi', email: 'ada@example.com', phoneE164: '+2348012345678', intendedAcres: 25 };

describe('computeLeadValue', () => {
  it('prices 25 acres at 3.5M wholesale and 4M savings per acre by SPEC’s terms', () => {
    const { investment, savings } = computeLeadValue(25, DEFAULT_BUSINESS_TERMS);
    expect(formatNaira(investment)).toBe('₦87,500,000');
    expect(formatNaira(savings)).toBe('₦100,000,000');
  });

  it('prices by the owner’s terms when they differ', () => {
    const terms = { ...DEFAULT_BUSINESS_TERMS, pricePerAcre: 4_000_000, retailPricePerAcre: 9_000_000 };
    expect(computeLeadValue(10, terms)).toEqual({ investment: 40_000_000, savings: 50_000_000 });
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
