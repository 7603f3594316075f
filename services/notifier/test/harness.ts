// Shared helpers of the notifier's integration specs (not exported from the package).

import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { createPostgresEventStore } from '@acres/eventstore';
import { protectForTest, readWholeLog, storedLog, testAddressDigest, testEvent } from '@acres/eventstore/test';
import type { EventStore, NewEvent } from '@acres/eventstore/port';
import { createLogger } from '@acres/platform/logger';
import { createTestDatabase, type TestDatabase } from '@acres/platform/test';
import type { EventData, EventType } from '@acres/contracts/events';
import { readNotifierSettings } from '../src/config.ts';
import { startNotifier, type Notifier, type NotifierOptions } from '../src/notifier.ts';
import { createChannels, outboxDirOf } from '../src/channels/channels.ts';
import { deliverNotification } from '../src/delivery/deliver.ts';

export const silentLogger = createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent', pretty: false });

/** Fixed, so a test can mint or check the links the notifier puts in messages. */
export const TEST_LINK_SIGNING_SECRET = 'test-link-signing-secret-0123456789abcdef';

export type NotifierHarness = {
  db: TestDatabase;
  eventStore: EventStore;
  dataDir: string;
  /** Starts a notifier with these environment keys; stopped when the block ends if still running. */
  start(env?: Record<string, string>, options?: Partial<NotifierOptions>): Promise<Notifier>;
  append<T extends EventType>(stream: string, type: T, data: EventData<T>): Promise<bigint>;
  outboxFiles(): Promise<string[]>;
};

export const newEvent = <T extends EventType>(type: T, data: EventData<T>): NewEvent => testEvent(type, data);

export const useNotifierHarness = (): NotifierHarness => {
  const running: Notifier[] = [];
  const harness = {} as NotifierHarness;
  beforeAll(async () => {
    const db = await createTestDatabase({ adminUrl: inject('pgAdminUrl'), poolSize: 20 });
    const eventStore = protectForTest(
      createPostgresEventStore({ pool: db.pool, connectionString: db.url, pollIntervalMs: 200 }),
      db.pool,
    );
    const dataDir = await mkdtemp(path.join(tmpdir(), 'acres-notifier-'));
    Object.assign(harness, {
      db,
      eventStore,
      dataDir,
      start: async (env = {}, options = {}) => {
        const notifier = await startNotifier({
          pool: db.pool,
          eventStore,
          addressDigest: testAddressDigest,
          logger: silentLogger,
          settings: readNotifierSettings({ NOTIFY_RETRY_DELAY_SECONDS: '1', ...env }),
          dataDir,
          linkSigningSecret: TEST_LINK_SIGNING_SECRET,
          // No timed sweeps: the sample events are years old, and specs sweep with a clock of their own.
          sweep: false,
          ...options,
        });
        running.push(notifier);
        return notifier;
      },
      append: async (stream, type, data) =>
        (await eventStore.appendToStream(stream, [newEvent(type, data)], { expectedRevision: 'any' })).position,
      outboxFiles: async () => (await readdir(outboxDirOf(dataDir)).catch(() => [])).filter((name) => name.endsWith('.json')),
    } satisfies NotifierHarness);
  });
  afterAll(async () => {
    await Promise.all(running.map((notifier) => notifier.stop()));
    await harness.eventStore?.close();
    await harness.db?.drop();
    if (harness.dataDir) await rm(harness.dataDir, { recursive: true, force: true });
  });
  return harness;
};

export type NotificationState = {
  id: string;
  kind: string;
  channel: string;
  recipient: string;
  status: string;
  attempts: number;
  transport: string;
};

export const readNotifications = async (harness: NotifierHarness): Promise<NotificationState[]> =>
  (
    await harness.db.pool.query<NotificationState>(
      'SELECT id, kind, channel, recipient, status, attempts, transport FROM notifications ORDER BY event_position, id',
    )
  ).rows;

/** The sent-log: NotificationSent / NotificationFailed events, oldest first. */
export const readSentLog = async (harness: NotifierHarness) =>
  (await readWholeLog(storedLog(harness.db.pool), { types: ['NotificationSent', 'NotificationFailed'] })).map((event) => ({
    type: event.type,
    data: event.data as { notificationId: string; attempt: number; parked?: boolean; transport: string },
  }));

/** One delivery of a stored message, as a job of the worker retried once makes it. */
export const deliverOnce = (harness: NotifierHarness, id: string) =>
  deliverNotification(
    {
      pool: harness.db.pool,
      eventStore: harness.eventStore,
      channels: createChannels({ settings: readNotifierSettings({}), dataDir: harness.dataDir }),
      logger: silentLogger,
      now: () => new Date(),
    },
    { id, tries: { retryCount: 1, retryLimit: 5 } },
  );
