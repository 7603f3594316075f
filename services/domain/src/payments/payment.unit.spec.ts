import { describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES, parseEvent, SETTINGS_MESSAGES } from '@acres/contracts';
import { givenFor } from '../../test/given.ts';
import {
  evolvePayment,
  initialPaymentState,
  PAYMENT_ALREADY_SUBMITTED_MESSAGE,
  paymentDecider,
  type PaymentProofSubmitted,
  type SubmitPaymentProof,
  type UploadedProof,
} from './decider.ts';

const given = givenFor(paymentDecider);
const now = new Date('2026-06-01T08:15:00.000Z');
const paymentId = '4a1f9a64-2d0e-4b8e-9d55-7c1f3f6f0a11';
const userId = '8d2b3c4e-5f60-4718-9a2b-3c4d5e6f7a8b';
const otherUserId = '9e3c4d5f-6071-4829-8b3c-4d5e6f7a8b9c';
const objectPath = '/objects/uploads/2f0c1b7e-1d2c-4b3a-8e9f-0a1b2c3d4e5f';

const proof = (overrides: Partial<UploadedProof> = {}): UploadedProof => ({
  objectPath,
  ownerKind: 'user',
  ownerId: userId,
  contentType: 'image/png',
  ...overrides,
});

const submit = (overrides: Partial<SubmitPaymentProof> = {}): SubmitPaymentProof => ({
  type: 'SubmitPaymentProof',
  paymentId,
  userId,
  now,
  acres: 25,
  amount: 87_500_000,
  proofImagePath: objectPath,
  proof: proof(),
  escrowAccountSet: true,
  ...overrides,
});

const submitted = (overrides: Partial<PaymentProofSubmitted['data']> = {}): PaymentProofSubmitted => ({
  type: 'PaymentProofSubmitted',
  data: {
    paymentId,
    userId,
    leadId: null,
    acres: 25,
    amount: 87_500_000,
    proofImagePath: objectPath,
    submittedAt: '2026-06-01T08:15:00.000Z',
    expectedAmount: 87_500_000,
    amountDifference: 0,
    ...overrides,
  },
});

const proofError = (message: string) => ({ code: 'validation_failed' as const, errors: [{ field: 'proofImagePath', message }] });

describe('a payment not yet submitted', () => {
  it('records the proof with the acres and the amount', () => {
    given([]).when(submit()).then([submitted()]);
  });

  it('is refused while the escrow account is not set up', () => {
    given([])
      .when(submit({ escrowAccountSet: false }))
      .thenThrows({ code: 'conflict', message: SETTINGS_MESSAGES.escrowNotSet });
  });

  it.each([
    [1, 1, 3_500_000, -3_499_999],
    [25, 87_000_000, 87_500_000, -500_000],
    [25, 87_500_001, 87_500_000, 1],
    [24, 87_500_000, 84_000_000, 3_500_000],
  ])(
    'records %s acres paid with %s naira, with the price of the acres (%s) and the difference (%s) for the reviewer',
    (acres, amount, expectedAmount, amountDifference) => {
      given([])
        .when(submit({ acres, amount }))
        .then([submitted({ acres, amount, expectedAmount, amountDifference })]);
    },
  );

  it('accepts the bounds of 1 and 200 acres at their price, with no difference', () => {
    given([])
      .when(submit({ acres: 1, amount: 3_500_000 }))
      .then([submitted({ acres: 1, amount: 3_500_000, expectedAmount: 3_500_000 })]);
    given([])
      .when(submit({ acres: 200, amount: 700_000_000 }))
      .then([submitted({ acres: 200, amount: 700_000_000, expectedAmount: 700_000_000 })]);
  });

  it('produces an event the catalogue accepts', () => {
    const [event] = paymentDecider.decide(submit(), initialPaymentState);
    expect(() => parseEvent('PaymentProofSubmitted', event!.data)).not.toThrow();
  });

  it.each([
    [0, PAYMENT_MESSAGES.minAcres],
    [201, PAYMENT_MESSAGES.maxAcres],
    [2.5, PAYMENT_MESSAGES.minAcres],
  ])('refuses %s acres', (acres, message) => {
    given([])
      .when(submit({ acres }))
      .thenThrows({ code: 'validation_failed', errors: [{ field: 'acres', message }] });
  });

  it.each([[0], [-5], [1.5]])('refuses an amount of %s', (amount) => {
    given([])
      .when(submit({ amount }))
      .thenThrows({ code: 'validation_failed', errors: [{ field: 'amount', message: PAYMENT_MESSAGES.amount }] });
  });

  it('refuses a blank proof path as missing', () => {
    given([])
      .when(submit({ proofImagePath: ' ', proof: null }))
      .thenThrows(proofError(PAYMENT_MESSAGES.proofImage));
  });

  // Only an image the investor uploaded, checked and found under the same path, backs a payment.
  it.each([
    ['a path where nothing was uploaded', null],
    ["another investor's upload", proof({ ownerId: otherUserId })],
    ["a visitor's upload even under the same id", proof({ ownerKind: 'visitor' })],
    ['an object not yet checked', proof({ contentType: null })],
    ['an object that is not an image', proof({ contentType: 'application/pdf' })],
    ['a proof looked up under another path', proof({ objectPath: '/objects/uploads/00000000-0000-4000-8000-000000000000' })],
  ])('refuses %s', (_case, found) => {
    given([])
      .when(submit({ proof: found }))
      .thenThrows(proofError(PAYMENT_MESSAGES.proofNotUploaded));
  });

  it('names every failing field at once', () => {
    given([])
      .when(submit({ acres: 0, amount: 0, proof: null }))
      .thenThrows({
        code: 'validation_failed',
        errors: [
          { field: 'acres', message: PAYMENT_MESSAGES.minAcres },
          { field: 'amount', message: PAYMENT_MESSAGES.amount },
          { field: 'proofImagePath', message: PAYMENT_MESSAGES.proofNotUploaded },
        ],
      });
  });
});

describe('a payment already submitted', () => {
  it('refuses a second submission into the same stream', () => {
    given([submitted()]).when(submit()).thenThrows({ code: 'conflict', message: PAYMENT_ALREADY_SUBMITTED_MESSAGE });
  });

  it('knows whose payment it is, its acres and its amount', () => {
    expect(evolvePayment(initialPaymentState, submitted())).toEqual({
      status: 'submitted',
      paymentId,
      userId,
      acres: 25,
      amount: 87_500_000,
      proofImagePath: objectPath,
    });
  });
});
