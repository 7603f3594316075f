// `npm run lint` (and the lint beside the specs in `npm test`): ESLint (style, imports a
// browser bundle or the domain must not make, file length), dependency-cruiser (cycles, slice
// cycles, imports across workspaces; `.dependency-cruiser*.cjs` at the root), then Prettier.
// The tools are the root's devDependencies, with the one TypeScript the project typechecks with.
// `npm run format` writes Prettier's layout and ESLint's fixes instead of checking.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const fix = process.argv.includes('--fix');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root });
  if (result.error) throw result.error;
  return result.status ?? 1;
};

const missing = ['eslint', 'prettier', 'depcruise'].filter((name) => !existsSync(bin(name)));
if (missing.length > 0) {
  console.error(`${missing.join(', ')} not installed: run \`npm ci\` at the root.`);
  process.exit(1);
}

/** Every folder with code: the workspaces, the specs beside them, tests/, bench/ and the tools. */
const CRUISED = ['contracts', 'services', 'web', 'tests', 'bench', 'tools'];

const steps = [
  [
    'ESLint (style, import restrictions, file length)',
    bin('eslint'),
    ['--config', 'tools/lint/eslint.config.js', '--max-warnings', '0', ...(fix ? ['--fix'] : []), '.'],
  ],
  [
    'dependency-cruiser (cycles, imports across workspaces)',
    bin('depcruise'),
    ['--config', '.dependency-cruiser.cjs', '--output-type', 'err', ...CRUISED],
  ],
  [
    'dependency-cruiser (slice cycles, production code)',
    bin('depcruise'),
    ['--config', '.dependency-cruiser.slices.cjs', '--output-type', 'err', 'services'],
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
