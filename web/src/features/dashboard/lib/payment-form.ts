import { computeSubscriptionValue, PAYMENT_ACRES, type PaymentProofForm, PaymentProofFormSchema } from '@acres/contracts';

/** SPEC 9: the amount is acres × the price per acre in force (3.5M naira by default), sent in naira. */
export function amountForAcres(acres: number, pricePerAcre?: number): number {
  return computeSubscriptionValue(acres, pricePerAcre);
}

/** The form as it starts and as it returns after a successful submit (SPEC 4: acres back to 25 without an application). */
export function initialPaymentForm(acres: number = PAYMENT_ACRES.default, pricePerAcre?: number): PaymentProofForm {
  return { acres, amount: amountForAcres(acres, pricePerAcre), proofImagePath: '' };
}

/** The acres to ask for: what the open application still owes, else SPEC 4's default. */
export function suggestedAcres(holdings: { appliedAcres: number | null; outstandingAcres: number }): number {
  const owed = holdings.appliedAcres === null ? 0 : holdings.outstandingAcres;
  return owed >= PAYMENT_ACRES.min && owed <= PAYMENT_ACRES.max ? owed : PAYMENT_ACRES.default;
}

/** The number an acres entry stands for: SPEC 5, an invalid (non-numeric or zero) entry falls back to 25. */
export function parseAcresEntry(value: number): number {
  return Number.isFinite(value) && value !== 0 ? value : PAYMENT_ACRES.default;
}

/**
 * The amount the investor may be told to transfer: null while the acres cannot be submitted
 * (e.g. 500 > 200), so no instruction ever names a sum the form would then refuse.
 */
export function payableAmount(acres: number, pricePerAcre?: number): number | null {
  return PaymentProofFormSchema.shape.acres.safeParse(acres).success ? amountForAcres(acres, pricePerAcre) : null;
}
