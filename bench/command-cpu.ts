// CPU per POST /api/leads in the HTTP and command layers alone (app.inject): `tsx bench/command-cpu.ts
// [requests] [store]`. With store `none` (the default) the event store answers at once: no sockets, no
// database and no projector, so it isolates what changes in routes, hooks, validation and
// serialization. With `postgres` the appends go to a throwaway PostgreSQL through the protected store
// every service uses (sealing, subject keys, group commit): the command side's whole cost, still
// without the projector and notifier, and PostgreSQL's own CPU per POST beside it.

import { createPostgresEventStore } from '@acres/eventstore';
import type { EventStore } from '@acres/eventstore/port';
import { createAddressDigest, createKeyVault, deriveMasterKey, protectEventStore } from '@acres/eventstore/protect';
import { createPool } from '@acres/platform';
import { createLogger } from '@acres/platform/logger';
import { createMetricsRegistry } from '@acres/platform/observability';
import { buildCommandApp } from '@acres/command-api';
import { LEAD } from './product-commands.ts';
import { readClusterCpu } from './process-cpu.ts';
import { startBenchDatabase } from './setup.ts';

const requests = Number(process.argv[2] ?? 20_000);
const storeKind = process.argv[3] ?? 'none';

const openStore = async () => {
  if (storeKind === 'none') {
    let position = 1n << 20n;
    const eventStore = {
      appendToStream: async () => ({ nextExpectedRevision: 0n, position: (position += 65_536n) }),
    } as unknown as EventStore;
    return { eventStore, postgresCpu: () => 0, close: async () => {} };
  }
  const db = await startBenchDatabase();
  const databaseUrl = await db.createDatabase('command_cpu');
  const pool = createPool({ connectionString: databaseUrl, max: 20 });
  const bare = createPostgresEventStore({ pool, connectionString: databaseUrl });
  const vault = createKeyVault({ pool, masterKey: deriveMasterKey('command-cpu-bench-master-key-0123456789') });
  return {
    eventStore: protectEventStore(bare, vault),
    postgresCpu: () => readClusterCpu(new URL(databaseUrl).port),
    close: async () => {
      await bare.close();
      await pool.end();
      await db.stop();
    },
  };
};

const { eventStore, postgresCpu, close } = await openStore();
const app = await buildCommandApp({
  eventStore,
  addressDigest: createAddressDigest(deriveMasterKey('command-cpu-bench-master-key-0123456789')),
  logger: createLogger({ level: process.env.LOG_LEVEL ?? 'warn', pretty: false }),
  observability: { registry: createMetricsRegistry({ service: 'bench' }) },
});
await app.ready();
let sequence = 0;
const post = () =>
  app.inject({
    method: 'POST',
    url: '/api/leads',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({
      ...LEAD,
      phone: `+234 803 ${String(100 + (sequence++ % 900))} ${String(1000 + (sequence % 9000))}`,
    }),
  });
const first = await post();
if (first.statusCode !== 201) throw new Error(`${first.statusCode} ${first.body}`);
for (let i = 0; i < 2_000; i += 1) await post();
const cpu = process.cpuUsage();
const postgresBefore = postgresCpu();
const started = performance.now();
for (let i = 0; i < requests; i += 16) await Promise.all(Array.from({ length: 16 }, post));
const used = process.cpuUsage(cpu);
const postgresUsed = postgresCpu() - postgresBefore;
console.error(
  `${requests} POSTs (store: ${storeKind}): ${((used.user + used.system) / requests) | 0} µs CPU each, ` +
    `${Math.round(requests / ((performance.now() - started) / 1000))}/s in one process` +
    (storeKind === 'none' ? '' : `; PostgreSQL ${((postgresUsed * 1e6) / requests) | 0} µs CPU each`),
);
await app.close();
await close();
