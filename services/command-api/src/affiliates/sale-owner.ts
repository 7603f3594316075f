import { parseEvent } from '@acres/contracts';
import { foldEvents, saleIdDecider, type SaleIdEvent } from '@acres/domain';
import type { EventStore } from '@acres/eventstore/port';
import { saleStreamId } from './streams.ts';

/** Whose affiliate stream a sale is on (the user id), from the sale's own stream; null for an unknown sale. */
export type FindSaleOwner = (saleId: string) => Promise<string | null>;

export const createSaleOwnerLookup =
  (eventStore: EventStore): FindSaleOwner =>
  async (saleId) => {
    const recorded = await eventStore.readStream(saleStreamId(saleId));
    const state = foldEvents(
      saleIdDecider,
      recorded.map((event) => parseEvent(event.type, event.data) as SaleIdEvent),
    );
    return state.status === 'claimed' ? state.userId : null;
  };
