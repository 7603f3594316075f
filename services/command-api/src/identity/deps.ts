import type { EventStore } from '@acres/eventstore/port';
import type { Pool } from '@acres/platform/db';
import type { AttemptLimiter } from './attempt-limiter.ts';
import type { OidcClient } from './oidc/client.ts';

export type IdentityDeps = {
  eventStore: EventStore;
  pool: Pool;
  now: () => Date;
  newId: () => string;
  limiters: { signInByEmail: AttemptLimiter; signInByIp: AttemptLimiter; signUpByIp: AttemptLimiter };
  oidc: OidcClient | null;
};
