/**
 * Waits `ms`, or less when the signal aborts first (a stop does not wait out a back-off or a
 * tick). A signal aborted already ends it at once: a stop that came while a sweep was running
 * would otherwise wait out the whole sweep interval, as the abort event has been and gone.
 */
export const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
