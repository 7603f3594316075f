// The owners of a process's projections all look for operator commands waiting for their
// locks. One look per interval answers for every projection on the same pool: nine
// projections polling on their own were about 18 pg_locks queries a second, all the time.

import type { Queryable } from '@acres/platform/db';
import { findWaitingCommands } from './command-lock.ts';

type Watch = { listeners: Map<string, Set<() => void>>; timer: NodeJS.Timeout; checking: boolean };

const watches = new WeakMap<Queryable, Map<number, Watch>>();

const look = (db: Queryable, watch: Watch) => {
  if (watch.checking) return;
  watch.checking = true;
  findWaitingCommands(db, [...watch.listeners.keys()])
    .then((waiting) => {
      for (const name of waiting) for (const listener of watch.listeners.get(name) ?? []) listener();
    })
    // A failed look is retried at the next tick; a broken database shows up in the owners themselves.
    .catch(() => {})
    .finally(() => {
      watch.checking = false;
    });
};

/**
 * Calls onWaiting (at each look, until stopped) while an operator command waits for the
 * projection's lock. Returns the function that stops watching.
 */
export const watchCommandsFor = (options: {
  db: Queryable;
  name: string;
  intervalMs: number;
  onWaiting: () => void;
}): (() => void) => {
  const { db, name, intervalMs, onWaiting } = options;
  const byInterval = watches.get(db) ?? new Map<number, Watch>();
  watches.set(db, byInterval);
  let watch = byInterval.get(intervalMs);
  if (!watch) {
    const created: Watch = { listeners: new Map(), checking: false, timer: setInterval(() => look(db, created), intervalMs) };
    created.timer.unref();
    byInterval.set(intervalMs, created);
    watch = created;
  }
  const listeners = watch.listeners.get(name) ?? new Set();
  watch.listeners.set(name, listeners);
  listeners.add(onWaiting);
  const current = watch;
  return () => {
    listeners.delete(onWaiting);
    if (listeners.size === 0) current.listeners.delete(name);
    if (current.listeners.size > 0) return;
    clearInterval(current.timer);
    byInterval.delete(intervalMs);
  };
};
