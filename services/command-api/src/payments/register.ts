import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Pool } from '@acres/platform/db';
import { registerSessionSupport } from '@acres/platform/sessions';
import type { CommandDeps } from '../commands/deps.ts';
import { createProofLookup } from './proof-lookup.ts';
import { registerPaymentRoutes } from './routes.ts';

/**
 * The investor's payment command, in its own encapsulation context with session
 * support (cookie + CSRF). The admin's decision is the allocation slice's.
 */
export const registerPaymentCommands = async (
  app: FastifyInstance,
  options: { deps: CommandDeps; pool?: Pool | undefined; logger: FastifyBaseLogger },
) => {
  const { deps, pool, logger } = options;
  if (pool) {
    await app.register(async (investor) => {
      registerSessionSupport(investor, { pool });
      registerPaymentRoutes(investor, { ...deps, findProof: createProofLookup(pool) });
    });
  } else {
    logger.warn('POST /api/payments is off: the command API was given no database pool');
  }
};
