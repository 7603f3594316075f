import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AffiliateRegisterRequestSchema } from '@acres/contracts';
import { createPostgresEventStore } from '@acres/eventstore';
import type { EventStore } from '@acres/eventstore/port';
import { isDomainError } from '@acres/platform/errors';
import { createTestDatabase, type TestDatabase } from '@acres/platform/test';
import type { CommandContext } from '../commands/handle-command.ts';
import { registerTestUser } from '../../test/test-users.ts';
import { createKeyedMutex } from '../commands/keyed-mutex.ts';
import type { AffiliateDeps } from './deps.ts';
import { MAX_REFERRAL_CODE_ATTEMPTS, REFERRAL_CODE_UNAVAILABLE_MESSAGE } from './referral-code.ts';
import { registerAffiliate } from './register-affiliate.ts';
import { affiliateStreamId, referralCodeStreamId } from './streams.ts';
import { validAffiliateRegistration } from '@acres/fixtures';
import { testAddressDigest } from '@acres/eventstore/test';

/** Proposes the given codes in order, then the last one forever; counts its calls. */
const scripted = (...codes: string[]) => {
  let calls = 0;
  const generate = () => codes[Math.min(calls++, codes.length - 1)]!;
  return { generate, calls: () => calls };
};

const context = (userId: string): CommandContext => ({
  correlationId: randomUUID(),
  causationId: null,
  actor: { kind: 'user', id: userId },
  now: new Date(),
  idempotency: null,
});

describe('registering when the proposed referral code is taken', () => {
  let db: TestDatabase;
  let eventStore: EventStore;

  beforeAll(async () => {
    db = await createTestDatabase({ adminUrl: inject('pgAdminUrl') });
    eventStore = createPostgresEventStore({ pool: db.pool, connectionString: db.url });
  });
  afterAll(async () => {
    await eventStore?.close();
    await db?.drop();
  });

  const registerWith = async (generate: () => string) => {
    const { user } = await registerTestUser({ eventStore, pool: db.pool });
    const deps: AffiliateDeps = {
      eventStore,
      addressDigest: testAddressDigest,
      now: () => new Date(),
      newId: randomUUID,
      lock: createKeyedMutex(),
      generateReferralCode: generate,
      findProof: async () => null,
    };
    const input = AffiliateRegisterRequestSchema.parse(validAffiliateRegistration());
    return { user, run: () => registerAffiliate({ deps, user, input, context: context(user.id) }) };
  };

  it('claims another code, and the taken one keeps its first owner', async () => {
    const first = await registerWith(() => 'TNDE0001');
    const owner = (await first.run()).result.affiliate;
    expect(owner.referralCode).toBe('TNDE0001');

    const script = scripted('TNDE0001', 'TNDE0001', 'TNDE0002');
    const second = await registerWith(script.generate);
    const { affiliate } = (await second.run()).result;
    expect(affiliate.referralCode).toBe('TNDE0002');
    expect(script.calls()).toBe(3);
    const taken = await eventStore.readStream(referralCodeStreamId('TNDE0001'));
    expect(taken.map((e) => e.data)).toEqual([expect.objectContaining({ affiliateId: owner.id })]);
    const [registered] = await eventStore.readStream(affiliateStreamId(second.user.id));
    expect(registered!.data).toMatchObject({ referralCode: 'TNDE0002', affiliateId: affiliate.id });
  });

  it('of two registrations proposing the same code at once, one gets it and the other another code', async () => {
    const a = await registerWith(scripted('SAME0001', 'OTHR0001').generate);
    const b = await registerWith(scripted('SAME0001', 'OTHR0002').generate);
    const codes = (await Promise.all([a.run(), b.run()])).map((outcome) => outcome.result.affiliate.referralCode).sort();
    expect(codes[1]).toBe('SAME0001');
    expect(['OTHR0001', 'OTHR0002']).toContain(codes[0]);
    expect(await eventStore.readStream(referralCodeStreamId('SAME0001'))).toHaveLength(1);
  });

  it(`gives up after ${MAX_REFERRAL_CODE_ATTEMPTS} taken codes with 503, and writes no profile`, async () => {
    await (await registerWith(() => 'BUSY0001')).run();
    const script = scripted('BUSY0001');
    const unlucky = await registerWith(script.generate);
    const error = await unlucky.run().then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(isDomainError(error) && { code: error.code, message: error.message }).toEqual({
      code: 'unavailable',
      message: REFERRAL_CODE_UNAVAILABLE_MESSAGE,
    });
    expect(script.calls()).toBe(MAX_REFERRAL_CODE_ATTEMPTS);
    expect(await eventStore.readStream(affiliateStreamId(unlucky.user.id))).toEqual([]);
  });
});
