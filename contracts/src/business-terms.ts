// The business terms (issue 29, item 4): the price per acre, the retail price, the project's
// size, the partner cap and the minimum allocation, one setting each. A term the owner never
// set is SPEC section 9's value; every screen, form and server check reads the terms in force.

import {
  FAQ_MINIMUM_ACRES,
  PARTNER_SLOTS,
  PRICE_BAND,
  PROJECT_ACRES,
  RETAIL_PRICE_PER_ACRE,
  WHOLESALE_PRICE_PER_ACRE,
} from './constants.ts';
import { formatMillions } from './money.ts';

export const TERM_FIELDS = ['pricePerAcre', 'retailPricePerAcre', 'projectAcres', 'partnerCap', 'minimumAcres'] as const;
export type TermField = (typeof TERM_FIELDS)[number];

/**
 * `minimumAcresSet`: whether the owner chose the minimum allocation. Until they do, SPEC's forms
 * rule (at least 1 acre) is the only minimum a request meets, so section 7's clients keep working;
 * the FAQ's 20 acres is still what the site says.
 */
export type BusinessTerms = Readonly<Record<TermField, number>> & { readonly minimumAcresSet?: boolean };

/** SPEC 9: ₦3.5M wholesale, ₦7.5M retail, 200 acres, 10 partners; the minimum allocation is the FAQ's 20 acres. */
export const DEFAULT_BUSINESS_TERMS: BusinessTerms = {
  pricePerAcre: WHOLESALE_PRICE_PER_ACRE,
  retailPricePerAcre: RETAIL_PRICE_PER_ACRE,
  projectAcres: PROJECT_ACRES,
  partnerCap: PARTNER_SLOTS,
  minimumAcres: FAQ_MINIMUM_ACRES,
};

/** The bounds of each term: naira per acre, acres, partners. */
export const TERM_LIMITS: Readonly<Record<TermField, { min: number; max: number }>> = {
  pricePerAcre: { min: 1000, max: 10_000_000_000 },
  retailPricePerAcre: { min: 1000, max: 10_000_000_000 },
  projectAcres: { min: 1, max: 100_000 },
  partnerCap: { min: 1, max: 10_000 },
  minimumAcres: { min: 1, max: 100_000 },
};

/** A stored term ('3500000') as a number; null when it is not a whole number within its bounds. */
export const parseTerm = (field: TermField, value: string): number | null => {
  if (!/^\d{1,12}$/.test(value)) return null;
  const number = Number(value);
  const { min, max } = TERM_LIMITS[field];
  return number >= min && number <= max ? number : null;
};

/** The terms in force: each set term, else its default. */
export const toBusinessTerms = (settings: Partial<Record<TermField, string | null>>): BusinessTerms => ({
  ...(Object.fromEntries(
    TERM_FIELDS.map((field) => {
      const value = settings[field];
      return [field, (value ? parseTerm(field, value) : null) ?? DEFAULT_BUSINESS_TERMS[field]];
    }),
  ) as Record<TermField, number>),
  minimumAcresSet: settings.minimumAcres ? parseTerm('minimumAcres', settings.minimumAcres) !== null : false,
});

/** The price per acre as a lead records it ('3.5M', SPEC 3's priceBand), from the terms in force. */
export const priceBandOf = (terms: BusinessTerms) => formatMillions(terms.pricePerAcre).replace(/^₦/, '');

/**
 * A lead's stated priceBand against the terms in force: the band in force, or SPEC 7's '3.5M'
 * (the documented payload keeps working whatever the price); null when accepted.
 */
export const priceBandBreach = (terms: BusinessTerms, stated: string | undefined): string | null => {
  const band = priceBandOf(terms);
  return stated === undefined || stated === band || stated === PRICE_BAND ? null : `Price band must be '${band}'`;
};

/** What one acre saves against the retail price. */
export const savingsPerAcreOf = (terms: BusinessTerms) => terms.retailPricePerAcre - terms.pricePerAcre;

export const TERMS_MESSAGES = {
  pricePerAcre: 'Price per acre must be a whole number of naira, at least ₦1,000',
  retailPricePerAcre: 'Retail price must be a whole number of naira, at least ₦1,000',
  projectAcres: 'Project size must be a whole number of acres, at least 1',
  partnerCap: 'Partner cap must be a whole number, at least 1',
  minimumAcres: 'Minimum allocation must be a whole number of acres, at least 1',
  retailNotAbove: 'The retail price must be above the price per acre',
  minimumAboveProject: 'The minimum allocation cannot be more than the project size',
} as const;

/** The terms' cross-field rules, on the terms in force (a term left unset is its default). */
export const checkTermsTogether = (terms: BusinessTerms): { field: TermField; message: string }[] => {
  const errors: { field: TermField; message: string }[] = [];
  if (terms.retailPricePerAcre <= terms.pricePerAcre)
    errors.push({ field: 'retailPricePerAcre', message: TERMS_MESSAGES.retailNotAbove });
  if (terms.minimumAcres > terms.projectAcres)
    errors.push({ field: 'minimumAcres', message: TERMS_MESSAGES.minimumAboveProject });
  return errors;
};

const acresText = (acres: number) => `${acres.toLocaleString('en-NG')} ${acres === 1 ? 'acre' : 'acres'}`;

export const minimumAllocationMessage = (terms: BusinessTerms) => `The minimum allocation is ${acresText(terms.minimumAcres)}`;
export const projectSizeMessage = (terms: BusinessTerms) =>
  `The project is ${acresText(terms.projectAcres)}: no more can be taken`;

/**
 * An allocation's acres against the terms in force (a lead's, an application's), after the
 * request's own rule: below the minimum allocation, or above the project. Null when within.
 */
export const allocationAcresBreach = (terms: BusinessTerms, acres: number): string | null => {
  if (terms.minimumAcresSet && acres < terms.minimumAcres) return minimumAllocationMessage(terms);
  if (acres > terms.projectAcres) return projectSizeMessage(terms);
  return null;
};
