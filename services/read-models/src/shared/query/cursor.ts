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

/** The query's cursor decoded (the route's schema has already rejected undecodable ones). */
export const cursorOf = (text: string | undefined): ListCursor | undefined => {
  if (text === undefined) return undefined;
  const decoded = decodeCursor(text);
  return isCursorError(decoded) ? undefined : decoded;
};
