import type { FastifyPluginAsync } from 'fastify';
import type { EventStore } from '@acres/eventstore/port';
import type { AddressDigest } from '@acres/eventstore/protect';
import type { Pool } from '@acres/platform/db';
import { createFailureThrottle, type FailureLimits } from '@acres/platform/throttle/failure-throttle';
import { registerAdminScope } from '../commands/admin-scope.ts';
import { commandDepsOf, type AdminGuard } from '../commands/deps.ts';
import { registerAdminStaffRoutes } from './admin-routes.ts';
import { registerStaffPublicRoutes } from './public-routes.ts';

export type StaffPluginOptions = {
  eventStore: EventStore;
  pool: Pool;
  addressDigest: AddressDigest;
  /** Checks the invitation links the notifier signs. */
  linkSigningSecret: string;
  adminGuard: AdminGuard;
  now?: () => Date;
  newId?: () => string;
  signInLimits?: Partial<FailureLimits>;
};

/** Staff accounts (issue 27): the owner's invitations and role changes, the invitee's acceptance, staff sign-in. */
export const staffPlugin: FastifyPluginAsync<StaffPluginOptions> = async (app, options) => {
  const deps = { ...commandDepsOf(options), pool: options.pool };
  const signInThrottle = createFailureThrottle({
    pool: options.pool,
    scope: 'staff-sign-in',
    limits: options.signInLimits,
    // Emails are keyed like every other address digest: the table cannot be tested against a guess.
    digestAccount: (email) => options.addressDigest('email', email),
  });
  await app.register(async (visitor) =>
    registerStaffPublicRoutes(visitor, { ...deps, linkSigningSecret: options.linkSigningSecret, signInThrottle }),
  );
  await registerAdminScope(app, options.adminGuard, (admin) => registerAdminStaffRoutes(admin, deps));
};
