// Money is whole naira everywhere (SPEC 9: stored in naira, displayed in millions,
// no decimals).

import { RETAIL_PRICE_PER_ACRE, WHOLESALE_PRICE_PER_ACRE } from './constants.ts';

const NAIRA = '₦';
const ONE_MILLION = 1_000_000;

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** 3500000 → '₦3,500,000'; rounds to the naira; -1500 → '-₦1,500'. */
export function formatNaira(amount: number): string {
  if (!Number.isFinite(amount)) return `${NAIRA}0`;
  const rounded = Math.round(Math.abs(amount));
  const sign = amount < 0 && rounded !== 0 ? '-' : '';
  return `${sign}${NAIRA}${groupThousands(String(rounded))}`;
}

/**
 * 3500000 → '₦3.5M', 70000000 → '₦70M', 87500000 → '₦87.5M' (at most 2 decimals); from a
 * thousand millions on, billions read better: 1500000000 → '₦1.5B'. Nothing is '₦0', not '₦0M'.
 */
export function formatMillions(amount: number): string {
  if (!Number.isFinite(amount)) return `${NAIRA}0`;
  const millions = Math.abs(amount) / ONE_MILLION;
  const rounded = Math.round(millions * 100) / 100;
  if (rounded === 0) return `${NAIRA}0`;
  const billions = rounded >= 1000;
  const fixed = (billions ? Math.round(rounded / 10) / 100 : rounded).toFixed(2);
  const [whole = '0', fraction = ''] = fixed.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  const sign = amount < 0 ? '-' : '';
  return `${sign}${NAIRA}${groupThousands(whole)}${trimmed ? `.${trimmed}` : ''}${billions ? 'B' : 'M'}`;
}

/** 3.5 → 3500000, rounded to the naira so float noise never reaches storage. */
export function millionsToNaira(millions: number): number {
  return Math.round(millions * ONE_MILLION);
}

export function nairaToMillions(naira: number): number {
  return naira / ONE_MILLION;
}

/** SPEC 4: subscription value = acres × the price per acre in force (₦3,500,000 unless the owner set another). */
export function computeSubscriptionValue(acres: number, pricePerAcre: number = WHOLESALE_PRICE_PER_ACRE): number {
  return Math.round(acres * pricePerAcre);
}

/**
 * The refusal of an amount sent with acres that is not acres × ₦3,500,000 (an
 * application's subscription value, a payment's amount): the server owns the price.
 */
export function acresPriceMessage(label: string, acres: number, pricePerAcre: number = WHOLESALE_PRICE_PER_ACRE): string {
  return `${label} must equal acres × ${formatNaira(pricePerAcre)} (${formatNaira(computeSubscriptionValue(acres, pricePerAcre))} for ${acres} ${acres === 1 ? 'acre' : 'acres'})`;
}

export type Returns = {
  wholesaleValue: number;
  retailValue: number;
  equitySpread: number;
};

/** The returns calculator: wholesale, retail (7.5M per acre) and their difference. */
export function computeReturns(
  acres: number,
  prices: { pricePerAcre: number; retailPricePerAcre: number } = {
    pricePerAcre: WHOLESALE_PRICE_PER_ACRE,
    retailPricePerAcre: RETAIL_PRICE_PER_ACRE,
  },
): Returns {
  const wholesaleValue = Math.round(acres * prices.pricePerAcre);
  const retailValue = Math.round(acres * prices.retailPricePerAcre);
  return { wholesaleValue, retailValue, equitySpread: retailValue - wholesaleValue };
}

/** amount × rate, rounded to the naira (DESIGN 9). */
export function computeCommission(amountNaira: number, rateBps: number): number {
  return Math.round((amountNaira * rateBps) / 10_000);
}
