// Fails CI when the browser tests (or any project) were skipped or never collected:
// a green run that silently skipped Chromium must not land.
import { readFileSync } from 'node:fs';

const report = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const byProject = new Map();
for (const file of report.testResults) {
  const project = /tests\/browser\//.test(file.name) ? 'browser' : /\.int\.spec\./.test(file.name) ? 'int' : 'unit';
  const counts = byProject.get(project) ?? { passed: 0, failed: 0, skipped: 0 };
  for (const test of file.assertionResults) {
    if (test.status === 'passed') counts.passed += 1;
    else if (test.status === 'failed') counts.failed += 1;
    else counts.skipped += 1;
  }
  byProject.set(project, counts);
}
let ok = report.success !== false;
for (const project of ['unit', 'int', 'browser']) {
  const counts = byProject.get(project) ?? { passed: 0, failed: 0, skipped: 0 };
  console.log(`${project}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  if (counts.passed === 0 || counts.failed > 0) ok = false;
  if (project === 'browser' && counts.skipped > 0) ok = false;
}
const total = [...byProject.values()].reduce((a, c) => ({ passed: a.passed + c.passed, failed: a.failed + c.failed }), {
  passed: 0,
  failed: 0,
});
console.log(`${total.passed} passed, ${total.failed} failed`);
if (!ok) {
  console.error('CI check failed: a project ran no tests, a test failed, or browser tests were skipped');
  process.exit(1);
}
