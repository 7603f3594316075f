// CPU per POST /api/leads in the HTTP and command layers alone (app.inject, an event store
// that answers at once): `tsx bench/command-cpu.ts [requests]`. No sockets, no database
// and no projector, so it isolates what changes in routes, hooks, validation and serialization.

import type { EventStore } from '@acres/eventstore/port';
import { createLogger } from '@acres/platform/logger';
import { createMetricsRegistry } from '@acres/platform/observability';
import { buildCommandApp } from '@acres/command-api';
import { LEAD } from './product-commands.ts';

const requests = Number(process.argv[2] ?? 20_000);
let position = 1n << 20n;
const eventStore = {
  appendToStream: async () => ({ nextExpectedRevision: 0n, position: (position += 65_536n) }),
} as unknown as EventStore;

const app = await buildCommandApp({
  eventStore,
  logger: createLogger({ level: process.env.LOG_LEVEL ?? 'warn', pretty: false }),
  observability: { registry: createMetricsRegistry({ service: 'bench' }) },
});
await app.ready();
const payload = JSON.stringify(LEAD);
const post = () => app.inject({ method: 'POST', url: '/api/leads', headers: { 'content-type': 'application/json' }, payload });
const first = await post();
if (first.statusCode !== 201) throw new Error(`${first.statusCode} ${first.body}`);
for (let i = 0; i < 2_000; i += 1) await post();
const cpu = process.cpuUsage();
const started = performance.now();
for (let i = 0; i < requests; i += 16) await Promise.all(Array.from({ length: 16 }, post));
const used = process.cpuUsage(cpu);
console.error(
  `${requests} POSTs: ${((used.user + used.system) / requests) | 0} µs CPU each, ${Math.round(requests / ((performance.now() - started) / 1000))}/s in one process`,
);
await app.close();
