import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Queryable } from '@acres/platform/db';
import { createTestDatabase, type TestDatabase } from '@acres/platform/test';
import { readCheckpoints } from '@acres/read-models/checkpoints';
import { readOrCreateCheckpoint } from './checkpoints.ts';
import { CheckpointConflictError } from './errors.ts';
import { createLazySaves } from './lazy-saves.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ adminUrl: inject('pgAdminUrl') });
  for (const name of ['leads', 'payments', 'sales']) await readOrCreateCheckpoint(db.pool, name);
});
afterAll(async () => db?.drop());

/** The real pool, counting the statements sent through it. */
const counting = () => {
  const sent: string[] = [];
  const queryable: Queryable = {
    query: ((text: string, values?: unknown[]) => {
      sent.push(text);
      return db.pool.query(text, values);
    }) as Queryable['query'],
  };
  return { queryable, sent };
};

const positions = async () =>
  Object.fromEntries((await readCheckpoints(db.pool, ['leads', 'payments', 'sales'])).map((row) => [row.name, row.position]));

describe('lazy checkpoint moves of several projections', () => {
  it('share one statement, and a row moved meanwhile fails only its own move', async () => {
    const { queryable, sent } = counting();
    const saves = createLazySaves({ db: queryable });
    await Promise.all([
      saves.save({ name: 'leads', from: 0n, to: 10n }),
      saves.save({ name: 'payments', from: 0n, to: 10n }),
      saves.save({ name: 'sales', from: 0n, to: 12n }),
    ]);
    expect(sent).toHaveLength(1);
    expect(await positions()).toEqual({ leads: 10n, payments: 10n, sales: 12n });

    // Another owner (or an operator's reset) moved payments: its runner re-reads, the others move.
    await db.pool.query(`UPDATE projection_checkpoints SET position = 15 WHERE name = 'payments'`);
    const outcomes = await Promise.allSettled([
      saves.save({ name: 'leads', from: 10n, to: 20n }),
      saves.save({ name: 'payments', from: 10n, to: 20n }),
      saves.save({ name: 'sales', from: 12n, to: 20n }),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(CheckpointConflictError);
    expect(sent).toHaveLength(2);
    expect(await positions()).toEqual({ leads: 20n, payments: 15n, sales: 20n });
  });

  it('moves no stopped projection', async () => {
    await db.pool.query(`UPDATE projection_checkpoints SET status = 'failed' WHERE name = 'sales'`);
    const saves = createLazySaves({ db: db.pool });
    await expect(saves.save({ name: 'sales', from: 20n, to: 30n })).rejects.toBeInstanceOf(CheckpointConflictError);
    expect((await positions()).sales).toBe(20n);
  });
});
