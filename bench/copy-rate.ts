// The floor of replay figures: COPY of as many rows as the log holds into a table of the same
// shape as events (indexes and constraints included), on the same PostgreSQL. The rows are
// the log itself, written once by the server to a binary file and copied back in.

import os from 'node:os';
import path from 'node:path';
import { rm } from 'node:fs/promises';
import { createPool } from '@acres/platform';

export const measureCopyRate = async (options: { databaseUrl: string; rows: number }) => {
  const pool = createPool({ connectionString: options.databaseUrl, max: 1 });
  // Written and read by the server process (a superuser in the embedded cluster).
  const file = path.join(os.tmpdir(), `acres-bench-copy-${process.pid}-${Date.now()}.bin`);
  const literal = `'${file.replaceAll("'", "''")}'`;
  try {
    await pool.query(
      `COPY (SELECT * FROM events ORDER BY global_position LIMIT ${Number(options.rows)}) TO ${literal} WITH (FORMAT binary)`,
    );
    await pool.query('DROP TABLE IF EXISTS bench_copy');
    await pool.query('CREATE TABLE bench_copy (LIKE events INCLUDING ALL)');
    const started = performance.now();
    const result = await pool.query(`COPY bench_copy FROM ${literal} WITH (FORMAT binary)`);
    const seconds = (performance.now() - started) / 1000;
    await pool.query('DROP TABLE bench_copy');
    return { rows: result.rowCount ?? 0, seconds, perSecond: (result.rowCount ?? 0) / seconds };
  } finally {
    await rm(file, { force: true }).catch(() => {});
    await pool.end();
  }
};
