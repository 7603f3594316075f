import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withTransaction } from '@acres/platform/db';
import type { RecordedEvent } from '@acres/eventstore/port';
import { readMyPhones } from '@acres/read-models/verified-phones';
import { newEvent, startHarness, type Harness } from '../../../test/harness.ts';
import { createVerifiedPhonesProjection } from '@acres/read-models/registry';

const at = (minute: number) => new Date(Date.UTC(2026, 2, 14, 9, minute)).toISOString();
const OLD = '+2348031234567';
const NEW = '+2349051234567';

describe('the verified-phones projection', () => {
  let h: Harness;
  const projection = createVerifiedPhonesProjection();
  const adaId = randomUUID();
  const bolaId = randomUUID();
  const [first, second, third] = [randomUUID(), randomUUID(), randomUUID()];
  const requested = (userId: string, verificationId: string, phoneE164: string, minute: number) =>
    newEvent('PhoneVerificationRequested', {
      userId,
      verificationId,
      phoneE164,
      requestedAt: at(minute),
      expiresAt: at(minute + 10),
    });
  const verified = (userId: string, verificationId: string, phoneE164: string, minute: number) =>
    newEvent('PhoneVerified', { userId, verificationId, phoneE164, verifiedAt: at(minute), method: 'code' });
  let events: RecordedEvent[];
  const apply = (batch: readonly RecordedEvent[]) =>
    withTransaction(h.db.pool, (client) => projection.applyBatch!(client, batch));

  beforeAll(async () => {
    h = await startHarness(inject('pgAdminUrl'));
    await h.eventStore.appendToStream(
      `phone-verification-${adaId}`,
      [
        requested(adaId, first, OLD, 0),
        verified(adaId, first, OLD, 1),
        requested(adaId, second, NEW, 20),
        newEvent('PhoneVerificationCodeRejected', {
          userId: adaId,
          verificationId: second,
          failedAttempts: 1,
          rejectedAt: at(21),
        }),
        verified(adaId, second, NEW, 22),
      ],
      { expectedRevision: 'no_stream' },
    );
    await h.eventStore.appendToStream(
      `phone-verification-${bolaId}`,
      [
        requested(bolaId, third, OLD, 30),
        newEvent('PhoneVerificationCodeRejected', {
          userId: bolaId,
          verificationId: third,
          failedAttempts: 1,
          rejectedAt: at(31),
        }),
        newEvent('PhoneVerificationCodeRejected', {
          userId: bolaId,
          verificationId: third,
          failedAttempts: 2,
          rejectedAt: at(32),
        }),
      ],
      { expectedRevision: 'no_stream' },
    );
    // Every event just appended, even while another worker's transaction holds the settled head back.
    events = await h.eventStore.readAll({ maxCount: 100, unsettled: true });
    expect(events).toHaveLength(8);
    await apply(events);
  });
  afterAll(async () => h?.close());

  it('keeps every number an account confirmed, the latest as its current one, and no code it waits on', async () => {
    expect(await readMyPhones(h.db.pool, adaId, new Date(at(23)))).toEqual({
      phones: [
        { phoneE164: OLD, verifiedAt: at(1) },
        { phoneE164: NEW, verifiedAt: at(22) },
      ],
      currentPhoneE164: NEW,
      pending: null,
    });
  });

  it('shows the code an account waits on with the attempts left, until it expires', async () => {
    expect(await readMyPhones(h.db.pool, bolaId, new Date(at(33)))).toEqual({
      phones: [],
      currentPhoneE164: null,
      pending: { verificationId: third, phoneE164: OLD, expiresAt: at(40), attemptsLeft: 3 },
    });
    expect((await readMyPhones(h.db.pool, bolaId, new Date(at(40)))).pending).toBeNull();
  });

  it('changes nothing when the events are applied again', async () => {
    const before = await h.db.pool.query('SELECT * FROM user_verified_phones ORDER BY user_id, phone_e164');
    const pending = await h.db.pool.query('SELECT * FROM phone_verifications_pending ORDER BY user_id');
    await apply(events);
    expect((await h.db.pool.query('SELECT * FROM user_verified_phones ORDER BY user_id, phone_e164')).rows).toEqual(before.rows);
    expect((await h.db.pool.query('SELECT * FROM phone_verifications_pending ORDER BY user_id')).rows).toEqual(pending.rows);
  });

  it('forgets an erased account’s numbers: nothing is joined by them any more', async () => {
    await h.eventStore.appendToStream(
      'erasure-verified-phones-spec',
      [
        newEvent('SubjectErased', {
          erasureId: randomUUID(),
          requested: { kind: 'user', id: adaId },
          subjects: [`user:${adaId}`],
          reason: 'The person asked us to delete their data',
          erasedBy: 'admin',
          erasedAt: at(50),
        }),
      ],
      { expectedRevision: 'no_stream' },
    );
    const [erasure] = (await h.eventStore.readAll({ maxCount: 200, unsettled: true })).filter(
      (event) => event.type === 'SubjectErased',
    );
    await apply([erasure!]);
    expect((await readMyPhones(h.db.pool, adaId, new Date(at(51)))).phones).toEqual([]);
    expect((await readMyPhones(h.db.pool, bolaId, new Date(at(33)))).pending).not.toBeNull();
  });
});
