import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createLogger, createPool } from '@acres/platform';
import { createPostgresEventStore, type NewEvent } from '@acres/eventstore';
import { ALL_PROJECTIONS, startProjector } from '@acres/projector';

export const slotReserved = (index: number): NewEvent => {
  const leadId = randomUUID();
  const reservedAt = new Date(Date.UTC(2026, 0, 1) + index * 1000).toISOString();
  return {
    id: randomUUID(),
    type: 'SlotReserved',
    data: {
      leadId,
      fullName: `Bench Investor ${index}`,
      company: index % 3 === 0 ? null : 'Bench Capital',
      email: `investor${index}@example.com`,
      phone: '+234 801 234 5678',
      phoneE164: '+2348012345678',
      role: 'Investor',
      intendedAcres: 1 + (index % 200),
      priceBand: '3.5M',
      commitment: 'Immediately',
      notes: null,
      consent: true,
      referralCode: null,
      reservedAt,
    },
    metadata: {
      correlationId: randomUUID(),
      causationId: null,
      actor: { kind: 'visitor', id: null },
      schemaVersion: 1,
      occurredAt: reservedAt,
    },
  };
};

/** Appends `events` SlotReserved events through the event store port (8 writers), returning the append rate. */
const seedEvents = async (options: { databaseUrl: string; events: number }) => {
  const pool = createPool({ connectionString: options.databaseUrl, max: 8 });
  const store = createPostgresEventStore({ pool, connectionString: options.databaseUrl });
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < options.events) {
        const index = next++;
        const event = slotReserved(index);
        await store.appendToStream(`lead-${(event.data as { leadId: string }).leadId}`, [event], {
          expectedRevision: 'no_stream',
        });
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await store.close();
  await pool.end();
  return { appendPerSecond: options.events / seconds };
};

/** Time for every projection to catch up from position 0 over the seeded log. */
export const measureProjectorCatchUp = async (options: { databaseUrl: string; events: number }) => {
  const seeded = await seedEvents(options);
  // Each projection holds a connection while it runs; the live feed and this poll need more.
  const pool = createPool({ connectionString: options.databaseUrl, max: ALL_PROJECTIONS.length + 4 });
  const eventStore = createPostgresEventStore({ pool, connectionString: options.databaseUrl });
  const head = await eventStore.readHeadPosition();
  const started = performance.now();
  const projector = await startProjector({
    eventStore,
    pool,
    logger: createLogger({ level: 'warn', pretty: false }),
    projections: ALL_PROJECTIONS,
  });
  const names = ALL_PROJECTIONS.map((p) => p.name);
  for (;;) {
    const { rows } = await pool.query<{ position: number }>(
      'SELECT min(position) AS position FROM projection_checkpoints WHERE name = ANY($1)',
      [names],
    );
    const { rows: counted } = await pool.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM projection_checkpoints WHERE name = ANY($1)',
      [names],
    );
    if (counted[0]?.count === names.length && BigInt(rows[0]?.position ?? 0) >= head) break;
    await sleep(50);
  }
  const seconds = (performance.now() - started) / 1000;
  const { rows: leads } = await pool.query<{ count: number }>('SELECT count(*)::int AS count FROM leads');
  await projector.stop();
  await eventStore.close();
  await pool.end();
  if (leads[0]?.count !== options.events) throw new Error(`projected ${leads[0]?.count} leads, expected ${options.events}`);
  return { seconds, perSecond: options.events / seconds, appendPerSecond: seeded.appendPerSecond };
};
