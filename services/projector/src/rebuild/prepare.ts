// Sets up one projection's rebuild: resumes the unfinished one when it can still be
// trusted, otherwise discards it and creates fresh versioned tables and a checkpoint at 0.

import { withTransaction, type Pool, type PoolClient } from '@acres/platform/db';
import { readCheckpoints, rebuildCheckpointName } from '@acres/read-models/checkpoints';
import { resumeProjection } from '../runner/checkpoints.ts';
import type { Projection } from '@acres/read-models/projection';
import {
  findBuildingRebuild,
  insertRebuild,
  markRebuild,
  nextGeneration,
  readParkedEventIds,
  type RebuildRecord,
} from './records.ts';
import type { RebuildRecipe } from './targets.ts';
import {
  createBuildingTables,
  dropTablesIfExist,
  findDriftedTables,
  tablesExist,
  versionedTableName,
  type TablePair,
} from './tables.ts';

export type RebuildTarget = {
  recipe: RebuildRecipe;
  record: RebuildRecord;
  /** The projection under the rebuild's checkpoint name, writing the versioned tables, passing over parked events. */
  projection: Projection;
  /** Where this run started: 0 for a fresh rebuild, the rebuild's checkpoint when resumed. */
  startedAt: bigint;
  resumed: boolean;
};

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);

/** Reasons an unfinished rebuild cannot be resumed; none means resume it. */
const checkResumable = async (client: PoolClient, recipe: RebuildRecipe, record: RebuildRecord) => {
  if (
    !sameList(
      record.tables.map((pair) => pair.live),
      recipe.liveTables,
    )
  )
    return ['the projection now has other tables'];
  if (
    !(await tablesExist(
      client,
      record.tables.map((pair) => pair.building),
    ))
  )
    return ['its versioned tables are gone'];
  const drifted = await findDriftedTables(client, record.tables);
  if (drifted.length > 0) return drifted.map((pair) => `${pair.live} changed since ${pair.building} was made (a migration ran)`);
  if ((await readCheckpoints(client, [record.checkpointName])).length === 0) return ['its checkpoint is gone'];
  return [];
};

export const discardRebuild = async (client: PoolClient, record: RebuildRecord) => {
  await dropTablesIfExist(
    client,
    record.tables.map((pair) => pair.building),
  );
  await client.query('DELETE FROM projection_checkpoints WHERE name = $1', [record.checkpointName]);
  await markRebuild(client, record, { status: 'abandoned' });
};

const startRebuild = async (client: PoolClient, recipe: RebuildRecipe): Promise<RebuildRecord> => {
  const projection = recipe.live.name;
  const generation = await nextGeneration(client, projection);
  const tables: TablePair[] = recipe.liveTables.map((live) => ({ live, building: versionedTableName(live, generation) }));
  // Leftovers of a rebuild whose record was lost would make CREATE fail; they hold nothing live.
  await dropTablesIfExist(
    client,
    tables.map((pair) => pair.building),
  );
  await createBuildingTables(client, { tables, singletonTables: recipe.singletonTables });
  const checkpointName = rebuildCheckpointName(projection, generation);
  await client.query(
    `INSERT INTO projection_checkpoints (name) VALUES ($1)
     ON CONFLICT (name) DO UPDATE SET position = 0, status = 'running', last_error = NULL, failed_position = NULL,
       failed_event_id = NULL, failed_event_type = NULL, failed_at = NULL, events_applied = 0, updated_at = now()`,
    [checkpointName],
  );
  const record = { projection, generation, checkpointName, tables };
  await insertRebuild(client, record);
  return { ...record, startedAt: new Date() };
};

/** Passes over events an operator parked for the projection, as its live runner did. */
const withoutParked = (projection: Projection, parked: ReadonlySet<string>): Projection => {
  if (parked.size === 0) return projection;
  const isParked = (event: { id: string }) => parked.has(event.id.toLowerCase());
  const { applyBatch } = projection;
  return {
    ...projection,
    apply: (client, event) => (isParked(event) ? Promise.resolve() : projection.apply(client, event)),
    ...(applyBatch
      ? {
          applyBatch: (client, events) =>
            applyBatch(
              client,
              events.filter((event) => !isParked(event)),
            ),
        }
      : {}),
  };
};

/** The recipe's projection for the versioned tables; refuses a factory that ignores the names it was given. */
const createVersionedProjection = (recipe: RebuildRecipe, record: RebuildRecord): Projection => {
  const tables = record.tables.map((pair) => pair.building);
  const projection = recipe.create({ name: record.checkpointName, tables });
  if (projection.name !== record.checkpointName || !sameList(projection.tables ?? [], tables)) {
    throw new Error(
      `the rebuild recipe of '${recipe.live.name}' built a projection named '${projection.name}' writing ` +
        `[${(projection.tables ?? []).join(', ')}], not '${record.checkpointName}' writing [${tables.join(', ')}]; refusing to run it`,
    );
  }
  if (!sameList([...projection.handles].sort(), [...recipe.live.handles].sort())) {
    throw new Error(`the rebuild recipe of '${recipe.live.name}' handles other event types than the live projection`);
  }
  return projection;
};

export const prepareRebuild = async (options: {
  pool: Pool;
  recipe: RebuildRecipe;
  restart: boolean;
  note: (message: string) => void;
}): Promise<RebuildTarget> => {
  const { recipe, note } = options;
  const name = recipe.live.name;
  const prepared = await withTransaction(options.pool, async (client) => {
    const existing = await findBuildingRebuild(client, name);
    if (existing) {
      const reasons = options.restart ? ['--restart was given'] : await checkResumable(client, recipe, existing);
      if (reasons.length === 0) {
        const [checkpoint] = await readCheckpoints(client, [existing.checkpointName]);
        if (checkpoint!.status === 'failed') {
          await resumeProjection(client, existing.checkpointName);
          note(`${name}: the unfinished rebuild had stopped at position ${checkpoint!.failedPosition}; retrying that event`);
        }
        note(`${name}: resuming rebuild r${existing.generation} from position ${checkpoint!.position}`);
        return {
          record: existing,
          projection: createVersionedProjection(recipe, existing),
          startedAt: checkpoint!.position,
          resumed: true,
        };
      }
      await discardRebuild(client, existing);
      note(`${name}: discarding the unfinished rebuild r${existing.generation} (${reasons.join('; ')}); starting again from 0`);
    }
    const record = await startRebuild(client, recipe);
    // Inside the transaction: a recipe that ignores the names it is given leaves nothing behind.
    return { record, projection: createVersionedProjection(recipe, record), startedAt: 0n, resumed: false };
  });
  const parked = await readParkedEventIds(options.pool, name);
  if (parked.size > 0) note(`${name}: passing over ${parked.size} parked event(s) (projection_dead_letters)`);
  return {
    recipe,
    record: prepared.record,
    projection: withoutParked(prepared.projection, parked),
    startedAt: prepared.startedAt,
    resumed: prepared.resumed,
  };
};
