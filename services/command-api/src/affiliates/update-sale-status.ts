import { bpsToPercent, type SaleStatusUpdate, type SaleStatusUpdated } from '@acres/contracts';
import { SALE_NOT_FOUND_MESSAGE, type AffiliateCommand, type AffiliateEvent } from '@acres/domain';
import type { EventStore } from '@acres/eventstore/port';
import { DomainError } from '@acres/contracts/errors';
import type { CommandContext } from '../commands/handle-command.ts';
import type { KeyedMutex } from '../commands/keyed-mutex.ts';
import type { FindSaleOwner } from './sale-owner.ts';
import { decideOnAffiliateStream } from './deps.ts';

const toAnswer = (events: AffiliateEvent[], position: bigint): SaleStatusUpdated => {
  const [decision] = events;
  if (decision?.type === 'SaleVerified') {
    const { saleId, commissionRateBps, computedCommission } = decision.data;
    const commissionRate = bpsToPercent(commissionRateBps);
    return { id: saleId, status: 'verified', commissionRate, computedCommission, position: position.toString() };
  }
  if (decision?.type === 'SaleRejected') return { id: decision.data.saleId, status: 'rejected', position: position.toString() };
  throw new Error(`A sale decision answered with ${decision?.type ?? 'no event'}`);
};

/**
 * VerifySale / RejectSale on the affiliate's stream, the truth: it knows whether the
 * sale exists, whether it was decided, and how many sales were verified before it,
 * which fixes the commission rate. `position` is the last event's (the tier event
 * when one was reached), so a read that waits for it sees the whole decision.
 */
export const decideSaleStatus = (options: {
  eventStore: EventStore;
  lock: KeyedMutex;
  newEventId: () => string;
  affiliateUserId: string;
  saleId: string;
  update: SaleStatusUpdate;
  adminUsername: string;
  context: CommandContext;
}): Promise<SaleStatusUpdated> => {
  const { update, context, saleId, adminUsername, ...rest } = options;
  const decision = { saleId, notes: update.notes, decidedBy: adminUsername, now: context.now };
  const command: AffiliateCommand =
    update.status === 'verified' ? { type: 'VerifySale', ...decision } : { type: 'RejectSale', ...decision };
  return decideOnAffiliateStream({ ...rest, command, context, toResult: toAnswer });
};

/**
 * The admin's PUT: the sale's own stream says which affiliate stream holds the sale,
 * then that stream decides (an unknown, or already decided, sale is refused there).
 */
export const updateSaleStatus = async (
  options: Omit<Parameters<typeof decideSaleStatus>[0], 'affiliateUserId'> & { findSaleOwner: FindSaleOwner },
) => {
  const { findSaleOwner, ...rest } = options;
  const affiliateUserId = await findSaleOwner(options.saleId);
  if (!affiliateUserId) throw new DomainError('not_found', SALE_NOT_FOUND_MESSAGE);
  return decideSaleStatus({ ...rest, affiliateUserId });
};
