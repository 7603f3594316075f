// Operator commands: `npm run cli -w services/projector -- status` shows every projection
// (position, owner, failure); `-- resume <name>` restarts one stopped on a poison event
// after its cause was fixed (its runner retries the same event within seconds).

import { z } from 'zod';
import { BaseConfigSchema, ConfigError, parseConfig } from '@acres/platform/config';
import { createPool } from '@acres/platform/db';
import { resumeProjection } from './checkpoints.ts';
import { readProjectionStatus } from './read-status.ts';

const USAGE = 'usage: projector-cli status | resume <projection-name>';

const main = async (args: readonly string[]) => {
  const config = parseConfig(BaseConfigSchema.extend({ DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'is required and must be a postgres:// URL' }) }));
  const pool = createPool({ connectionString: config.DATABASE_URL, max: 1, applicationName: 'acres-projector-cli' });
  try {
    const [command, name] = args;
    if (command === 'status') {
      const statuses = await readProjectionStatus(pool);
      if (statuses.length === 0) console.log('No projection has run yet.');
      for (const status of statuses) {
        const owner = status.owned ? 'owned by a running projector' : 'no projector running it';
        console.log(`${status.name}: ${status.status}, position ${status.position}, ${status.eventsApplied} events applied, ${owner}`);
        if (status.status === 'failed') {
          console.log(`  stopped at event ${status.failedEventId ?? '?'} (${status.failedEventType}) at position ${status.failedPosition} on ${status.failedAt}`);
          console.log(`  error: ${status.lastError}`);
        }
      }
      return statuses.some((status) => status.status === 'failed') ? 1 : 0;
    }
    if (command === 'resume' && name) {
      if (await resumeProjection(pool, name)) {
        console.log(`${name}: resumed; its runner retries the event it stopped on.`);
        return 0;
      }
      console.error(`${name}: not a failed projection (see status).`);
      return 1;
    }
    console.error(USAGE);
    return 2;
  } finally {
    await pool.end();
  }
};

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`projector-cli: ${error.message}`);
  process.exitCode = 2;
}
