import { randomUUID } from 'node:crypto';
import { AdminLogIntegrityResponseSchema } from '@acres/contracts/log-integrity';
import { recordLogDigest, recordLogVerification, verifyEventLog } from '@acres/eventstore/chain';
import { newEvent } from '../../test/projector.ts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startReadHarness, type ReadHarness } from '../../test/read-harness.ts';
import { ADMIN_AUTH } from '../../test/support.ts';

describe('GET /api/admin/audit-log/integrity', () => {
  let h: ReadHarness;
  const integrity = async () => {
    const response = await h.app.inject({ url: '/api/admin/audit-log/integrity', headers: ADMIN_AUTH });
    expect(response.statusCode, response.body).toBe(200);
    return AdminLogIntegrityResponseSchema.parse(response.json()).verification;
  };
  const verifyAndRecord = async () => {
    const result = await verifyEventLog({ db: h.db.pool });
    await recordLogVerification(h.db.pool, result);
    return result;
  };

  beforeAll(async () => {
    h = await startReadHarness(inject('pgAdminUrl'), { readYourWritesMs: 2000 });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('is for admins only', async () => {
    const response = await h.app.inject({ url: '/api/admin/audit-log/integrity' });
    expect(response.statusCode).toBe(401);
  });

  it('answers null before the first verification, then the latest run with its digest', async () => {
    expect(await integrity()).toBeNull();
    const stream = `payment-${randomUUID()}`;
    await h.eventStore.appendToStream(stream, [newEvent('PaymentProofSubmitted', { amount: 7_000_000 })], {
      expectedRevision: 'no_stream',
    });
    const digest = await recordLogDigest(h.db.pool);
    const result = await verifyAndRecord();
    expect(await integrity()).toEqual({
      checkedAt: result.checkedAt.toISOString(),
      ok: true,
      upToPosition: result.upToPosition.toString(),
      eventsChecked: 1,
      digest: { position: digest!.position.toString(), hex: digest!.digest.toString('hex') },
      firstBroken: null,
    });

    await h.db.pool.query(`UPDATE events SET data = jsonb_set(data, '{amount}', '1') WHERE stream_id = $1`, [stream]);
    await verifyAndRecord();
    const broken = await integrity();
    expect(broken).toMatchObject({
      ok: false,
      digest: null,
      firstBroken: { kind: 'hash-mismatch', streamId: stream, revision: '0' },
    });
  });
});
