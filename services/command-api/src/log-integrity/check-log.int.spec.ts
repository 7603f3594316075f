import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { logIntegrityCheckStreamId } from '@acres/contracts/events';
import { LogIntegrityCheckSchema } from '@acres/contracts/log-integrity';
import { ADMIN, basicAuth, startPaymentsApi, type PaymentsHarness } from '../../test/payments-harness.ts';

const NOW = new Date('2026-11-26T10:00:00.000Z');

describe('the Audit tab’s “Check the records now”', () => {
  let h: PaymentsHarness;
  const check = (authorization: string | null = basicAuth(ADMIN)) =>
    h.app.inject({
      method: 'POST',
      url: '/api/admin/audit-log/integrity/check',
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      payload: '{}',
    });

  beforeAll(async () => {
    h = await startPaymentsApi({ adminUrl: inject('pgAdminUrl'), now: () => NOW });
  });
  afterAll(async () => h?.close());

  it('is refused without the admin’s credentials, and a body that is not JSON is a 400', async () => {
    expect((await check(null)).statusCode).toBe(401);
    const extra = await h.app.inject({
      method: 'POST',
      url: '/api/admin/audit-log/integrity/check',
      headers: { 'content-type': 'application/json', authorization: basicAuth(ADMIN) },
      payload: 'not json',
    });
    expect(extra.statusCode).toBe(400);
  });

  it('runs the verifier, records the run for the banner and appends an event naming the staff member', async () => {
    await h.signUp('ada@example.ng');
    const response = await check();
    expect(response.statusCode, response.body).toBe(200);
    const answer = LogIntegrityCheckSchema.parse(response.json());
    expect(answer).toMatchObject({ intact: true, checkedBy: ADMIN.username, alteredRecordType: null });
    expect(answer.eventsChecked).toBeGreaterThan(0);

    const { rows } = await h.db.pool.query<{ checked_at: Date; ok: boolean }>(
      'SELECT checked_at, ok FROM log_verifications ORDER BY id DESC LIMIT 1',
    );
    expect(rows[0]).toEqual({ checked_at: new Date(answer.checkedAt), ok: true });

    // The store's reads settle a moment after an answered command: read again until it shows.
    const readChecks = async () =>
      (await h.eventStore.readAll({ fromPosition: 0n, maxCount: 1000 })).filter((event) => event.type === 'LogIntegrityChecked');
    await expect.poll(async () => (await readChecks()).length).toBe(1);
    const checked = await readChecks();
    expect(checked[0]).toMatchObject({
      data: { intact: true, checkedBy: ADMIN.username, checkedAt: answer.checkedAt, brokenKind: null },
      metadata: { actor: { kind: 'admin', id: ADMIN.username } },
      globalPosition: BigInt(answer.position),
    });
    expect(checked[0]!.streamId).toBe(logIntegrityCheckStreamId((checked[0]!.data as { checkId: string }).checkId));
  });
});
