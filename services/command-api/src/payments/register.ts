import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Pool } from '@acres/platform/db';
import { registerSessionSupport } from '@acres/platform/sessions';
import type { CommandDeps } from '../commands/deps.ts';
import { createAllocationWriter } from './allocation-writer.ts';
import { createProofLookup } from './proof-lookup.ts';
import { registerAdminPaymentRoutes, registerPaymentRoutes } from './routes.ts';
import { ALLOCATION_STREAM_ID } from './streams.ts';

export type AdminGuard = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * The payment commands, each in its own encapsulation context: the investor's route
 * with session support (cookie + CSRF), the admin's behind the admin guard and with no
 * session at all, so an investor's cookie never counts there.
 */
export const registerPaymentCommands = async (
  app: FastifyInstance,
  options: { deps: CommandDeps; pool?: Pool | undefined; adminGuard?: AdminGuard | undefined; logger: FastifyBaseLogger },
) => {
  const { deps, pool, adminGuard, logger } = options;
  if (pool) {
    await app.register(async (investor) => {
      registerSessionSupport(investor, { pool });
      registerPaymentRoutes(investor, { ...deps, findProof: createProofLookup(pool) });
    });
  } else {
    logger.warn('POST /api/payments is off: the command API was given no database pool');
  }
  if (adminGuard) {
    const allocation = createAllocationWriter({ eventStore: deps.eventStore, streamId: ALLOCATION_STREAM_ID, newEventId: deps.newId, logger });
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
