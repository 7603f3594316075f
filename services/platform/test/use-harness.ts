import { afterAll, beforeAll } from 'vitest';

/**
 * A harness started before the tests of the describe (or file) it is called in and closed
 * after them. What it answers stands for the started harness from the first test on, so the
 * tests read `h.app` as they would a variable set in beforeAll.
 */
export const useHarness = <Harness extends { close: () => Promise<unknown> }>(
  start: () => Promise<Harness>,
  timeoutMs?: number,
): Harness => {
  let started: Harness | undefined;
  beforeAll(async () => {
    started = await start();
  }, timeoutMs);
  afterAll(async () => {
    await started?.close();
  });
  return new Proxy({} as Harness, {
    get: (_target, key) => {
      if (!started) throw new Error('the harness is used before it has started (outside a test, or its start failed)');
      return Reflect.get(started, key);
    },
  });
};
