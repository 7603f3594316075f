import type { RecordedEvent } from '@acres/eventstore/port';
import type { PoolClient } from '@acres/platform/db';
import type { ReadModel } from '../read-model.ts';
import { createBulkInsert, type ColumnTypes } from './bulk-insert.ts';
import { defineProjection, resolveTarget, type ProjectionTarget } from './define-projection.ts';
import { mapEvents, type Projection } from './projection.ts';

type Row<C extends ColumnTypes> = { [K in keyof C]: string | number | boolean | null };
type Erase = (client: PoolClient, subjects: readonly string[]) => Promise<void>;

const isList = <R>(rows: R | readonly R[]): rows is readonly R[] => Array.isArray(rows);
const listOf = <R>(rows: R | readonly R[] | null): readonly R[] => (rows === null ? [] : isList(rows) ? rows : [rows]);

/**
 * A read model whose events only ever add rows (a log, a timeline): each event becomes a row,
 * several or none, and a whole batch is one insert that the key makes a no-op on a replay.
 */
export const defineInsertOnlyProjection = <C extends ColumnTypes>(options: {
  model: ReadModel;
  target: ProjectionTarget;
  handles: readonly string[];
  columns: C;
  key: (keyof C & string) | readonly (keyof C & string)[];
  toRows: (event: RecordedEvent) => Row<C> | readonly Row<C>[] | null;
  /** How an erasure rewrites the rows, given the table the projection writes. */
  erase?: (table: string) => Erase;
}): Projection => {
  const { name, tables } = resolveTarget(options.target, options.model);
  const [table] = tables;
  const insertRows = createBulkInsert({ table, columns: options.columns, key: options.key });
  return defineProjection({
    name,
    handles: options.handles,
    tables,
    applyBatch: async (client, events) => {
      await insertRows(client, mapEvents(events, options.toRows).flatMap(listOf));
    },
    ...(options.erase ? { erase: options.erase(table) } : {}),
  });
};
