import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AllocationCommand } from '@acres/domain';
import { createPostgresEventStore } from '@acres/eventstore';
import type { EventStore } from '@acres/eventstore/port';
import { isDomainError } from '@acres/platform/errors';
import { createTestDatabase, type TestDatabase } from '@acres/platform/test';
import type { CommandContext } from '../commands/handle-command.ts';
import { ALLOCATION_BUSY_MESSAGE, createAllocationWriter, type AllocationWriter } from './allocation-writer.ts';

let db: TestDatabase;
let store: EventStore;

beforeAll(async () => {
  db = await createTestDatabase({ adminUrl: inject('pgAdminUrl') });
  store = createPostgresEventStore({ pool: db.pool, connectionString: db.url });
});
afterAll(async () => {
  await store?.close();
  await db?.drop();
});

const now = new Date('2026-06-03T10:00:00.000Z');
const context: CommandContext = {
  correlationId: randomUUID(),
  causationId: null,
  actor: { kind: 'admin', id: 'reviewer' },
  now,
  idempotency: null,
};

const approve = (overrides: Partial<AllocationCommand> = {}): AllocationCommand => ({
  type: 'ApprovePayment',
  paymentId: randomUUID(),
  userId: randomUUID(),
  acres: 1,
  amount: 3_500_000,
  adminNotes: '',
  decidedBy: 'reviewer',
  now,
  ...overrides,
});

const newWriter = (options: { streamId: string; eventStore?: EventStore; maxAttempts?: number }) =>
  createAllocationWriter({
    eventStore: options.eventStore ?? store,
    streamId: options.streamId,
    newEventId: randomUUID,
    maxAttempts: options.maxAttempts,
    backoffMs: 1,
  });

/**
 * The real store, except that right after `readStream` answers, `between` runs: another
 * process's write lands between this writer's read and its append, every time.
 */
const withWriteBetweenReadAndAppend = (between: () => Promise<unknown>): EventStore => ({
  ...store,
  readStream: async (...args) => {
    const events = await store.readStream(...args);
    await between();
    return events;
  },
});

/** A writer whose first read is followed, once, by a rival process deciding `rivalCommand` on the same stream. */
const writerRacedOnce = (streamId: string, rivalCommand: AllocationCommand) => {
  const rival = newWriter({ streamId });
  let raced = false;
  return newWriter({
    streamId,
    eventStore: withWriteBetweenReadAndAppend(async () => {
      if (raced) return;
      raced = true;
      await rival.decide(rivalCommand, context);
    }),
  });
};

const refusalOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (isDomainError(error)) return error;
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('an allocation writer that loses an append race to another process', () => {
  it('reads again and decides again on the new state: the same payment is not approved twice', async () => {
    const streamId = `allocation-test-${randomUUID()}`;
    const command = approve();
    const writer = writerRacedOnce(streamId, command);
    const refusal = await refusalOf(writer.decide(command, context));
    expect(refusal.code).toBe('already_decided');
    expect(refusal.message).toBe('This payment has already been approved');
    expect(await store.readStream(streamId)).toHaveLength(1);
  });

  it('reads again and succeeds when the new state still allows it', async () => {
    const streamId = `allocation-test-${randomUUID()}`;
    const writer = writerRacedOnce(streamId, approve({ acres: 150 }));
    await writer.decide(approve({ acres: 50 }), context);
    const refusal = await refusalOf(writer.decide(approve({ acres: 1 }), context));
    expect(refusal.code).toBe('allocation_exceeded');
    expect((await store.readStream(streamId)).map((e) => (e.data as { acres: number }).acres)).toEqual([150, 50]);
  });

  it('gives up after its bounded attempts with a 409 that asks to try again', async () => {
    const streamId = `allocation-test-${randomUUID()}`;
    const rival = newWriter({ streamId });
    let rivalWrites = 0;
    const writer = newWriter({
      streamId,
      maxAttempts: 3,
      eventStore: withWriteBetweenReadAndAppend(async () => {
        rivalWrites += 1;
        await rival.decide(approve(), context);
      }),
    });
    const refusal = await refusalOf(writer.decide(approve(), context));
    expect(refusal.code).toBe('conflict');
    expect(refusal.message).toBe(ALLOCATION_BUSY_MESSAGE);
    expect(rivalWrites).toBe(3);
    expect(await store.readStream(streamId)).toHaveLength(3);
  });
});

describe('an allocation writer in one process', () => {
  it('queues concurrent decisions instead of racing itself, reading only new events each time', async () => {
    const streamId = `allocation-test-${randomUUID()}`;
    const reads: (bigint | undefined)[] = [];
    const writer: AllocationWriter = newWriter({
      streamId,
      eventStore: {
        ...store,
        readStream: (stream, options) => {
          reads.push(options?.fromRevision);
          return store.readStream(stream, options);
        },
      },
      maxAttempts: 1,
    });
    const partner = randomUUID();
    // maxAttempts 1: a single lost race would surface as a refusal.
    await Promise.all(Array.from({ length: 30 }, () => writer.decide(approve({ userId: partner }), context)));
    expect(await store.readStream(streamId)).toHaveLength(30);
    expect(reads).toEqual(Array.from({ length: 30 }, (_, i) => BigInt(i)));
    expect((await writer.read()).acresApproved).toBe(30);
  });
});
