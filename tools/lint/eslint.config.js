// Lint and dependency rules for the whole repository (run from the root: `npm run lint`).
// The import restrictions below are the architecture's boundaries; a violation fails `npm test`.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import globals from 'globals';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { eventLogPlugin, EVENTS_TABLE_EXCEPTIONS } from './rules/no-event-log-sql.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const webFeatures = readdirSync(path.join(ROOT, 'web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const TESTS = ['**/*.spec.ts', '**/*.spec.tsx', '**/test/**', 'tests/**', 'bench/**'];

/** The services a browser bundle must never pull in. */
const SERVER_PACKAGES = [
  '@acres/platform',
  '@acres/eventstore',
  '@acres/domain',
  '@acres/command-api',
  '@acres/query-api',
  '@acres/projector',
  '@acres/read-models',
  '@acres/standalone',
];
const withSubpaths = (names) => names.flatMap((name) => [name, `${name}/*`]);

/** One restriction block: `no-restricted-imports` keeps a single configuration per file, so each area lists all of its rules. */
const restrict = (files, patterns, ignores = []) => ({
  files,
  ignores,
  rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] },
});

const noTestCode = {
  group: ['**/test/**', '**/test', '@acres/*/test', '@acres/fixtures', '@acres/fixtures/*', '*.spec', '*.spec.ts'],
  message: 'Production code never imports test code: harnesses and fixtures live in test folders.',
};

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'test-results/**', 'coverage/**', 'web/public/**', '**/*.d.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-restricted-syntax': ['error', { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' }],
      // Input sanitising matches control characters on purpose (NUL, C0 controls).
      'no-control-regex': 'off',
    },
  },
  {
    // Tools that look for a default export by contract.
    files: [
      '**/vite.config.ts',
      '**/vitest.config.ts',
      'tools/lint/eslint.config.js',
      'tools/test/*-reporter.ts',
      '**/global-setup.ts',
      '**/*.config.js',
      '**/*.config.mjs',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  { ...jsxA11y.flatConfigs.recommended, files: ['web/src/**/*.tsx'] },

  // The event log is read only through the event-store port: no SQL on `events` elsewhere.
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['services/eventstore/**', ...EVENTS_TABLE_EXCEPTIONS],
    plugins: { acres: eventLogPlugin },
    rules: { 'acres/no-event-log-sql': 'error' },
  },

  // Boundaries.
  restrict(
    ['contracts/src/**'],
    [
      { group: withSubpaths(['@acres/*']), message: 'contracts depend on nothing of ours.' },
      { group: ['fastify', 'fastify/*', 'pg', 'react', 'react/*'], message: 'contracts are zod schemas and pure helpers only.' },
      noTestCode,
    ],
    TESTS,
  ),
  restrict(
    ['services/domain/src/**'],
    [
      {
        group: withSubpaths(SERVER_PACKAGES.filter((name) => name !== '@acres/domain')),
        message: 'The domain is pure: it imports contracts only, never infrastructure.',
      },
      {
        group: ['pg', 'pg/*', 'fastify', 'fastify/*', 'node:fs', 'node:fs/*', 'node:net', 'node:http', 'node:child_process'],
        message: 'The domain is pure: no I/O.',
      },
      noTestCode,
    ],
    TESTS,
  ),
  restrict(
    ['services/query-api/src/**', 'services/read-models/src/**'],
    [
      {
        group: withSubpaths(['@acres/projector', '@acres/command-api', '@acres/domain']),
        message:
          'The query side reads read models through @acres/read-models; it never imports the projector or the command side.',
      },
      noTestCode,
    ],
    TESTS,
  ),
  restrict(
    ['services/command-api/src/**'],
    [
      {
        group: withSubpaths(['@acres/projector', '@acres/query-api', '@acres/read-models', '@acres/standalone']),
        message: 'Commands decide from their streams; the command side never imports the read side.',
      },
      noTestCode,
    ],
    TESTS,
  ),
  restrict(
    ['services/projector/src/**', 'services/eventstore/src/**', 'services/platform/src/**'],
    [
      {
        group: withSubpaths(['@acres/command-api', '@acres/query-api', '@acres/standalone']),
        message: 'Infrastructure never imports the services built on it.',
      },
      noTestCode,
    ],
    TESTS,
  ),
  restrict(['services/standalone/src/**'], [noTestCode], TESTS),
  restrict(
    ['web/src/**'],
    [
      { group: withSubpaths(SERVER_PACKAGES), message: 'The web bundle imports @acres/contracts only, never a service.' },
      { group: ['../../*', '../../**'], message: 'Use the @/ path alias instead of climbing two or more folders.' },
      noTestCode,
    ],
    ['web/src/features/**', ...TESTS],
  ),
  ...webFeatures.map((feature) =>
    restrict(
      [`web/src/features/${feature}/**`],
      [
        { group: withSubpaths(SERVER_PACKAGES), message: 'The web bundle imports @acres/contracts only, never a service.' },
        { group: ['../../*', '../../**'], message: 'Use the @/ path alias instead of climbing two or more folders.' },
        {
          group: ['@/features/*', '@/features/**', `!@/features/${feature}`, `!@/features/${feature}/**`],
          message: 'Features never import each other: move what both need to components/ or lib/.',
        },
        noTestCode,
      ],
      TESTS,
    ),
  ),
);
