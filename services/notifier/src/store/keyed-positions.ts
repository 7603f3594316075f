// The opt-outs and the suppressions are both tables of three-column keys, each row carrying
// the position of the event that wrote it; both are looked up many keys at a time.

import type { Queryable } from '@acres/platform/db';

/** For each of these keys present in `table`: the position that wrote it, under `keyOf` of the row. */
export const findKeyedPositions = async <Column extends string>(
  db: Queryable,
  lookup: { table: string; columns: readonly [Column, Column, Column]; keyOf: (row: Record<Column, string>) => string },
  keys: readonly Record<Column, string>[],
): Promise<Map<string, bigint>> => {
  if (keys.length === 0) return new Map();
  const columns = lookup.columns.join(', ');
  const { rows } = await db.query<Record<Column, string> & { position: string }>(
    `SELECT ${columns}, position::text AS position FROM ${lookup.table}
      WHERE (${columns}) IN (SELECT * FROM unnest($1::text[], $2::text[], $3::text[]))`,
    lookup.columns.map((column) => keys.map((key) => key[column])),
  );
  return new Map(rows.map((row) => [lookup.keyOf(row), BigInt(row.position)]));
};
