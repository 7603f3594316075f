import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Pool } from '@acres/platform/db';
import type { AdminGuard, CommandDeps } from '../commands/deps.ts';
import { registerAdminConsentRoutes, registerPreferenceRoutes } from './preference-routes.ts';
import { registerAdminScope } from '../commands/admin-scope.ts';
import { registerSessionScope } from '../commands/session-scope.ts';

/**
 * The consent ledger's commands (issue 14, item 4): a signed-in person's message preferences
 * (session support: cookie + CSRF) and the admin's record of a choice made on someone's behalf.
 * Sessions live in the database, so the person's routes need the pool.
 */
export const registerConsentLedgerCommands = async (
  app: FastifyInstance,
  options: { deps: CommandDeps; pool?: Pool | undefined; adminGuard?: AdminGuard | undefined; logger: FastifyBaseLogger },
) => {
  const { deps, pool, adminGuard, logger } = options;
  await registerSessionScope(app, { pool, logger, routesOff: 'PUT /api/me/message-preferences' }, (person) =>
    registerPreferenceRoutes(person, { deps }),
  );
  if (!adminGuard) return;
  await registerAdminScope(app, adminGuard, (admin) => {
    registerAdminConsentRoutes(admin, { deps });
  });
};
