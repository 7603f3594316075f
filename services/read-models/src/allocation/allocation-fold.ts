// The allocation's rules are the domain's: the same fold the command side decides with
// (@acres/domain's foldAllocation) tallies the approvals for the projection and for a
// view as of a log position. Approvals add acres; an investor's first approval adds a
// partner; nothing else moves the allocation.

import type { Allocation } from '@acres/contracts/payment';
import {
  foldAllocation as foldDecisions,
  initialAllocationState,
  type AllocationEvent,
  type AllocationState,
} from '@acres/domain';
import { parseEventData, type LoggedEvent } from '../shared/event-data.ts';
import { toAllocation } from './allocation.ts';

export const ALLOCATION_EVENTS = ['PaymentApproved'] as const;

export type AllocationTally = AllocationState;

export const EMPTY_TALLY: AllocationTally = initialAllocationState;

/** A logged decision as the domain's fold takes it, checked against the catalogue. */
export const toAllocationEvent = (event: LoggedEvent): AllocationEvent => {
  if (event.type === 'PaymentApproved') return { type: event.type, data: parseEventData(event.type, event) };
  if (event.type === 'PaymentRejected') return { type: event.type, data: parseEventData(event.type, event) };
  throw new Error(`allocation does not handle ${event.type}`);
};

/** Adds decisions to a tally (pure: the given tally is not modified). */
export const tallyDecisions = (tally: AllocationTally, decisions: readonly AllocationEvent[]): AllocationTally =>
  foldDecisions(tally, decisions);

export const toAllocationOf = (tally: AllocationTally): Allocation =>
  toAllocation({ acres_approved: tally.acresApproved, partners: tally.partners.size });

/** The allocation the events make: only approvals count, in any order. */
export const foldAllocation = (events: readonly LoggedEvent[]): Allocation =>
  toAllocationOf(tallyDecisions(EMPTY_TALLY, events.filter((event) => event.type === 'PaymentApproved').map(toAllocationEvent)));
