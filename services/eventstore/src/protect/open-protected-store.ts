import path from 'node:path';
import type { Pool } from '@acres/platform/db';
import type { EventStore } from '../port.ts';
import { createKeyVault, type KeyVault } from './key-vault.ts';
import { resolveDataMasterKey } from './master-key.ts';
import { protectEventStore } from './protected-store.ts';

/**
 * What every service does at start-up: the master key from DATA_MASTER_KEY (or DATA_DIR),
 * the vault on the read-model database, and the store wrapped by it.
 */
export const openProtectedStore = async (options: {
  store: EventStore;
  pool: Pool;
  config: KeyConfig;
}): Promise<{ eventStore: EventStore; vault: KeyVault }> => {
  const vault = await openKeyVault(options);
  return { eventStore: protectEventStore(options.store, vault), vault };
};

export type KeyConfig = { DATA_MASTER_KEY?: string | undefined; DATA_DIR?: string | undefined };

/** The vault alone, for a reader of the log that has no event store (the query API). */
export const openKeyVault = async (options: { pool: Pool; config: KeyConfig; cacheTtlMs?: number }): Promise<KeyVault> => {
  const masterKey = await resolveDataMasterKey({
    dataDir: path.resolve(options.config.DATA_DIR ?? '.data'),
    secret: options.config.DATA_MASTER_KEY,
  });
  return createKeyVault({ pool: options.pool, masterKey, cacheTtlMs: options.cacheTtlMs });
};
