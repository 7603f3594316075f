import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { SettingsField } from '@acres/contracts';
import type { AdminGuard, CommandDeps } from '../commands/deps.ts';
import { registerAdminSettingsRoutes } from './routes.ts';
import { seedSettingsFromConfiguration } from './seed.ts';
import { registerAdminScope } from '../commands/admin-scope.ts';
import type { Pool } from '@acres/platform/db';
import type { ObjectStore } from '../uploads/object-store.ts';
import { registerProjectPhotoRoute } from './project-photos.ts';

/** Business settings: seeded from configuration at start-up, changed by the admin behind the admin guard. */
export const registerSettingsCommands = async (
  app: FastifyInstance,
  options: {
    deps: CommandDeps;
    adminGuard?: AdminGuard | undefined;
    initialSettings?: Partial<Record<SettingsField, string>> | undefined;
    logger: FastifyBaseLogger;
    /** Where the gallery's photos are checked and read from; without both, photos cannot be set or served. */
    pool?: Pool | undefined;
    objectStore?: ObjectStore | undefined;
  },
) => {
  const { deps, adminGuard, logger, pool, objectStore } = options;
  const files = pool ? { db: pool, store: objectStore } : undefined;
  if (pool && objectStore) registerProjectPhotoRoute(app, { eventStore: deps.eventStore, db: pool, store: objectStore });
  if (options.initialSettings) {
    await seedSettingsFromConfiguration({ deps, initialSettings: options.initialSettings, logger });
  }
  if (!adminGuard) {
    logger.warn('PUT /api/admin/settings is off: the command API was given no admin guard');
    return;
  }
  await registerAdminScope(app, adminGuard, (admin) => {
    registerAdminSettingsRoutes(admin, deps, files);
  });
};
