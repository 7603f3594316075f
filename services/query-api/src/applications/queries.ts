import type { AdminSubscriptionsResponse } from '@acres/contracts/subscription';
import type { Queryable } from '@acres/platform';
import {
  SUBSCRIPTION_VIEW_COLUMNS,
  SUBSCRIPTIONS,
  toSubscription,
  type SubscriptionRow,
  type SubscriptionView,
} from '@acres/read-models/applications';
import { cursorOf, LAST_PAGE_CURSOR } from '../shared/cursor.ts';
import { boundedCountSql, countedTotalSql, readKeysetPage } from '../shared/keyset-page.ts';
import { containsAny, toSearchPattern } from '../shared/search.ts';

const SEARCHED_COLUMNS = [
  'surname',
  'first_name',
  'other_name',
  'email',
  'phone_number',
  'application_number',
] as const satisfies readonly (keyof SubscriptionRow)[];

type SubscriptionPageRow = SubscriptionView & { cursor_at: string };

/**
 * The admin's application list: newest first by (created_at, id), keyset pages with a
 * `cursor`, offset paging without one; the total as for leads (the admin-counters row
 * unfiltered, a count capped at FILTERED_TOTAL_CAP for a search).
 */
export const listSubscriptions = async (
  db: Queryable,
  query: { limit: number; offset: number; search?: string | undefined; cursor?: string | undefined },
): Promise<AdminSubscriptionsResponse> => {
  const pattern = toSearchPattern(query.search);
  const conditions = pattern ? [containsAny(SEARCHED_COLUMNS, 1)] : [];
  const filter = pattern ? [pattern] : [];
  const page = await readKeysetPage<SubscriptionPageRow>(db, {
    select: SUBSCRIPTION_VIEW_COLUMNS,
    from: SUBSCRIPTIONS.table,
    column: 'created_at',
    conditions,
    values: filter,
    total: pattern
      ? boundedCountSql(SUBSCRIPTIONS.table, `WHERE ${conditions.join(' AND ')}`)
      : countedTotalSql('total_applications'),
    limit: query.limit,
    offset: query.offset,
    cursor: cursorOf(query.cursor),
  });
  return {
    total: page.total,
    subscriptions: page.rows.map(toSubscription),
    nextCursor: page.nextCursor,
    prevCursor: page.prevCursor,
    lastCursor: LAST_PAGE_CURSOR,
  };
};
