import { randomUUID } from 'node:crypto';
import type { Pool } from '@acres/platform/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { oneByOne, runUntilLive, useHarness, waitUntil } from '../../../test/harness.ts';
import { itChangesNothingWhenReplayedFromZero } from '../../../test/replay-cases.ts';
import { createAffiliateSalesProjection, createAffiliatesProjection } from '@acres/read-models/registry';
import { affiliateLog } from '../../../test/affiliates.ts';
import type { AffiliateLog, RegisteredAffiliate, RejectedSale, ReportedSale, VerifiedSale } from '../../../test/affiliates.ts';

const projections = () => [createAffiliatesProjection(), createAffiliateSalesProjection()];

const snapshot = async (pool: Pool) => ({
  affiliates: (await pool.query('SELECT * FROM affiliates ORDER BY id')).rows,
  sales: (await pool.query('SELECT * FROM affiliate_sales ORDER BY id')).rows,
});

describe('affiliates registering, reporting sales and having them verified or rejected', () => {
  const harness = useHarness();
  let log: AffiliateLog;
  let head = 0n;
  let first: Awaited<ReturnType<typeof snapshot>>;
  let tunde: RegisteredAffiliate;
  let amaka: RegisteredAffiliate;
  let quiet: RegisteredAffiliate;
  const tundeSales: ReportedSale[] = [];
  let amakaPending: ReportedSale;
  let amakaRejected: ReportedSale;
  let amakaVerified: ReportedSale;
  let lastVerification: VerifiedSale;
  let rejection: RejectedSale;
  let amakaVerification: VerifiedSale;

  beforeAll(async () => {
    log = affiliateLog(harness.eventStore);
    tunde = await log.register({ userId: randomUUID(), fullName: 'Tunde Bakare', companyName: 'Bakare Realty' });
    amaka = await log.register({ userId: randomUUID(), fullName: 'Amaka Obi', marketingExperience: 'expert' });
    quiet = await log.register({ userId: randomUUID(), fullName: 'Quiet Affiliate' });
    // Tunde: eleven sales, each verified right after it is reported, so the 10th crosses
    // into 7.5% (its CommissionTierReached in the same append) and the 11th stays there.
    for (let n = 1; n <= 11; n += 1) {
      const sale = await log.report({ affiliate: tunde, acres: n % 2 === 0 ? 1.5 : 0.5, amountPaid: 1_000_001 * n });
      tundeSales.push(sale);
      lastVerification = await log.verify({ sale, verifiedSaleNumber: n, notes: n === 1 ? 'Receipt seen' : '  ' });
    }
    amakaPending = await log.report({
      affiliate: amaka,
      clientName: 'Chidi Okeke',
      acres: 2.5,
      amountPaid: 8_750_000,
      paymentPlan: 'installment',
    });
    amakaRejected = await log.report({ affiliate: amaka, acres: 1, amountPaid: 3_500_000 });
    amakaVerified = await log.report({
      affiliate: amaka,
      acres: 3,
      amountPaid: 10_500_000,
      clientEmail: 'client@example.ng',
    });
    rejection = await log.reject({ sale: amakaRejected, notes: 'No such payment in escrow', rejectedBy: 'ops-admin' });
    // An older-style verification without affiliateId or its number: found by its stream.
    amakaVerification = await log.verify({ sale: amakaVerified, minimal: true, verifiedBy: 'ops-admin' });
    head = amakaVerification.position;
    // A small batch size splits reports from their decisions across transactions.
    await runUntilLive(harness, projections(), head, { batchSize: 3 });
    first = await snapshot(harness.db.pool);
  });

  it('writes a registered affiliate with every profile field, at the standard rate', async () => {
    const { rows } = await harness.db.pool.query('SELECT * FROM affiliates WHERE id = $1', [quiet.affiliateId]);
    expect(rows).toEqual([
      {
        id: quiet.affiliateId,
        user_id: quiet.userId,
        full_name: 'Quiet Affiliate',
        email: quiet.email,
        phone: quiet.phone,
        company_name: null,
        bank_name: 'Access Bank',
        account_number: '0123456789',
        account_name: 'Tunde Bakare',
        marketing_experience: 'intermediate',
        marketing_channels: 'WhatsApp groups and church networks',
        commission_rate_bps: 500,
        referral_code: quiet.referralCode,
        status: 'active',
        verified_sales: 0,
        joined_at: new Date(quiet.joinedAt),
        updated_at: new Date(quiet.joinedAt),
        status_position: 0,
        global_position: Number(quiet.position),
      },
    ]);
  });

  it('counts verified sales and moves the rate to 7.5% at the 10th', async () => {
    const { rows } = await harness.db.pool.query(
      'SELECT company_name, commission_rate_bps, verified_sales, updated_at, global_position FROM affiliates WHERE id = $1',
      [tunde.affiliateId],
    );
    expect(rows).toEqual([
      {
        company_name: 'Bakare Realty',
        commission_rate_bps: 750,
        verified_sales: 11,
        updated_at: new Date(lastVerification.verifiedAt),
        global_position: Number(lastVerification.position),
      },
    ]);
  });

  it('counts a verification that names neither the affiliate nor its number, through its stream', async () => {
    const { rows } = await harness.db.pool.query('SELECT commission_rate_bps, verified_sales FROM affiliates WHERE id = $1', [
      amaka.affiliateId,
    ]);
    expect(rows).toEqual([{ commission_rate_bps: 500, verified_sales: 1 }]);
  });

  it('writes a reported sale as pending with its owner taken from the stream', async () => {
    const { rows } = await harness.db.pool.query('SELECT * FROM affiliate_sales WHERE id = $1', [amakaPending.saleId]);
    expect(rows).toEqual([
      {
        id: amakaPending.saleId,
        affiliate_id: amaka.affiliateId,
        affiliate_user_id: amaka.userId,
        client_name: 'Chidi Okeke',
        client_email: null,
        client_phone: '+2348059876543',
        acres: 2.5,
        amount: 8_750_000,
        payment_plan: 'installment',
        transaction_date: expect.any(Date),
        proof_image_path: null,
        status: 'pending',
        notes: null,
        reported_at: new Date(amakaPending.reportedAt),
        verified_at: null,
        verified_by: null,
        rejected_at: null,
        rejected_by: null,
        commission_rate_bps: null,
        computed_commission: null,
        payout_batch_id: null,
        payout_reference: null,
        transfer_reference: null,
        paid_at: null,
        global_position: Number(amakaPending.position),
      },
    ]);
    const date = await harness.db.pool.query(
      `SELECT to_char(transaction_date, 'YYYY-MM-DD') AS d FROM affiliate_sales WHERE id = $1`,
      [amakaPending.saleId],
    );
    expect(date.rows).toEqual([{ d: '2026-01-15' }]);
  });

  it('fixes the rate and the commission, rounded to the naira, on the sale at verification', async () => {
    const { rows } = await harness.db.pool.query(
      `SELECT status, notes, verified_by, commission_rate_bps, computed_commission FROM affiliate_sales
        WHERE affiliate_user_id = $1 ORDER BY reported_at`,
      [tunde.userId],
    );
    // 1,000,001 × n naira at 5% (n ≤ 9) and 7.5% (n ≥ 10): 50,000.05 × n rounds to the naira.
    expect(rows.map((row) => [row.commission_rate_bps, row.computed_commission])).toEqual(
      Array.from({ length: 11 }, (_, index) => {
        const n = index + 1;
        const rate = n >= 10 ? 750 : 500;
        return [rate, Math.round((1_000_001 * n * rate) / 10_000)];
      }),
    );
    expect(rows[0]).toMatchObject({ status: 'verified', notes: 'Receipt seen', verified_by: 'admin' });
    // Blank notes are no notes.
    expect(rows[1]).toMatchObject({ status: 'verified', notes: null });
  });

  it('records a rejection with its notes, who rejected it and when, and no commission', async () => {
    const { rows } = await harness.db.pool.query(
      'SELECT status, notes, verified_at, rejected_at, rejected_by, commission_rate_bps, computed_commission, global_position FROM affiliate_sales WHERE id = $1',
      [amakaRejected.saleId],
    );
    expect(rows).toEqual([
      {
        status: 'rejected',
        notes: 'No such payment in escrow',
        verified_at: null,
        rejected_at: new Date(rejection.rejectedAt),
        rejected_by: 'ops-admin',
        commission_rate_bps: null,
        computed_commission: null,
        global_position: Number(rejection.position),
      },
    ]);
    const verified = await harness.db.pool.query(
      'SELECT status, client_email, verified_at, verified_by FROM affiliate_sales WHERE id = $1',
      [amakaVerified.saleId],
    );
    expect(verified.rows).toEqual([
      {
        status: 'verified',
        client_email: 'client@example.ng',
        verified_at: new Date(amakaVerification.verifiedAt),
        verified_by: 'ops-admin',
      },
    ]);
  });

  itChangesNothingWhenReplayedFromZero(() => ({ harness, projections, head, snapshot: () => snapshot(harness.db.pool), first }));

  it('changes nothing when replayed from the middle of an affiliate’s verifications', async () => {
    await runUntilLive(harness, projections(), head, { from: tundeSales[5]!.position, batchSize: 2 });
    expect(await snapshot(harness.db.pool)).toEqual(first);
  });

  it('gives the same read models built from scratch, in batches and one event at a time', async () => {
    for (const list of [projections(), projections().map(oneByOne)]) {
      await harness.db.pool.query('TRUNCATE affiliates, affiliate_sales; UPDATE projection_checkpoints SET position = 0');
      await runUntilLive(harness, list, head);
      expect(await snapshot(harness.db.pool)).toEqual(first);
    }
  });
});

describe('an affiliate event whose subject is missing from the log', () => {
  const harness = useHarness();

  it('stops the projection on that event instead of dropping it', async () => {
    const ghost = { saleId: randomUUID(), affiliateId: randomUUID(), userId: randomUUID(), amountPaid: 1_000_000 };
    const verification = await affiliateLog(harness.eventStore).verify({ sale: ghost });
    const projector = harness.startProjector({
      projections: projections(),
      retry: { attempts: 2, baseDelayMs: 10 },
    });
    try {
      await waitUntil(() => projector.status().filter((status) => status.state === 'failed').length === 2, {
        what: 'both to stop',
      });
      const { rows } = await harness.db.pool.query(
        `SELECT name, status, failed_position::text AS failed_position, last_error FROM projection_checkpoints ORDER BY name`,
      );
      expect(rows).toEqual([
        {
          name: 'affiliate-sales',
          status: 'failed',
          failed_position: verification.position.toString(),
          last_error: expect.stringContaining(`a decision names a sale that was never reported: ${ghost.saleId}`),
        },
        {
          name: 'affiliates',
          status: 'failed',
          failed_position: verification.position.toString(),
          last_error: expect.stringContaining(
            `an affiliate event names an affiliate that never registered: ${ghost.affiliateId}`,
          ),
        },
      ]);
    } finally {
      await projector.stop();
    }
  });
});
