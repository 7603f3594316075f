// The swap: one transaction that takes each live projection's lock (its runner hands it
// over and stands by), locks the live and versioned tables, applies the tail of the log
// that arrived since the replay caught up, puts the versioned tables in place of the live
// ones and moves the live checkpoints to where the rebuild got. A failure anywhere rolls
// all of it back: the live tables are untouched and the rebuild can be run again.

import type { EventStore, RecordedEvent } from '@acres/eventstore/port';
import type { Pool, PoolClient } from '@acres/platform/db';
import { CHECKPOINT_CHANNEL, readCheckpoints } from '@acres/read-models/checkpoints';
import { lockProjectionForCommand } from '../runner/command-lock.ts';
import type { Projection } from '@acres/read-models/projection';
import { markRebuild } from './records.ts';
import type { ReplayLane } from './replay.ts';
import { findDriftedTables, lockTables, swapTables } from './tables.ts';

export type SwapResult = {
  name: string;
  generation: number;
  position: bigint;
  tailEvents: number;
  eventsApplied: number;
  livePositionBefore: bigint;
};

/** Readers or writers kept the tables busy past the timeout; nothing was changed and the swap may be tried again. */
export class TableLockTimeoutError extends Error {
  override readonly name = 'TableLockTimeoutError';
}

/** The tail could not be applied (a poison event arrived after the replay caught up); the replay finds and reports it. */
export class TailApplyError extends Error {
  override readonly name = 'TailApplyError';
}

const applyDirect = async (projection: Projection, client: PoolClient, events: readonly RecordedEvent[]) => {
  if (events.length === 0) return;
  if (projection.applyBatch) return projection.applyBatch(client, events);
  for (const event of events) await projection.apply(client, event);
};

type TailState = { lane: ReplayLane; position: bigint; applied: number; handles: ReadonlySet<string> };

const applyTail = async (options: { client: PoolClient; eventStore: EventStore; states: TailState[]; batchSize: number }) => {
  let from = options.states.reduce((min, state) => (state.position < min ? state.position : min), options.states[0]!.position);
  for (;;) {
    const page = await options.eventStore.readAll({ fromPosition: from, maxCount: options.batchSize });
    if (page.length === 0) return;
    for (const state of options.states) {
      const events = page.filter((event) => event.globalPosition > state.position);
      if (events.length === 0) continue;
      const handled = events.filter((event) => state.handles.has(event.type));
      try {
        await applyDirect(state.lane.target.projection, options.client, handled);
      } catch (error) {
        throw new TailApplyError(`${state.lane.target.projection.name}: the tail of the log failed to apply: ${String(error)}`, {
          cause: error,
        });
      }
      state.applied += handled.length;
      state.position = events.at(-1)!.globalPosition;
    }
    from = page.at(-1)!.globalPosition;
    if (page.length < options.batchSize) return;
  }
};

const moveLiveCheckpoint = async (client: PoolClient, options: { name: string; position: bigint; eventsApplied: number }) => {
  await client.query(
    `WITH moved AS (
       INSERT INTO projection_checkpoints AS c (name, position, status, events_applied, updated_at)
       VALUES ($1, $2::bigint, 'running', $3::bigint, now())
       ON CONFLICT (name) DO UPDATE SET position = excluded.position, status = 'running', last_error = NULL,
         failed_position = NULL, failed_event_id = NULL, failed_event_type = NULL, failed_at = NULL,
         events_applied = excluded.events_applied, updated_at = now()
       RETURNING name, position)
     SELECT pg_notify('${CHECKPOINT_CHANNEL}', json_build_object('name', name, 'position', position::text)::text) FROM moved`,
    [options.name, options.position.toString(), options.eventsApplied],
  );
};

export const swapInRebuilds = async (options: {
  pool: Pool;
  eventStore: EventStore;
  lanes: readonly ReplayLane[];
  batchSize: number;
  /** How long to wait for each live runner to hand its projection over. */
  lockTimeoutMs: number;
  /** How long to wait for readers of the tables; the swap holds every reader up while it waits. */
  tableLockTimeoutMs: number;
}): Promise<SwapResult[]> => {
  // One order for every swap, so two swaps of overlapping sets cannot deadlock.
  const lanes = [...options.lanes].sort((a, b) => a.target.recipe.live.name.localeCompare(b.target.recipe.live.name));
  const pairs = lanes.flatMap((lane) => lane.target.record.tables);
  const client = await options.pool.connect();
  let broken = false;
  try {
    await client.query('BEGIN');
    for (const lane of lanes)
      await lockProjectionForCommand(client, lane.target.recipe.live.name, { timeoutMs: options.lockTimeoutMs });
    await client.query(`SELECT set_config('lock_timeout', $1, true)`, [`${options.tableLockTimeoutMs}ms`]);
    try {
      await lockTables(
        client,
        pairs.flatMap((pair) => [pair.live, pair.building]),
      );
    } catch (error) {
      if ((error as { code?: unknown }).code === '55P03') {
        throw new TableLockTimeoutError(
          `the tables stayed busy for ${options.tableLockTimeoutMs} ms (long reads such as a CSV export?)`,
        );
      }
      throw error;
    }
    await client.query(`SELECT set_config('lock_timeout', '0', true)`);
    const drifted = await findDriftedTables(client, pairs);
    if (drifted.length > 0) {
      throw new Error(
        `${drifted.map((pair) => pair.live).join(', ')} changed while the rebuild ran (a migration?); run the rebuild again with --restart`,
      );
    }

    const names = lanes.flatMap((lane) => [lane.target.record.checkpointName, lane.target.recipe.live.name]);
    const checkpoints = new Map((await readCheckpoints(client, names)).map((row) => [row.name, row]));
    const states: TailState[] = lanes.map((lane) => {
      const own = checkpoints.get(lane.target.record.checkpointName);
      if (!own || own.status !== 'running')
        throw new Error(`the checkpoint ${lane.target.record.checkpointName} is missing or failed`);
      return { lane, position: own.position, applied: own.eventsApplied, handles: new Set(lane.target.projection.handles) };
    });
    await applyTail({ client, eventStore: options.eventStore, states, batchSize: options.batchSize });

    const results: SwapResult[] = [];
    for (const state of states) {
      const { record, recipe } = state.lane.target;
      const liveBefore = checkpoints.get(recipe.live.name)?.position ?? 0n;
      // Cannot happen (both read the same log below the same moving horizon); refusing beats re-applying.
      if (state.position < liveBefore)
        throw new Error(`${recipe.live.name}: the rebuild (${state.position}) is behind the live projection (${liveBefore})`);
      results.push({
        name: recipe.live.name,
        generation: record.generation,
        position: state.position,
        tailEvents: state.applied - (checkpoints.get(record.checkpointName)?.eventsApplied ?? 0),
        eventsApplied: state.applied,
        livePositionBefore: liveBefore,
      });
    }
    await swapTables(client, pairs);
    for (const [index, state] of states.entries()) {
      const { record, recipe } = state.lane.target;
      await moveLiveCheckpoint(client, { name: recipe.live.name, position: state.position, eventsApplied: state.applied });
      await client.query('DELETE FROM projection_checkpoints WHERE name = $1', [record.checkpointName]);
      await markRebuild(client, record, { status: 'swapped', position: results[index]!.position });
    }
    await client.query('COMMIT');
    return results;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {
      broken = true;
    });
    throw error;
  } finally {
    client.release(broken || undefined);
  }
};
