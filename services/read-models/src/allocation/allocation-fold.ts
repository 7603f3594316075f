// The allocation's rules as data: what a PaymentApproved counts (toApproval, the mapping
// the projector's allocation projection writes with) and the same sums folded in memory
// for a view as of a log position. Approvals add acres; an investor's first approval
// adds a partner; nothing else moves the allocation.

import type { Allocation } from '@acres/contracts/payment';
import { parseEventData, type LoggedEvent } from '../shared/event-data.ts';
import { toAllocation } from './allocation.ts';

export const ALLOCATION_EVENTS = ['PaymentApproved'] as const;

export type Approval = { userId: string; acres: number; at: string; position: string };

export const toApproval = (event: LoggedEvent): Approval => {
  if (event.type !== 'PaymentApproved') throw new Error(`allocation does not handle ${event.type}`);
  const data = parseEventData('PaymentApproved', event);
  return { userId: data.userId, acres: data.acres, at: data.decidedAt, position: event.globalPosition.toString() };
};

export type AllocationTally = { acresApproved: number; partners: ReadonlySet<string> };

export const EMPTY_TALLY: AllocationTally = { acresApproved: 0, partners: new Set() };

/** Adds approvals to a tally (pure: the given tally is not modified). */
export const tallyApprovals = (tally: AllocationTally, approvals: readonly Approval[]): AllocationTally => {
  const partners = new Set(tally.partners);
  let acresApproved = tally.acresApproved;
  for (const approval of approvals) {
    acresApproved += approval.acres;
    partners.add(approval.userId);
  }
  return { acresApproved, partners };
};

/** The allocation the events make: only approvals count, in any order. */
export const foldAllocation = (events: readonly LoggedEvent[]): Allocation => {
  const approvals = events.filter((event) => event.type === 'PaymentApproved').map(toApproval);
  const tally = tallyApprovals(EMPTY_TALLY, approvals);
  return toAllocation({ acres_approved: tally.acresApproved, partners: tally.partners.size });
};
