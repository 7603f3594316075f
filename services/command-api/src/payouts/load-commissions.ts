import { STATEMENT_TIME_ZONE } from '@acres/contracts';
import { DomainError } from '@acres/contracts/errors';
import type { PayoutCandidate } from '@acres/domain';
import type { EventStore } from '@acres/eventstore/port';
import { loadAffiliateState } from '../affiliates/deps.ts';
import type { FindSaleOwner } from '../affiliates/sale-owner.ts';
import { affiliateStreamId } from '../affiliates/streams.ts';

export const unknownSalesMessage = (saleIds: readonly string[]) => `Unknown sales: ${saleIds.join(', ')}`;

const lagosDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: STATEMENT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** 'YYYY-MM-DD' of an instant in Lagos, where the batch's date is meant. */
export const lagosDayOf = (iso: string) => lagosDay.format(new Date(iso));

/**
 * The chosen commissions as their streams tell them: each sale's own stream names its
 * affiliate stream, which says whether it was verified, when, and for how much. Each
 * affiliate stream is read once however many of its sales are chosen.
 */
export const loadCommissions = async (options: {
  eventStore: EventStore;
  findSaleOwner: FindSaleOwner;
  saleIds: readonly string[];
}): Promise<PayoutCandidate[]> => {
  const owners = await Promise.all(
    options.saleIds.map(async (saleId) => ({ saleId, userId: await options.findSaleOwner(saleId) })),
  );
  const unknown = owners.filter((owner) => owner.userId === null).map((owner) => owner.saleId);
  if (unknown.length > 0) {
    // The body is well formed; these ids name no reported sale: 422, like a commission not verified.
    throw new DomainError('unprocessable', unknownSalesMessage(unknown), [
      { field: 'saleIds', message: unknownSalesMessage(unknown) },
    ]);
  }
  const userIds = [...new Set(owners.map((owner) => owner.userId!))];
  const states = new Map(
    await Promise.all(
      userIds.map(async (userId) => [userId, await loadAffiliateState(options.eventStore, affiliateStreamId(userId))] as const),
    ),
  );
  return owners.map(({ saleId, userId }) => {
    const state = states.get(userId!)!;
    const sale = state.registered ? state.sales.get(saleId) : undefined;
    const verified = sale?.status === 'verified' && sale.commission !== undefined && sale.verifiedAt !== undefined;
    return {
      saleId,
      affiliateId: state.registered ? state.affiliateId : saleId,
      affiliateUserId: userId!,
      amount: verified ? sale.commission! : 0,
      verified,
      verifiedOn: verified ? lagosDayOf(sale.verifiedAt!) : null,
    };
  });
};
