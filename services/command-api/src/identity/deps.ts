import type { preHandlerAsyncHookHandler } from 'fastify';
import type { EventStore } from '@acres/eventstore/port';
import type { Pool } from '@acres/platform/db';
import type { FailureThrottle } from '@acres/platform/throttle/failure-throttle';
import type { OidcClient } from './oidc/client.ts';

export type IdentityDeps = {
  eventStore: EventStore;
  pool: Pool;
  now: () => Date;
  newId: () => string;
  /** Failed sign-ins, per account and address with growing delays. */
  signInThrottle: FailureThrottle;
  /** Sign-ups per client address. */
  signUpLimit: preHandlerAsyncHookHandler;
  oidc: OidcClient | null;
};
