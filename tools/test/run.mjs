// `npm test`: every spec (unit, int, browser), and the lint (boundaries, style) beside them.
// `npm test -- <path or filter> …`: those specs alone, with their set-up, no lint.
// `npm run test:soak`: the load-sized specs (those that size themselves with sizeFor) at full
// size, TEST_SOAK=1: the fuzz, the kills under load, the long catch-up.
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const vitest = path.join(root, 'node_modules', '.bin', 'vitest');
const args = process.argv.slice(2);

const run = (command, commandArgs, env = process.env) => {
  const result = spawnSync(command, commandArgs, { stdio: 'inherit', cwd: root, env });
  if (result.error) throw result.error;
  return result.status ?? 1;
};

const SKIPPED = new Set(['node_modules', 'dist', '.git', '.data', 'test-results']);
const specFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return specFiles(file);
    return /\.spec\.tsx?$/.test(entry.name) ? [file] : [];
  });

if (args[0] === '--soak') {
  const soaks = specFiles(root)
    .filter((file) => /\bsizeFor\(/.test(readFileSync(file, 'utf8')))
    .map((file) => path.relative(root, file));
  console.log(`Soak run (TEST_SOAK=1) of ${soaks.length} specs:\n${soaks.map((file) => `  ${file}`).join('\n')}`);
  process.exit(run(vitest, ['run', ...soaks, ...args.slice(1)], { ...process.env, TEST_SOAK: '1' }));
}

if (args.length > 0) process.exit(run(vitest, ['run', ...args]));

// The lint runs beside the specs (it needs one core for ~20 s while they start their
// database and wait on it); its output is shown after theirs, and either failing fails the run.
const lint = new Promise((resolve) => {
  const child = spawn(process.execPath, [path.join(root, 'tools', 'lint', 'run.mjs')], { cwd: root });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  child.on('error', (error) => resolve({ status: 1, output: `${output}${error.message}\n` }));
  child.on('close', (status) => resolve({ status: status ?? 1, output }));
});
const specs = await new Promise((resolve) => {
  const child = spawn(vitest, ['run'], { cwd: root, stdio: 'inherit' });
  child.on('error', () => resolve(1));
  child.on('close', (status) => resolve(status ?? 1));
});
const linted = await lint;
process.stdout.write(`\n== Lint (ESLint, dependency-cruiser's boundary rules, Prettier)\n${linted.output}`);
if (linted.status !== 0) console.error('The lint failed (`npm run format` fixes layout and some rules).');
process.exit(specs !== 0 || linted.status !== 0 ? 1 : 0);
