import type { FastifyInstance } from 'fastify';
import type { SliceRegistration } from '../commands/deps.ts';
import { registerAdminOperationsRoutes } from './routes.ts';
import { registerAdminScope } from '../commands/admin-scope.ts';

/** The Operations tab's actions on projections, behind the admin guard. */
export const registerOperationsCommands = async (app: FastifyInstance, options: SliceRegistration) => {
  const { adminGuard, pool, logger } = options;
  if (!adminGuard || !pool) {
    logger.warn('POST /api/admin/projections/* is off: the command API was given no admin guard or no pool');
    return;
  }
  await registerAdminScope(app, adminGuard, (admin) => {
    registerAdminOperationsRoutes(admin, { deps: options.deps, pool });
  });
};
