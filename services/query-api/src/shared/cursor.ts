import type { Queryable } from '@acres/platform';
import { ADMIN_COUNTERS, type AdminCountersRow } from '@acres/read-models/admin-counters';

// Keyset cursors for the admin lists (issue 10, goal 5): newest first by (timestamp, id),
// so any page costs one index range scan however deep it is, and rows inserted meanwhile
// never shift a page. A cursor is opaque to clients: base64url of `<kind>.<timestamp>.<id>`.
//   after  — the page strictly older than the key (Next)
//   before — the page strictly newer than the key (Previous)
//   last   — the oldest page, read ascending and reversed (as cheap as the first page)

export type ListCursor = { kind: 'after' | 'before'; at: string; id: string } | { kind: 'last' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// As to_char(… 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') prints it: microseconds, UTC.
const MICRO_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export const encodeCursor = (cursor: ListCursor): string =>
  Buffer.from(cursor.kind === 'last' ? 'last' : `${cursor.kind}.${cursor.at}.${cursor.id}`, 'utf8').toString('base64url');

/** The "last page" cursor, the same for every list. */
export const LAST_PAGE_CURSOR = encodeCursor({ kind: 'last' });

/** The cursor, or the reason it is not one (for a 400 naming the field). */
export const decodeCursor = (text: string): ListCursor | { error: string } => {
  if (text.length > 200 || !/^[A-Za-z0-9_-]+$/.test(text)) return { error: 'cursor must be a cursor returned by this list' };
  const plain = Buffer.from(text, 'base64url').toString('utf8');
  if (plain === 'last') return { kind: 'last' };
  const match = /^(after|before)\.([^.]+\.[^.]+)\.([^.]+)$/.exec(plain);
  if (!match) return { error: 'cursor must be a cursor returned by this list' };
  const [, kind, at, id] = match as unknown as [string, 'after' | 'before', string, string];
  if (!MICRO_ISO.test(at) || Number.isNaN(Date.parse(at))) return { error: 'cursor holds an invalid timestamp' };
  if (!UUID.test(id)) return { error: 'cursor holds an invalid id' };
  return { kind, at, id };
};

export const isCursorError = (value: ListCursor | { error: string }): value is { error: string } => 'error' in value;

/** SQL selecting a row's timestamp to the microsecond for its cursor (a JS Date keeps milliseconds). */
export const cursorAtColumn = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at`;

type KeyedRow = { cursor_at: string; id: string };

/**
 * One keyset page of a newest-first list ordered by (`column` DESC, id DESC). `where` and
 * `values` carry the list's filters; the cursor's key is appended after them. Without a
 * cursor the page starts at `offset` (the old paging, kept for compatibility).
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
    limit: number;
    offset: number;
    cursor: ListCursor | undefined;
  },
): Promise<{ rows: Row[]; nextCursor: string | null; prevCursor: string | null }> => {
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
  const { rows: fetched } = await db.query<Row>(
    `SELECT ${options.select}, ${cursorAtColumn(column)} FROM ${options.from} ${where} ${order} ${paging}`,
    values,
  );
  const more = fetched.length > limit;
  const rows = fetched.slice(0, limit);
  if (ascending) rows.reverse();
  const first = rows[0];
  const last = rows.at(-1);
  const after = last ? encodeCursor({ kind: 'after', at: last.cursor_at, id: last.id }) : null;
  const before = first ? encodeCursor({ kind: 'before', at: first.cursor_at, id: first.id }) : null;
  if (!cursor) return { rows, nextCursor: more ? after : null, prevCursor: options.offset > 0 ? before : null };
  if (cursor.kind === 'after') return { rows, nextCursor: more ? after : null, prevCursor: before };
  if (cursor.kind === 'before') return { rows, nextCursor: after, prevCursor: more ? before : null };
  return { rows, nextCursor: null, prevCursor: more ? before : null };
};

/** Filtered totals count at most this many rows, so a broad search costs a bounded scan. */
export const FILTERED_TOTAL_CAP = 10_000;

/** count(*) of the filtered rows, stopping at FILTERED_TOTAL_CAP. */
export const boundedCount = async (db: Queryable, from: string, where: string, values: unknown[]): Promise<number> => {
  const { rows } = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM (SELECT 1 FROM ${from} ${where} LIMIT ${FILTERED_TOTAL_CAP}) AS capped`,
    values,
  );
  return rows[0]?.total ?? 0;
};

/** The query's cursor decoded (the route's schema has already rejected undecodable ones). */
export const cursorOf = (text: string | undefined): ListCursor | undefined => {
  if (text === undefined) return undefined;
  const decoded = decodeCursor(text);
  return isCursorError(decoded) ? undefined : decoded;
};

/**
 * An unfiltered list's total from the admin-counters projection's row (one primary-key
 * lookup instead of count(*) over the table). The route waits for that projection as well
 * as the list's, so a caller's own write is in both.
 */
export const readCountedTotal = async (
  db: Queryable,
  column: keyof Pick<AdminCountersRow, 'total_leads' | 'total_applications' | 'total_payments'>,
): Promise<number> => {
  const { rows } = await db.query<{ total: number }>(`SELECT ${column} AS total FROM ${ADMIN_COUNTERS.table} WHERE id`);
  return rows[0]?.total ?? 0;
};
