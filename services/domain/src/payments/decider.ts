import {
  acresRuleBreach,
  DEFAULT_BUSINESS_TERMS,
  projectSizeMessage,
  type BusinessTerms,
  computeAmountCheck,
  PAYMENT_ACRES_RULE,
  PAYMENT_MESSAGES,
  SETTINGS_MESSAGES,
  type DomainEventOf,
} from '@acres/contracts';
import { DomainError, type FieldError } from '@acres/contracts/errors';
import { assertNever, createDecider } from '../decider.ts';
import { throwIfInvalid } from '../validation.ts';

export const PAYMENT_ALREADY_SUBMITTED_MESSAGE = 'This payment has already been submitted';

/** What the object store knows about the proof the path points at; null when nothing was uploaded there. */
export type UploadedProof = {
  objectPath: string;
  ownerKind: 'user' | 'visitor';
  ownerId: string;
  /** null while a direct-to-bucket upload has not been checked yet. */
  contentType: string | null;
};

/**
 * The investor's claim "I paid for these acres, here is the receipt". The proof object
 * is looked up by the caller (I/O) and passed in, so the rule "the proof belongs to its
 * submitter" (DESIGN 4) is decided here, next to the event it guards.
 */
export type SubmitPaymentProof = {
  type: 'SubmitPaymentProof';
  paymentId: string;
  userId: string;
  now: Date;
  acres: number;
  amount: number;
  proofImagePath: string;
  proof: UploadedProof | null;
  /** From the settings stream: without an escrow account the investor has had nowhere to pay. */
  escrowAccountSet: boolean;
  /** From the settings stream: the price per acre and the project's size in force (SPEC's when not given). */
  terms?: BusinessTerms;
  leadId?: string | null;
};
export type PaymentCommand = SubmitPaymentProof;

export type PaymentProofSubmitted = DomainEventOf<'PaymentProofSubmitted'>;
export type PaymentEvent = PaymentProofSubmitted;

/** What the allocation needs to decide on a payment: whose it is, how many acres, how much. */
export type PaymentState =
  | { status: 'none' }
  | { status: 'submitted'; paymentId: string; userId: string; acres: number; amount: number; proofImagePath: string };

export const initialPaymentState: PaymentState = { status: 'none' };

export const evolvePayment = (_state: PaymentState, event: PaymentEvent): PaymentState => {
  switch (event.type) {
    case 'PaymentProofSubmitted': {
      const { paymentId, userId, acres, amount, proofImagePath } = event.data;
      return { status: 'submitted', paymentId, userId, acres, amount, proofImagePath };
    }
    default:
      return assertNever(event.type, 'payment event');
  }
};

/** Only an image this very investor uploaded counts; anything else looks the same to them: not uploaded. */
export const isProofOf = (proof: UploadedProof | null, userId: string): boolean =>
  proof !== null &&
  proof.ownerKind === 'user' &&
  proof.ownerId === userId &&
  proof.contentType !== null &&
  proof.contentType.trim().toLowerCase().startsWith('image/');

const validate = (command: SubmitPaymentProof) => {
  const errors: FieldError[] = [];
  const terms = command.terms ?? DEFAULT_BUSINESS_TERMS;
  const acresBreach =
    acresRuleBreach(PAYMENT_ACRES_RULE, command.acres) ?? (command.acres > terms.projectAcres ? projectSizeMessage(terms) : null);
  if (acresBreach) errors.push({ field: 'acres', message: acresBreach });
  // An amount other than the acres' price is recorded, not refused (issue 12): what was paid
  // is a fact of the bank transfer, and the reviewer judges it against the difference.
  if (!Number.isSafeInteger(command.amount) || command.amount < 1) {
    errors.push({ field: 'amount', message: PAYMENT_MESSAGES.amount });
  }
  if (command.proofImagePath.trim() === '') {
    errors.push({ field: 'proofImagePath', message: PAYMENT_MESSAGES.proofImage });
  } else if (!isProofOf(command.proof, command.userId) || command.proof?.objectPath !== command.proofImagePath) {
    errors.push({ field: 'proofImagePath', message: PAYMENT_MESSAGES.proofNotUploaded });
  }
  throwIfInvalid(errors);
};

const submitPaymentProof = (command: SubmitPaymentProof, state: PaymentState): PaymentEvent[] => {
  if (state.status === 'submitted') throw new DomainError('conflict', PAYMENT_ALREADY_SUBMITTED_MESSAGE);
  if (!command.escrowAccountSet) throw new DomainError('conflict', SETTINGS_MESSAGES.escrowNotSet);
  validate(command);
  return [
    {
      type: 'PaymentProofSubmitted',
      data: {
        paymentId: command.paymentId,
        userId: command.userId,
        leadId: command.leadId ?? null,
        acres: command.acres,
        amount: command.amount,
        proofImagePath: command.proofImagePath,
        submittedAt: command.now.toISOString(),
        ...computeAmountCheck(command.acres, command.amount, (command.terms ?? DEFAULT_BUSINESS_TERMS).pricePerAcre),
      },
    },
  ];
};

export const paymentDecider = createDecider<PaymentCommand, PaymentEvent, PaymentState>(initialPaymentState, evolvePayment, {
  SubmitPaymentProof: submitPaymentProof,
});

export const decidePayment = paymentDecider.decide;
