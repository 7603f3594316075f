import type { preHandlerAsyncHookHandler } from 'fastify';
import type { EventStore } from '@acres/eventstore/port';
import type { AddressDigest } from '@acres/eventstore/protect';
import type { Pool } from '@acres/platform/db';
import type { FailureThrottle } from '@acres/platform/throttle/failure-throttle';
import type { OidcClient } from './oidc/client.ts';

export type IdentityDeps = {
  eventStore: EventStore;
  pool: Pool;
  now: () => Date;
  newId: () => string;
  addressDigest: AddressDigest;
  /** Failed sign-ins, per account and address with growing delays. */
  signInThrottle: FailureThrottle;
  /** Password reset requests, per email and address, counted like failed sign-ins. */
  passwordResetThrottle: FailureThrottle;
  /**
   * Emails sent on a visitor's or an account's say (a link to confirm the address sent again, a
   * note to an existing account's owner that someone signed up with it): per address and client address.
   */
  emailThrottle: FailureThrottle;
  /** Sign-ups per client address. */
  signUpLimit: preHandlerAsyncHookHandler;
  oidc: OidcClient | null;
  /** Checks password reset links (resolveLinkSigningSecret); null: no password reset routes. */
  linkSigningSecret: string | null;
};
