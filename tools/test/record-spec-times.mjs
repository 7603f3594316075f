// `npm run test:order`: writes each spec file's time in the last run (test-results/vitest.json,
// written by CI=true runs) to tools/test/spec-times.json, which the sequencer orders by.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');
const report = JSON.parse(readFileSync(path.resolve(root, process.argv[2] ?? 'test-results/vitest.json'), 'utf8'));
const projectOf = (file) => (file.startsWith('tests/browser/') ? 'browser' : file.includes('.int.spec.') ? 'int' : 'unit');
const times = {};
for (const result of report.testResults) {
  // Relative to the checkout the report was written in (a rehearsal clone's, say).
  const file =
    result.name.match(/\/((?:bench|contracts|services|tests|tools|web)\/.*)$/)?.[1] ?? path.relative(root, result.name);
  times[`${projectOf(file)}:${file}`] = Math.round((result.endTime - result.startTime) / 100) / 10;
}
const sorted = Object.fromEntries(Object.entries(times).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(path.join(root, 'tools', 'test', 'spec-times.json'), `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`tools/test/spec-times.json: ${Object.keys(sorted).length} spec files`);
