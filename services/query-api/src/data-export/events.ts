// The subject's events straight from the log, opened with their keys: every event sealed
// under one of their subject ids, and the clear events that name them (their payments'
// decisions, their sales' verifications, the payouts that paid them, their erasure).

import { SEALED_KEY } from '@acres/eventstore/protect';
import type { EventFilter } from '@acres/eventstore/port';
import { readEventsUpTo, type EventLog } from '../shared/as-of/event-log.ts';
import { subjectIdsOf, type SubjectSet } from './subjects.ts';

export type ExportedEvent = { position: string; streamId: string; type: string; data: unknown };

/** Sealed under one of their subject ids, or naming one of their own ids where events name people. */
const aboutThem = (subjectIds: readonly string[], ids: readonly string[]): EventFilter => ({
  data: [
    { path: [SEALED_KEY, 's'], values: subjectIds },
    ...['userId', 'affiliateId', 'affiliateUserId', 'applicationId', 'leadId'].map((key) => ({ path: [key], values: ids })),
    { path: ['requested', 'id'], values: ids },
    { path: ['items', '*', 'affiliateUserId'], values: ids },
  ],
});

export const readSubjectEvents = async (
  log: EventLog,
  options: { set: SubjectSet; position: bigint },
): Promise<ExportedEvent[]> => {
  const { set } = options;
  const ids = [...set.userIds, ...set.affiliateIds, ...set.applicationIds, ...set.leadIds];
  const events = await readEventsUpTo(log, { filter: aboutThem(subjectIdsOf(set), ids), position: options.position });
  const mine = new Set(ids);
  return events.map((event) => ({
    position: event.globalPosition.toString(),
    streamId: event.streamId,
    type: event.type,
    data: keepOwnItems(event.data, mine),
  }));
};

type Item = { affiliateUserId?: unknown };

/**
 * A payout batch pays many affiliates: the export keeps only the subject's own lines of it,
 * and not the batch total, which would tell what the others were paid.
 */
const keepOwnItems = (data: unknown, mine: ReadonlySet<string>): unknown => {
  if (typeof data !== 'object' || data === null || !Array.isArray((data as { items?: unknown }).items)) return data;
  const { items, total: _othersIncluded, ...rest } = data as { items: Item[]; total?: unknown };
  return { ...rest, items: items.filter((item) => typeof item.affiliateUserId === 'string' && mine.has(item.affiliateUserId)) };
};
