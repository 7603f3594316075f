// The projector's periodic jobs (the log's digests and verifications, the lead pipeline's
// sweep) run one at a time: the next run is timed from the end of the last, so a slow run
// never overlaps the next one, and stopping waits for the run under way.

/** Runs `job` every `intervalMs` after the previous run settled; a failed run goes to `onError` and the next still comes. */
export const repeatEvery = (intervalMs: number, job: () => Promise<void>, onError: (error: unknown) => void) => {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = job().catch(onError).finally(schedule);
    }, intervalMs);
  };
  schedule();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
};
