import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newEvent, TEST_EVENT_TYPES } from '../../test/contract/fixtures.ts';
import { describeEventStoreContract } from '../../test/contract/suite.ts';
import { findBrokenEsdbLink } from './chain.ts';
import { createEsdbEventStore } from './esdb-event-store.ts';

const connectionString = process.env.ESDB_CONNECTION_STRING;

if (connectionString) {
  describeEventStoreContract('EventStoreDB', async () => {
    const store = createEsdbEventStore({ connectionString, eventTypes: TEST_EVENT_TYPES });
    return { store, streamReadsHaveGlobalPositions: false, teardown: () => store.close() };
  });

  describe('the EventStoreDB chain', () => {
    it('chains every append, racing ones included, through the events’ metadata', async () => {
      const store = createEsdbEventStore({ connectionString, eventTypes: TEST_EVENT_TYPES });
      try {
        const stream = `chain-${randomUUID()}`;
        await store.appendToStream(stream, [newEvent({ amount: 7_000_000 }), newEvent()], { expectedRevision: 'no_stream' });
        await Promise.all(
          Array.from({ length: 6 }, (_, index) =>
            store.appendToStream(stream, [newEvent({ index })], { expectedRevision: 'any' }),
          ),
        );
        const events = await store.readStream(stream);
        expect(events).toHaveLength(8);
        expect(findBrokenEsdbLink(events)).toBeNull();
      } finally {
        await store.close();
      }
    });
  });
} else {
  // Without a server the contract runs on the in-memory client (esdb-in-memory.unit.spec.ts).
  describe.skip('the EventStoreDB event store on a real server (ESDB_CONNECTION_STRING=esdb://… npm run test:esdb)', () => {
    it('passes the event store contract', () => {});
  });
}
