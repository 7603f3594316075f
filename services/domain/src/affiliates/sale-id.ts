import type { DomainEventOf } from '@acres/contracts';
import { DomainError } from '@acres/contracts/errors';
import { assertNever, createDecider } from '../decider.ts';
import { SALE_ID_TAKEN_MESSAGE } from './messages.ts';

/**
 * The sale's own stream (`sale-{saleId}`): claimed means the sale is on this affiliate's
 * stream. The sale itself (report, verification, commission) lives on the affiliate's
 * stream, where the tier count is; this stream only says which one that is.
 */
export type ClaimSaleId = { type: 'ClaimSaleId'; saleId: string; affiliateId: string; userId: string; now: Date };
export type SaleIdCommand = ClaimSaleId;

export type SaleIdClaimed = DomainEventOf<'SaleIdClaimed'>;
export type SaleIdEvent = SaleIdClaimed;

export type SaleIdState = { status: 'free' } | { status: 'claimed'; saleId: string; affiliateId: string; userId: string };

export const initialSaleIdState: SaleIdState = { status: 'free' };

export const evolveSaleId = (state: SaleIdState, event: SaleIdEvent): SaleIdState => {
  switch (event.type) {
    case 'SaleIdClaimed': {
      // The first claim stands: the stream is written with no_stream, so a second one is a bug.
      if (state.status === 'claimed') return state;
      const { saleId, affiliateId, userId } = event.data;
      return { status: 'claimed', saleId, affiliateId, userId };
    }
    default:
      return assertNever(event.type, 'sale id event');
  }
};

const claimSaleId = (command: SaleIdCommand, state: SaleIdState): SaleIdEvent[] => {
  if (state.status === 'claimed') throw new DomainError('conflict', SALE_ID_TAKEN_MESSAGE);
  const { saleId, affiliateId, userId, now } = command;
  return [{ type: 'SaleIdClaimed', data: { saleId, affiliateId, userId, claimedAt: now.toISOString() } }];
};

export const saleIdDecider = createDecider<SaleIdCommand, SaleIdEvent, SaleIdState>(initialSaleIdState, evolveSaleId, {
  ClaimSaleId: claimSaleId,
});

export const decideSaleId = saleIdDecider.decide;
