// The admin suspends an affiliate (no more sale reports, 403) and reactivates them; both
// on the affiliate's own stream, so the report that races a suspension is decided in order.

import type { AffiliateStatus } from '@acres/contracts';
import { DomainError } from '@acres/contracts/errors';
import type { ReactivateAffiliate, SuspendAffiliate } from './commands.ts';
import {
  AFFILIATE_ALREADY_ACTIVE_MESSAGE,
  AFFILIATE_ALREADY_SUSPENDED_MESSAGE,
  AFFILIATE_NOT_FOUND_MESSAGE,
} from './messages.ts';
import type { AffiliateEvent, AffiliateState, RegisteredAffiliateState } from './state.ts';

/**
 * The admin's decisions on the account name the affiliate (an unknown one is a 404) and move it
 * to the other status: one already there is a conflict, with the message saying which.
 */
const changeStatus = (
  state: AffiliateState,
  refused: { when: AffiliateStatus; message: string },
  event: (affiliate: RegisteredAffiliateState) => AffiliateEvent,
): AffiliateEvent[] => {
  if (!state.registered) throw new DomainError('not_found', AFFILIATE_NOT_FOUND_MESSAGE);
  if (state.status === refused.when) throw new DomainError('conflict', refused.message);
  return [event(state)];
};

export const suspendAffiliate = ({ reason, decidedBy, now }: SuspendAffiliate, state: AffiliateState) =>
  changeStatus(state, { when: 'suspended', message: AFFILIATE_ALREADY_SUSPENDED_MESSAGE }, ({ affiliateId }) => ({
    type: 'AffiliateSuspended',
    data: { affiliateId, reason, decidedBy, suspendedAt: now.toISOString() },
  }));

export const reactivateAffiliate = ({ notes, decidedBy, now }: ReactivateAffiliate, state: AffiliateState) =>
  changeStatus(state, { when: 'active', message: AFFILIATE_ALREADY_ACTIVE_MESSAGE }, ({ affiliateId }) => ({
    type: 'AffiliateReactivated',
    data: { affiliateId, notes, decidedBy, reactivatedAt: now.toISOString() },
  }));
