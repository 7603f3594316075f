// The sweeper's alerts, planned from the clock and the notifier's tables rather than from
// one event. Pure: the same item, day and settings give the same message under the same
// idempotency key, so two sweepers, a crash or a replay never send one twice.

import { PURPOSE_OF_KIND, type MessageIntent } from './intent.ts';
import { ADMIN_OUTBOX_RECIPIENT, type PlanSettings } from './plan.ts';
import { adminOverdue, adminProjectionStopped, type StoppedProjection } from './templates/alerts.ts';
import type { Draft } from './templates/build.ts';
import { adminOverdueLead } from './templates/lead-overdue.ts';
import type { WaitingItem, WaitingKind } from './waiting.ts';

/** The reply the product promises: an item is overdue after this long, and alerted once per such day. */
export const WAITING_DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days the item has waited at `now` (0 within its first 24 hours). */
export const dayOfWaiting = (submittedAt: string, now: Date) =>
  Math.floor((now.getTime() - Date.parse(submittedAt)) / WAITING_DAY_MS);

export const overdueAlertId = (options: { kind: WaitingKind; itemId: string; day: number }) =>
  `overdue:${options.kind}:${options.itemId}:${options.day}`;

export const projectionStoppedAlertId = (options: { name: string; failedPosition: bigint }) =>
  `projection-stopped:${options.name}:${options.failedPosition.toString()}`;

/** An alert is a service message (never refused by an opt-out), so it has no unsubscribe link. */
const toIntent = ({ email: _email, ...message }: Draft, id: string): MessageIntent => ({
  ...message,
  purpose: PURPOSE_OF_KIND[message.kind],
  unsubscribeUrl: null,
  id,
});

/**
 * Today's alert for an item still waiting, or null before its first 24 hours are up. A lead is
 * alerted once, on its first day, to its owner's address when the notifier knows it (`ownerEmail`)
 * and to the team's otherwise; a payment or application once a day, to the team.
 */
export const planOverdueAlert = (options: {
  item: WaitingItem;
  now: Date;
  settings: PlanSettings;
  ownerEmail?: string | null | undefined;
}): MessageIntent | null => {
  const { item, settings } = options;
  const day = dayOfWaiting(item.submittedAt, options.now);
  if (day < 1) return null;
  if (item.kind === 'lead') {
    const to = options.ownerEmail ?? settings.adminEmail ?? ADMIN_OUTBOX_RECIPIENT;
    const draft = adminOverdueLead({ item, to, publicUrl: settings.publicUrl });
    return toIntent(draft, overdueAlertId({ kind: item.kind, itemId: item.itemId, day: 1 }));
  }
  const draft = adminOverdue({
    item,
    day,
    adminEmail: settings.adminEmail ?? ADMIN_OUTBOX_RECIPIENT,
    publicUrl: settings.publicUrl,
  });
  return toIntent(draft, overdueAlertId({ kind: item.kind, itemId: item.itemId, day }));
};

/** One alert per stop: a later stop of the same projection at another event is alerted again. */
export const planProjectionStoppedAlert = (options: { projection: StoppedProjection; settings: PlanSettings }): MessageIntent => {
  const { projection, settings } = options;
  const draft = adminProjectionStopped({
    projection,
    adminEmail: settings.adminEmail ?? ADMIN_OUTBOX_RECIPIENT,
    publicUrl: settings.publicUrl,
  });
  return toIntent(draft, projectionStoppedAlertId(projection));
};
