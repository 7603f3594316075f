// An affiliate's monthly statement as of a log position: only their affiliate-{userId}
// stream and the payout batches up to the position, folded by the read model's own rules
// (@acres/read-models/statement-fold), cut to the Lagos month and ordered as the SQL
// statement is (verified_at, id). Without a position, the read model answers with the
// checkpoint it was read at.

import { statementMonthOf, type AffiliateStatement } from '@acres/contracts/affiliate-reads';
import type { AsOfQuery } from '@acres/contracts/as-of';
import { PAYOUTS_STREAM_ID } from '@acres/contracts/constants';
import type { Pool, Queryable } from '@acres/platform';
import { AFFILIATE_SALES } from '@acres/read-models/affiliate-sales';
import { readCheckpoints } from '@acres/read-models/checkpoints';
import { affiliateStreamOf, SALE_EVENTS, SALE_PAYOUT_EVENTS } from '@acres/read-models/sale-fold';
import { foldVerifiedSales } from '@acres/read-models/statement-fold';
import { readEventsUpTo, type OpenEvents } from '../shared/as-of/event-log.ts';
import { resolveAsOf, type AsOfPoint } from '../shared/as-of/resolve.ts';
import { readInSnapshot } from '../shared/as-of/snapshot.ts';
import { readStatement, toStatement } from '@acres/read-models/statement-queries';

export const foldStatementAt = async (
  db: Queryable,
  options: { userId: string; month: string; position: bigint; open: OpenEvents },
): Promise<AffiliateStatement> => {
  const events = await readEventsUpTo(db, {
    where: '(stream_id = $3 AND type = ANY($4::text[])) OR (stream_id = $5 AND type = ANY($6::text[]))',
    params: [affiliateStreamOf(options.userId), SALE_EVENTS, PAYOUTS_STREAM_ID, SALE_PAYOUT_EVENTS],
    position: options.position,
    open: options.open,
  });
  const sales = foldVerifiedSales(events)
    .filter((sale) => statementMonthOf(sale.verified_at) === options.month)
    .sort((a, b) => a.verified_at.getTime() - b.verified_at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return toStatement(options.month, sales);
};

export const readStatementAsOf = (
  pool: Pool,
  options: { userId: string; month: string; query: AsOfQuery; now: Date; open: OpenEvents },
): Promise<{ statement: AffiliateStatement; position: bigint; point: AsOfPoint | null }> =>
  readInSnapshot(pool, async (client) => {
    const point = await resolveAsOf(client, options.query, options.now);
    if (point) {
      const statement = await foldStatementAt(client, {
        userId: options.userId,
        month: options.month,
        position: point.position,
        open: options.open,
      });
      return { statement, position: point.position, point };
    }
    const [checkpoint] = await readCheckpoints(client, [AFFILIATE_SALES.name]);
    return { statement: await readStatement(client, options), position: checkpoint?.position ?? 0n, point };
  });
