import { describe, expect, it } from 'vitest';
import { parseEvent } from '@acres/contracts';
import { givenFor } from '../../test/given.ts';
import { affiliateDecider, decideAffiliate } from './decider.ts';
import {
  AFFILIATE_ALREADY_ACTIVE_MESSAGE,
  AFFILIATE_ALREADY_SUSPENDED_MESSAGE,
  AFFILIATE_NOT_ACTIVE_MESSAGE,
  AFFILIATE_NOT_FOUND_MESSAGE,
  SALE_PROOF_NOT_UPLOADED_MESSAGE,
} from './messages.ts';
import { evolveAffiliate, initialAffiliateState, type AffiliateReactivated, type AffiliateSuspended } from './state.ts';
import { AFFILIATE_ID, NOW, registered, reportCommand, reported, USER_ID } from '../../test/affiliates.ts';
import type { ReactivateAffiliate, SuspendAffiliate } from './commands.ts';

const given = givenFor(affiliateDecider);

const suspend: SuspendAffiliate = { type: 'SuspendAffiliate', reason: 'Unverifiable sales', decidedBy: 'ops', now: NOW };
const reactivate: ReactivateAffiliate = { type: 'ReactivateAffiliate', notes: 'Explained', decidedBy: 'ops', now: NOW };

const suspended: AffiliateSuspended = {
  type: 'AffiliateSuspended',
  data: { affiliateId: AFFILIATE_ID, reason: 'Unverifiable sales', decidedBy: 'ops', suspendedAt: NOW.toISOString() },
};
const reactivated: AffiliateReactivated = {
  type: 'AffiliateReactivated',
  data: { affiliateId: AFFILIATE_ID, notes: 'Explained', decidedBy: 'ops', reactivatedAt: NOW.toISOString() },
};

const proofPath = '/objects/uploads/0b1c2d3e-4f50-4617-8829-3a4b5c6d7e8f';
const proofOf = (ownerId: string) => ({ objectPath: proofPath, ownerKind: 'user' as const, ownerId, contentType: 'image/png' });

describe('the admin suspending and reactivating an affiliate', () => {
  it('suspends an active affiliate with the reason and who decided', () => {
    given([registered()]).when(suspend).then([suspended]);
    expect(parseEvent('AffiliateSuspended', suspended.data).data).toEqual(suspended.data);
  });

  it('refuses to suspend twice: 409', () => {
    given([registered(), suspended]).when(suspend).thenThrows({ code: 'conflict', message: AFFILIATE_ALREADY_SUSPENDED_MESSAGE });
  });

  it('refuses an unknown affiliate: 404', () => {
    given([]).when(suspend).thenThrows({ code: 'not_found', message: AFFILIATE_NOT_FOUND_MESSAGE });
  });

  it('a suspended affiliate cannot report a sale: 403 with the reason shown to affiliates', () => {
    given([registered(), suspended])
      .when(reportCommand(1))
      .thenThrows({ code: 'forbidden', message: AFFILIATE_NOT_ACTIVE_MESSAGE });
  });

  it('reactivates a suspended affiliate, who reports sales again', () => {
    given([registered(), suspended]).when(reactivate).then([reactivated]);
    given([registered(), suspended, reactivated])
      .when(reportCommand(1))
      .then([reported(1)]);
  });

  it('refuses to reactivate an active affiliate: 409', () => {
    given([registered()]).when(reactivate).thenThrows({ code: 'conflict', message: AFFILIATE_ALREADY_ACTIVE_MESSAGE });
  });

  it('folds the status', () => {
    expect([registered(), suspended].reduce(evolveAffiliate, initialAffiliateState)).toMatchObject({ status: 'suspended' });
    expect([registered(), suspended, reactivated].reduce(evolveAffiliate, initialAffiliateState)).toMatchObject({
      status: 'active',
    });
  });
});

describe('a sale reported with its optional proof image', () => {
  it('keeps the proof path when the affiliate uploaded that image', () => {
    const command = { ...reportCommand(1), proofImagePath: proofPath, proof: proofOf(USER_ID) };
    given([registered()])
      .when(command)
      .then([reported(1, { proofImagePath: proofPath })]);
    const [event] = decideAffiliate(command, evolveAffiliate(initialAffiliateState, registered()));
    expect(parseEvent('SaleReported', event!.data).data).toMatchObject({ proofImagePath: proofPath });
  });

  it.each([
    ['nothing uploaded there', null],
    ['someone else’s upload', proofOf('9f9f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f99')],
    ['an upload not yet checked', { ...proofOf(USER_ID), contentType: null }],
  ])('refuses %s, naming proofImagePath', (_case, proof) => {
    given([registered()])
      .when({ ...reportCommand(1), proofImagePath: proofPath, proof })
      .thenThrows({ code: 'validation_failed', errors: [{ field: 'proofImagePath', message: SALE_PROOF_NOT_UPLOADED_MESSAGE }] });
  });

  it('stores no proof field when none is given', () => {
    const [event] = decideAffiliate(reportCommand(1), evolveAffiliate(initialAffiliateState, registered()));
    expect(event!.data).not.toHaveProperty('proofImagePath');
  });
});
