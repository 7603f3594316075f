// The sweeper: the team's alerts that the clock causes, not an event. Each tick, in one
// transaction under a lock only one notifier process gets at a time, it plans today's alert
// for every item waiting past 24 hours and one per projection stop, inserts the ones not
// planned before (notifications, by idempotency key) and queues exactly those, as the
// follower does for an event. Two notifiers, a crash mid-tick or a replay of the log
// therefore never send an alert twice; an item once decided is never alerted again.

import type { NotificationChannel, NotificationTransport } from '@acres/contracts/events';
import { withTransaction, type Pool, type PoolClient } from '@acres/platform/db';
import type { Logger } from '@acres/platform/logger';
import { isRebuildCheckpoint, readCheckpoints } from '@acres/read-models/checkpoints';
import type PgBoss from 'pg-boss';
import { planOverdueAlert, planProjectionStoppedAlert, WAITING_DAY_MS } from '../messages/alerts.ts';
import type { MessageIntent } from '../messages/intent.ts';
import { pause } from '../pause.ts';
import type { PlanSettings } from '../messages/plan.ts';
import { queueDeliveries, type RetryPolicy } from '../queue.ts';
import { findPlanned, insertPlanned } from '../store/notifications.ts';
import { findWaitingSince } from '../store/waiting.ts';
import { loadActiveStaff } from '../store/contacts.ts';
import { leadAlertId, planOverdueLeadAlerts } from '../messages/lead-alerts.ts';
import type { WaitingItem } from '../messages/waiting.ts';

export type SweepDeps = {
  pool: Pool;
  boss: PgBoss;
  logger: Logger;
  settings: PlanSettings;
  retry: RetryPolicy;
  transportOf: (channel: NotificationChannel, recipient: string) => NotificationTransport;
};

/** An alert and the event its notifications row names as the cause. */
type PlannedAlert = { intent: MessageIntent; position: bigint; eventType: string };

const tryLockSweep = async (client: PoolClient): Promise<boolean> => {
  const { rows } = await client.query<{ locked: boolean }>(
    `SELECT pg_try_advisory_xact_lock(hashtext('acres.notifier'), hashtext('sweep')) AS locked`,
  );
  return rows[0]?.locked === true;
};

const overdueAlerts = async (client: PoolClient, deps: SweepDeps, now: Date): Promise<PlannedAlert[]> => {
  const waiting = await findWaitingSince(client, new Date(now.getTime() - WAITING_DAY_MS));
  const leads = waiting.flatMap((item) => (item.kind === 'lead' ? [item] : []));
  // A lead is alerted once: a member who joins later is not sent the alerts of leads already alerted.
  const alerted = await findPlanned(client, leads.map(leadAlertId));
  const staff = leads.length > 0 ? await loadActiveStaff(client) : [];
  const cause = (item: WaitingItem) => ({ position: item.eventPosition, eventType: item.eventType });
  return waiting.flatMap((item) => {
    if (item.kind !== 'lead') {
      const intent = planOverdueAlert({ item, now, settings: deps.settings });
      return intent ? [{ intent, ...cause(item) }] : [];
    }
    if (alerted.has(leadAlertId(item))) return [];
    return planOverdueLeadAlerts({ item, now, settings: deps.settings, staff }).map((intent) => ({ intent, ...cause(item) }));
  });
};

/** Live projections only: a rebuild that stops is reported to whoever runs it (CLI or Operations tab). */
const stoppedAlerts = async (client: PoolClient, deps: SweepDeps): Promise<PlannedAlert[]> =>
  (await readCheckpoints(client)).flatMap((checkpoint) => {
    if (checkpoint.status !== 'failed' || checkpoint.failedPosition === null || isRebuildCheckpoint(checkpoint.name)) return [];
    const projection = { ...checkpoint, failedPosition: checkpoint.failedPosition };
    return [
      {
        intent: planProjectionStoppedAlert({ projection, settings: deps.settings }),
        position: checkpoint.failedPosition,
        eventType: checkpoint.failedEventType ?? 'unknown',
      },
    ];
  });

/** One tick at `now`; answers how many alerts it queued (0 when another process is sweeping). */
export const sweepOnce = async (deps: SweepDeps, now: Date): Promise<number> =>
  withTransaction(deps.pool, async (client) => {
    if (!(await tryLockSweep(client))) return 0;
    const alerts = [...(await overdueAlerts(client, deps, now)), ...(await stoppedAlerts(client, deps))];
    const inserted: string[] = [];
    for (const alert of alerts) {
      const intent = {
        ...alert.intent,
        transport: deps.transportOf(alert.intent.channel, alert.intent.recipient),
        // Admin alerts are service messages: never suppressed by an opt-out.
        suppressedReason: null,
      };
      inserted.push(
        ...(await insertPlanned(client, { intents: [intent], position: alert.position, eventType: alert.eventType })),
      );
    }
    await queueDeliveries(deps.boss, client, { ids: inserted, generation: 'first', retry: deps.retry });
    if (inserted.length > 0) deps.logger.info({ alerts: inserted }, 'admin alerts planned');
    return inserted.length;
  });

export type Sweeper = { stop(): Promise<void> };

/**
 * Sweeps every `everyMs` until stopped, from when `followed` first answers true (the follower
 * has caught up with the log); a failed tick is logged and the next one tries again.
 */
export const startSweeper = (
  deps: SweepDeps & { everyMs: number; now: () => Date; onQueued: () => void; followed: () => Promise<boolean> },
): Sweeper => {
  const controller = new AbortController();
  const { signal } = controller;
  const run = async () => {
    let ready = false;
    while (!signal.aborted) {
      try {
        ready ||= await deps.followed();
        if (ready && (await sweepOnce(deps, deps.now())) > 0) deps.onQueued();
      } catch (error) {
        if (signal.aborted) break;
        deps.logger.warn({ err: error }, 'alert sweep failed; trying again at the next tick');
      }
      // Until the follower has caught up, look again soon rather than a whole interval later.
      await pause(ready ? deps.everyMs : Math.min(deps.everyMs, 1000), signal);
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
