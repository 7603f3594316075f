// The admin suspends an affiliate (no more sale reports, 403) and reactivates them; both
// on the affiliate's own stream, so the report that races a suspension is decided in order.

import { DomainError } from '@acres/contracts/errors';
import type { ReactivateAffiliate, SuspendAffiliate } from './commands.ts';
import {
  AFFILIATE_ALREADY_ACTIVE_MESSAGE,
  AFFILIATE_ALREADY_SUSPENDED_MESSAGE,
  AFFILIATE_NOT_FOUND_MESSAGE,
} from './messages.ts';
import type { AffiliateEvent, AffiliateState, RegisteredAffiliateState } from './state.ts';

/** The admin's decisions on the account name the affiliate; an unknown one is a 404. */
const requireAffiliate = (state: AffiliateState): RegisteredAffiliateState => {
  if (!state.registered) throw new DomainError('not_found', AFFILIATE_NOT_FOUND_MESSAGE);
  return state;
};

export const suspendAffiliate = (command: SuspendAffiliate, state: AffiliateState): AffiliateEvent[] => {
  const affiliate = requireAffiliate(state);
  if (affiliate.status === 'suspended') throw new DomainError('conflict', AFFILIATE_ALREADY_SUSPENDED_MESSAGE);
  return [
    {
      type: 'AffiliateSuspended',
      data: {
        affiliateId: affiliate.affiliateId,
        reason: command.reason,
        decidedBy: command.decidedBy,
        suspendedAt: command.now.toISOString(),
      },
    },
  ];
};

export const reactivateAffiliate = (command: ReactivateAffiliate, state: AffiliateState): AffiliateEvent[] => {
  const affiliate = requireAffiliate(state);
  if (affiliate.status === 'active') throw new DomainError('conflict', AFFILIATE_ALREADY_ACTIVE_MESSAGE);
  return [
    {
      type: 'AffiliateReactivated',
      data: {
        affiliateId: affiliate.affiliateId,
        notes: command.notes,
        decidedBy: command.decidedBy,
        reactivatedAt: command.now.toISOString(),
      },
    },
  ];
};
