import { setTimeout as sleep } from 'node:timers/promises';
import type { Pool } from '@acres/platform/db';
import type { CountEventsOptions, EventStore, ReadAllOptions } from '../src/port.ts';

const SETTLE_LIMIT_MS = 5_000;

/**
 * The store with a readAll that waits until the global log shows every event committed in
 * its database before the read began. The log stops below a transaction that ended while a
 * read looked (it may have been an append, PostgreSQL cannot say whose database it was in),
 * so with the other spec files' databases busy on the run's one server, a read right after an
 * answered command could miss that command's events for a moment. A spec that reads the log
 * to check what a command wrote means the log as it settles, which is what this gives it.
 */
export const withSettledReads = (store: EventStore, pool: Pool): EventStore => {
  // Reads wait until the visible head reaches every event committed before they began.
  const settle = async () => {
    const deadline = Date.now() + SETTLE_LIMIT_MS;
    const { rows } = await pool.query<{ head: string | null }>('SELECT max(global_position)::text AS head FROM events');
    const head = rows[0]?.head ? BigInt(rows[0].head) : 0n;
    while ((await store.readHeadPosition()) < head && Date.now() <= deadline) await sleep(10);
  };
  const readAll = async (options?: ReadAllOptions) => {
    await settle();
    return store.readAll(options);
  };
  const countEvents = async (options?: CountEventsOptions) => {
    await settle();
    return store.countEvents(options);
  };
  return new Proxy(store, {
    get: (target, property, receiver) => {
      if (property === 'readAll') return readAll;
      if (property === 'countEvents') return countEvents;
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
};
