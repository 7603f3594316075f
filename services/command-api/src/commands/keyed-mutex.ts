/**
 * One holder at a time per key, in arrival order, within this process. Requests of
 * one process that would otherwise race on the same stream wait their turn instead of
 * losing optimistic-concurrency races to each other and retrying.
 */
export type KeyedMutex = {
  run: <T>(key: string, task: () => Promise<T>) => Promise<T>;
  /** Keys with a holder or waiters; for tests and metrics. */
  busyKeys: () => number;
};

export const createKeyedMutex = (): KeyedMutex => {
  // The tail of each key's queue: the promise the next arrival waits for.
  const tails = new Map<string, Promise<void>>();
  return {
    run: async (key, task) => {
      const previous = tails.get(key) ?? Promise.resolve();
      let release!: () => void;
      const done = new Promise<void>((resolve) => {
        release = resolve;
      });
      const tail = previous.then(() => done);
      tails.set(key, tail);
      await previous;
      try {
        return await task();
      } finally {
        release();
        // The last one out leaves no entry behind, so idle keys cost nothing.
        if (tails.get(key) === tail) tails.delete(key);
      }
    },
    busyKeys: () => tails.size,
  };
};
