import { DEFAULT_BUSINESS_TERMS, savingsPerAcreOf, type BusinessTerms } from '@acres/contracts/business-terms';
import { formatMillions } from '@acres/contracts/money';

/** The offer's figures as the site words them: prices per acre in millions, the project's size, slots and minimum. */
export const offerOf = (terms: BusinessTerms) => {
  const savings = savingsPerAcreOf(terms);
  return {
    terms,
    wholesale: formatMillions(terms.pricePerAcre),
    retail: formatMillions(terms.retailPricePerAcre),
    savings: formatMillions(savings),
    /** Advertised as a round floor ("50%+"), not the exact 53.3%. */
    discountPercent: Math.floor((savings / terms.retailPricePerAcre) * 10) * 10,
    projectAcres: terms.projectAcres,
    partnerSlots: terms.partnerCap,
    minimumAcres: terms.minimumAcres,
    /** What the minimum allocation costs at the wholesale price. */
    minimum: formatMillions(terms.minimumAcres * terms.pricePerAcre),
    /** The wholesale price as a share of the retail one, in percent: how far its bar reaches. */
    wholesaleSharePercent: (terms.pricePerAcre / terms.retailPricePerAcre) * 100,
  } as const;
};
export type Offer = ReturnType<typeof offerOf>;

/** SPEC 9's offer, until the owner's terms have loaded (and in the prerendered pages). */
export const OFFER = offerOf(DEFAULT_BUSINESS_TERMS);
