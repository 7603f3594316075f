// SPEC 3 affiliates: a row per AffiliateRegistered; the commission rate follows
// CommissionTierReached and the verified-sales count follows SaleVerified, all from
// the affiliate-{userId} stream.
//
// Idempotency: the registration is inserted ON CONFLICT (id) DO NOTHING; the row keeps
// the global position of the last event applied to it, and later events only apply
// past that mark. The projector applies events in increasing global position, so a
// replayed SaleVerified is at or below the mark and is never counted twice. (The table
// and its row: @acres/read-models/affiliates.)

import { affiliateUserIdFromStream } from './sale-fold.ts';
import type { RecordedEvent } from '@acres/eventstore/port';
import type { PoolClient } from '@acres/platform/db';
import { AFFILIATE_COLUMNS, AFFILIATES, type AffiliateRow } from './affiliates.ts';
import type { RowToWrite } from '../shared/read-model.ts';
import { createBulkInsert } from '../shared/projection/bulk-insert.ts';
import { mapEvents, ofKind, parseEventData, quoteIdentifier, type Projection } from '../shared/projection/projection.ts';
import { createStatusChanges, parseStatusChange, STATUS_EVENTS, type StatusChange } from './affiliate-status.ts';
import { eraseAffiliateRows } from '../shared/projection/erasers.ts';
import {
  defineProjection,
  toColumnArrays,
  resolveTarget,
  type ProjectionTarget,
} from '../shared/projection/define-projection.ts';

// Shared with the query side's as-of fold.
export { affiliateUserIdFromStream };

/** A later event on an affiliate's row: a verified sale or a reached tier. */
type Change = {
  affiliateId: string | null;
  userId: string;
  kind: 'verified' | 'tier';
  rateBps: number | null;
  saleNumber: number | null;
  at: string;
  position: string;
};

type Parsed =
  | { kind: 'registered'; row: RowToWrite<AffiliateRow> }
  | { kind: 'changed'; change: Change }
  | { kind: 'status'; change: StatusChange };

const parse = (event: RecordedEvent): Parsed => {
  const position = event.globalPosition.toString();
  if (event.type === 'AffiliateRegistered') {
    const data = parseEventData('AffiliateRegistered', event);
    return {
      kind: 'registered',
      row: {
        id: data.affiliateId,
        user_id: data.userId,
        full_name: data.fullName,
        email: data.email,
        phone: data.phone,
        company_name: data.companyName,
        bank_name: data.bankName,
        account_number: data.accountNumber,
        account_name: data.accountName,
        marketing_experience: data.marketingExperience,
        marketing_channels: data.marketingChannels,
        commission_rate_bps: data.commissionRateBps,
        referral_code: data.referralCode,
        status: 'active',
        verified_sales: 0,
        joined_at: data.joinedAt,
        updated_at: data.joinedAt,
        status_position: '0',
        global_position: position,
      },
    };
  }
  if (event.type === 'SaleVerified') {
    const data = parseEventData('SaleVerified', event);
    const userId = affiliateUserIdFromStream(event);
    return {
      kind: 'changed',
      change: {
        affiliateId: data.affiliateId ?? null,
        userId,
        kind: 'verified',
        rateBps: null,
        saleNumber: data.verifiedSaleNumber ?? null,
        at: data.verifiedAt,
        position,
      },
    };
  }
  if (event.type === 'CommissionTierReached') {
    const data = parseEventData('CommissionTierReached', event);
    return {
      kind: 'changed',
      change: {
        affiliateId: data.affiliateId,
        userId: affiliateUserIdFromStream(event),
        kind: 'tier',
        rateBps: data.rateBps,
        saleNumber: null,
        at: data.reachedAt,
        position,
      },
    };
  }
  const status = parseStatusChange(event, affiliateUserIdFromStream);
  if (status) return { kind: 'status', change: status };
  throw new Error(`affiliates does not handle ${event.type}`);
};

export const createAffiliatesProjection = (target: ProjectionTarget = {}): Projection => {
  const { name, tables } = resolveTarget(target, AFFILIATES);
  const [tableName] = tables;
  const table = quoteIdentifier(tableName);
  const insertRows = createBulkInsert({ table: tableName, columns: AFFILIATE_COLUMNS, key: 'id' });
  // One statement for every change of a batch: per affiliate, the verified sales past
  // the row's mark are added (or the sale's own 1-based number is taken when the event
  // carries it), the latest tier reached sets the rate, and the mark moves to the last
  // event. It answers the changes whose affiliate has no row, which the log's order
  // rules out (registration comes first on the stream): that stops the projection
  // loudly instead of dropping a verified sale.
  const changeSql = `
    WITH e AS (
      SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::int[], $5::int[], $6::timestamptz[], $7::bigint[])
        AS e(affiliate_id, user_id, kind, rate_bps, sale_number, at, position)
    ), matched AS (
      SELECT a.id, e.*
        FROM e JOIN ${table} AS a
          ON CASE WHEN e.affiliate_id IS NULL THEN a.user_id = e.user_id ELSE a.id = e.affiliate_id END
       WHERE e.position > a.global_position
    ), m AS (
      SELECT id,
             count(*) FILTER (WHERE kind = 'verified') AS verified,
             max(sale_number) FILTER (WHERE kind = 'verified') AS sale_number,
             (array_agg(rate_bps ORDER BY position DESC) FILTER (WHERE kind = 'tier'))[1] AS rate_bps,
             max(at) AS at,
             max(position) AS position
        FROM matched GROUP BY id
    ), updated AS (
      UPDATE ${table} AS a
         SET verified_sales = GREATEST(a.verified_sales + m.verified, COALESCE(m.sale_number, 0)),
             commission_rate_bps = COALESCE(m.rate_bps, a.commission_rate_bps),
             updated_at = GREATEST(a.updated_at, m.at),
             global_position = m.position
        FROM m
       WHERE a.id = m.id
      RETURNING a.id
    )
    SELECT DISTINCT COALESCE(e.affiliate_id::text, 'user ' || e.user_id::text) AS missing
      FROM e
     WHERE NOT EXISTS (
       SELECT 1 FROM ${table} AS a
        WHERE CASE WHEN e.affiliate_id IS NULL THEN a.user_id = e.user_id ELSE a.id = e.affiliate_id END)`;

  const applyStatusChanges = createStatusChanges(table);

  const applyBatch = async (client: PoolClient, events: readonly RecordedEvent[]) => {
    const parsed = mapEvents(events, parse);
    // Registrations first: on a stream the registration precedes every other event, and
    // the mark keeps the later ones in order, so this equals applying them one by one.
    await insertRows(
      client,
      ofKind(parsed, 'registered').map((item) => item.row),
    );
    await applyStatusChanges(
      client,
      ofKind(parsed, 'status').map((item) => item.change),
    );
    const changes = ofKind(parsed, 'changed').map((item) => item.change);
    if (changes.length === 0) return;
    const { rows } = await client.query<{ missing: string }>(
      changeSql,
      toColumnArrays(changes, ['affiliateId', 'userId', 'kind', 'rateBps', 'saleNumber', 'at', 'position']),
    );
    if (rows.length > 0) {
      throw new Error(
        `an affiliate event names an affiliate that never registered: ${rows.map((row) => row.missing).join(', ')}`,
      );
    }
  };

  return defineProjection({
    name,
    handles: ['AffiliateRegistered', 'SaleVerified', 'CommissionTierReached', ...STATUS_EVENTS],
    tables,
    applyBatch,
    erase: eraseAffiliateRows(tableName),
  });
};
