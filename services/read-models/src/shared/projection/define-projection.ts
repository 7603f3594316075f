import type { RecordedEvent } from '@acres/eventstore/port';
import type { PoolClient } from '@acres/platform/db';
import type { ReadModel } from '../read-model.ts';
import type { Projection, ProjectionLog } from './projection.ts';
import { withErasure, type ErasureContext } from './with-erasure.ts';

type ApplyBatch = (client: PoolClient, events: readonly RecordedEvent[], log?: ProjectionLog) => Promise<void>;

/**
 * A projection that applies whole batches (one event is a batch of one), following
 * SubjectErased with `erase` when it keeps personal data.
 */
export const defineProjection = (options: {
  name: string;
  handles: readonly string[];
  tables: readonly string[];
  applyBatch: ApplyBatch;
  erase?: (client: PoolClient, subjects: readonly string[], context?: ErasureContext) => Promise<void>;
}): Projection => {
  const { erase, applyBatch, ...rest } = options;
  const projection: Projection = { ...rest, apply: (client, event, log) => applyBatch(client, [event], log), applyBatch };
  return erase ? withErasure(projection, erase) : projection;
};

/** One array per field of the rows, in the order named: the parameters of an unnest over them. */
export const toColumnArrays = <R, K extends keyof R>(rows: readonly R[], fields: readonly K[]): R[K][][] =>
  fields.map((field) => rows.map((row) => row[field]));

/** Where a projection runs: its checkpoint name and its tables (in the order of the live ones); a rebuild names a copy. */
export type ProjectionTarget = { name?: string | undefined; tables?: readonly string[] | undefined };

/** The target's checkpoint name and tables, the read model's live ones where it names none. */
export const resolveTarget = <const E extends readonly string[]>(target: ProjectionTarget, model: ReadModel, ...others: E) => {
  const tables = [model.table, ...others].map((table, index) => target.tables?.[index] ?? table);
  return { name: target.name ?? model.name, tables: tables as [string, ...{ [K in keyof E]: string }] };
};
