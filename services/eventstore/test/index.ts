import type { Pool } from '@acres/platform/db';
import {
  createAddressDigest,
  createKeyVault,
  deriveMasterKey,
  protectEventStore,
  type AddressDigest,
  type KeyVault,
} from '../src/protect/index.ts';
import type { EventStore } from '../src/port.ts';
import { withSettledReads } from './settled-reads.ts';

import { TEST_DATA_MASTER_KEY } from '@acres/platform/test';

export { TEST_DATA_MASTER_KEY };

export const createTestVault = (pool: Pool): KeyVault =>
  createKeyVault({ pool, masterKey: deriveMasterKey(TEST_DATA_MASTER_KEY) });

/** The address digest of every test's vault (createTestVault): the same key derivation as the services'. */
export const testAddressDigest: AddressDigest = createAddressDigest(deriveMasterKey(TEST_DATA_MASTER_KEY));

/** A store that seals personal fields as the services' stores do, its log read as it settles (withSettledReads). */
export const protectForTest = (store: EventStore, pool: Pool): EventStore =>
  withSettledReads(protectEventStore(store, createTestVault(pool)), pool);

export { withSettledReads };
export { createInMemoryEsdbClient, type InMemoryEsdbClient } from './esdb/in-memory-client.ts';
export { openTestEsdb, type TestEsdb } from './esdb/test-esdb.ts';
export { positionOfEvent, readWholeLog, storedLog } from './stored-log.ts';
export { testEvent } from './test-event.ts';
