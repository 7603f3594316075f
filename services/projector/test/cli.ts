// Helpers of the projections CLI's integration tests.

import { positionOfEvent, storedLog, TEST_DATA_MASTER_KEY } from '@acres/eventstore/test';
import { runProjectionsCli } from '../src/cli/run.ts';
import type { Harness } from './harness.ts';

/**
 * Runs one CLI command in this process against a harness's database; answers its exit code,
 * its output and errors, and every line of both in the order written.
 */
export const runCli = async (harness: { db: { url: string } }, args: string[]) => {
  const out: string[] = [];
  const err: string[] = [];
  const lines: string[] = [];
  const code = await runProjectionsCli({
    args,
    // The harness's store seals with the test master key: the CLI's vault must open with it.
    env: { DATABASE_URL: harness.db.url, DATA_MASTER_KEY: TEST_DATA_MASTER_KEY },
    output: {
      out: (line) => {
        out.push(line);
        lines.push(line);
      },
      err: (line) => {
        err.push(line);
        lines.push(line);
      },
    },
    progressStream: null,
  });
  return { code, out: out.join('\n'), err: err.join('\n'), lines };
};

export const eventPosition = async (harness: Harness, id: string) =>
  (await positionOfEvent(storedLog(harness.db.pool), id)).toString();
