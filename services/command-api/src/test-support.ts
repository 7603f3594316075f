import { createPostgresEventStore } from '@acres/eventstore';
import type { EventStore, RecordedEvent } from '@acres/eventstore/port';
import { createTestDatabase, type TestDatabase } from '@acres/platform/test';
import type { FastifyInstance } from 'fastify';
import { buildCommandApp } from './app.ts';

export type CommandApiHarness = {
  db: TestDatabase;
  eventStore: EventStore;
  app: FastifyInstance;
  /** Every event in the store, oldest first. */
  readAllEvents: () => Promise<RecordedEvent[]>;
  close: () => Promise<void>;
};

/** The command API over the real PostgreSQL event store in a fresh database of its own. */
export const startCommandApi = async (options: { adminUrl: string; now?: () => Date }): Promise<CommandApiHarness> => {
  const db = await createTestDatabase({ adminUrl: options.adminUrl, poolSize: 25 });
  const eventStore = createPostgresEventStore({ pool: db.pool, connectionString: db.url });
  const app = await buildCommandApp({ eventStore, now: options.now });
  await app.ready();
  return {
    db,
    eventStore,
    app,
    readAllEvents: () => eventStore.readAll({ maxCount: 10_000 }),
    close: async () => {
      await app.close();
      await eventStore.close();
      await db.drop();
    },
  };
};

export const validLead = (overrides: Record<string, unknown> = {}) => ({
  fullName: 'Adaeze Okafor',
  company: 'Okafor Holdings',
  email: 'adaeze@example.ng',
  phone: '+234 803 123 4567',
  phoneE164: '2348031234567',
  role: 'Investor',
  intendedAcres: 25,
  commitment: '7 days',
  notes: 'Call after 5pm',
  consent: true,
  priceBand: '3.5M',
  ...overrides,
});

export const validApplication = (overrides: Record<string, unknown> = {}) => ({
  surname: 'Okafor',
  firstName: 'Adaeze',
  otherName: '',
  dateOfBirth: '1985-04-12',
  gender: 'female',
  nationality: 'Nigerian',
  maritalStatus: 'married',
  residentialAddress: '4 Bourdillon Road, Ikoyi, Lagos',
  email: 'adaeze@example.ng',
  phoneNumber: '0803 123 4567',
  city: 'Lagos',
  occupation: 'Engineer',
  workAddress: '',
  religion: '',
  passportPhotoUrl: '',
  kinName: 'Chidi Okafor',
  kinRelationship: 'Spouse',
  kinAddress: '4 Bourdillon Road, Ikoyi, Lagos',
  kinPhone: '0805 987 6543',
  kinEmail: 'chidi@example.ng',
  acresSubscribed: 20,
  subscriptionValue: 70_000_000,
  paymentOption: 'installments',
  modeOfPayment: 'bank_transfer',
  acknowledgment: true,
  realtorName: '',
  realtorMobile: '',
  realtorEmail: '',
  ...overrides,
});

export const postJson = (app: FastifyInstance, url: string, body: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });

export type Problem = { type: string; title: string; status: number; detail: string; errors?: { field: string; message: string }[] };
