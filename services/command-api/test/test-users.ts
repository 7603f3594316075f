import { randomUUID } from 'node:crypto';
import type { EventStore } from '@acres/eventstore/port';
import type { Pool } from '@acres/platform/db';
import type { SessionUser } from '@acres/platform/sessions';
import { createTestSession } from '@acres/platform/test';
import { testAddressDigest } from '@acres/eventstore/test';
import { registerAccount } from '../src/identity/accounts.ts';
import { verifyEmailByStaff } from '../src/identity/email-verification.ts';
import { hashPassword } from '../src/identity/passwords.ts';

export const TEST_PASSWORD = 'password123';
// Cheap scrypt parameters: test users are made by the dozen, and the hash format keeps them verifiable.
const FAST_PARAMS = { N: 2 ** 10, r: 8, p: 1 };

/**
 * For other services' tests: a registered user (the real claim, credentials row and
 * UserRegistered, through the same code sign-up runs) and a session cookie for them.
 * They can also sign in with TEST_PASSWORD.
 */
export const registerTestUser = async (options: {
  eventStore: EventStore;
  pool: Pool;
  email?: string;
  firstName?: string;
  lastName?: string;
  /** The email confirmed (by staff, as the admin's button does): records made with it are the account's. */
  verified?: boolean;
}): Promise<{ user: SessionUser; cookie: string; position: bigint }> => {
  const email = options.email ?? `user-${randomUUID().slice(0, 8)}@example.com`;
  const now = new Date();
  const { user, position } = await registerAccount(
    { eventStore: options.eventStore, addressDigest: testAddressDigest, pool: options.pool, newId: randomUUID },
    {
      email,
      firstName: options.firstName ?? 'Test',
      lastName: options.lastName ?? 'User',
      profileImageUrl: null,
      authProvider: 'password',
      passwordHash: await hashPassword(TEST_PASSWORD, FAST_PARAMS),
    },
    { correlationId: randomUUID(), causationId: null, actor: { kind: 'visitor', id: null }, now, idempotency: null },
  );
  const verified = options.verified
    ? await verifyEmailByStaff(
        { eventStore: options.eventStore, newId: randomUUID },
        {
          userId: user.id,
          verifiedBy: 'test',
          context: {
            correlationId: randomUUID(),
            causationId: null,
            actor: { kind: 'admin', id: 'test' },
            now,
            idempotency: null,
          },
        },
      )
    : null;
  const sessionUser = { id: user.id, email: user.email };
  return {
    user: sessionUser,
    cookie: await createTestSession({ pool: options.pool, user: sessionUser }),
    position: verified?.position ?? position,
  };
};
