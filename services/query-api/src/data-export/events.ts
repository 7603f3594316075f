// The subject's events straight from the log, opened with their keys: every event sealed
// under one of their subject ids, and the clear events that name them (their payments'
// decisions, their sales' verifications, the payouts that paid them, their erasure).

import { SEALED_KEY } from '@acres/eventstore/protect';
import type { Queryable } from '@acres/platform';
import { readEventsUpTo, type OpenEvents } from '../shared/as-of/event-log.ts';
import { subjectIdsOf, type SubjectSet } from './subjects.ts';

export type ExportedEvent = { position: string; streamId: string; type: string; data: unknown };

// $3: the subject ids sealed events are stored under; $4: the subjects' own ids.
const ABOUT_THEM = `data->'${SEALED_KEY}'->>'s' = ANY($3::text[])
  OR data->>'userId' = ANY($4::text[])
  OR data->>'affiliateId' = ANY($4::text[])
  OR data->>'affiliateUserId' = ANY($4::text[])
  OR data->>'applicationId' = ANY($4::text[])
  OR data->>'leadId' = ANY($4::text[])
  OR data->'requested'->>'id' = ANY($4::text[])
  OR (jsonb_typeof(data->'items') = 'array'
      AND EXISTS (SELECT 1 FROM jsonb_array_elements(data->'items') item WHERE item->>'affiliateUserId' = ANY($4::text[])))`;

export const readSubjectEvents = async (
  db: Queryable,
  options: { set: SubjectSet; position: bigint; open: OpenEvents },
): Promise<ExportedEvent[]> => {
  const { set } = options;
  const ids = [...set.userIds, ...set.affiliateIds, ...set.applicationIds, ...set.leadIds];
  const events = await readEventsUpTo(db, {
    where: ABOUT_THEM,
    params: [subjectIdsOf(set), ids],
    position: options.position,
    open: options.open,
  });
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
