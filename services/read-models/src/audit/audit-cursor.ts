// The Audit log's keyset cursors: the log's own order, so a cursor is one global position.
//   after  — the page strictly older than the position (Next)
//   before — the page strictly newer than the position (Previous)
// Opaque to clients: base64url of `<kind>.<position>`.

export type AuditCursor = { kind: 'after' | 'before'; position: string };

export const encodeAuditCursor = (cursor: AuditCursor) =>
  Buffer.from(`${cursor.kind}.${cursor.position}`, 'utf8').toString('base64url');

const MAX_POSITION = 2n ** 63n - 1n;

/** The cursor, or undefined when the text is not one this list returned. */
export const decodeAuditCursor = (text: string): AuditCursor | undefined => {
  if (text.length > 100 || !/^[A-Za-z0-9_-]+$/.test(text)) return undefined;
  const match = /^(after|before)\.(\d{1,19})$/.exec(Buffer.from(text, 'base64url').toString('utf8'));
  if (!match || BigInt(match[2]!) > MAX_POSITION) return undefined;
  return { kind: match[1] as AuditCursor['kind'], position: match[2]! };
};
