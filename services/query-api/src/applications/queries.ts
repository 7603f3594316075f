import type { AdminSubscriptionsResponse } from '@acres/contracts/subscription';
import type { Queryable } from '@acres/platform';
import {
  SUBSCRIPTION_VIEW_COLUMNS,
  SUBSCRIPTIONS,
  toSubscription,
  type SubscriptionRow,
  type SubscriptionView,
} from '@acres/read-models/applications';
import { containsAny, toSearchPattern } from '../shared/search.ts';

const SEARCHED_COLUMNS = [
  'surname',
  'first_name',
  'other_name',
  'email',
  'phone_number',
  'application_number',
] as const satisfies readonly (keyof SubscriptionRow)[];

/** The admin's application list: newest first, offset paging, total counted over the same search. */
export const listSubscriptions = async (
  db: Queryable,
  query: { limit: number; offset: number; search?: string | undefined },
): Promise<AdminSubscriptionsResponse> => {
  const pattern = toSearchPattern(query.search);
  const where = pattern ? `WHERE ${containsAny(SEARCHED_COLUMNS, 1)}` : '';
  const filter = pattern ? [pattern] : [];
  const next = filter.length + 1;
  const [page, count] = await Promise.all([
    db.query<SubscriptionView>(
      `SELECT ${SUBSCRIPTION_VIEW_COLUMNS} FROM ${SUBSCRIPTIONS.table} ${where} ORDER BY created_at DESC, id DESC LIMIT $${next} OFFSET $${next + 1}`,
      [...filter, query.limit, query.offset],
    ),
    db.query<{ total: number }>(`SELECT count(*) AS total FROM ${SUBSCRIPTIONS.table} ${where}`, filter),
  ]);
  return { total: count.rows[0]?.total ?? 0, subscriptions: page.rows.map(toSubscription) };
};
