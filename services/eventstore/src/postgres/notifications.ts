import { createClient, type Pool } from '@acres/platform/db';
import type { Logger } from '@acres/platform/logger';

export const EVENTS_CHANNEL = 'acres_events';

export type Waiter = {
  /** Forget wake-ups so far; call before reading, so one arriving during the read is not lost. */
  reset(): void;
  /** Resolves on a wake-up since the last reset, after ms, or when the signal aborts. */
  wait(ms: number, signal?: AbortSignal): Promise<void>;
  dispose(): void;
};

type WaiterState = { woken: boolean; resolve: (() => void) | null };

/**
 * One LISTEN connection per store, opened when the first subscriber registers and
 * re-opened after it drops; subscribers poll meanwhile, so a lost connection costs
 * latency, never events.
 */
export const createNotificationListener = (options: {
  connectionString?: string | undefined;
  logger?: Logger;
  reconnectDelayMs?: number;
}) => {
  const waiters = new Set<WaiterState>();
  let client: ReturnType<typeof createClient> | null = null;
  let connecting: Promise<void> | null = null;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let closed = false;

  const wakeAll = () => {
    for (const state of waiters) {
      state.woken = true;
      state.resolve?.();
    }
  };

  const connect = async () => {
    if (closed || client || !options.connectionString) return;
    const next = createClient(options.connectionString);
    next.on('notification', wakeAll);
    next.on('error', (error) => {
      options.logger?.warn({ err: error }, 'event store LISTEN connection failed; polling until it is back');
      if (client === next) client = null;
      next.end().catch(() => {});
      scheduleReconnect();
    });
    next.on('end', () => {
      if (client !== next) return;
      client = null;
      scheduleReconnect();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${EVENTS_CHANNEL}`);
      if (closed) {
        await next.end();
        return;
      }
      client = next;
      // Appends committed while we were not listening woke nobody.
      wakeAll();
    } catch (error) {
      options.logger?.warn({ err: error }, 'event store LISTEN connection could not be opened; polling');
      next.end().catch(() => {});
      scheduleReconnect();
    }
  };

  const scheduleReconnect = () => {
    if (closed || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      void ensureConnected();
    }, options.reconnectDelayMs ?? 1000);
  };

  const ensureConnected = () => {
    connecting ??= connect().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  const register = (): Waiter => {
    const state: WaiterState = { woken: false, resolve: null };
    waiters.add(state);
    void ensureConnected();
    return {
      reset: () => {
        state.woken = false;
      },
      wait: (ms, signal) =>
        new Promise<void>((resolve) => {
          if (state.woken || closed || signal?.aborted) return resolve();
          const done = () => {
            clearTimeout(timer);
            signal?.removeEventListener('abort', done);
            state.resolve = null;
            resolve();
          };
          const timer = setTimeout(done, ms);
          signal?.addEventListener('abort', done, { once: true });
          state.resolve = done;
        }),
      dispose: () => {
        state.resolve?.();
        waiters.delete(state);
      },
    };
  };

  const close = async () => {
    closed = true;
    if (reconnectTimer) clearTimeout(reconnectTimer);
    wakeAll();
    await connecting;
    const current = client;
    client = null;
    await current?.end().catch(() => {});
  };

  return { register, wakeAll, close, isClosed: () => closed };
};

/**
 * NOTIFY after commit, coalesced: every append is followed by a NOTIFY sent after its
 * commit, but under load at most one per minGapMs (an append costs about as much as a
 * NOTIFY round trip, so one per append would halve throughput). Sending it inside the
 * append would be worse: PostgreSQL holds a global lock from a notifying transaction's
 * pre-commit until its commit is flushed, which serialises all appends.
 */
export const createNotifier = (options: { pool: Pool; logger?: Logger; minGapMs?: number }) => {
  const minGapMs = options.minGapMs ?? 5;
  let inFlight: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let queued = false;
  let lastSentAt = -Infinity;
  const send = () => {
    timer = null;
    queued = false;
    lastSentAt = performance.now();
    inFlight = options.pool
      // Prepared once per connection, like the append.
      .query({ name: 'event_store_notify', text: `SELECT pg_notify('${EVENTS_CHANNEL}', '')` })
      .then(
        () => {},
        (error: unknown) => options.logger?.warn({ err: error }, 'event store NOTIFY failed; subscribers fall back to polling'),
      )
      .finally(() => {
        inFlight = null;
        if (queued) schedule();
      });
  };
  const schedule = () => {
    if (inFlight || timer) {
      queued = true;
      return;
    }
    const wait = lastSentAt + minGapMs - performance.now();
    if (wait <= 0) send();
    else timer = setTimeout(send, wait);
  };
  return {
    notify: schedule,
    /** Sends what is still due now; for close(). */
    flush: async () => {
      while (inFlight || timer) {
        if (timer) {
          clearTimeout(timer);
          send();
        }
        await inFlight;
      }
    },
  };
};
