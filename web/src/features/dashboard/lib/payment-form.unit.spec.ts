import { PaymentProofFormSchema } from '@acres/contracts';
import { describe, expect, it } from 'vitest';
import { amountForAcres, initialPaymentForm, parseAcresEntry, payableAmount } from './payment-form';

describe('the payment proof form', () => {
  it('starts at 25 acres and 87.5M naira with no proof', () => {
    expect(initialPaymentForm()).toEqual({ acres: 25, amount: 87_500_000, proofImagePath: '' });
  });

  it('prices acres at 3.5M naira each', () => {
    expect(amountForAcres(1)).toBe(3_500_000);
    expect(amountForAcres(200)).toBe(700_000_000);
  });

  it('falls back to 25 for an entry that is not a number of acres', () => {
    expect(parseAcresEntry(Number.NaN)).toBe(25);
    expect(parseAcresEntry(0)).toBe(25);
    expect(parseAcresEntry(30)).toBe(30);
  });

  it('keeps an out-of-range entry so the schema can say what is wrong', () => {
    expect(parseAcresEntry(201)).toBe(201);
    const result = PaymentProofFormSchema.safeParse({
      acres: 201,
      amount: amountForAcres(201),
      proofImagePath: '/objects/uploads/x',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain('Maximum 200 acres');
  });

  it('is refused without a proof, with the SPEC message', () => {
    const result = PaymentProofFormSchema.safeParse(initialPaymentForm());
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Payment proof image is required']);
  });

  it('names an amount to pay only for acres the form can submit', () => {
    expect(payableAmount(25)).toBe(87_500_000);
    expect(payableAmount(200)).toBe(700_000_000);
    expect([500, 201, 0, -3, 2.5].map(payableAmount)).toEqual([null, null, null, null, null]);
  });
});
