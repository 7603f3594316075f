import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Pool } from '@acres/platform/db';
import type { AdminGuard, CommandDeps } from '../commands/deps.ts';
import { registerAdminOperationsRoutes } from './routes.ts';
import { registerAdminScope } from '../commands/admin-scope.ts';

/** The Operations tab's actions on projections, behind the admin guard. */
export const registerOperationsCommands = async (
  app: FastifyInstance,
  options: { deps: CommandDeps; pool: Pool | undefined; adminGuard?: AdminGuard | undefined; logger: FastifyBaseLogger },
) => {
  const { adminGuard, pool, logger } = options;
  if (!adminGuard || !pool) {
    logger.warn('POST /api/admin/projections/* is off: the command API was given no admin guard or no pool');
    return;
  }
  await registerAdminScope(app, adminGuard, (admin) => {
    registerAdminOperationsRoutes(admin, { deps: options.deps, pool });
  });
};
