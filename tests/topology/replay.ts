// What the topology's read models must be after kills and restarts: every projection's count
// of applied events equal to the events of its types in the log (none applied twice, none
// skipped), and every table equal to a clean replay of the whole log from position 0.

import { openLogStore } from '@acres/eventstore/protect';
import { createPool } from '@acres/platform/db';
import { createLogger } from '@acres/platform/logger';
import {
  countAppliedEvents,
  createReferenceProjections,
  readLastWrittenPosition,
  replayCleanly,
  type AppliedCount,
} from '@acres/projector/test';

const logger = createLogger({ level: 'silent', pretty: false });

export type ReplayComparison = {
  head: bigint;
  projections: AppliedCount[];
  tables: { table: string; live: string[]; reference: string[] }[];
};

/** Once nothing writes any more: waits for the live projectors to reach the log's last event, then compares. */
export const compareWithCleanReplay = async (options: { databaseUrl: string; dataMasterKey: string }) => {
  const pool = createPool({ connectionString: options.databaseUrl, max: 4, applicationName: 'acres-topology-spec' });
  // The clean projector holds a connection per projection it owns: a pool of its own.
  const replayPool = createPool({ connectionString: options.databaseUrl, max: 30, applicationName: 'acres-topology-replay' });
  try {
    const head = await readLastWrittenPosition(pool);
    const projections = await countAppliedEvents({ pool, head, timeoutMs: 60_000 });
    const client = await pool.connect();
    const references = await createReferenceProjections(client, 'clean').finally(() => client.release());
    const { eventStore } = await openLogStore({
      config: { EVENT_STORE: 'postgres', DATA_MASTER_KEY: options.dataMasterKey },
      pool: replayPool,
      databaseUrl: options.databaseUrl,
      logger,
    });
    const tables = await replayCleanly({ eventStore, pool, replayPool, logger, references, head, timeoutMs: 60_000 });
    return { head, projections, tables } satisfies ReplayComparison;
  } finally {
    await Promise.all([pool.end(), replayPool.end()]);
  }
};
