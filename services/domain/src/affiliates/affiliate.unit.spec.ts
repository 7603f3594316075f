import { describe, expect, it } from 'vitest';
import { DEFAULT_BUSINESS_TERMS, parseEvent, SALE_MESSAGES, singleLineMessage } from '@acres/contracts';
import { givenFor } from '../../test/given.ts';
import { affiliateDecider, decideAffiliate } from './decider.ts';
import {
  AFFILIATE_ALREADY_REGISTERED_MESSAGE,
  AFFILIATE_NOT_ACTIVE_MESSAGE,
  REFERRAL_CODE_FORMAT_MESSAGE,
  REGISTER_AS_AFFILIATE_FIRST_MESSAGE,
  SALE_ALREADY_REPORTED_MESSAGE,
} from './messages.ts';
import { evolveAffiliate, initialAffiliateState, type AffiliateState } from './state.ts';
import { AFFILIATE_ID, NOW, registerCommand, registered, reportCommand, reported, USER_ID } from '../../test/affiliates.ts';

const given = givenFor(affiliateDecider);

describe('a user without an affiliate profile', () => {
  it('registers: AffiliateRegistered with the profile, the claimed code and the standard 5 % rate', () => {
    given([]).when(registerCommand()).then([registered()]);
  });

  it('keeps a company name that was given and stores a blank one as null', () => {
    const withCompany = registerCommand({ profile: { ...registerCommand().profile, companyName: 'Bakare Realty' } });
    given([])
      .when(withCompany)
      .then([registered({ companyName: 'Bakare Realty' })]);
    const without = registerCommand({ profile: { ...registerCommand().profile, companyName: undefined } });
    given([])
      .when(without)
      .then([registered({ companyName: null })]);
  });

  it('produces an event the catalogue accepts', () => {
    const [event] = decideAffiliate(registerCommand(), initialAffiliateState);
    expect(parseEvent('AffiliateRegistered', event!.data).data).toEqual(registered().data);
  });

  it.each([['abc123'], [''], ['ABCDEFGHIJK'], ['AB-12']])(
    'refuses a referral code %j that does not fit the code stream',
    (referralCode) => {
      given([])
        .when(registerCommand({ referralCode }))
        .thenThrows({ code: 'validation_failed', errors: [{ field: 'referralCode', message: REFERRAL_CODE_FORMAT_MESSAGE }] });
    },
  );

  it('refuses bank details over more than one line, whoever sends the command (they go into the bank file)', () => {
    const forged = registerCommand({ profile: { ...registerCommand().profile, accountName: 'Ada\r\n9999999999,Mallory' } });
    given([])
      .when(forged)
      .thenThrows({ code: 'validation_failed', errors: [{ field: 'accountName', message: singleLineMessage('Account name') }] });
  });

  it('cannot report a sale: 404-coded "Register as an affiliate first"', () => {
    given([]).when(reportCommand(1)).thenThrows({ code: 'not_found', message: REGISTER_AS_AFFILIATE_FIRST_MESSAGE });
  });
});

describe('a registered affiliate', () => {
  it('cannot register a second time: 409', () => {
    given([registered()])
      .when(registerCommand({ affiliateId: '9f9f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f99', referralCode: 'OTHER123' }))
      .thenThrows({ code: 'conflict', message: AFFILIATE_ALREADY_REGISTERED_MESSAGE });
  });

  it('reports a sale: SaleReported, pending, under its affiliate id', () => {
    given([registered()])
      .when(reportCommand(1))
      .then([reported(1)]);
  });

  it('reports half acres and the ₦1,000 minimum', () => {
    given([registered()])
      .when(reportCommand(1, { acres: 0.5, amountPaid: 1000 }))
      .then([reported(1, { acres: 0.5, amountPaid: 1000 })]);
  });

  it('reports a sale dated today anywhere on Earth, not later', () => {
    given([registered()])
      .when(reportCommand(1, { transactionDate: '2026-06-10' }))
      .then([reported(1, { transactionDate: '2026-06-10' })]);
    given([registered()])
      .when(reportCommand(1, { transactionDate: '2026-06-12' }))
      .thenThrows({
        code: 'validation_failed',
        errors: [{ field: 'transactionDate', message: SALE_MESSAGES.transactionDateFuture }],
      });
  });

  it('produces a SaleReported the catalogue accepts', () => {
    const [event] = decideAffiliate(reportCommand(1), evolveAffiliate(initialAffiliateState, registered()));
    expect(parseEvent('SaleReported', event!.data).data).toEqual(reported(1).data);
  });

  it.each([
    ['0 acres', { acres: 0 }, 'acres', SALE_MESSAGES.minAcres],
    ['0.75 acres', { acres: 0.75 }, 'acres', SALE_MESSAGES.acresStep],
    ['201 acres', { acres: 201 }, 'acres', SALE_MESSAGES.maxAcres],
    ['₦999', { amountPaid: 999 }, 'amountPaid', SALE_MESSAGES.amountPaid],
    ['a fractional amount', { amountPaid: 1000.5 }, 'amountPaid', SALE_MESSAGES.amountPaid],
    ['an impossible date', { transactionDate: '2026-02-30' }, 'transactionDate', SALE_MESSAGES.transactionDate],
  ])('refuses %s naming the field', (_case, overrides, field, message) => {
    given([registered()])
      .when(reportCommand(1, overrides))
      .thenThrows({ code: 'validation_failed', errors: [{ field, message }] });
  });

  it('bounds a sale by the project size in force, not a fixed 200 acres', () => {
    const larger = { ...DEFAULT_BUSINESS_TERMS, projectAcres: 300 };
    given([registered()])
      .when({ ...reportCommand(1, { acres: 250 }), terms: larger })
      .then([reported(1, { acres: 250 })]);
    const smaller = { ...DEFAULT_BUSINESS_TERMS, projectAcres: 100 };
    given([registered()])
      .when({ ...reportCommand(1, { acres: 150 }), terms: smaller })
      .thenThrows({ code: 'validation_failed', errors: [{ field: 'acres', message: 'Maximum 100 acres' }] });
  });

  it('refuses the same sale id twice', () => {
    given([registered(), reported(1)])
      .when(reportCommand(1))
      .thenThrows({ code: 'conflict', message: SALE_ALREADY_REPORTED_MESSAGE });
  });

  it('cannot report sales while the account is not active: 403', () => {
    const suspended = {
      ...(evolveAffiliate(initialAffiliateState, registered()) as Extract<AffiliateState, { registered: true }>),
      status: 'suspended' as const,
    };
    expect(() => decideAffiliate(reportCommand(1), suspended)).toThrow(
      expect.objectContaining({ code: 'forbidden', message: AFFILIATE_NOT_ACTIVE_MESSAGE }),
    );
  });

  it('knows its ids, code, status, rate and sales', () => {
    const state = [registered(), reported(1, { amountPaid: 2_500_000 })].reduce(evolveAffiliate, initialAffiliateState);
    expect(state).toEqual({
      registered: true,
      affiliateId: AFFILIATE_ID,
      userId: USER_ID,
      referralCode: 'TNDE7K2M',
      status: 'active',
      commissionRateBps: 500,
      verifiedCount: 0,
      sales: new Map([[reported(1).data.saleId, { saleId: reported(1).data.saleId, amountPaid: 2_500_000, status: 'pending' }]]),
    });
  });

  it('is registered once even if a second AffiliateRegistered were ever stored', () => {
    const state = [registered(), registered({ referralCode: 'LATER1' })].reduce(evolveAffiliate, initialAffiliateState);
    expect(state).toMatchObject({ referralCode: 'TNDE7K2M' });
  });
});

it('the clock is an input: reportedAt and joinedAt are the command time', () => {
  const later = new Date('2026-07-01T12:00:00.000Z');
  const [event] = decideAffiliate(registerCommand({ now: later }), initialAffiliateState);
  expect(event!.data).toMatchObject({ joinedAt: later.toISOString() });
  expect(NOW).not.toEqual(later);
});
