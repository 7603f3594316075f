import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PaymentsHarness } from '../../test/payments-harness.ts';
import { applicationStreamId } from '../applications/streams.ts';
import { leadStreamId } from '../leads/streams.ts';

import { postAs, signUpAffiliate, startAffiliatesApi, type RegisteredAffiliate } from '../../test/affiliates.ts';
import { validApplication, validLead } from '@acres/fixtures';
import { testAddressDigest } from '@acres/eventstore/test';

describe('leads and applications arriving with a referral code', () => {
  let h: PaymentsHarness;
  let tunde: RegisteredAffiliate;

  const reserveWith = async (referralCode: unknown) => {
    const response = await postAs(h.app, '/api/leads', validLead({ referralCode }));
    expect(response.statusCode, response.body).toBe(201);
    const [event] = await h.eventStore.readStream(leadStreamId(response.json<{ id: string }>().id));
    return event!.data as { referralCode: string | null };
  };

  const applyWith = async (referralCode: unknown) => {
    const email = `applicant-${randomUUID().slice(0, 8)}@example.ng`;
    const response = await postAs(h.app, '/api/subscriptions', validApplication({ email, referralCode }));
    expect(response.statusCode, response.body).toBe(201);
    const [event] = await h.eventStore.readStream(applicationStreamId(testAddressDigest, email));
    return event!.data as { referralCode: string | null };
  };

  beforeAll(async () => {
    h = await startAffiliatesApi({ adminUrl: inject('pgAdminUrl') });
    tunde = await signUpAffiliate(h);
  });
  afterAll(async () => h?.close());

  it("store a real affiliate's code in SlotReserved", async () => {
    expect((await reserveWith(tunde.referralCode)).referralCode).toBe(tunde.referralCode);
  });

  it('store it upper-cased when the link was typed in lower case', async () => {
    expect((await reserveWith(tunde.referralCode.toLowerCase())).referralCode).toBe(tunde.referralCode);
    expect((await reserveWith(` ${tunde.referralCode.toLowerCase()} `)).referralCode).toBe(tunde.referralCode);
  });

  it.each([
    ['a well-formed code nobody holds', 'NOBODY99'],
    ['a code with punctuation from a pasted link', 'ABC123).'],
    ['a code longer than any issued', 'ABCDEFGHIJKLM'],
    ['an empty code', ''],
    ['no code', null],
  ])('store null for %s, and the lead still succeeds', async (_case, code) => {
    expect((await reserveWith(code)).referralCode).toBeNull();
  });

  it('store the real code in ApplicationSubmitted, and null for an unknown one', async () => {
    expect((await applyWith(tunde.referralCode.toLowerCase())).referralCode).toBe(tunde.referralCode);
    expect((await applyWith('NOBODY99')).referralCode).toBeNull();
    expect((await applyWith('<script>')).referralCode).toBeNull();
  });

  it('refuse a referral code that is not even text, naming the field', async () => {
    const response = await postAs(h.app, '/api/leads', validLead({ referralCode: 42 }));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: unknown }>().errors).toEqual([
      { field: 'referralCode', message: 'Referral code must be text' },
    ]);
  });
});
