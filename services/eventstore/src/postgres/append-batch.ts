import { withTransaction, type Pool } from '@acres/platform/db';

// Group commit (infra/migrations/1700000000031_append-batch.sql): appends that arrive while
// earlier ones are in flight wait in a queue and go together, as one call and one transaction.
// An append arriving at an idle store goes at once, so a lone command waits for nobody.

/** One append as the batch function takes it; `json` is its member object, serialised once. */
export type BatchMember = { eventCount: number; json: string };

export type MemberOutcome = { outcome: 'ok' | 'conflict' | 'keys'; position: string | null; revision: string | null };

export type AppendHooks = {
  /** Test-only: runs inside the append's transaction after the write, before COMMIT. */
  beforeCommit?: () => Promise<void>;
};

type Pending = { member: BatchMember; resolve: (outcome: MemberOutcome) => void; reject: (error: unknown) => void };

type Row = {
  member: number;
  /** retry: nothing written, as a newer transaction wrote the member's stream first (migration 32). */
  outcome: MemberOutcome['outcome'] | 'retry';
  position: string | null;
  revision: string | null;
};

const BATCH_SQL = `SELECT member, outcome, last_position::text AS position, last_revision::text AS revision
  FROM event_store_append_batch($1::jsonb)`;

export type AppendBatcherOptions = {
  pool: Pool;
  hooks?: AppendHooks;
  /** Batches sent at once; more queue. Few, so that appends under load gather into batches. */
  maxInFlight?: number;
  maxMembers?: number;
  /** Positions take the index within the transaction in their low 16 bits. */
  maxEvents: number;
};

export const createAppendBatcher = (options: AppendBatcherOptions) => {
  const { pool, hooks } = options;
  const maxInFlight = options.maxInFlight ?? 2;
  const maxMembers = options.maxMembers ?? 64;
  const queue: Pending[] = [];
  let inFlight = 0;

  const execute = async (members: BatchMember[]): Promise<Row[]> => {
    // Named, so each connection parses and plans it once.
    const sql = { name: 'event_store_append_batch', text: BATCH_SQL, values: [`[${members.map((m) => m.json).join(',')}]`] };
    if (!hooks?.beforeCommit) return (await pool.query<Row>(sql)).rows;
    const beforeCommit = hooks.beforeCommit;
    return withTransaction(pool, async (client) => {
      const { rows } = await client.query<Row>(sql);
      await beforeCommit();
      return rows;
    });
  };

  const settle = (batch: Pending[], rows: Row[]) => {
    const byMember = new Map(rows.map((row) => [row.member, row]));
    batch.forEach((pending, index) => {
      const row = byMember.get(index + 1);
      // Again at the head of the queue: its next transaction is newer than the one that wrote first.
      if (row?.outcome === 'retry') queue.unshift(pending);
      else if (row) pending.resolve({ outcome: row.outcome, position: row.position, revision: row.revision });
      else pending.reject(new Error('the append batch answered nothing for one of its members'));
    });
  };

  const run = async (batch: Pending[]) => {
    try {
      settle(batch, await execute(batch.map((pending) => pending.member)));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      // One member's error (a duplicate event id, a deadlock between batches) rolled back the
      // whole transaction: each goes again on its own, so only the faulty one fails.
      await Promise.all(
        batch.map((pending) => execute([pending.member]).then((rows) => settle([pending], rows), pending.reject)),
      );
    }
  };

  const takeBatch = () => {
    const batch: Pending[] = [];
    let events = 0;
    while (queue.length > 0 && batch.length < maxMembers) {
      const next = queue[0]!;
      if (batch.length > 0 && events + next.member.eventCount > options.maxEvents) break;
      events += next.member.eventCount;
      batch.push(queue.shift()!);
    }
    return batch;
  };

  const pump = () => {
    while (inFlight < maxInFlight && queue.length > 0) {
      const batch = takeBatch();
      inFlight += 1;
      void run(batch).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  };

  return {
    submit: (member: BatchMember) =>
      new Promise<MemberOutcome>((resolve, reject) => {
        queue.push({ member, resolve, reject });
        pump();
      }),
  };
};

export type AppendBatcher = ReturnType<typeof createAppendBatcher>;
