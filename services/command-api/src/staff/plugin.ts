import type { FastifyPluginAsync } from 'fastify';
import type { EventStore } from '@acres/eventstore/port';
import type { AddressDigest } from '@acres/eventstore/protect';
import type { Pool } from '@acres/platform/db';
import { createDeviceFailureThrottle, type DeviceFailureLimits } from '@acres/platform/throttle/device-failure-throttle';
import { registerAdminScope } from '../commands/admin-scope.ts';
import { commandDepsOf, type AdminGuard } from '../commands/deps.ts';
import { registerAdminStaffRoutes } from './admin-routes.ts';
import { createDeviceCookies } from './device-cookie.ts';
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
  signInLimits?: Partial<DeviceFailureLimits>;
};

/** Staff accounts (issue 27): the owner's invitations and role changes, the invitee's acceptance, staff sign-in. */
export const staffPlugin: FastifyPluginAsync<StaffPluginOptions> = async (app, options) => {
  const deps = { ...commandDepsOf(options), pool: options.pool };
  // Emails are keyed like every other address digest: neither the table nor a cookie can be tested against a guess.
  const digestEmail = (email: string) => options.addressDigest('email', email);
  const signInThrottle = createDeviceFailureThrottle({
    pool: options.pool,
    scope: 'staff-sign-in',
    limits: options.signInLimits,
    digestAccount: digestEmail,
  });
  const deviceCookies = createDeviceCookies({ secret: options.linkSigningSecret, digestEmail });
  await app.register(async (visitor) =>
    registerStaffPublicRoutes(visitor, { ...deps, linkSigningSecret: options.linkSigningSecret, signInThrottle, deviceCookies }),
  );
  await registerAdminScope(app, options.adminGuard, (admin) => registerAdminStaffRoutes(admin, deps));
};
