// Issue 14 item 1: what sealing personal fields costs. Each figure with encryption on (the
// protected store every service uses) beside the same figure with it off (the bare store, as
// before issue 14), in the same run, in interleaved pairs: POST /api/leads through the command
// API, appends of events with personal data, and a projection rebuild over the same log in
// clear and then sealed (by the one-off migration, whose rate is reported too). The figures
// are kept in .data/bench/privacy.json, and the previous run's are printed beside them.

import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildCommandApp } from '@acres/command-api';
import { createPostgresEventStore, type EventStore } from '@acres/eventstore';
import {
  createAddressDigest,
  createKeyVault,
  deriveMasterKey,
  protectEventStore,
  sealPostgresLog,
} from '@acres/eventstore/protect';
import { createPool, type Pool } from '@acres/platform';
import { ROOT } from './child-process.ts';
import { postLeads } from './product-commands.ts';
import { writeRate } from './timed-writers.ts';
import { slotReserved } from './projector.ts';
import { measureRebuild } from './rebuild.ts';
import { interleave, median, rate, ratio, record } from './report.ts';

const MASTER_SECRET = 'bench-data-master-key-0123456789abcdef';
const RESULTS = path.join(ROOT, '.data', 'bench', 'privacy.json');

type Figures = Record<string, { on: number; off: number }>;

const storesOn = (pool: Pool, databaseUrl: string) => {
  const bare = createPostgresEventStore({ pool, connectionString: databaseUrl });
  const vault = createKeyVault({ pool, masterKey: deriveMasterKey(MASTER_SECRET) });
  return { off: bare, on: protectEventStore(bare, vault) };
};

/** Appends of one SlotReserved (a new lead: a new subject key each) per append, `writers` at once. */
const appendRate = (store: EventStore, options: { writers: number; durationMs: number }) =>
  writeRate(options, () => async (written) => {
    const event = slotReserved(written);
    await store.appendToStream(`lead-${(event.data as { leadId: string }).leadId}`, [event], { expectedRevision: 'no_stream' });
    return 1;
  });

const postLeadRate = async (url: string, connections: number, durationSeconds: number) => {
  const result = await postLeads(url, connections, durationSeconds);
  if (result.failures > 0) process.exitCode = 1;
  return result.perSecond;
};

/** The command API alone in this process over a store: the same routes both sides, only the store differs. */
const startCommandApi = async (eventStore: EventStore) => {
  // The digest's key matters to no figure here: any master key names the streams alike.
  const app = await buildCommandApp({
    eventStore,
    addressDigest: createAddressDigest(deriveMasterKey('privacy-bench-master-key-0123456789')),
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url, close: () => app.close() };
};

const readPrevious = async (): Promise<{ at: string; figures: Figures } | null> =>
  readFile(RESULTS, 'utf8').then(
    (text) => JSON.parse(text) as { at: string; figures: Figures },
    () => null,
  );

export const measurePrivacy = async (options: {
  createDatabase: (name: string) => Promise<string>;
  connections: number;
  durationSeconds: number;
  writers: number;
  durationMs: number;
  pairs: number;
  rebuildEvents: number;
  rebuildBatch: number;
}) => {
  const previous = await readPrevious();
  const figures: Figures = {};
  const commandsUrl = await options.createDatabase('bench_privacy_commands');
  const pool = createPool({ connectionString: commandsUrl, max: Math.max(options.writers, options.connections) + 4 });
  const stores = storesOn(pool, commandsUrl);
  try {
    const on = await startCommandApi(stores.on);
    const off = await startCommandApi(stores.off);
    try {
      await postLeadRate(on.url, options.connections, 2); // warm-up both: JIT, pool, prepared plans
      await postLeadRate(off.url, options.connections, 2);
      const posts = await interleave(
        options.pairs,
        () => postLeadRate(on.url, options.connections, options.durationSeconds),
        () => postLeadRate(off.url, options.connections, options.durationSeconds),
      );
      figures[`POST /api/leads, ${options.connections} connections`] = { on: median(posts.as), off: median(posts.bs) };
    } finally {
      await on.close();
      await off.close();
    }
    const appends = await interleave(
      options.pairs,
      () => appendRate(stores.on, options),
      () => appendRate(stores.off, options),
    );
    figures[`SlotReserved appends, ${options.writers} writers`] = { on: median(appends.as), off: median(appends.bs) };
  } finally {
    await stores.off.close();
    await pool.end();
  }

  // The same mixed log twice: one left in clear (the protected store passes events without a
  // sealed part as they are: the previous behaviour), one sealed by the one-off migration;
  // rebuilt in interleaved pairs (a first rebuild warms caches the second would profit from).
  const env = { DATA_MASTER_KEY: MASTER_SECRET };
  const clearUrl = await options.createDatabase('bench_privacy_clear');
  const sealedUrl = await options.createDatabase('bench_privacy_sealed');
  const rebuild = (databaseUrl: string, seed: boolean) =>
    measureRebuild({ databaseUrl, events: options.rebuildEvents, batchSize: options.rebuildBatch, env, seed });
  await rebuild(clearUrl, true);
  await rebuild(sealedUrl, true);
  const sealPool = createPool({ connectionString: sealedUrl, max: 4 });
  try {
    const started = performance.now();
    const sealed = await sealPostgresLog({
      pool: sealPool,
      vault: createKeyVault({ pool: sealPool, masterKey: deriveMasterKey(MASTER_SECRET) }),
      batchSize: 2_000,
    });
    const sealRate = sealed.eventsSealed / ((performance.now() - started) / 1000);
    console.log(
      `  the one-off sealing (npm run audit -- seal): ${sealed.eventsSealed.toLocaleString('en-US')} events at ${rate(sealRate)}`,
    );
  } finally {
    await sealPool.end();
  }
  const rebuilds = await interleave(
    options.pairs,
    () => rebuild(sealedUrl, false),
    () => rebuild(clearUrl, false),
  );
  figures[`rebuild --all, ${options.rebuildEvents.toLocaleString('en-US')} mixed events`] = {
    on: median(rebuilds.as.map((run) => run.perSecond)),
    off: median(rebuilds.bs.map((run) => run.perSecond)),
  };

  console.log(`Encryption on (sealed personal fields) vs off (the bare store), ${options.pairs} interleaved pairs`);
  for (const [figure, { on, off }] of Object.entries(figures)) {
    const before = previous?.figures[figure];
    console.log(
      `  ${figure}: on ${rate(on)} | off ${rate(off)} | on/off ${ratio(on / off)}` +
        (before ? ` | previous run (${previous!.at}): on ${rate(before.on)}, off ${rate(before.off)}` : ''),
    );
    record({
      figure: `${figure}, encryption on vs off`,
      ours: rate(on),
      comparison: rate(off),
      ratio: ratio(on / off),
      goal: 'reported (cost of encryption)',
      met: null,
    });
  }
  await mkdir(path.dirname(RESULTS), { recursive: true });
  await writeFile(RESULTS, `${JSON.stringify({ at: new Date().toISOString(), figures }, null, 2)}\n`);
};
