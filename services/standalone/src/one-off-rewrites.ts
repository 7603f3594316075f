// The one-off rewrites of a PostgreSQL log left by an older version, run by `npm start` before
// anything reads or appends (each idempotent and resumable, each recorded in log_rewrites; the
// same as `npm run audit -- seal` and `npm run audit -- key-streams` for operators).

import {
  hasKeyedPostgresStreamNames,
  hasSealedPostgresLog,
  keyPostgresStreamNames,
  sealPostgresLog,
  type KeyVault,
} from '@acres/eventstore/protect';
import type { Logger, Pool } from '@acres/platform';

export const runOneOffRewrites = async (options: { pool: Pool; vault: KeyVault; logger: Logger }) => {
  const { pool, vault, logger } = options;
  // A log written before issue 14 holds personal fields in clear: sealed once.
  if (!(await hasSealedPostgresLog(pool))) {
    const sealed = await sealPostgresLog({ pool, vault });
    logger.info({ ...sealed, digest: sealed.digest?.position.toString() ?? null }, 'personal fields in the log sealed');
  }
  // Streams named by a bare SHA-256 of an address (before issue 24) get the keyed name, once,
  // after the sealing (it reads their addresses) and before anything appends under the new names.
  if (!(await hasKeyedPostgresStreamNames(pool))) {
    const keyed = await keyPostgresStreamNames({ pool, vault });
    logger.info(
      {
        streamsRenamed: keyed.streamsRenamed,
        streamsErased: keyed.streamsErased,
        conflicts: keyed.conflicts.length,
        digest: keyed.digest?.position.toString() ?? null,
      },
      'streams named by an address digest renamed to the keyed digest',
    );
  }
};
