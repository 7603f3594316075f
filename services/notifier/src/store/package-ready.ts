import type { Queryable } from '@acres/platform/db';

// The first due-diligence document's position in the log, kept in the follower's transaction:
// a lead's confirmation promises the package only when the room held a document before the
// lead reserved, so a replay plans the same words (contracts/materials packagePromise).

export const notePackageDocument = async (db: Queryable, position: bigint) => {
  await db.query(
    'INSERT INTO notifier_package (only_row, first_document_position) VALUES (true, $1) ON CONFLICT (only_row) DO NOTHING',
    [position.toString()],
  );
};

export const isPackageReadyAt = async (db: Queryable, position: bigint): Promise<boolean> => {
  const { rows } = await db.query<{ ready: boolean }>(
    'SELECT first_document_position < $1 AS ready FROM notifier_package WHERE only_row',
    [position.toString()],
  );
  return rows[0]?.ready ?? false;
};
