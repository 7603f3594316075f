import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Pool } from '@acres/platform/db';
import { registerSessionSupport } from '@acres/platform/sessions';

/**
 * Signed-in routes in a context of their own with session support (cookie + CSRF). Sessions
 * live in the database: without a pool the routes are off, and the log says which.
 */
export const registerSessionScope = async (
  app: FastifyInstance,
  options: { pool: Pool | undefined; logger: FastifyBaseLogger; routesOff: string },
  registerRoutes: (scope: FastifyInstance, pool: Pool) => void,
) => {
  const { pool } = options;
  if (!pool) {
    options.logger.warn(`${options.routesOff} is off: the command API was given no database pool`);
    return;
  }
  await app.register(async (scope) => {
    registerSessionSupport(scope, { pool });
    registerRoutes(scope, pool);
  });
};
