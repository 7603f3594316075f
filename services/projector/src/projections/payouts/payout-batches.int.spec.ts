import { randomUUID } from 'node:crypto';
import { createEvent, type EventData } from '@acres/contracts';
import type { Pool } from '@acres/platform/db';
import { describe, expect, it } from 'vitest';
import { oneByOne, runUntilLive, silentLogger, useHarness } from '../../../test/harness.ts';
import {
  registerAffiliate,
  reportSale,
  verifySale,
  type RegisteredAffiliate,
  type ReportedSale,
} from '../../../test/affiliates.ts';
import { runRebuild } from '../../rebuild/rebuild.ts';
import { findRebuildRecipe } from '../../rebuild/targets.ts';
import {
  createAffiliateSalesProjection,
  createAffiliatesProjection,
  createPayoutBatchesProjection,
} from '@acres/read-models/registry';

const NAMES = ['affiliates', 'affiliate-sales', 'payout-batches'] as const;
const projections = () => [createAffiliatesProjection(), createAffiliateSalesProjection(), createPayoutBatchesProjection()];

const metadata = () => ({
  correlationId: randomUUID(),
  causationId: null,
  actor: { kind: 'admin' as const, id: 'ops' },
  schemaVersion: 1,
  occurredAt: new Date().toISOString(),
});

/** Each batch's total next to the sum of the verified commissions the sales read model says it holds. */
const batchFigures = async (pool: Pool) =>
  (
    await pool.query<{ id: string; total: number; status: string; transfer_reference: string | null; summed: number; n: number }>(
      `SELECT b.id, b.total, b.status, b.transfer_reference,
              COALESCE(sum(s.computed_commission), 0)::bigint AS summed, count(s.id)::int AS n
         FROM payout_batches b LEFT JOIN affiliate_sales s ON s.payout_batch_id = b.id AND s.status = 'verified'
        GROUP BY b.id ORDER BY b.created_at, b.id`,
    )
  ).rows;

const snapshot = async (pool: Pool) => ({
  batches: (await pool.query('SELECT * FROM payout_batches ORDER BY id')).rows,
  sales: (
    await pool.query(
      `SELECT id, status, computed_commission, proof_image_path, payout_batch_id, payout_reference, transfer_reference, paid_at
         FROM affiliate_sales ORDER BY id`,
    )
  ).rows,
  affiliates: (await pool.query('SELECT id, status, status_position FROM affiliates ORDER BY id')).rows,
});

describe('payout batches, suspensions and sale proofs in the read models', () => {
  const harness = useHarness();

  it('keep batch totals equal to the sum of their verified commissions, before and after a rebuild by the CLI’s code', async () => {
    const store = harness.eventStore;
    const ada: RegisteredAffiliate = await registerAffiliate(store, { userId: randomUUID(), fullName: 'Ada Obi' });
    const bola: RegisteredAffiliate = await registerAffiliate(store, { userId: randomUUID(), fullName: 'Bola Ade' });
    const sales: ReportedSale[] = [];
    for (const [index, affiliate] of [ada, ada, bola, ada].entries()) {
      const sale = await reportSale(store, {
        affiliate,
        amountPaid: 1_000_003 * (index + 1),
        ...(index === 0 ? { proofImagePath: '/objects/uploads/0b1c2d3e-4f50-4617-8829-3a4b5c6d7e8f' } : {}),
      });
      await verifySale(store, { sale, verifiedSaleNumber: index + 1 });
      sales.push(sale);
    }
    const commission = (sale: ReportedSale) => Math.round((sale.amountPaid * 500) / 10_000);
    // Each batch a minute after the one before: the figures list them by creation time, and two
    // made in the same millisecond would come in the order of their random ids.
    const createdAt = (minute: number) => new Date(Date.parse('2026-06-30T12:00:00.000Z') + minute * 60_000).toISOString();
    const batch = (batchId: string, chosen: ReportedSale[], minute: number): EventData<'PayoutBatchCreated'> =>
      createEvent('PayoutBatchCreated', {
        batchId,
        upTo: '2026-06-30',
        reference: `ACRES-PO-20260630-${batchId.slice(0, 6).toUpperCase()}`,
        items: chosen.map((sale) => ({
          saleId: sale.saleId,
          affiliateId: sale.affiliateId,
          affiliateUserId: sale.userId,
          amount: commission(sale),
        })),
        total: chosen.reduce((sum, sale) => sum + commission(sale), 0),
        createdBy: 'ops',
        createdAt: createdAt(minute),
      }).data;
    const first = randomUUID();
    const second = randomUUID();
    await store.appendToStream(
      'payouts',
      [
        { id: randomUUID(), type: 'PayoutBatchCreated', data: batch(first, sales.slice(0, 3), 0), metadata: metadata() },
        {
          id: randomUUID(),
          type: 'PayoutBatchPaid',
          data: { batchId: first, transferReference: 'GTB-0042', paidBy: 'ops', paidAt: new Date().toISOString() },
          metadata: metadata(),
        },
        { id: randomUUID(), type: 'PayoutBatchCreated', data: batch(second, sales.slice(3), 1), metadata: metadata() },
      ],
      { expectedRevision: 'no_stream' },
    );
    const suspended = await store.appendToStream(
      `affiliate-${bola.userId}`,
      [
        {
          id: randomUUID(),
          type: 'AffiliateSuspended',
          data: { affiliateId: bola.affiliateId, reason: 'No receipts', decidedBy: 'ops', suspendedAt: new Date().toISOString() },
          metadata: metadata(),
        },
      ],
      { expectedRevision: 'any' },
    );
    const head = suspended.position;
    await runUntilLive(harness, projections(), head, { batchSize: 3 });

    const figures = await batchFigures(harness.db.pool);
    expect(figures).toEqual([
      {
        id: first,
        total: commission(sales[0]!) + commission(sales[1]!) + commission(sales[2]!),
        status: 'paid',
        transfer_reference: 'GTB-0042',
        summed: expect.any(Number),
        n: 3,
      },
      { id: second, total: commission(sales[3]!), status: 'created', transfer_reference: null, summed: expect.any(Number), n: 1 },
    ]);
    for (const row of figures) expect(row.summed).toBe(row.total);
    const before = await snapshot(harness.db.pool);
    expect(before.affiliates.find((row) => row.id === bola.affiliateId)).toMatchObject({ status: 'suspended' });
    expect(before.sales.find((row) => row.id === sales[0]!.saleId)).toMatchObject({
      proof_image_path: '/objects/uploads/0b1c2d3e-4f50-4617-8829-3a4b5c6d7e8f',
      transfer_reference: 'GTB-0042',
    });

    const report = await runRebuild({
      pool: harness.db.pool,
      eventStore: store,
      logger: silentLogger,
      recipes: NAMES.map((name) => findRebuildRecipe(name)!),
      batchSize: 2,
    });
    expect(report.outcome).toBe('swapped');
    expect(await batchFigures(harness.db.pool)).toEqual(figures);
    expect(await snapshot(harness.db.pool)).toEqual(before);

    // Replayed whole, one event at a time, over the rows already there: nothing changes.
    await harness.db.pool.query(`UPDATE projection_checkpoints SET position = 0 WHERE name = ANY($1)`, [[...NAMES]]);
    await runUntilLive(harness, projections().map(oneByOne), head);
    expect(await snapshot(harness.db.pool)).toEqual(before);
  });
});
