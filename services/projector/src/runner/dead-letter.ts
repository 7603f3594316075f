// `skip <name> --position N --reason …`: the operator's explicit word to give up on the
// poison event a failed projection stopped on. In one transaction, holding the
// projection's lock: the event is copied whole into projection_dead_letters with the
// error and the reason, and the checkpoint moves past it and back to running, so the
// runner goes on from there. Anything but a failed projection stopped at exactly that
// position is refused; nothing is ever skipped silently.

import type { EventStore, RecordedEvent } from '@acres/eventstore/port';
import { withTransaction, type Pool, type PoolClient } from '@acres/platform/db';
import {
  CHECKPOINT_CHANNEL,
  isRebuildCheckpoint,
  liveProjectionName,
  readCheckpoints,
  type CheckpointRow,
} from '@acres/read-models/checkpoints';
import { lockProjectionForCommand } from './command-lock.ts';

/** The command was refused; nothing was changed. */
export class SkipRefusedError extends Error {
  override readonly name = 'SkipRefusedError';
}

export type ParkedEvent = {
  projection: string;
  checkpointName: string;
  position: bigint;
  eventId: string;
  eventType: string;
  reason: string;
};

/** The event at exactly `position`, reading the log forward from `after`. */
const findEventAt = async (eventStore: EventStore, after: bigint, position: bigint): Promise<RecordedEvent | null> => {
  let from = after;
  for (;;) {
    const page = await eventStore.readAll({ fromPosition: from, maxCount: 1000 });
    for (const event of page) {
      if (event.globalPosition === position) return event;
      if (event.globalPosition > position) return null;
    }
    if (page.length === 0) return null;
    from = page.at(-1)!.globalPosition;
  }
};

const lockFor = async (client: PoolClient, name: string, timeoutMs: number) => {
  if (!isRebuildCheckpoint(name)) return lockProjectionForCommand(client, name, { timeoutMs });
  // A rebuild's checkpoint is moved only by its rebuild process: refuse while one runs.
  const { rows } = await client.query<{ locked: boolean }>(
    `SELECT pg_try_advisory_xact_lock(hashtext('acres.rebuild'), hashtext($1)) AS locked`,
    [liveProjectionName(name)],
  );
  if (!rows[0]?.locked)
    throw new SkipRefusedError(`a rebuild of '${liveProjectionName(name)}' is running; stop it (Ctrl-C) before skipping`);
};

function checkSkippable(
  name: string,
  position: bigint,
  checkpoint: CheckpointRow | undefined,
): asserts checkpoint is CheckpointRow {
  if (!checkpoint) throw new SkipRefusedError(`no projection named '${name}' has a checkpoint (see status)`);
  if (checkpoint.status !== 'failed') {
    throw new SkipRefusedError(
      `'${name}' is not failed (it is running at position ${checkpoint.position}): skip only parks the event a failed projection stopped on`,
    );
  }
  if (checkpoint.failedPosition !== position) {
    throw new SkipRefusedError(
      `'${name}' stopped at position ${checkpoint.failedPosition} (${checkpoint.failedEventType} ${checkpoint.failedEventId ?? ''}), ` +
        `not at ${position}; nothing was changed`,
    );
  }
}

export const skipPoisonEvent = async (options: {
  pool: Pool;
  eventStore: EventStore;
  name: string;
  position: bigint;
  reason: string;
  lockTimeoutMs?: number;
}): Promise<ParkedEvent> => {
  const { name, position } = options;
  const reason = options.reason.trim();
  if (!reason) throw new SkipRefusedError('--reason is required: say why the event is parked (it is kept with the event)');
  // Refused before the lock, so a running projection is not made to hand itself over for nothing.
  checkSkippable(name, position, (await readCheckpoints(options.pool, [name]))[0]);
  return withTransaction(options.pool, async (client) => {
    await lockFor(client, name, options.lockTimeoutMs ?? 30_000);
    await client.query('SELECT 1 FROM projection_checkpoints WHERE name = $1 FOR UPDATE', [name]);
    const [checkpoint] = await readCheckpoints(client, [name]);
    checkSkippable(name, position, checkpoint);
    const event = await findEventAt(options.eventStore, checkpoint.position, position);
    if (!event) throw new SkipRefusedError(`no event at position ${position} in the log; nothing was changed`);
    if (checkpoint.failedEventId && checkpoint.failedEventId.toLowerCase() !== event.id.toLowerCase()) {
      throw new SkipRefusedError(
        `the event at position ${position} is ${event.id}, not the failed event ${checkpoint.failedEventId}; nothing was changed`,
      );
    }
    const projection = liveProjectionName(name);
    // A skip during a rebuild and of the live projection may park the same event twice: the first record stays.
    await client.query(
      `INSERT INTO projection_dead_letters (projection, position, event_id, event_type, stream_id, data, metadata, error, reason)
       VALUES ($1, $2::bigint, $3, $4, $5, $6::jsonb, $7::jsonb, $8, $9)
       ON CONFLICT (projection, position) DO NOTHING`,
      [
        projection,
        position.toString(),
        event.id,
        event.type,
        event.streamId,
        JSON.stringify(event.data ?? null),
        JSON.stringify(event.metadata ?? null),
        checkpoint.lastError ?? 'unknown error',
        reason,
      ],
    );
    await client.query(
      `WITH moved AS (
         UPDATE projection_checkpoints
            SET position = $2::bigint, status = 'running', last_error = NULL, failed_position = NULL, failed_event_id = NULL,
                failed_event_type = NULL, failed_at = NULL, updated_at = now()
          WHERE name = $1 AND status = 'failed'
          RETURNING name, position)
       SELECT pg_notify('${CHECKPOINT_CHANNEL}', json_build_object('name', name, 'position', position::text)::text) FROM moved`,
      [name, position.toString()],
    );
    return { projection, checkpointName: name, position, eventId: event.id, eventType: event.type, reason };
  });
};
