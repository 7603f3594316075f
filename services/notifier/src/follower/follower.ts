// Follows the event log from the notifier's own checkpoint (never a projection's, so a
// projection rebuild or replay never resends): one transaction per event moves the
// checkpoint together with the messages and jobs it planned.

import { withTransaction, type Pool } from '@acres/platform/db';
import { pause } from '../pause.ts';
import { advanceCheckpoint, lockCheckpoint, readCheckpoint, saveCheckpoint } from '../store/checkpoint.ts';
import { planEvent, type PlanDeps } from './plan-event.ts';
import { eraseNotifierData, erasureOf } from '../erasure/erase-notifier-data.ts';

export type FollowerDeps = PlanDeps & {
  pool: Pool;
  /** The local outbox folder, whose files of an erased person go with their rows. */
  outboxDir?: string;
  /** Called after a commit that queued deliveries, to wake the workers at once. */
  onQueued: () => void;
};

export type Follower = { stop(): Promise<void> };

/**
 * The notifier's own outcome events (one per delivery attempt, as many as the messages):
 * they plan nothing and name no contact, so they only move the checkpoint, in one statement.
 */
const OWN_OUTCOMES: ReadonlySet<string> = new Set(['NotificationSent', 'NotificationFailed']);

export const startFollower = (deps: FollowerDeps): Follower => {
  const controller = new AbortController();
  const { signal } = controller;
  const run = async () => {
    let consecutiveErrors = 0;
    while (!signal.aborted) {
      try {
        const from = await readCheckpoint(deps.pool);
        for await (const event of deps.eventStore.subscribeToAll({ fromPosition: from, signal, batchSize: 200 })) {
          if (signal.aborted) break;
          if (OWN_OUTCOMES.has(event.type)) {
            await advanceCheckpoint(deps.pool, event.globalPosition);
            consecutiveErrors = 0;
            continue;
          }
          const queued = await withTransaction(deps.pool, async (client) => {
            // A second notifier process waits on this row lock, then finds the event done.
            if (event.globalPosition <= (await lockCheckpoint(client))) return 0;
            if (event.type === 'SubjectErased') await eraseNotifierData(client, erasureOf(event, deps.outboxDir));
            const count = await planEvent(deps, client, event);
            await saveCheckpoint(client, event.globalPosition);
            return count;
          });
          consecutiveErrors = 0;
          if (queued > 0) deps.onQueued();
        }
      } catch (error) {
        if (signal.aborted) break;
        consecutiveErrors += 1;
        const delayMs = Math.min(500 * 2 ** (consecutiveErrors - 1), 30_000);
        deps.logger.warn({ err: error, delayMs }, 'notifier interrupted; starting over from its checkpoint');
        await pause(delayMs, signal);
      }
    }
  };
  const done = run();
  return {
    stop: async () => {
      controller.abort();
      await done;
    },
  };
};
