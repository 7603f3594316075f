import { describe, expect, it } from 'vitest';
import { parseEvent } from '@acres/contracts';
import { givenFor } from '../../test/given.ts';
import { REFERRAL_CODE_FORMAT_MESSAGE, REFERRAL_CODE_TAKEN_MESSAGE } from './messages.ts';
import {
  evolveReferralCode,
  initialReferralCodeState,
  referralCodeDecider,
  type ClaimReferralCode,
  type ReferralCodeClaimed,
} from './referral-code.ts';
import { AFFILIATE_ID, NOW, USER_ID } from '../../test/affiliates.ts';

const given = givenFor(referralCodeDecider);
const OTHER_AFFILIATE = '9f9f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f99';

const claim = (overrides: Partial<ClaimReferralCode> = {}): ClaimReferralCode => ({
  type: 'ClaimReferralCode',
  code: 'TNDE7K2M',
  affiliateId: AFFILIATE_ID,
  userId: USER_ID,
  now: NOW,
  ...overrides,
});
const claimed = (affiliateId = AFFILIATE_ID): ReferralCodeClaimed => ({
  type: 'ReferralCodeClaimed',
  data: { code: 'TNDE7K2M', affiliateId, userId: USER_ID, claimedAt: NOW.toISOString() },
});

describe('a free referral code', () => {
  it('is claimed by the affiliate', () => {
    given([]).when(claim()).then([claimed()]);
  });

  it('produces an event the catalogue accepts', () => {
    const [event] = referralCodeDecider.decide(claim(), initialReferralCodeState);
    expect(parseEvent('ReferralCodeClaimed', event!.data).data).toEqual(claimed().data);
  });

  it.each([['tnde7k2m'], ['TOOLONGCODE1'], ['']])('refuses %j, which cannot name a code stream', (code) => {
    given([])
      .when(claim({ code }))
      .thenThrows({ code: 'validation_failed', errors: [{ field: 'referralCode', message: REFERRAL_CODE_FORMAT_MESSAGE }] });
  });
});

describe('a claimed referral code', () => {
  it('refuses a second claim: conflict', () => {
    given([claimed()])
      .when(claim({ affiliateId: OTHER_AFFILIATE }))
      .thenThrows({ code: 'conflict', message: REFERRAL_CODE_TAKEN_MESSAGE });
  });

  it('keeps its first owner', () => {
    const state = [claimed(), claimed(OTHER_AFFILIATE)].reduce(evolveReferralCode, initialReferralCodeState);
    expect(state).toEqual({ status: 'claimed', affiliateId: AFFILIATE_ID, userId: USER_ID });
  });
});
