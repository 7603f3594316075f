import type { RecordedEvent } from '@acres/eventstore/port';
import type { PoolClient } from '@acres/platform/db';
import type { Projection } from './projection.ts';
import { withErasure } from './with-erasure.ts';

type ApplyBatch = (client: PoolClient, events: readonly RecordedEvent[]) => Promise<void>;

/**
 * A projection that applies whole batches (one event is a batch of one), following
 * SubjectErased with `erase` when it keeps personal data.
 */
export const defineProjection = (options: {
  name: string;
  handles: readonly string[];
  tables: readonly string[];
  applyBatch: ApplyBatch;
  erase?: (client: PoolClient, subjects: readonly string[]) => Promise<void>;
}): Projection => {
  const { erase, applyBatch, ...rest } = options;
  const projection: Projection = { ...rest, apply: (client, event) => applyBatch(client, [event]), applyBatch };
  return erase ? withErasure(projection, erase) : projection;
};

/** One array per field of the rows, in the order named: the parameters of an unnest over them. */
export const toColumnArrays = <R, K extends keyof R>(rows: readonly R[], fields: readonly K[]): R[K][][] =>
  fields.map((field) => rows.map((row) => row[field]));
