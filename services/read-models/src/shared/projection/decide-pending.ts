// The decisions of a batch (an application approved, a payment or a sale verified or
// rejected), written in one statement. Each updates its row while the row is still pending:
// the first decision of an id wins, within a batch and across batches, so a replay is a no-op.
// A decision whose row does not exist is one the log's order rules out (a row is written, and
// read back by the command, before it is decided): a broken log, which stops the projection
// loudly rather than dropping the decision.

import type { PoolClient } from '@acres/platform/db';
import { toColumnArrays } from './define-projection.ts';
import { firstDecisionPerId, quoteIdentifier } from './projection.ts';

const toSnakeCase = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

export const createDecidePending = <D extends { id: string }>(options: {
  table: string;
  /** The decision's fields after its id, each with its SQL type, in the order they are sent. */
  fields: Partial<Record<Exclude<keyof D & string, 'id'>, string>>;
  /** The SET clause: the row is `r`, the decision `d`, its fields in snake case (decidedAt: d.decided_at). */
  set: string;
  /** The row a decision names, as the error says it: 'a payment that was never submitted'. */
  unknownRow: string;
}) => {
  const table = quoteIdentifier(options.table);
  const sent = Object.entries(options.fields) as [keyof D & string, string][];
  const types = sent.map(([, type], index) => `$${index + 2}::${type}[]`).join(', ');
  const names = sent.map(([field]) => toSnakeCase(field)).join(', ');
  const sql = `
    WITH d AS (
      SELECT * FROM unnest($1::uuid[], ${types}) AS d(id, ${names})
    ), updated AS (
      UPDATE ${table} AS r SET ${options.set} FROM d WHERE r.id = d.id AND r.status = 'pending' RETURNING r.id
    )
    SELECT d.id::text AS id FROM d WHERE NOT EXISTS (SELECT 1 FROM ${table} AS r WHERE r.id = d.id)`;
  const fields: (keyof D)[] = ['id', ...sent.map(([field]) => field)];
  return async (client: PoolClient, decisions: Iterable<D>) => {
    const list = firstDecisionPerId(decisions);
    if (list.length === 0) return;
    const { rows } = await client.query<{ id: string }>(sql, toColumnArrays(list, fields));
    if (rows.length > 0) throw new Error(`a decision names ${options.unknownRow}: ${rows.map((row) => row.id).join(', ')}`);
  };
};
