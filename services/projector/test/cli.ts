// Helpers of the projections CLI's integration tests.

import { runProjectionsCli } from '../src/cli/run.ts';
import { TEST_DATA_MASTER_KEY } from '@acres/platform/test';
import type { Harness } from './harness.ts';

/** Runs one CLI command in this process against the harness database; answers its exit code and output. */
export const runCli = async (harness: Harness, args: string[]) => {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runProjectionsCli({
    args,
    env: { DATABASE_URL: harness.db.url, DATA_MASTER_KEY: TEST_DATA_MASTER_KEY },
    output: { out: (line) => out.push(line), err: (line) => err.push(line) },
    progressStream: null,
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
};

export const eventPosition = async (harness: Harness, id: string) =>
  (
    await harness.db.pool.query<{ position: string }>(
      'SELECT global_position::text AS position FROM events WHERE event_id = $1',
      [id],
    )
  ).rows[0]!.position;
