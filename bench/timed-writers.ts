/**
 * Events per second written by `writers` concurrent loops until `durationMs` is up. Each loop
 * runs its own writer (made once, so it may keep a stream of its own), which is given the count
 * written so far (to number the events it makes) and answers how many it wrote.
 */
export const writeRate = async (
  options: { writers: number; durationMs: number },
  newWriter: () => (written: number) => Promise<number>,
): Promise<number> => {
  const deadline = performance.now() + options.durationMs;
  let events = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.writers }, async () => {
      const write = newWriter();
      while (performance.now() < deadline) {
        const wrote = await write(events);
        events += wrote;
      }
    }),
  );
  return events / ((performance.now() - started) / 1000);
};
