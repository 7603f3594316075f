import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { SettingsField } from '@acres/contracts';
import type { AdminGuard, CommandDeps } from '../commands/deps.ts';
import { registerAdminSettingsRoutes } from './routes.ts';
import { seedSettingsFromConfiguration } from './seed.ts';
import { registerAdminScope } from '../commands/admin-scope.ts';

/** Business settings: seeded from configuration at start-up, changed by the admin behind the admin guard. */
export const registerSettingsCommands = async (
  app: FastifyInstance,
  options: {
    deps: CommandDeps;
    adminGuard?: AdminGuard | undefined;
    initialSettings?: Partial<Record<SettingsField, string>> | undefined;
    logger: FastifyBaseLogger;
  },
) => {
  const { deps, adminGuard, logger } = options;
  if (options.initialSettings) {
    await seedSettingsFromConfiguration({ deps, initialSettings: options.initialSettings, logger });
  }
  if (!adminGuard) {
    logger.warn('PUT /api/admin/settings is off: the command API was given no admin guard');
    return;
  }
  await registerAdminScope(app, adminGuard, (admin) => {
    registerAdminSettingsRoutes(admin, deps);
  });
};
