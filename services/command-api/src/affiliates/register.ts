import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Pool } from '@acres/platform/db';
import { registerSessionSupport } from '@acres/platform/sessions';
import type { AdminGuard, CommandDeps } from '../commands/deps.ts';
import { createKeyedMutex } from '../commands/keyed-mutex.ts';
import type { AffiliateDeps } from './deps.ts';
import { generateReferralCode, type GenerateReferralCode } from './referral-code.ts';
import { registerAdminAffiliateRoutes, registerAffiliateRoutes } from './routes.ts';
import { createSaleOwnerLookup } from './sale-owner.ts';
import { createProofLookup } from '../payments/proof-lookup.ts';
import { registerAdminAccountRoutes } from './admin-account-routes.ts';
import { registerAdminPayoutRoutes } from '../payouts/routes.ts';
import { registerAdminScope } from '../commands/admin-scope.ts';

/**
 * The affiliate commands, like the payment ones: the affiliate's routes in a context
 * with session support (cookie + CSRF), the admin's behind the admin guard with no
 * session, so an affiliate's cookie never counts there. Both share one lock, so this
 * process's writes to one affiliate stream queue instead of racing.
 */
export const registerAffiliateCommands = async (
  app: FastifyInstance,
  options: {
    deps: CommandDeps;
    pool?: Pool | undefined;
    adminGuard?: AdminGuard | undefined;
    logger: FastifyBaseLogger;
    /** Tests inject one that clashes. */
    generateReferralCode?: GenerateReferralCode;
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
    findProof: createProofLookup(pool),
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
      registerAdminPayoutRoutes(admin, { ...deps, findSaleOwner });
    });
  } else {
    logger.warn('PUT /api/admin/affiliate-sales/:id/status is off: the command API was given no admin guard');
  }
};
