// The log audit CLI (`npm run audit -- verify | digest | backfill | seal | key-streams`): checks the tamper-evident
// event log of the PostgreSQL event store (migration 23); with EventStoreDB, verify walks its
// streams through the port (the other commands work on the PostgreSQL table). Exit codes: 0 all
// links hold (or the command ran), 1 a link is broken or the command failed, 2 usage or configuration.

import { pino } from 'pino';
import { createEsdbEventStore, type EsdbEventStoreOptions } from '@acres/eventstore';
import {
  describeBrokenLink,
  recordLogDigest,
  recordLogVerification,
  verifyEsdbLog,
  verifyEventLog,
  type LogVerification,
} from '@acres/eventstore/chain';
import { keyPostgresStreamNames, openKeyVault, sealPostgresLog } from '@acres/eventstore/protect';
import { createPool, type Pool } from '@acres/platform/db';
import { openCliDatabase, readCliConfigOrReport, type ProjectionsCliConfig } from '../cli/config.ts';

export const AUDIT_USAGE = `Usage: npm run audit -- <command>

  verify    walk every stream, recompute each event's hash and link, recompute the log
            digests; print the first broken link; record the run (exit 1 when broken)
  digest    record a log digest up to the last visible event now
  backfill  hash events written without a hash (a log seeded straight into the table)
  seal      the one-off migration of a log written before issue 14: seal every personal
            field still in clear (in place, in batches; re-run to continue after a crash),
            rehash the rewritten streams, set the old digests aside and record a new one
            (docs/sealing-old-logs.md; needs the DATA_MASTER_KEY or DATA_DIR the services use)
  key-streams  the one-off renaming of streams named by a bare SHA-256 of an address (before
            issue 24) to the address's keyed digest (re-run to continue after a crash), with
            the same rehash and digests (docs/keyed-stream-names.md; the same master key)`;

export type AuditCliOutput = { out: (line: string) => void; err: (line: string) => void };

const shortHex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex').slice(0, 16);

type Command = (pool: Pool, output: AuditCliOutput, config: ProjectionsCliConfig) => Promise<number>;

const progressTo = (output: AuditCliOutput) => ({
  onProgress: ({ eventsChecked, eventsPerSecond }: { eventsChecked: number; eventsPerSecond: number }) =>
    output.err(`checked ${eventsChecked} events (${eventsPerSecond} events/s)`),
});

/** Records the run (the admin's Integrity view reads it) and prints it; 1 when a link is broken. */
const reportVerification = async (pool: Pool, output: AuditCliOutput, result: LogVerification) => {
  await recordLogVerification(pool, result);
  output.out(
    `Checked ${result.eventsChecked} events in ${result.streamsChecked} streams and ${result.digestsChecked} digests ` +
      `up to position ${result.upToPosition} (${result.eventsPerSecond} events/s).`,
  );
  if (result.digest) output.out(`Latest verified digest: position ${result.digest.position}, ${shortHex(result.digest.digest)}`);
  if (result.firstBroken) {
    output.out(`BROKEN: ${describeBrokenLink(result.firstBroken)}`);
    output.out(`${result.brokenLinks} broken link(s) in all.`);
    return 1;
  }
  output.out('OK: every link holds.');
  return 0;
};

/** verify on EventStoreDB: its streams read back through the adapter (not opened: the hashes cover what is stored). */
const verifyOnEsdb =
  (client: EsdbEventStoreOptions['client']): Command =>
  async (pool, output, config) => {
    const store = createEsdbEventStore({ connectionString: config.ESDB_CONNECTION_STRING ?? '', client });
    try {
      return await reportVerification(pool, output, await verifyEsdbLog({ store, ...progressTo(output) }));
    } finally {
      await store.close();
    }
  };

const COMMANDS: Record<string, Command> = {
  verify: async (pool, output) => reportVerification(pool, output, await verifyEventLog({ db: pool, ...progressTo(output) })),
  digest: async (pool, output) => {
    const digest = await recordLogDigest(pool);
    output.out(
      digest
        ? `Recorded digest ${shortHex(digest.digest)} up to position ${digest.position} (${digest.streams} streams).`
        : 'No new events since the last digest.',
    );
    return 0;
  },
  backfill: async (pool, output) => {
    const { rows } = await pool.query<{ hashed: string }>('SELECT event_store_backfill_hashes()::text AS hashed');
    output.out(`Hashed ${rows[0]?.hashed ?? '0'} events.`);
    return 0;
  },
  seal: async (pool, output, config) => {
    const result = await sealPostgresLog({
      pool,
      vault: await openKeyVault({ pool, config }),
      onProgress: ({ eventsSealed, streamsRehashed }) =>
        output.err(`sealed ${eventsSealed} events, rehashed ${streamsRehashed} streams`),
    });
    output.out(`Sealed ${result.eventsSealed} events in ${result.streamsRehashed} streams (log rewrite ${result.rewriteId}).`);
    if (result.digest)
      output.out(
        `Set aside ${result.digestsSuperseded} digest(s) over the old hashes; new digest ${shortHex(result.digest.digest)} up to position ${result.digest.position}.`,
      );
    else output.out('No personal field was in clear: the log and its digests are unchanged.');
    return 0;
  },
  'key-streams': async (pool, output, config) => {
    const result = await keyPostgresStreamNames({
      pool,
      vault: await openKeyVault({ pool, config }),
      onProgress: ({ streamsRenamed }) => output.err(`renamed ${streamsRenamed} streams`),
    });
    output.out(
      `Renamed ${result.streamsRenamed} streams (${result.streamsErased} of erased subjects, to random names); rehashed ${result.eventsRehashed} events (log rewrite ${result.rewriteId}).`,
    );
    if (result.conflicts.length > 0)
      output.out(`Left ${result.conflicts.length} stream(s) whose keyed name exists already: ${result.conflicts.join(', ')}`);
    if (result.digest)
      output.out(
        `Set aside ${result.digestsSuperseded} digest(s) over the old hashes; new digest ${shortHex(result.digest.digest)} up to position ${result.digest.position}.`,
      );
    else output.out('No stream was named by an unkeyed digest: the log and its digests are unchanged.');
    return 0;
  },
};

export const runAuditCli = async (options: {
  args: readonly string[];
  env?: Record<string, string | undefined>;
  output: AuditCliOutput;
  /** Tests: with EVENT_STORE=esdb, a stand-in for the EventStoreDB client. */
  esdbClient?: EsdbEventStoreOptions['client'];
}): Promise<number> => {
  const { output } = options;
  const command = options.args[0];
  const run = command === undefined ? undefined : COMMANDS[command];
  if (!run || options.args.length > 1) {
    if (command === 'help' || command === '--help') {
      output.out(AUDIT_USAGE);
      return 0;
    }
    output.err(
      `audit: ${command === undefined ? 'no command' : `unknown arguments '${options.args.join(' ')}'`}\n\n${AUDIT_USAGE}`,
    );
    return 2;
  }
  const config = readCliConfigOrReport('audit', options.env ?? process.env, (text) => output.err(text));
  if (!config) return 2;
  if (config.EVENT_STORE !== 'postgres' && command !== 'verify') {
    output.err(
      `audit: ${command} works on the PostgreSQL event store's table; with EVENT_STORE=esdb only verify runs ` +
        `(each stream's chain; EventStoreDB keeps no log digests: docs/operations.md).`,
    );
    return 2;
  }
  const logger = pino({ level: config.LOG_LEVEL, name: 'audit-cli' }, pino.destination(2));
  const database = await openCliDatabase(config, logger);
  const pool = createPool({ connectionString: database.url, max: 2, applicationName: 'acres-audit-cli' });
  try {
    return await (config.EVENT_STORE === 'esdb' ? verifyOnEsdb(options.esdbClient) : run)(pool, output, config);
  } finally {
    await pool.end();
    await database.close();
  }
};
