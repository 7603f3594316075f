// What the topology's read models must be after kills and restarts: every projection's count
// of applied events equal to the events of its types in the log (none applied twice, none
// skipped), and every table equal to a clean replay of the whole log from position 0.

import { openLogStore } from '@acres/eventstore/protect';
import { storedLog } from '@acres/eventstore/test';
import { createPool } from '@acres/platform/db';
import { createLogger } from '@acres/platform/logger';
import { ALL_PROJECTIONS, startProjector, waitForProjections } from '@acres/projector';
import { createReferenceProjections, readLiveAndReference } from '@acres/projector/test';

const logger = createLogger({ level: 'silent', pretty: false });

export type ReplayComparison = {
  head: bigint;
  projections: { name: string; applied: number; handled: number }[];
  tables: { table: string; live: string[]; reference: string[] }[];
};

/** Once nothing writes any more: waits for the live projectors to reach the log's last event, then compares. */
export const compareWithCleanReplay = async (options: { databaseUrl: string; dataMasterKey: string }) => {
  const pool = createPool({ connectionString: options.databaseUrl, max: 4, applicationName: 'acres-topology-spec' });
  // The clean projector holds a connection per projection it owns: a pool of its own.
  const replayPool = createPool({ connectionString: options.databaseUrl, max: 30, applicationName: 'acres-topology-replay' });
  try {
    const log = storedLog(pool);
    // The last event written, not the visible head, which an open transaction could hold back.
    const head = (await log.readAll({ direction: 'backward', maxCount: 1, unsettled: true }))[0]!.globalPosition;
    const live = ALL_PROJECTIONS.map((projection) => projection.name);
    if (!(await waitForProjections({ pool, names: live, position: head, timeoutMs: 60_000 })))
      throw new Error(`the live projections did not reach position ${head} within 60 s`);
    const projections: ReplayComparison['projections'] = [];
    for (const projection of ALL_PROJECTIONS) {
      const { rows } = await pool.query<{ applied: number }>(
        'SELECT events_applied AS applied FROM projection_checkpoints WHERE name = $1',
        [projection.name],
      );
      const handled = await log.countEvents({ toPosition: head, filter: { types: projection.handles } });
      projections.push({ name: projection.name, applied: rows[0]?.applied ?? -1, handled });
    }

    const client = await pool.connect();
    const references = await createReferenceProjections(client, 'clean').finally(() => client.release());
    const { eventStore } = await openLogStore({
      config: { EVENT_STORE: 'postgres', DATA_MASTER_KEY: options.dataMasterKey },
      pool: replayPool,
      databaseUrl: options.databaseUrl,
      logger,
    });
    const clean = startProjector({
      eventStore,
      pool: replayPool,
      logger,
      projections: references.map((reference) => reference.projection),
      batchSize: 1000,
    });
    try {
      const names = references.map((reference) => reference.projection.name);
      if (!(await waitForProjections({ pool, names, position: head, timeoutMs: 60_000 })))
        throw new Error(`the clean replay did not reach position ${head} within 60 s`);
    } finally {
      await clean.stop();
    }
    return { head, projections, tables: await readLiveAndReference(pool, references) } satisfies ReplayComparison;
  } finally {
    await Promise.all([pool.end(), replayPool.end()]);
  }
};
