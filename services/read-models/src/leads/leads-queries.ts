import { countedTotalSql } from '../operations/admin-counters.ts';
import type { AdminLeadsResponse, Lead } from '@acres/contracts/lead';
import type { Queryable } from '@acres/platform';
import { LEAD_VIEW_COLUMNS, LEADS, toLead, type LeadRow, type LeadView } from './leads.ts';
import { cursorOf, LAST_PAGE_CURSOR } from '../shared/query/cursor.ts';
import { boundedCountSql, readKeysetPage } from '../shared/query/keyset-page.ts';
import { containsAny, toSearchPattern } from '../shared/query/search.ts';

type LeadPageRow = LeadView & {
  // created_at to the microsecond: a JS Date keeps milliseconds only, which would make
  // a keyset cursor skip or repeat leads created within the same millisecond.
  cursor_at: string;
};

/** Where the next keyset page starts: strictly older than this lead in (created_at, id) order. */
export type LeadCursor = { createdAt: string; id: string };

const CURSOR_AT = `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at`;

const NEWEST_FIRST = 'ORDER BY created_at DESC, id DESC';

// The raw phone as typed is searched as well as the E.164 form, so "0803" finds a lead.
const SEARCHED_COLUMNS = ['full_name', 'email', 'company', 'phone', 'phone_e164'] as const satisfies readonly (keyof LeadRow)[];

/**
 * The admin's lead list: newest first by (created_at, id). With a `cursor` the page is a
 * keyset range (as cheap on the last page as on the first); without one, `offset` pages
 * as before. The total never counts the whole table: unfiltered it is the admin-counters
 * projection's total_leads (the route waits for that projection too); a search counts at
 * most FILTERED_TOTAL_CAP matches.
 */
export const listLeads = async (
  db: Queryable,
  query: { limit: number; offset: number; search?: string | undefined; cursor?: string | undefined },
): Promise<AdminLeadsResponse> => {
  const pattern = toSearchPattern(query.search);
  const conditions = pattern ? [containsAny(SEARCHED_COLUMNS, 1)] : [];
  const filter = pattern ? [pattern] : [];
  const cursor = cursorOf(query.cursor);
  const page = await readKeysetPage<LeadPageRow>(db, {
    select: LEAD_VIEW_COLUMNS,
    from: LEADS.table,
    column: 'created_at',
    conditions,
    values: filter,
    total: pattern ? boundedCountSql(LEADS.table, `WHERE ${conditions.join(' AND ')}`) : countedTotalSql('total_leads'),
    limit: query.limit,
    offset: query.offset,
    cursor,
  });
  return {
    total: page.total,
    leads: page.rows.map(toLead),
    nextCursor: page.nextCursor,
    prevCursor: page.prevCursor,
    lastCursor: LAST_PAGE_CURSOR,
  };
};

/**
 * One keyset page for streaming every lead: each page costs the same however deep the
 * export has gone, unlike OFFSET, and leads created meanwhile never shift the pages.
 */
export const readLeadsPage = async (
  db: Queryable,
  options: { after?: LeadCursor | undefined; limit: number; search?: string | undefined },
): Promise<{ leads: Lead[]; next: LeadCursor | undefined }> => {
  const conditions: string[] = [];
  const values: unknown[] = [];
  const pattern = toSearchPattern(options.search);
  if (pattern) {
    values.push(pattern);
    conditions.push(containsAny(SEARCHED_COLUMNS, values.length));
  }
  if (options.after) {
    values.push(options.after.createdAt, options.after.id);
    conditions.push(`(created_at, id) < ($${values.length - 1}::timestamptz, $${values.length}::uuid)`);
  }
  values.push(options.limit);
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  const { rows } = await db.query<LeadPageRow>(
    `SELECT ${LEAD_VIEW_COLUMNS}, ${CURSOR_AT} FROM ${LEADS.table} ${where} ${NEWEST_FIRST} LIMIT $${values.length}`,
    values,
  );
  const last = rows.at(-1);
  const next = last && rows.length === options.limit ? { createdAt: last.cursor_at, id: last.id } : undefined;
  return { leads: rows.map(toLead), next };
};
