import { formatRate, startBenchDatabase } from './setup.ts';
import { measureRawInserts } from './raw-inserts.ts';
import { measureLeadCommands } from './commands.ts';
import { measureProjectorCatchUp } from './projector.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PROJECTOR_EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);

const main = async () => {
  const db = await startBenchDatabase();
  try {
    console.log(`bench: ${CONNECTIONS} connections, ${DURATION_SECONDS} s per HTTP run, ${PROJECTOR_EVENTS.toLocaleString('en-US')} events for the projector\n`);

    const commandsUrl = await db.createDatabase('bench_commands');
    const commands = await measureLeadCommands({ databaseUrl: commandsUrl, connections: CONNECTIONS, durationSeconds: DURATION_SECONDS });
    const raw = await measureRawInserts({ databaseUrl: commandsUrl, connections: CONNECTIONS, durationMs: DURATION_SECONDS * 1000 });
    console.log('POST /api/leads over HTTP (autocannon)');
    console.log(`  commands:        ${formatRate(commands.perSecond)}  p50 ${commands.p50} ms  p99 ${commands.p99} ms  (non-2xx ${commands.non2xx}, errors ${commands.errors})`);
    console.log(`  raw INSERTs:     ${formatRate(raw.perSecond)}  (single-row, ${CONNECTIONS} connections, same PostgreSQL)`);
    console.log(`  ratio:           ${(commands.perSecond / raw.perSecond).toFixed(2)} (commands / raw inserts)\n`);

    const projectorUrl = await db.createDatabase('bench_projector');
    const projector = await measureProjectorCatchUp({ databaseUrl: projectorUrl, events: PROJECTOR_EVENTS });
    console.log(`projector catch-up over ${PROJECTOR_EVENTS.toLocaleString('en-US')} SlotReserved events`);
    console.log(`  seeding appends: ${formatRate(projector.appendPerSecond)} (8 writers through the event store port)`);
    console.log(`  catch-up:        ${formatRate(projector.perSecond)}  (${projector.seconds.toFixed(1)} s, all projections)`);
    if (commands.non2xx > 0 || commands.errors > 0) process.exitCode = 1;
  } finally {
    await db.stop();
  }
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
