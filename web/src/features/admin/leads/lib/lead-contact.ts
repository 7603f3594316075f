import { savingsPerAcreOf, type BusinessTerms } from '@acres/contracts/business-terms';

/** Investment at the price per acre in force and the saving against the retail price (the owner's terms). */
export function computeLeadValue(acres: number, terms: BusinessTerms): { investment: number; savings: number } {
  return { investment: acres * terms.pricePerAcre, savings: acres * savingsPerAcreOf(terms) };
}

function digitsOf(phoneE164: string): string {
  return phoneE164.replace(/\D/g, '');
}

export type LeadContactLinks = { email: string; call: string; whatsapp: string };

/** Quick actions of the lead detail dialog: mail draft, phone call and WhatsApp chat. */
export function buildLeadContactLinks(lead: {
  fullName: string;
  email: string;
  phoneE164: string;
  intendedAcres: number;
}): LeadContactLinks {
  const digits = digitsOf(lead.phoneE164);
  const firstName = lead.fullName.trim().split(/\s+/)[0] ?? lead.fullName;
  const acres = `${lead.intendedAcres} acre${lead.intendedAcres === 1 ? '' : 's'}`;
  const subject = `Your ${acres} reservation with Acres Wholesale`;
  const message = `Hello ${firstName}, thank you for reserving ${acres} with Acres Wholesale. Is now a good time to talk about the next steps?`;
  return {
    email: `mailto:${lead.email}?subject=${encodeURIComponent(subject)}`,
    call: `tel:+${digits}`,
    whatsapp: `https://wa.me/${digits}?text=${encodeURIComponent(message)}`,
  };
}
