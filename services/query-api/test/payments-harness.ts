// Shared set-up of the payment read tests: the read harness (a real database, the real
// PostgreSQL event store, the real projector over every projection, and the query API on top).

import { randomUUID } from 'node:crypto';
import { createEvent } from '@acres/contracts/events';
import type { EventStore } from '@acres/eventstore/port';
import type { Pool } from '@acres/platform';
import type { SessionUser } from '@acres/platform/sessions';
import { createTestSession } from '@acres/platform/test';
import { startReadHarness, type ReadHarness } from './read-harness.ts';

export type Investor = SessionUser & { cookie: string; firstName: string | null; lastName: string | null };

export type PaymentsHarness = ReadHarness;

export const startPaymentsHarness = (adminUrl: string, options: { readYourWritesMs?: number } = {}): Promise<PaymentsHarness> =>
  startReadHarness(adminUrl, { readYourWritesMs: options.readYourWritesMs ?? 2000 });

/** UserRegistered on user-{id}, as sign-up appends it, and a session cookie for the user. */
export const registerInvestor = async (
  harness: { db: { pool: Pool }; eventStore: EventStore },
  input: { email: string; firstName?: string | null; lastName?: string | null; registered?: boolean },
): Promise<Investor & { position: bigint }> => {
  const id = randomUUID();
  const firstName = input.firstName ?? null;
  const lastName = input.lastName ?? null;
  let position = 0n;
  // registered: false is an investor whose users row has not been projected (or lags).
  if (input.registered !== false) {
    const { data } = createEvent('UserRegistered', {
      userId: id,
      email: input.email,
      firstName,
      lastName,
      profileImageUrl: null,
      registeredAt: new Date().toISOString(),
    });
    const metadata = {
      correlationId: randomUUID(),
      causationId: null,
      actor: { kind: 'user' as const, id },
      schemaVersion: 1,
      occurredAt: data.registeredAt,
    };
    ({ position } = await harness.eventStore.appendToStream(
      `user-${id}`,
      [{ id: randomUUID(), type: 'UserRegistered', data, metadata }],
      {
        expectedRevision: 'no_stream',
      },
    ));
  }
  const user = { id, email: input.email };
  const cookie = await createTestSession({ pool: harness.db.pool, user });
  return { ...user, firstName, lastName, cookie, position };
};
