import { describe, it } from 'vitest';
import { TEST_EVENT_TYPES } from '../../test/contract/fixtures.ts';
import { describeEventStoreContract } from '../../test/contract/suite.ts';
import { createEsdbEventStore } from './esdb-event-store.ts';

const connectionString = process.env.ESDB_CONNECTION_STRING;

if (connectionString) {
  describeEventStoreContract('EventStoreDB', async () => {
    const store = createEsdbEventStore({ connectionString, eventTypes: TEST_EVENT_TYPES });
    return { store, streamReadsHaveGlobalPositions: false, teardown: () => store.close() };
  });
} else {
  console.warn('EventStoreDB contract tests skipped: ESDB_CONNECTION_STRING is not set');
  describe.skip('the EventStoreDB event store (set ESDB_CONNECTION_STRING to run its contract tests)', () => {
    it('passes the event store contract', () => {});
  });
}
