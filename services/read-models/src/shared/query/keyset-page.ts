import { createHash } from 'node:crypto';
import type { Queryable } from '@acres/platform';
import { encodeCursor, type ListCursor } from './cursor.ts';

/** Filtered totals count at most this many rows, so a broad search costs a bounded scan. */
export const FILTERED_TOTAL_CAP = 10_000;

/** A total as SQL: count(*) of the filtered rows, stopping at `cap` (FILTERED_TOTAL_CAP unless given). */
export const boundedCountSql = (from: string, where: string, cap: number = FILTERED_TOTAL_CAP) =>
  `SELECT count(*)::int FROM (SELECT 1 FROM ${from} ${where} LIMIT ${cap}) AS capped`;

/** SQL selecting a row's timestamp to the microsecond for its cursor (a JS Date keeps milliseconds). */
export const cursorAtColumn = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at`;

type KeyedRow = { cursor_at: string; id: string };
type TotalledRow = { list_total: number | null; cursor_at: string | null };

// Named (prepared) statements: PostgreSQL parses and plans a list's page once per pooled
// connection instead of on every request. A list has a handful of texts (cursor kind, offset,
// filter), so the names are few; the cap only guards against a caller building unbounded texts.
const statementNames = new Map<string, string>();
const statementNameOf = (text: string) => {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < 500) {
    name = `keyset_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
};

/**
 * One keyset page of a newest-first list ordered by (`column` DESC, id DESC), and the list's
 * total, in one statement (one round trip per page). `conditions` and `values` carry the
 * list's filters, which `total` may use as well; the cursor's key is appended after them.
 * Without a cursor the page starts at `offset` (the old paging, kept for compatibility).
 */
export const readKeysetPage = async <Row extends KeyedRow>(
  db: Queryable,
  options: {
    select: string;
    from: string;
    column: string;
    /** The unique tiebreak, qualified when the list joins another table. */
    idColumn?: string;
    conditions: string[];
    values: unknown[];
    /** A scalar query giving the total (countedTotalSql, boundedCountSql). */
    total: string;
    limit: number;
    offset: number;
    cursor: ListCursor | undefined;
  },
): Promise<{ rows: Row[]; total: number; nextCursor: string | null; prevCursor: string | null }> => {
  const { column, limit, cursor } = options;
  const idColumn = options.idColumn ?? 'id';
  const conditions = [...options.conditions];
  const values = [...options.values];
  let ascending = false;
  if (cursor?.kind === 'after' || cursor?.kind === 'before') {
    values.push(cursor.at, cursor.id);
    const op = cursor.kind === 'after' ? '<' : '>';
    conditions.push(`(${column}, ${idColumn}) ${op} ($${values.length - 1}::timestamptz, $${values.length}::uuid)`);
    ascending = cursor.kind === 'before';
  }
  if (cursor?.kind === 'last') ascending = true;
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  const order = ascending ? `ORDER BY ${column} ASC, ${idColumn} ASC` : `ORDER BY ${column} DESC, ${idColumn} DESC`;
  values.push(limit + 1);
  let paging = `LIMIT $${values.length}`;
  if (!cursor && options.offset > 0) {
    values.push(options.offset);
    paging += ` OFFSET $${values.length}`;
  }
  // The total rides along on every row; an empty page still answers one row (all nulls but the total).
  const text = `SELECT list_page.*, list_total.list_total
      FROM (SELECT coalesce((${options.total}), 0) AS list_total) AS list_total
      LEFT JOIN LATERAL (
        SELECT ${options.select}, ${cursorAtColumn(column)} FROM ${options.from} ${where} ${order} ${paging}
      ) AS list_page ON true`;
  const name = statementNameOf(text);
  const { rows: fetched } = await db.query<Row & TotalledRow>(name ? { name, text, values } : { text, values });
  const total = fetched[0]?.list_total ?? 0;
  const found = fetched.filter((row): row is Row & TotalledRow => row.cursor_at !== null);
  const more = found.length > limit;
  const rows: Row[] = found.slice(0, limit);
  if (ascending) rows.reverse();
  const first = rows[0];
  const last = rows.at(-1);
  const after = last ? encodeCursor({ kind: 'after', at: last.cursor_at, id: last.id }) : null;
  const before = first ? encodeCursor({ kind: 'before', at: first.cursor_at, id: first.id }) : null;
  const page = { rows, total };
  if (!cursor) return { ...page, nextCursor: more ? after : null, prevCursor: options.offset > 0 ? before : null };
  if (cursor.kind === 'after') return { ...page, nextCursor: more ? after : null, prevCursor: before };
  if (cursor.kind === 'before') return { ...page, nextCursor: after, prevCursor: more ? before : null };
  return { ...page, nextCursor: null, prevCursor: more ? before : null };
};
