import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { SlowestFirstSequencer } from './tools/test/slowest-first-sequencer.ts';

// One PostgreSQL for the whole run, shared by every project that names it (the set-up keeps
// it on the process, whichever project starts first).
const globalSetup = ['services/platform/test/global-setup.ts'];

// Measured on two cores, the whole run keeps the CPU 97-99 % busy (PostgreSQL and Chromium
// included): a worker more than the cores only adds contention, which the timing specs (writes
// resumed, standby takeover) then pay for. Browser files each drive a product and a Chromium, one per core.
const cores = availableParallelism();
const workers = Number(process.env.TEST_WORKERS ?? Math.max(2, cores + 1));
const browserWorkers = Number(process.env.TEST_BROWSER_WORKERS ?? Math.max(1, cores));

export default defineConfig({
  // `@/…` in the SPA's sources is web/src/… (as in web/vite.config.ts and tsconfig.json's paths).
  resolve: { alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./web/src/', import.meta.url)) }] },
  test: {
    // In CI a JSON report lets .ci/run prove that the browser tests really ran; every run
    // ends with its slowest spec files, so the next growth is seen at once.
    reporters: ['default', './tools/test/slowest-specs-reporter.ts', ...(process.env.CI ? (['json'] as const) : [])],
    outputFile: { json: 'test-results/vitest.json' },
    // In CI a test that fails is run once more: a test that fails twice fails
    // the run; one that passes on the retry is named at the end of the run as a flake to fix
    // (the parallel suite on two cores shows timing races a quiet run hides).
    retry: process.env.CI ? 1 : 0,
    // The slowest files first, by the committed timings, so no long file starts at the end.
    sequence: { sequencer: SlowestFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['**/*.unit.spec.ts', '**/*.unit.spec.tsx'],
          exclude: ['**/node_modules/**'],
          // Pure: a worker's modules serve every file it runs (stubs and fake timers are undone by each spec).
          isolate: false,
          unstubGlobals: true,
          maxWorkers: workers,
          sequence: { groupOrder: 0 },
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'int',
          include: ['**/*.int.spec.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup,
          // A worker loads the services' modules once for all the files it runs (importing them
          // afresh per file was half of the int run); each file still has its own database,
          // servers and harness, started in its hooks and stopped in them.
          isolate: false,
          maxWorkers: workers,
          sequence: { groupOrder: 0 },
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.browser.spec.ts'],
          globalSetup: [...globalSetup, 'tests/browser/global-setup.ts'],
          // A worker keeps its Chromium and the product's loaded modules from one file to the next.
          isolate: false,
          maxWorkers: browserWorkers,
          sequence: { groupOrder: 1 },
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // A page on a loaded two-core machine can take seconds to react; wait for it.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
