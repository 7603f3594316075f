// `npm run lint` (and the first step of `npm test`): ESLint with the boundary rules, then
// Prettier. The tools live in their own install here because typescript-eslint needs the
// TypeScript 5 API, while the project typechecks with the native TypeScript 7.
// `npm run format` writes Prettier's layout and ESLint's fixes instead of checking.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const fix = process.argv.includes('--fix');
const bin = (name) => path.join(here, 'node_modules', '.bin', name);

const run = (command, args, options = {}) => {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
};

if (!existsSync(bin('eslint')) || !existsSync(bin('prettier'))) {
  console.log('Installing the lint tools (tools/lint, once)…');
  if (run('npm', ['ci', '--no-audit', '--no-fund', '--prefix', here]) !== 0) process.exit(1);
}

const steps = [
  [
    'ESLint (style and architecture boundaries)',
    bin('eslint'),
    ['--config', 'tools/lint/eslint.config.js', '--max-warnings', '0', ...(fix ? ['--fix'] : []), '.'],
  ],
  ['Prettier', bin('prettier'), [fix ? '--write' : '--check', '--log-level', 'warn', '.']],
];
let failed = false;
for (const [name, command, args] of steps) {
  console.log(`== ${name}`);
  if (run(command, args) !== 0) {
    failed = true;
    console.error(`${name} failed${fix ? '' : ' (`npm run format` fixes layout and some rules)'}.`);
  }
}
process.exit(failed ? 1 : 0);
