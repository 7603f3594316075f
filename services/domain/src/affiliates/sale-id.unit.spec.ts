import { describe, expect, it } from 'vitest';
import { parseEvent } from '@acres/contracts';
import { givenFor } from '../../test/given.ts';
import { AFFILIATE_ID, NOW, saleId, USER_ID } from '../../test/affiliates.ts';
import { SALE_ID_TAKEN_MESSAGE } from './messages.ts';
import { evolveSaleId, initialSaleIdState, saleIdDecider, type ClaimSaleId, type SaleIdClaimed } from './sale-id.ts';

const given = givenFor(saleIdDecider);
const OTHER_USER = '9f9f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f99';

const claim = (overrides: Partial<ClaimSaleId> = {}): ClaimSaleId => ({
  type: 'ClaimSaleId',
  saleId: saleId(1),
  affiliateId: AFFILIATE_ID,
  userId: USER_ID,
  now: NOW,
  ...overrides,
});
const claimed = (userId = USER_ID): SaleIdClaimed => ({
  type: 'SaleIdClaimed',
  data: { saleId: saleId(1), affiliateId: AFFILIATE_ID, userId, claimedAt: NOW.toISOString() },
});

describe("a sale's own stream", () => {
  it('is claimed for the affiliate whose stream holds the sale', () => {
    given([]).when(claim()).then([claimed()]);
  });

  it('produces an event the catalogue accepts', () => {
    const [event] = saleIdDecider.decide(claim(), initialSaleIdState);
    expect(parseEvent('SaleIdClaimed', event!.data).data).toEqual(claimed().data);
  });

  it('is claimed once', () => {
    given([claimed()])
      .when(claim({ userId: OTHER_USER }))
      .thenThrows({ code: 'conflict', message: SALE_ID_TAKEN_MESSAGE });
  });

  it('names the owner, and keeps the first claim', () => {
    expect([claimed(), claimed(OTHER_USER)].reduce(evolveSaleId, initialSaleIdState)).toEqual({
      status: 'claimed',
      saleId: saleId(1),
      affiliateId: AFFILIATE_ID,
      userId: USER_ID,
    });
  });
});
