import { DEFAULT_BUSINESS_TERMS, type BusinessTerms, type DomainEventOf } from '@acres/contracts';
import { DomainError } from '@acres/contracts/errors';
import { assertNever, createDecider } from '../decider.ts';
import { alreadyDecidedMessage, exceedsAcresMessage, partnerSlotsTakenMessage, type PaymentOutcome } from './messages.ts';

export type { PaymentOutcome } from './messages.ts';

/** The facts of the payment being decided, read from its own stream by the caller. */
export type PaymentDecision = {
  paymentId: string;
  userId: string;
  acres: number;
  amount: number;
  adminNotes: string;
  /** The admin's username. */
  decidedBy: string;
  now: Date;
  /** The project's size and partner cap in force, from the settings stream (SPEC's when not given). */
  terms?: Pick<BusinessTerms, 'projectAcres' | 'partnerCap'>;
};

export type ApprovePayment = { type: 'ApprovePayment' } & PaymentDecision;
export type RejectPayment = { type: 'RejectPayment' } & PaymentDecision;
export type AllocationCommand = ApprovePayment | RejectPayment;

export type PaymentApproved = DomainEventOf<'PaymentApproved'>;
export type PaymentRejected = DomainEventOf<'PaymentRejected'>;
export type AllocationEvent = PaymentApproved | PaymentRejected;

/** One project's allocation: every payment decided so far and what the approvals used up. */
export type AllocationState = {
  decided: ReadonlyMap<string, PaymentOutcome>;
  acresApproved: number;
  /** Distinct investors with at least one approved payment. */
  partners: ReadonlySet<string>;
};

export const initialAllocationState: AllocationState = { decided: new Map(), acresApproved: 0, partners: new Set() };

/**
 * Applies many events with one copy of the state's collections instead of one per
 * event: the allocation stream only grows, and a per-event copy would make loading it
 * quadratic. Pure from the outside: the given state is never modified.
 */
export const foldAllocation = (state: AllocationState, events: readonly AllocationEvent[]): AllocationState => {
  if (events.length === 0) return state;
  const decided = new Map(state.decided);
  const partners = new Set(state.partners);
  let acresApproved = state.acresApproved;
  for (const event of events) {
    switch (event.type) {
      case 'PaymentApproved':
        decided.set(event.data.paymentId, 'approved');
        acresApproved += event.data.acres;
        partners.add(event.data.userId);
        break;
      case 'PaymentRejected':
        decided.set(event.data.paymentId, 'rejected');
        break;
      default:
        return assertNever(event, 'allocation event');
    }
  }
  return { decided, acresApproved, partners };
};

export const evolveAllocation = (state: AllocationState, event: AllocationEvent): AllocationState =>
  foldAllocation(state, [event]);

const refuseIfDecided = (command: AllocationCommand, state: AllocationState) => {
  const outcome = state.decided.get(command.paymentId);
  if (outcome) throw new DomainError('already_decided', alreadyDecidedMessage(outcome));
};

const decisionData = (command: AllocationCommand) => ({
  paymentId: command.paymentId,
  userId: command.userId,
  acres: command.acres,
  amount: command.amount,
  adminNotes: command.adminNotes,
  decidedBy: command.decidedBy,
  decidedAt: command.now.toISOString(),
});

const approvePayment = (command: ApprovePayment, state: AllocationState): AllocationEvent[] => {
  refuseIfDecided(command, state);
  const { projectAcres, partnerCap } = command.terms ?? DEFAULT_BUSINESS_TERMS;
  if (state.acresApproved + command.acres > projectAcres) {
    throw new DomainError(
      'allocation_exceeded',
      exceedsAcresMessage({ acres: command.acres, acresApproved: state.acresApproved, projectAcres }),
    );
  }
  // A partner's further payments add acres, not partners.
  if (!state.partners.has(command.userId) && state.partners.size >= partnerCap) {
    throw new DomainError('allocation_exceeded', partnerSlotsTakenMessage({ partnerCap }));
  }
  return [{ type: 'PaymentApproved', data: decisionData(command) }];
};

/** Rejecting frees nothing and uses nothing, so it has no limits; it is still once only. */
const rejectPayment = (command: RejectPayment, state: AllocationState): AllocationEvent[] => {
  refuseIfDecided(command, state);
  return [{ type: 'PaymentRejected', data: decisionData(command) }];
};

export const allocationDecider = createDecider<AllocationCommand, AllocationEvent, AllocationState>(
  initialAllocationState,
  evolveAllocation,
  {
    ApprovePayment: approvePayment,
    RejectPayment: rejectPayment,
  },
);

export const decideAllocation = allocationDecider.decide;

/** The allocation as the admin's gauge shows it. */
export const summariseAllocation = (
  state: AllocationState,
  terms: Pick<BusinessTerms, 'projectAcres' | 'partnerCap'> = DEFAULT_BUSINESS_TERMS,
) => ({
  acresApproved: state.acresApproved,
  acresRemaining: Math.max(0, terms.projectAcres - state.acresApproved),
  partners: state.partners.size,
  partnerSlots: terms.partnerCap,
});
