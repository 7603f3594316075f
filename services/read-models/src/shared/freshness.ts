// Read-your-writes for the query API: wait (bounded) until the projections a request
// reads have passed the position its command answered with. One LISTEN connection per
// pool serves every concurrent waiter; a short poll covers a lost notification.

import type { Pool, PoolClient } from '@acres/platform/db';
import { CHECKPOINT_CHANNEL, readCheckpoints, type CheckpointRow } from './checkpoints.ts';

type Notice = { name: string; position: bigint; failed: boolean };
type Listener = {
  waiters: Set<(notice: Notice) => void>;
  ready: Promise<void>;
  /** LISTEN is in place: notices arrive, so the poll can slow down. */
  listening: boolean;
  closed: boolean;
  close: (broken: boolean) => void;
};

const listeners = new WeakMap<Pool, Listener>();

const parseNotice = (payload: string | undefined): Notice | null => {
  try {
    const value = JSON.parse(payload ?? '') as { name?: unknown; position?: unknown; status?: unknown };
    if (typeof value.name !== 'string' || typeof value.position !== 'string') return null;
    return { name: value.name, position: BigInt(value.position), failed: value.status === 'failed' };
  } catch {
    return null;
  }
};

const openListener = (pool: Pool): Listener => {
  let client: PoolClient | undefined;
  const onNotification = (message: { channel: string; payload?: string }) => {
    const notice = message.channel === CHECKPOINT_CHANNEL ? parseNotice(message.payload) : null;
    if (notice) for (const waiter of listener.waiters) waiter(notice);
  };
  const onError = () => close(true);
  const close = (broken: boolean) => {
    listener.closed = true;
    listener.listening = false;
    if (listeners.get(pool) === listener) listeners.delete(pool);
    if (!client) return;
    const held = client;
    client = undefined;
    held.off('notification', onNotification);
    held.off('error', onError);
    if (broken) {
      held.on('error', () => {});
      held.release(true);
      return;
    }
    held.query(`UNLISTEN ${CHECKPOINT_CHANNEL}`).then(
      () => held.release(),
      () => held.release(true),
    );
  };
  const listener: Listener = { waiters: new Set(), ready: Promise.resolve(), listening: false, closed: false, close };
  listener.ready = (async () => {
    let connected: PoolClient;
    try {
      connected = await pool.connect();
    } catch {
      // Waiters fall back to polling; the next wait opens a fresh listener.
      close(true);
      return;
    }
    if (listener.closed) return connected.release();
    client = connected;
    client.on('error', onError);
    client.on('notification', onNotification);
    try {
      await client.query(`LISTEN ${CHECKPOINT_CHANNEL}`);
      listener.listening = !listener.closed;
    } catch {
      close(true);
    }
  })();
  return listener;
};

const addWaiter = (pool: Pool, waiter: (notice: Notice) => void) => {
  let listener = listeners.get(pool);
  if (!listener || listener.closed) {
    listener = openListener(pool);
    listeners.set(pool, listener);
  }
  listener.waiters.add(waiter);
  const current = listener;
  return {
    ready: current.ready,
    listening: () => current.listening,
    remove: () => {
      current.waiters.delete(waiter);
      if (current.waiters.size === 0 && !current.closed) current.close(false);
    },
  };
};

const SAFETY_CHECK_MS = 1_000;

type Verdict = 'passed' | 'failed' | 'waiting';

const judge = (names: readonly string[], rows: readonly CheckpointRow[], target: bigint): Verdict => {
  let verdict: Verdict = 'passed';
  for (const name of names) {
    const row = rows.find((candidate) => candidate.name === name);
    if ((row?.position ?? 0n) >= target) continue;
    if (row?.status === 'failed') return 'failed';
    verdict = 'waiting';
  }
  return verdict;
};

/**
 * Resolves true once every named projection's checkpoint is at or past `position`,
 * false when timeoutMs passes first or a named projection has stopped on a poison
 * event below it (it will not get there by waiting).
 */
export const waitForProjections = async (options: {
  pool: Pool;
  names: readonly string[];
  position: bigint | string;
  timeoutMs: number;
  pollMs?: number;
}): Promise<boolean> => {
  const { pool, names, timeoutMs } = options;
  const target = BigInt(options.position);
  const pollMs = options.pollMs ?? 250;
  const rows = await readCheckpoints(pool, names);
  const first = judge(names, rows, target);
  if (first !== 'waiting') return first === 'passed';
  if (timeoutMs <= 0) return false;

  return new Promise<boolean>((resolve) => {
    // Checkpoints only move forward: the highest position heard of is a safe lower bound.
    const known = new Map(rows.map((row) => [row.name, row.position]));
    const learn = (name: string, position: bigint) => {
      if (position > (known.get(name) ?? -1n)) known.set(name, position);
    };
    let settled = false;
    const finish = (result: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(poll);
      registration.remove();
      resolve(result);
    };
    let checkedAt = 0;
    const check = () => {
      checkedAt = Date.now();
      return readCheckpoints(pool, names).then(
        (rows) => {
          for (const row of rows) learn(row.name, row.position);
          const verdict = judge(names, rows, target);
          if (verdict !== 'waiting') finish(verdict === 'passed');
        },
        () => {},
      );
    };
    const registration = addWaiter(pool, (notice) => {
      if (!names.includes(notice.name)) return;
      if (notice.failed) return void check();
      learn(notice.name, notice.position);
      if (names.every((name) => (known.get(name) ?? -1n) >= target)) finish(true);
    });
    const timer = setTimeout(() => finish(false), timeoutMs);
    // While LISTEN works the table is read only as a safety net (a notice lost with a
    // dropped connection); without it, polling is the mechanism.
    const poll = setInterval(() => {
      if (!registration.listening() || Date.now() - checkedAt >= SAFETY_CHECK_MS) void check();
    }, pollMs);
    // Checkpoints that moved between the first read and LISTEN sent no notice we heard.
    void registration.ready.then(check);
  });
};
