import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AdminGuard, CommandDeps } from '../commands/deps.ts';
import { createAllocationWriter } from './allocation-writer.ts';
import { registerAdminPaymentRoutes } from './routes.ts';
import { ALLOCATION_STREAM_ID } from './streams.ts';

/**
 * The admin's payment decisions, behind the admin guard in a context with no session
 * at all, so an investor's cookie never counts there. One allocation writer per process.
 */
export const registerAllocationCommands = async (
  app: FastifyInstance,
  options: { deps: CommandDeps; adminGuard?: AdminGuard | undefined; logger: FastifyBaseLogger },
) => {
  const { deps, adminGuard, logger } = options;
  if (adminGuard) {
    const allocation = createAllocationWriter({
      eventStore: deps.eventStore,
      streamId: ALLOCATION_STREAM_ID,
      newEventId: deps.newId,
      logger,
    });
    await app.register(async (admin) => {
      // onRequest: without credentials the answer is 401 before the body or the id is looked at.
      admin.addHook('onRequest', adminGuard);
      admin.addHook('onSend', async (_request, reply) => {
        reply.header('cache-control', 'no-store');
      });
      registerAdminPaymentRoutes(admin, { ...deps, allocation });
    });
  } else {
    logger.warn('PUT /api/admin/payments/:id/status is off: the command API was given no admin guard');
  }
};
