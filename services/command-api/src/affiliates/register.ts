import type { FastifyInstance } from 'fastify';
import { registerSessionSupport } from '@acres/platform/sessions';
import type { SliceRegistration } from '../commands/deps.ts';
import { createKeyedMutex } from '../commands/keyed-mutex.ts';
import type { AffiliateDeps } from './deps.ts';
import { generateReferralCode, type GenerateReferralCode } from './referral-code.ts';
import { registerAdminAffiliateRoutes, registerAffiliateRoutes } from './routes.ts';
import { createSaleOwnerLookup, type FindSaleOwner } from './sale-owner.ts';
import { createProofLookup } from '../payments/proof-lookup.ts';
import type { ObjectStore } from '../uploads/object-store.ts';
import { registerAdminAccountRoutes } from './admin-account-routes.ts';
import { registerAdminScope } from '../commands/admin-scope.ts';

/**
 * The affiliate commands, like the payment ones: the affiliate's routes in a context
 * with session support (cookie + CSRF), the admin's behind the admin guard with no
 * session, so an affiliate's cookie never counts there. Both share one lock, so this
 * process's writes to one affiliate stream queue instead of racing. Slices built on the
 * affiliates (payouts) hand in their admin routes, so they share that lock and context
 * while this slice imports none of them.
 */
export type AffiliateAdminRoutes = (admin: FastifyInstance, deps: AffiliateDeps & { findSaleOwner: FindSaleOwner }) => void;

export const registerAffiliateCommands = async (
  app: FastifyInstance,
  options: SliceRegistration & {
    /** Where a sale's proof lives; a bucket's object is checked on the report that names it. */
    objectStore?: ObjectStore | undefined;
    /** Tests inject one that clashes. */
    generateReferralCode?: GenerateReferralCode;
    adminRoutes?: readonly AffiliateAdminRoutes[];
  },
) => {
  const { pool, adminGuard, logger } = options;
  if (!pool) {
    logger.warn('the affiliate commands are off: the command API was given no database pool');
    return;
  }
  const deps: AffiliateDeps = {
    ...options.deps,
    lock: createKeyedMutex(),
    generateReferralCode: options.generateReferralCode ?? ((fullName) => generateReferralCode(fullName)),
    findProof: createProofLookup(pool, options.objectStore),
  };
  await app.register(async (affiliate) => {
    registerSessionSupport(affiliate, { pool });
    registerAffiliateRoutes(affiliate, deps);
  });
  if (adminGuard) {
    await registerAdminScope(app, adminGuard, (admin) => {
      const findSaleOwner = createSaleOwnerLookup(deps.eventStore);
      registerAdminAffiliateRoutes(admin, { ...deps, findSaleOwner });
      registerAdminAccountRoutes(admin, deps);
      for (const register of options.adminRoutes ?? []) register(admin, { ...deps, findSaleOwner });
    });
  } else {
    logger.warn('PUT /api/admin/affiliate-sales/:id/status is off: the command API was given no admin guard');
  }
};
