import { describe, expect, inject, it } from 'vitest';
import { useHarness } from '@acres/platform/test/use-harness';
import { AFFILIATE_MESSAGES, AffiliateRegisterResponseSchema } from '@acres/contracts';
import type { PaymentsHarness } from '../../test/payments-harness.ts';
import type { Problem } from '../../test/command-api-harness.ts';
import { affiliateStreamId, referralCodeStreamId } from './streams.ts';
import { listenOnLoopback, postAs, signUpAffiliate, startAffiliatesApi } from '../../test/affiliates.ts';
import { validAffiliateRegistration } from '@acres/fixtures';

const CODE = /^[0-9A-HJKMNP-TV-Z]{1,10}$/;
const register = (h: PaymentsHarness, body: unknown, headers: Record<string, string>) =>
  postAs(h.app, '/api/affiliate/register', body, headers);

const claimsOf = async (h: PaymentsHarness) =>
  (await h.eventStore.readAll({ maxCount: 10_000 })).filter((event) => event.type === 'ReferralCodeClaimed');

describe('a signed-in user without a profile', () => {
  const h = useHarness(() => startAffiliatesApi({ adminUrl: inject('pgAdminUrl') }));

  it('registers: 201 with the profile, a fresh code and the 5 % rate; the code is claimed on its own stream', async () => {
    const user = await h.signUp('tunde@example.com');
    const response = await register(h, validAffiliateRegistration({ phone_number: '+234 803 123 4567' }), {
      cookie: user.cookie,
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = AffiliateRegisterResponseSchema.parse(response.json());
    const { affiliate } = body;
    expect(affiliate).toMatchObject({
      userId: user.user.id,
      fullName: 'Tunde Bakare',
      email: 'tunde@example.com',
      phone: '+2348031234567',
      companyName: null,
      bankName: 'Zenith Bank',
      accountNumber: '0123456789',
      accountName: 'Tunde Bakare',
      marketingExperience: 'intermediate',
      commissionRate: 5,
      status: 'active',
      verifiedSales: 0,
    });
    expect(affiliate.referralCode).toMatch(CODE);
    expect(affiliate.referralCode.length).toBeLessThanOrEqual(10);
    expect(affiliate.referralCode.startsWith('TNDE')).toBe(true);

    const [registered] = await h.eventStore.readStream(affiliateStreamId(user.user.id));
    expect(registered).toMatchObject({
      type: 'AffiliateRegistered',
      data: { affiliateId: affiliate.id, referralCode: affiliate.referralCode },
    });
    expect(registered!.globalPosition.toString()).toBe(body.position);
    expect(registered!.metadata.actor).toEqual({ kind: 'user', id: user.user.id });
    const claims = await h.eventStore.readStream(referralCodeStreamId(affiliate.referralCode));
    expect(claims.map((e) => e.data)).toEqual([
      expect.objectContaining({ code: affiliate.referralCode, affiliateId: affiliate.id, userId: user.user.id }),
    ]);
  });

  it('gives every affiliate a different code, even with the same name', async () => {
    const codes = await Promise.all(Array.from({ length: 6 }, async () => (await signUpAffiliate(h)).referralCode));
    expect(new Set(codes).size).toBe(6);
  });

  it('stores company_name when given, and null when omitted or empty', async () => {
    for (const [company, expected] of [
      ['Bakare Realty', 'Bakare Realty'],
      ['', null],
      ['   ', null],
      [undefined, null],
    ] as const) {
      const user = await h.signUp();
      const response = await register(h, validAffiliateRegistration({ company_name: company }), { cookie: user.cookie });
      expect(response.statusCode).toBe(201);
      expect(response.json().affiliate.companyName).toBe(expected);
    }
  });

  it.each([
    ['full_name', { full_name: 'T' }, AFFILIATE_MESSAGES.fullName],
    ['full_name', { full_name: undefined }, AFFILIATE_MESSAGES.fullName],
    ['phone_number', { phone_number: '08031234' }, 'Please enter a valid Nigerian phone number'],
    ['phone_number', { phone_number: '06031234567' }, 'Please enter a valid Nigerian phone number'],
    ['bank_name', { bank_name: '' }, 'Please select a bank'],
    ['bank_name', { bank_name: 'Bank of Nowhere' }, AFFILIATE_MESSAGES.bankNameUnknown],
    ['account_number', { account_number: '012345678' }, 'Account number must be 10 digits'],
    ['account_number', { account_number: '01234567ab' }, 'Account number must be 10 digits'],
    ['account_name', { account_name: ' ' }, 'Account name is required'],
    ['marketing_channels', { marketing_channels: 'WhatsApp' }, 'Please describe your marketing channels'],
    ['agree_terms', { agree_terms: false }, 'You must agree to the terms'],
    ['marketing_experience', { marketing_experience: 'guru' }, AFFILIATE_MESSAGES.marketingExperience],
  ])('refuses a bad %s with 400 naming it (%j), and writes nothing', async (field, patch, message) => {
    const user = await h.signUp();
    const response = await register(h, validAffiliateRegistration(patch), { cookie: user.cookie });
    expect(response.statusCode).toBe(400);
    expect(response.json<Problem>().errors).toEqual([{ field, message }]);
    expect(await h.eventStore.readStream(affiliateStreamId(user.user.id))).toEqual([]);
  });

  it('accepts the SPEC payload without agree_terms, and the default experience', async () => {
    const user = await h.signUp();
    const { agree_terms: _terms, marketing_experience: _experience, ...spec } = validAffiliateRegistration();
    const response = await register(h, spec, { cookie: user.cookie });
    expect(response.statusCode).toBe(201);
    expect(response.json().affiliate.marketingExperience).toBe('beginner');
  });
});

describe('a user who is already an affiliate', () => {
  const h = useHarness(() => startAffiliatesApi({ adminUrl: inject('pgAdminUrl') }));

  it('cannot register again: 409, and no second code is claimed', async () => {
    const affiliate = await signUpAffiliate(h);
    const claims = (await claimsOf(h)).length;
    const again = await register(h, validAffiliateRegistration({ full_name: 'Someone Else' }), { cookie: affiliate.cookie });
    expect(again.statusCode).toBe(409);
    expect(again.json<Problem>().detail).toBe('You are already registered as an affiliate');
    expect(await h.eventStore.readStream(affiliateStreamId(affiliate.user.id))).toHaveLength(1);
    expect(await claimsOf(h)).toHaveLength(claims);
  });

  it('gets the first answer again for a retry with the same Idempotency-Key', async () => {
    const user = await h.signUp();
    const headers = { cookie: user.cookie, 'idempotency-key': 'register-retry-1' };
    const first = await register(h, validAffiliateRegistration(), headers);
    const retry = await register(h, validAffiliateRegistration(), headers);
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
  });

  it('of 10 concurrent registrations across two processes, exactly one wins', async () => {
    const other = await h.buildApp();
    const urls = [await listenOnLoopback(h.app), await listenOnLoopback(other)];
    const user = await h.signUp();
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        fetch(`${urls[i % 2]}/api/affiliate/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: user.cookie },
          body: JSON.stringify(validAffiliateRegistration()),
        }),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(9).fill(409)]);
    const events = await h.eventStore.readStream(affiliateStreamId(user.user.id));
    expect(events.map((event) => event.type)).toEqual(['AffiliateRegistered']);
  });
});

describe('callers who may not register', () => {
  const h = useHarness(() => startAffiliatesApi({ adminUrl: inject('pgAdminUrl') }));

  it('get 401 when signed out, before the body is looked at', async () => {
    expect((await register(h, validAffiliateRegistration(), {})).statusCode).toBe(401);
    expect((await register(h, { full_name: 1 }, {})).statusCode).toBe(401);
    expect((await register(h, validAffiliateRegistration(), { cookie: 'acres.sid=not-a-session' })).statusCode).toBe(401);
  });

  it('get 403 from a foreign page riding on the cookie, and nothing is written', async () => {
    const user = await h.signUp();
    const response = await register(h, validAffiliateRegistration(), { cookie: user.cookie, origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
    expect(await h.eventStore.readStream(affiliateStreamId(user.user.id))).toEqual([]);
  });
});
