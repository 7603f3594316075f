import type { FastifyInstance } from 'fastify';
import type { SliceRegistration } from '../commands/deps.ts';
import { createAllocationWriter } from '../allocation/allocation-writer.ts';
import { ALLOCATION_STREAM_ID } from '../allocation/streams.ts';
import { registerAdminPaymentRoutes } from './admin-routes.ts';
import { createProofLookup } from './proof-lookup.ts';
import type { ObjectStore } from '../uploads/object-store.ts';
import { registerPaymentRoutes } from './routes.ts';
import { registerAdminScope } from '../commands/admin-scope.ts';
import { registerSessionScope } from '../commands/session-scope.ts';

/**
 * The investor's payment command, in its own encapsulation context with session
 * support (cookie + CSRF), and the admin's decision on a payment, behind the admin guard
 * in a context with no session at all, so an investor's cookie never counts there. The
 * decision is appended to the allocation stream: one allocation writer per process.
 */
export const registerPaymentCommands = async (
  app: FastifyInstance,
  options: SliceRegistration & {
    /** Where proofs live; a bucket's object is checked on the payment that names it. */
    objectStore?: ObjectStore | undefined;
  },
) => {
  const { deps, pool, adminGuard, logger } = options;
  await registerSessionScope(app, { pool, logger, routesOff: 'POST /api/payments' }, (investor, db) =>
    registerPaymentRoutes(investor, { ...deps, findProof: createProofLookup(db, options.objectStore) }),
  );
  if (adminGuard) {
    const allocation = createAllocationWriter({
      eventStore: deps.eventStore,
      streamId: ALLOCATION_STREAM_ID,
      newEventId: deps.newId,
      logger,
    });
    await registerAdminScope(app, adminGuard, (admin) => {
      registerAdminPaymentRoutes(admin, { ...deps, allocation });
    });
  } else {
    logger.warn('PUT /api/admin/payments/:id/status is off: the command API was given no admin guard');
  }
};
