// Turns a one-event-at-a-time live subscription into batches: events that are already
// buffered (a burst, or the subscription catching up) are taken together; when the
// next event is not ready within the same turn of the event loop, the batch so far goes.

const IDLE = Symbol('idle');
const yieldTurn = () => new Promise<typeof IDLE>((resolve) => setImmediate(() => resolve(IDLE)));

const abortedPromise = (signal: AbortSignal) =>
  new Promise<IteratorResult<never>>((resolve) => {
    if (signal.aborted) resolve({ done: true, value: undefined });
    else signal.addEventListener('abort', () => resolve({ done: true, value: undefined }), { once: true });
  });

export async function* readBatches<T>(
  source: AsyncIterable<T>,
  options: { maxBatch: number; signal: AbortSignal },
): AsyncGenerator<T[]> {
  const iterator = source[Symbol.asyncIterator]();
  // Ends the wait even if the source is slow to honour the signal.
  const aborted = abortedPromise(options.signal);
  let pending: Promise<IteratorResult<T>> | null = null;
  let batch: T[] = [];
  try {
    while (!options.signal.aborted) {
      pending ??= iterator.next();
      const next = batch.length === 0 ? await Promise.race([pending, aborted]) : await Promise.race([pending, yieldTurn()]);
      if (next === IDLE) {
        // The next event is still on its way (its read runs while we apply this batch).
        const ready = batch;
        batch = [];
        yield ready;
        continue;
      }
      if (next.done) break;
      pending = null;
      batch.push(next.value);
      if (batch.length >= options.maxBatch) {
        const ready = batch;
        batch = [];
        yield ready;
      }
    }
    if (batch.length > 0 && !options.signal.aborted) yield batch;
  } finally {
    // A pending next() would make return() wait for it; the aborted signal ends that read.
    if (pending === null) await iterator.return?.();
    else pending.catch(() => {});
  }
}
