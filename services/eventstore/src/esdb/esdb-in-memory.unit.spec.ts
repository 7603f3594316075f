import { TEST_EVENT_TYPES } from '../../test/contract/fixtures.ts';
import { describeEventStoreContract } from '../../test/contract/suite.ts';
import { createInMemoryEsdbClient } from '../../test/esdb/in-memory-client.ts';
import { createEsdbEventStore } from './esdb-event-store.ts';

// The adapter's own code over an EventStoreDB held in memory: the contract holds without a server.
describeEventStoreContract('EventStoreDB (in memory)', async () => {
  const store = createEsdbEventStore({
    connectionString: 'esdb://in-memory:2113',
    client: createInMemoryEsdbClient(),
    eventTypes: TEST_EVENT_TYPES,
  });
  return { store, streamReadsHaveGlobalPositions: false, teardown: () => store.close() };
});
