import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const globalSetup = ['services/platform/test/global-setup.ts'];

export default defineConfig({
  // `@/…` in the SPA's sources is web/src/… (as in web/vite.config.ts and tsconfig.json's paths).
  resolve: { alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./web/src/', import.meta.url)) }] },
  test: {
    // In CI a JSON report lets .ci/run prove that the browser tests really ran.
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: 'test-results/vitest.json' },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['**/*.unit.spec.ts', '**/*.unit.spec.tsx'],
          exclude: ['**/node_modules/**'],
          // Pure tests, but they share two cores with database and browser tests in one run.
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
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // A page on a loaded two-core machine can take seconds to react; wait for it.
          expect: { poll: { timeout: 15_000 } },
          // One Chromium at a time: two cores cannot run several browsers plus servers well.
          fileParallelism: false,
        },
      },
    ],
  },
});
