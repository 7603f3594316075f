// The DDL of a rebuild: versioned copies of a projection's live tables, checks that a
// copy still matches its live table, and the swap that puts the copies in their place.

import type { PoolClient, Queryable } from '@acres/platform/db';
import { quoteIdentifier } from '@acres/read-models/projection';

export type TablePair = { live: string; building: string };

export const versionedTableName = (live: string, generation: number) => `${live}__r${generation}`;

/**
 * Empty copies of the live tables with their columns, defaults, constraints and indexes;
 * tables seeded with one row by their migration get that row, as a fresh database would.
 */
export const createBuildingTables = async (
  client: PoolClient,
  options: { tables: readonly TablePair[]; singletonTables: readonly string[] },
) => {
  for (const { live, building } of options.tables) {
    await client.query(`CREATE TABLE ${quoteIdentifier(building)} (LIKE ${quoteIdentifier(live)} INCLUDING ALL)`);
    if (options.singletonTables.includes(live)) await client.query(`INSERT INTO ${quoteIdentifier(building)} DEFAULT VALUES`);
  }
};

export const dropTablesIfExist = async (db: Queryable, tables: readonly string[]) => {
  for (const table of tables) await db.query(`DROP TABLE IF EXISTS ${quoteIdentifier(table)}`);
};

export const tablesExist = async (db: Queryable, tables: readonly string[]) => {
  const { rows } = await db.query<{ missing: number }>(
    `SELECT count(*) FILTER (WHERE to_regclass(quote_ident(t)) IS NULL)::int AS missing FROM unnest($1::text[]) AS t`,
    [tables],
  );
  return rows[0]?.missing === 0;
};

/** Column names, types, nullability and defaults in order: what a copy must share with its live table. */
const readColumnShape = async (db: Queryable, table: string) => {
  const { rows } = await db.query<{ shape: string }>(
    `SELECT string_agg(format('%I %s%s%s', a.attname, format_type(a.atttypid, a.atttypmod),
                              CASE WHEN a.attnotnull THEN ' not null' ELSE '' END,
                              COALESCE(' default ' || pg_get_expr(d.adbin, d.adrelid), '')), ', ' ORDER BY a.attnum) AS shape
       FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE a.attrelid = to_regclass(quote_ident($1)) AND a.attnum > 0 AND NOT a.attisdropped`,
    [table],
  );
  return rows[0]?.shape ?? '';
};

/** The pairs whose copy no longer has its live table's columns (a migration ran since the copy was made). */
export const findDriftedTables = async (db: Queryable, tables: readonly TablePair[]) => {
  const drifted: TablePair[] = [];
  for (const pair of tables) {
    const [live, building] = await Promise.all([readColumnShape(db, pair.live), readColumnShape(db, pair.building)]);
    if (live !== building) drifted.push(pair);
  }
  return drifted;
};

type IndexShape = { name: string; shape: string };

// "CREATE UNIQUE INDEX leads_pkey ON public.leads USING btree (id)" → "UNIQUE|USING btree (id)"
const INDEX_DEF = /^CREATE (UNIQUE )?INDEX (?:CONCURRENTLY )?(\S+) ON (?:ONLY )?(\S+) (.*)$/;

const readIndexShapes = async (db: Queryable, table: string): Promise<IndexShape[]> => {
  const { rows } = await db.query<{ name: string; def: string }>(
    `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS def
       FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
      WHERE x.indrelid = to_regclass(quote_ident($1)) ORDER BY i.relname`,
    [table],
  );
  return rows.map((row) => {
    const match = INDEX_DEF.exec(row.def);
    return { name: row.name, shape: match ? `${match[1] ?? ''}|${match[4]}` : row.def };
  });
};

/** For each index of the live table, the copy's index of the same definition (whose name it takes after the swap). */
const matchIndexes = async (db: Queryable, pair: TablePair) => {
  const [live, building] = await Promise.all([readIndexShapes(db, pair.live), readIndexShapes(db, pair.building)]);
  const unused = [...building];
  return live.map((index) => {
    const at = unused.findIndex((candidate) => candidate.shape === index.shape);
    if (at < 0) throw new Error(`table ${pair.building} has no index like ${index.name} of ${pair.live}; the swap was not made`);
    const [match] = unused.splice(at, 1);
    return { from: match!.name, to: index.name };
  });
};

/**
 * Inside the caller's transaction, with both tables locked: the live table becomes
 * <live>__old and is dropped, the copy takes the live name, and its indexes (and the
 * constraints they back) take the live indexes' names, so later migrations find them.
 */
export const swapTables = async (client: PoolClient, tables: readonly TablePair[]) => {
  for (const pair of tables) {
    const renames = await matchIndexes(client, pair);
    const old = `${pair.live}__old`;
    await client.query(`ALTER TABLE ${quoteIdentifier(pair.live)} RENAME TO ${quoteIdentifier(old)}`);
    await client.query(`ALTER TABLE ${quoteIdentifier(pair.building)} RENAME TO ${quoteIdentifier(pair.live)}`);
    await client.query(`DROP TABLE ${quoteIdentifier(old)}`);
    for (const { from, to } of renames) {
      if (from !== to) await client.query(`ALTER INDEX ${quoteIdentifier(from)} RENAME TO ${quoteIdentifier(to)}`);
    }
  }
};

export const lockTables = async (client: PoolClient, tables: readonly string[]) => {
  await client.query(`LOCK TABLE ${tables.map(quoteIdentifier).join(', ')} IN ACCESS EXCLUSIVE MODE`);
};

export const analyzeTables = async (db: Queryable, tables: readonly string[]) => {
  for (const table of tables) await db.query(`ANALYZE ${quoteIdentifier(table)}`);
};
