// The projections CLI: `npm run projections -- status | rebuild <name…> | rebuild --all |
// resume <name> | skip <name> --position N --reason "…"` (also `npm run cli -w
// services/projector -- …`). See cli/run.ts for the commands and USAGE for the details.

import { runProjectionsCli } from './cli/run.ts';

try {
  process.exitCode = await runProjectionsCli({ args: process.argv.slice(2) });
} catch (error) {
  console.error('projections: failed:', error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
}
// Lingering handles (an embedded server's hooks, a pool timer) must not keep the command alive.
process.exit(process.exitCode);
