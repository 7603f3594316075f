// The shredding test's grep: every row of every table the test's role can read, cast to
// text, and every file under DATA_DIR, searched for each value (case-insensitive).

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';

export type Hit = { where: string; value: string };

const walk = async (dir: string): Promise<string[]> => {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const files: string[] = [];
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await walk(full)));
    else if (entry.isFile()) files.push(full);
  }
  return files;
};

export const findEverywhere = async (options: {
  pool: pg.Pool;
  dataDir: string;
  values: readonly string[];
  /** Text taken out before searching, with the reason in the caller. */
  ignore?: RegExp;
}): Promise<Hit[]> => {
  const needles = options.values.map((value) => ({ value, lower: value.toLowerCase() }));
  const hits: Hit[] = [];
  const search = (where: string, text: string) => {
    const lower = (options.ignore ? text.replaceAll(options.ignore, '') : text).toLowerCase();
    for (const needle of needles) if (lower.includes(needle.lower)) hits.push({ where, value: needle.value });
  };
  const { rows: tables } = await options.pool.query<{ schema: string; name: string }>(
    `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
      WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
        AND has_table_privilege(format('%I.%I', table_schema, table_name), 'SELECT')`,
  );
  for (const table of tables) {
    const { rows } = await options.pool.query<{ row: string }>(
      `SELECT t::text AS row FROM ${`"${table.schema}"."${table.name}"`} AS t`,
    );
    for (const row of rows) search(`${table.schema}.${table.name} ${row.row.slice(0, 160)}`, row.row);
  }
  for (const file of await walk(options.dataDir)) {
    search(`${path.relative(options.dataDir, file)} (file name)`, file);
    search(path.relative(options.dataDir, file), await readFile(file, 'latin1'));
  }
  return hits;
};
