// Shared helpers of the projector's integration tests (not exported from the package).

import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createPostgresEventStore } from '@acres/eventstore';
import { protectForTest } from '@acres/eventstore/test';
import type { EventStore, NewEvent } from '@acres/eventstore/port';
import { createLogger } from '@acres/platform/logger';
import { createTestDatabase, type TestDatabase } from '@acres/platform/test';
import type { EventData } from '@acres/contracts/events';
import { SAMPLE_EVENT_DATA } from '@acres/fixtures';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { Projection } from '@acres/read-models/projection';
import { ALL_PROJECTIONS } from '../src/projections/index.ts';
import { startProjector, type Projector, type ProjectorOptions } from '../src/runner/runner.ts';
import { waitForProjections } from '@acres/read-models/freshness';

export const silentLogger = createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent', pretty: false });

export type Harness = { db: TestDatabase; eventStore: EventStore; close: () => Promise<void> };

export const startHarness = async (adminUrl: string, options: { pollIntervalMs?: number } = {}): Promise<Harness> => {
  // The projector holds a connection per projection it owns, as its own process sizes its pool.
  const db = await createTestDatabase({ adminUrl, poolSize: ALL_PROJECTIONS.length + 6 });
  const eventStore = protectForTest(
    createPostgresEventStore({ pool: db.pool, connectionString: db.url, pollIntervalMs: options.pollIntervalMs ?? 200 }),
    db.pool,
  );
  return {
    db,
    eventStore,
    close: async () => {
      await eventStore.close();
      await db.drop();
    },
  };
};

export type ProjectorHarness = Harness & {
  /** Starts a projector on the harness's event store and pool, logging nothing; stopped when the block ends. */
  startProjector: (options: Omit<ProjectorOptions, 'eventStore' | 'pool' | 'logger'>) => Projector;
};

/**
 * The start-up of a describe block of the projector's integration specs, in one call: a test
 * database and event store of its own, made before the block's tests (and before its own
 * beforeAll, so call this first) and dropped after them, with every projector started through
 * `startProjector` stopped first. The object is filled in when the block starts.
 */
export const useHarness = (): ProjectorHarness => {
  const projectors: Projector[] = [];
  const harness = {
    startProjector: (options) => {
      const projector = startProjector({
        eventStore: harness.eventStore,
        pool: harness.db.pool,
        logger: silentLogger,
        ...options,
      });
      projectors.push(projector);
      return projector;
    },
  } as ProjectorHarness;
  beforeAll(async () => {
    Object.assign(harness, await startHarness(inject('pgAdminUrl')));
  });
  afterAll(async () => {
    await Promise.all(projectors.map((projector) => projector.stop()));
    await harness.close?.();
  });
  return harness;
};

/** The same projection without its batch path: every event through apply(). */
export const oneByOne = (projection: Projection): Projection => ({ ...projection, applyBatch: undefined });

/**
 * Runs the projections from their checkpoints until every one has passed head and gone live, then stops them.
 * `from` first moves every checkpoint back to that position (0n: the whole log again).
 */
export const runUntilLive = async (
  harness: ProjectorHarness,
  projections: readonly Projection[],
  head: bigint,
  options: { batchSize?: number; from?: bigint } = {},
) => {
  if (options.from !== undefined)
    await harness.db.pool.query('UPDATE projection_checkpoints SET position = $1::bigint', [options.from.toString()]);
  const projector = harness.startProjector({ projections, batchSize: options.batchSize ?? 500 });
  const names = projections.map((projection) => projection.name);
  try {
    expect(await waitForProjections({ pool: harness.db.pool, names, position: head, timeoutMs: 15_000 })).toBe(true);
    await waitUntil(() => projector.status().every((status) => status.state === 'live'), { what: 'every projection to go live' });
  } finally {
    await projector.stop();
  }
};

const metadata = () => ({
  correlationId: randomUUID(),
  causationId: null,
  actor: { kind: 'visitor' as const, id: null },
  schemaVersion: 1,
  occurredAt: new Date().toISOString(),
});

/**
 * The n-th distinct valid SlotReserved: the @acres/fixtures sample with its own id, name,
 * email, time and optional fields, and the phone the specs check. Overrides may break
 * the schema on purpose (poison events).
 */
export const slotReservedData = (
  n: number,
  overrides: Partial<Record<keyof EventData<'SlotReserved'>, unknown>> = {},
): EventData<'SlotReserved'> => ({
  ...SAMPLE_EVENT_DATA.SlotReserved,
  leadId: randomUUID(),
  fullName: `Lead ${n}`,
  company: n % 2 === 0 ? `Company ${n}` : null,
  email: `lead${n}@example.ng`,
  phone: '+234 803 123 4567',
  phoneE164: '2348031234567',
  intendedAcres: (n % 200) + 1,
  notes: n % 3 === 0 ? null : `notes ${n}`,
  referralCode: n % 5 === 0 ? 'ABC123' : null,
  reservedAt: new Date(Date.UTC(2024, 8, 1, 10, 0, 0) + n * 1000).toISOString(),
  ...(overrides as Partial<EventData<'SlotReserved'>>),
});

/**
 * The n-th distinct valid ApplicationSubmitted: the @acres/fixtures sample with its own id,
 * number, name, email and time, and the filled-in optional fields the specs check.
 */
export const applicationSubmittedData = (
  n: number,
  overrides: Partial<Record<keyof EventData<'ApplicationSubmitted'>, unknown>> = {},
): EventData<'ApplicationSubmitted'> => ({
  ...SAMPLE_EVENT_DATA.ApplicationSubmitted,
  applicationId: randomUUID(),
  applicationNumber: `APP-2024-${String(n).padStart(6, '0')}`,
  surname: 'Okafor',
  firstName: `Adaeze${n}`,
  otherName: n % 2 === 0 ? 'Chioma' : null,
  maritalStatus: 'married',
  residentialAddress: '4 Bourdillon Road, Ikoyi, Lagos',
  email: `applicant${n}@example.ng`,
  phoneNumber: '0803 123 4567',
  occupation: 'Engineer',
  workAddress: n % 2 === 0 ? '1 Marina, Lagos' : null,
  passportPhotoUrl: '/objects/passport-1.jpg',
  kinName: 'Emeka Okafor',
  kinRelationship: 'Brother',
  kinAddress: '9 Awolowo Road, Lagos',
  kinPhone: '0803 765 4321',
  kinEmail: 'emeka@example.ng',
  modeOfPayment: 'bank_transfer',
  realtorName: 'Tunde Realtor',
  realtorMobile: '0802 000 0000',
  realtorEmail: 'tunde@example.ng',
  referralCode: 'ABC123',
  submittedAt: new Date(Date.UTC(2024, 8, 2, 9, 30, 0) + n * 1000).toISOString(),
  ...(overrides as Partial<EventData<'ApplicationSubmitted'>>),
});

export const newEvent = (type: string, data: unknown): NewEvent => ({ id: randomUUID(), type, data, metadata: metadata() });

/** Appends each event to a stream of its own (as the command API does); returns the last position. */
export const appendEach = async (eventStore: EventStore, events: readonly NewEvent[], options: { chunk?: number } = {}) => {
  let last = 0n;
  // Several streams per round trip would need a multi-stream append; a few in flight keep seeding fast.
  const chunk = options.chunk ?? 16;
  for (let start = 0; start < events.length; start += chunk) {
    const results = await Promise.all(
      events.slice(start, start + chunk).map((event) =>
        eventStore.appendToStream(`${event.type === 'SlotReserved' ? 'lead' : 'application'}-${randomUUID()}`, [event], {
          expectedRevision: 'no_stream',
        }),
      ),
    );
    for (const result of results) if (result.position > last) last = result.position;
  }
  return last;
};

/** Appends one stream's worth of events in one call (fast seeding of large logs). */
export const appendBulk = async (eventStore: EventStore, events: readonly NewEvent[], options: { perAppend?: number } = {}) => {
  const perAppend = options.perAppend ?? 100;
  let last = 0n;
  for (let start = 0; start < events.length; start += perAppend) {
    const result = await eventStore.appendToStream(`seed-${randomUUID()}`, events.slice(start, start + perAppend), {
      expectedRevision: 'no_stream',
    });
    last = result.position;
  }
  return last;
};

export const waitUntil = async (
  condition: () => Promise<boolean> | boolean,
  options: { timeoutMs?: number; what?: string } = {},
) => {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${options.what ?? 'condition'}`);
    await sleep(20);
  }
};
