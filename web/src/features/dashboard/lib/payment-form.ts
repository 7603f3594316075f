import { computeSubscriptionValue, PAYMENT_ACRES, type PaymentProofForm, PaymentProofFormSchema } from '@acres/contracts';

/** SPEC 9: the amount is acres × 3.5M naira, sent in naira. */
export function amountForAcres(acres: number): number {
  return computeSubscriptionValue(acres);
}

/** The form as it starts and as it returns after a successful submit (SPEC 4: acres back to 25). */
export function initialPaymentForm(): PaymentProofForm {
  return { acres: PAYMENT_ACRES.default, amount: amountForAcres(PAYMENT_ACRES.default), proofImagePath: '' };
}

/** The number an acres entry stands for: SPEC 5, an invalid (non-numeric or zero) entry falls back to 25. */
export function parseAcresEntry(value: number): number {
  return Number.isFinite(value) && value !== 0 ? value : PAYMENT_ACRES.default;
}

/**
 * The amount the investor may be told to transfer: null while the acres cannot be submitted
 * (e.g. 500 > 200), so no instruction ever names a sum the form would then refuse.
 */
export function payableAmount(acres: number): number | null {
  return PaymentProofFormSchema.shape.acres.safeParse(acres).success ? amountForAcres(acres) : null;
}
