import type { Pool } from '@acres/platform/db';
import { createKeyVault, deriveMasterKey, protectEventStore, type KeyVault } from '../src/protect/index.ts';
import type { EventStore } from '../src/port.ts';

import { TEST_DATA_MASTER_KEY } from '@acres/platform/test';

export { TEST_DATA_MASTER_KEY };

export const createTestVault = (pool: Pool): KeyVault =>
  createKeyVault({ pool, masterKey: deriveMasterKey(TEST_DATA_MASTER_KEY) });

/** A store that seals personal fields as the services' stores do. */
export const protectForTest = (store: EventStore, pool: Pool): EventStore => protectEventStore(store, createTestVault(pool));
