// SubjectErased in the read models (issue 14 item 2): the rows projected before an erasure
// hold the person's data in clear, so each projection that keeps personal data overwrites
// those columns with ERASED, in the same transaction as its checkpoint. A rebuild needs none
// of this (the protected store gives ERASED for an erased subject's fields), and it writes
// the same 'erased' these handlers do.

import { ERASED } from '@acres/contracts/personal-data';
import type { RecordedEvent } from '@acres/eventstore/port';
import type { PoolClient } from '@acres/platform/db';
import { parseEventData, quoteIdentifier, type Projection, type ProjectionLog } from '../projection.ts';

/** The erasure's own event and the log before it, where the handler was given the log. */
export type ErasureContext = { log: ProjectionLog; erasedAt: bigint };

type EraseRows = (client: PoolClient, subjects: readonly string[], context?: ErasureContext) => Promise<void>;

/** The ids of the erased subjects of one kind: `lead:<id>` → `<id>`. */
export const idsOfKind = (subjects: readonly string[], kind: string) =>
  subjects.filter((subject) => subject.startsWith(`${kind}:`)).map((subject) => subject.slice(kind.length + 1));

/** UPDATE table SET each column = 'erased' WHERE key is one of the ids: the same answer however often it runs. */
export const eraseColumns = async (
  client: PoolClient,
  options: { table: string; key: string; ids: readonly string[]; columns: readonly string[] },
) => {
  if (options.ids.length === 0) return;
  const set = options.columns.map((column) => `${quoteIdentifier(column)} = $2::text`).join(', ');
  await client.query(
    `UPDATE ${quoteIdentifier(options.table)} SET ${set} WHERE ${quoteIdentifier(options.key)}::text = ANY($1::text[])`,
    [options.ids, ERASED],
  );
};

const subjectsOf = (event: RecordedEvent) => parseEventData('SubjectErased', event).subjects;

/**
 * The projection, also following SubjectErased with erase. Within a batch the other events
 * go first: an erased subject has no events after its erasure (its key is gone, so nothing
 * more can be sealed for it), and the rows of those before it must exist to be overwritten.
 */
export const withErasure = (projection: Projection, erase: EraseRows): Projection => {
  const applyRest = async (client: PoolClient, events: readonly RecordedEvent[], log: ProjectionLog | undefined) => {
    if (events.length === 0) return;
    if (projection.applyBatch) await projection.applyBatch(client, events, log);
    else for (const event of events) await projection.apply(client, event, log);
  };
  const applyBatch = async (client: PoolClient, events: readonly RecordedEvent[], log?: ProjectionLog) => {
    const passThrough = projection.handles.includes('SubjectErased');
    await applyRest(
      client,
      events.filter((event) => passThrough || event.type !== 'SubjectErased'),
      log,
    );
    for (const event of events) {
      if (event.type === 'SubjectErased') await erase(client, subjectsOf(event), log && { log, erasedAt: event.globalPosition });
    }
  };
  return {
    ...projection,
    handles: projection.handles.includes('SubjectErased') ? projection.handles : [...projection.handles, 'SubjectErased'],
    apply: (client, event, log) => applyBatch(client, [event], log),
    applyBatch,
  };
};
