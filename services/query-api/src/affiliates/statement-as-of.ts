// An affiliate's monthly statement as of a log position: only their affiliate-{userId}
// stream and the payout batches up to the position, folded by the read model's own rules
// (@acres/read-models/statement-fold), cut to the Lagos month and ordered as the SQL
// statement is (verified_at, id). Without a position, the read model answers with the
// checkpoint it was read at.

import { statementMonthOf, type AffiliateStatement } from '@acres/contracts/affiliate-reads';
import type { AsOfQuery } from '@acres/contracts/as-of';
import { PAYOUTS_STREAM_ID } from '@acres/contracts/constants';
import type { Pool } from '@acres/platform';
import { AFFILIATE_SALES } from '@acres/read-models/affiliate-sales';
import { readCheckpoints } from '@acres/read-models/checkpoints';
import { affiliateStreamOf, SALE_EVENTS, SALE_PAYOUT_EVENTS } from '@acres/read-models/sale-fold';
import { foldVerifiedSales } from '@acres/read-models/statement-fold';
import { readEventsUpTo, type EventLog } from '../shared/as-of/event-log.ts';
import { resolveAsOf, type AsOfPoint } from '../shared/as-of/resolve.ts';
import { readInSnapshot } from '../shared/as-of/snapshot.ts';
import { readStatement, toStatement } from './statement-queries.ts';

const PAYOUT_TYPES: ReadonlySet<string> = new Set(SALE_PAYOUT_EVENTS);

export const foldStatementAt = async (
  log: EventLog,
  options: { userId: string; month: string; position: bigint },
): Promise<AffiliateStatement> => {
  const affiliateStream = affiliateStreamOf(options.userId);
  const read = await readEventsUpTo(log, {
    filter: { streamIds: [affiliateStream, PAYOUTS_STREAM_ID], types: SALE_EVENTS },
    position: options.position,
  });
  // The payouts stream counts for its payout events only.
  const events = read.filter((event) => event.streamId === affiliateStream || PAYOUT_TYPES.has(event.type));
  const sales = foldVerifiedSales(events)
    .filter((sale) => statementMonthOf(sale.verified_at) === options.month)
    .sort((a, b) => a.verified_at.getTime() - b.verified_at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return toStatement(options.month, sales);
};

export const readStatementAsOf = (
  pool: Pool,
  options: { userId: string; month: string; query: AsOfQuery; now: Date; log: EventLog },
): Promise<{ statement: AffiliateStatement; position: bigint; point: AsOfPoint | null }> =>
  readInSnapshot(pool, async (client) => {
    const point = await resolveAsOf(options.log, options.query, options.now);
    if (point) {
      const statement = await foldStatementAt(options.log, {
        userId: options.userId,
        month: options.month,
        position: point.position,
      });
      return { statement, position: point.position, point };
    }
    const [checkpoint] = await readCheckpoints(client, [AFFILIATE_SALES.name]);
    return { statement: await readStatement(client, options), position: checkpoint?.position ?? 0n, point };
  });
