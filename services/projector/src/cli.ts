// The projections CLI: `npm run projections -- status | rebuild <name…> | rebuild --all |
// resume <name> | skip <name> --position N --reason "…"` (also `npm run cli -w
// services/projector -- …`). See cli/run.ts for the commands and USAGE for the details.

import { setFlagsFromString } from 'node:v8';
import { runProjectionsCli } from './cli/run.ts';

// A rebuild streams the whole log through a heap whose live part stays near 50 MB (the pages
// in hand and what the lanes gathered), but each event outlives a young-generation collection
// and dies in the old one. V8's default growth then lets that garbage pile up to three or four
// times the live part before a full collection: peak RSS 337 MB over 1,000,000 events. Growing
// the old generation by 60 % of what survived keeps it near 220 MB (30 % gave 206 MB, for
// twice the full collections of 60 %). V8 reads it at every full collection, so setting it
// here, before any work, is enough.
setFlagsFromString('--heap-growing-percent=60');

try {
  process.exitCode = await runProjectionsCli({ args: process.argv.slice(2) });
} catch (error) {
  console.error('projections: failed:', error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
}
// Lingering handles (an embedded server's hooks, a pool timer) must not keep the command alive.
process.exit(process.exitCode);
