// The port a staff command checks the log through: the verifier of the configured store
// (PostgreSQL's chain, digests and heads, or EventStoreDB's streams read back through the
// adapter itself) and the table of runs the Audit tab reads.

import type { Queryable } from '@acres/platform/db';
import { createEsdbEventStore, type EsdbEventStoreOptions } from './esdb/esdb-event-store.ts';
import { verifyEsdbLog } from './esdb/verify.ts';
import { recordLogVerification, verifyEventLog, type LogVerification } from './chain/verify.ts';

export type LogVerifier = {
  verify: () => Promise<LogVerification>;
  record: (verification: LogVerification) => Promise<void>;
};

/** With `esdb`, each check opens the bare adapter (the hashes cover what is stored, sealed) and closes it after. */
export const createLogVerifier = (options: { pool: Queryable; esdb?: EsdbEventStoreOptions | undefined }): LogVerifier => ({
  verify: async () => {
    if (!options.esdb) return verifyEventLog({ db: options.pool });
    const store = createEsdbEventStore(options.esdb);
    try {
      return await verifyEsdbLog({ store });
    } finally {
      await store.close();
    }
  },
  record: (verification) => recordLogVerification(options.pool, verification),
});
