import { countedTotalSql } from '../operations/admin-counters.ts';
import type { AdminApplication, AdminApplicationsResponse, ApplicationStatus } from '@acres/contracts/application-decision';
import type { SubscriptionStatus } from '@acres/contracts/constants';
import type { Queryable } from '@acres/platform';
import {
  SUBSCRIPTION_VIEW_COLUMNS,
  SUBSCRIPTIONS,
  toAdminApplication,
  toApplicationStatus,
  type SubscriptionRow,
  type SubscriptionView,
} from './subscriptions.ts';
import { verifiedEmailsOf } from '../identity/users.ts';
import { cursorOf, LAST_PAGE_CURSOR } from '../shared/query/cursor.ts';
import { boundedCountSql, readKeysetPage } from '../shared/query/keyset-page.ts';
import { containsAny, toSearchPattern } from '../shared/query/search.ts';

const SEARCHED_COLUMNS = [
  'surname',
  'first_name',
  'other_name',
  'email',
  'phone_number',
  'application_number',
] as const satisfies readonly (keyof SubscriptionRow)[];

type SubscriptionPageRow = SubscriptionView & { cursor_at: string };

export type ApplicationsFilter = { search?: string | undefined; status?: SubscriptionStatus | undefined };

const filterOf = (filter: ApplicationsFilter) => {
  const conditions: string[] = [];
  const values: unknown[] = [];
  const pattern = toSearchPattern(filter.search);
  if (pattern) {
    values.push(pattern);
    conditions.push(containsAny(SEARCHED_COLUMNS, values.length));
  }
  if (filter.status) {
    values.push(filter.status);
    conditions.push(`status = $${values.length}`);
  }
  return { conditions, values };
};

/**
 * The admin's application list: newest first by (created_at, id), keyset pages with a
 * `cursor`, offset paging without one; the total as for leads (the admin-counters row
 * unfiltered, a count capped at FILTERED_TOTAL_CAP for a search or a status).
 */
export const listSubscriptions = async (
  db: Queryable,
  query: ApplicationsFilter & { limit: number; offset: number; cursor?: string | undefined },
): Promise<AdminApplicationsResponse> => {
  const { conditions, values } = filterOf(query);
  const page = await readKeysetPage<SubscriptionPageRow>(db, {
    select: SUBSCRIPTION_VIEW_COLUMNS,
    from: SUBSCRIPTIONS.table,
    column: 'created_at',
    conditions,
    values,
    total:
      conditions.length > 0
        ? boundedCountSql(SUBSCRIPTIONS.table, `WHERE ${conditions.join(' AND ')}`)
        : countedTotalSql('total_applications'),
    limit: query.limit,
    offset: query.offset,
    cursor: cursorOf(query.cursor),
  });
  return {
    total: page.total,
    subscriptions: page.rows.map(toAdminApplication),
    nextCursor: page.nextCursor,
    prevCursor: page.prevCursor,
    lastCursor: LAST_PAGE_CURSOR,
  };
};

/** One application for the admin's review dialog; null when there is none. */
export const readAdminApplication = async (db: Queryable, id: string): Promise<AdminApplication | null> => {
  const { rows } = await db.query<SubscriptionView>(
    `SELECT ${SUBSCRIPTION_VIEW_COLUMNS} FROM ${SUBSCRIPTIONS.table} WHERE id = $1`,
    [id],
  );
  return rows[0] ? toAdminApplication(rows[0]) : null;
};

/**
 * The applicant's status, when the number and the email name the same application; null
 * otherwise, whichever of the two is wrong (the caller answers both alike).
 */
export const findApplicationStatus = async (
  db: Queryable,
  query: { applicationNumber: string; email: string },
): Promise<ApplicationStatus | null> => {
  const { rows } = await db.query<SubscriptionView>(
    `SELECT ${SUBSCRIPTION_VIEW_COLUMNS} FROM ${SUBSCRIPTIONS.table}
      WHERE application_number = $1 AND lower(email) = lower($2)`,
    [query.applicationNumber, query.email],
  );
  return rows[0] ? toApplicationStatus(rows[0]) : null;
};

/**
 * An account's applications (issue 24): those it submitted signed in, and those made anywhere
 * with an email it has verified. An email typed at sign-up and never confirmed joins nothing.
 */
export const listApplicationsOfAccount = async (db: Queryable, userId: string): Promise<ApplicationStatus[]> => {
  const { rows } = await db.query<SubscriptionView>(
    `SELECT ${SUBSCRIPTION_VIEW_COLUMNS} FROM ${SUBSCRIPTIONS.table}
      WHERE created_by_user_id = $1::uuid OR lower(email) IN ${verifiedEmailsOf(1)}
      ORDER BY created_at DESC`,
    [userId],
  );
  return rows.map(toApplicationStatus);
};
