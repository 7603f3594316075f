import type { AffiliateStatus, DomainEventOf } from '@acres/contracts';
import { assertNever } from '../decider.ts';

export type AffiliateRegistered = DomainEventOf<'AffiliateRegistered'>;
export type SaleReported = DomainEventOf<'SaleReported'>;
export type SaleVerified = DomainEventOf<'SaleVerified'>;
export type SaleRejected = DomainEventOf<'SaleRejected'>;
export type CommissionTierReached = DomainEventOf<'CommissionTierReached'>;
export type AffiliateSuspended = DomainEventOf<'AffiliateSuspended'>;
export type AffiliateReactivated = DomainEventOf<'AffiliateReactivated'>;
export type AffiliateEvent =
  | AffiliateRegistered
  | SaleReported
  | SaleVerified
  | SaleRejected
  | CommissionTierReached
  | AffiliateSuspended
  | AffiliateReactivated;

export type AffiliateSaleStatus = 'pending' | 'verified' | 'rejected';

/** What deciding on a sale needs: whether it was decided, and the amount its commission is computed from. */
export type AffiliateSaleState = {
  saleId: string;
  amountPaid: number;
  status: AffiliateSaleStatus;
  /** Once verified: the commission fixed then and when, which a payout batch pays. */
  commission?: number;
  verifiedAt?: string;
};

export type AffiliateState =
  | { registered: false }
  | {
      registered: true;
      affiliateId: string;
      userId: string;
      referralCode: string;
      status: AffiliateStatus;
      sales: ReadonlyMap<string, AffiliateSaleState>;
      /** Verified sales so far: the next verification is sale number verifiedCount + 1 for the tiers. */
      verifiedCount: number;
      commissionRateBps: number;
    };

export type RegisteredAffiliateState = Extract<AffiliateState, { registered: true }>;

export const initialAffiliateState: AffiliateState = { registered: false };

const withSale = (state: RegisteredAffiliateState, sale: AffiliateSaleState): RegisteredAffiliateState => ({
  ...state,
  sales: new Map(state.sales).set(sale.saleId, sale),
});

const decideSaleIn = (
  state: RegisteredAffiliateState,
  saleId: string,
  decision: { status: 'verified'; commission: number; verifiedAt: string } | { status: 'rejected' },
) => {
  const sale = state.sales.get(saleId);
  // Only reachable from a hand-written stream: the decider never emits a decision for an unknown sale.
  if (!sale) return state;
  return withSale(state, { ...sale, ...decision });
};

/**
 * Events before AffiliateRegistered cannot be written by the decider; if a stream ever
 * held one, ignoring it keeps the fold total instead of crashing every later command.
 */
export const evolveAffiliate = (state: AffiliateState, event: AffiliateEvent): AffiliateState => {
  switch (event.type) {
    case 'AffiliateRegistered': {
      if (state.registered) return state;
      const { affiliateId, userId, referralCode, commissionRateBps } = event.data;
      return {
        registered: true,
        affiliateId,
        userId,
        referralCode,
        status: 'active',
        sales: new Map(),
        verifiedCount: 0,
        commissionRateBps,
      };
    }
    case 'SaleReported':
      if (!state.registered) return state;
      return withSale(state, { saleId: event.data.saleId, amountPaid: event.data.amountPaid, status: 'pending' });
    case 'SaleVerified':
      if (!state.registered) return state;
      return {
        ...decideSaleIn(state, event.data.saleId, {
          status: 'verified',
          commission: event.data.computedCommission,
          verifiedAt: event.data.verifiedAt,
        }),
        verifiedCount: state.verifiedCount + 1,
      };
    case 'SaleRejected':
      if (!state.registered) return state;
      return decideSaleIn(state, event.data.saleId, { status: 'rejected' });
    case 'CommissionTierReached':
      if (!state.registered) return state;
      return { ...state, commissionRateBps: event.data.rateBps };
    case 'AffiliateSuspended':
      if (!state.registered) return state;
      return { ...state, status: 'suspended' };
    case 'AffiliateReactivated':
      if (!state.registered) return state;
      return { ...state, status: 'active' };
    default:
      return assertNever(event, 'affiliate event');
  }
};
