// `npm run audit -- verify | digest | backfill | seal`: see audit/run-audit-cli.ts.

import { runAuditCli } from './audit/run-audit-cli.ts';

try {
  process.exitCode = await runAuditCli({
    args: process.argv.slice(2),
    output: { out: (line) => process.stdout.write(`${line}\n`), err: (line) => process.stderr.write(`${line}\n`) },
  });
} catch (error) {
  console.error('audit: failed:', error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
}
// Lingering handles (an embedded server's hooks) must not keep the command alive.
process.exit(process.exitCode);
