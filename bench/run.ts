import { formatRate, startBenchDatabase } from './setup.ts';
import { measureRawInserts } from './raw-inserts.ts';
import { measureLeadCommands } from './commands.ts';
import { measureProjectorCatchUp } from './projector.ts';
import { measureRebuild } from './rebuild.ts';
import { measureCsvExport, measureLeadsList } from './admin-reads.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PROJECTOR_EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
const REBUILD_EVENTS = Number(process.env.BENCH_REBUILD_EVENTS ?? 1_000_000);
const REBUILD_BATCH = Number(process.env.BENCH_REBUILD_BATCH ?? 2_000);
const LIST_LEADS = Number(process.env.BENCH_LEADS ?? 100_000);
const CSV_SMALL = Number(process.env.BENCH_CSV_SMALL ?? 10_000);
const CSV_LARGE = Number(process.env.BENCH_CSV_LARGE ?? 100_000);
// e.g. BENCH_ONLY=rebuild,csv runs just those parts.
const SECTIONS = ['commands', 'projector', 'rebuild', 'leads', 'csv'] as const;
const ONLY = new Set((process.env.BENCH_ONLY ?? SECTIONS.join(',')).split(',').map((name) => name.trim()));

const n = (value: number) => Math.round(value).toLocaleString('en-US');
const mb = (value: number) => `${Math.round(value)} MB`;

const main = async () => {
  const db = await startBenchDatabase();
  const started = performance.now();
  let catchUpRate: number | null = null;
  try {
    console.log(
      `bench: ${CONNECTIONS} connections, ${DURATION_SECONDS} s per HTTP run; parts: ${SECTIONS.filter((s) => ONLY.has(s)).join(', ')}\n`,
    );

    if (ONLY.has('commands')) {
      const commandsUrl = await db.createDatabase('bench_commands');
      const commands = await measureLeadCommands({
        databaseUrl: commandsUrl,
        connections: CONNECTIONS,
        durationSeconds: DURATION_SECONDS,
      });
      const raw = await measureRawInserts({
        databaseUrl: commandsUrl,
        connections: CONNECTIONS,
        durationMs: DURATION_SECONDS * 1000,
      });
      console.log('POST /api/leads over HTTP (autocannon)');
      console.log(
        `  commands:        ${formatRate(commands.perSecond)}  p50 ${commands.p50} ms  p99 ${commands.p99} ms  (non-2xx ${commands.non2xx}, errors ${commands.errors})`,
      );
      console.log(`  raw INSERTs:     ${formatRate(raw.perSecond)}  (single-row, ${CONNECTIONS} connections, same PostgreSQL)`);
      console.log(`  ratio:           ${(commands.perSecond / raw.perSecond).toFixed(2)} (commands / raw inserts)\n`);
      if (commands.non2xx > 0 || commands.errors > 0) process.exitCode = 1;
    }

    if (ONLY.has('projector')) {
      const projectorUrl = await db.createDatabase('bench_projector');
      const projector = await measureProjectorCatchUp({ databaseUrl: projectorUrl, events: PROJECTOR_EVENTS });
      catchUpRate = projector.perSecond;
      console.log(`projector catch-up over ${n(PROJECTOR_EVENTS)} SlotReserved events`);
      console.log(`  seeding appends: ${formatRate(projector.appendPerSecond)} (8 writers through the event store port)`);
      console.log(
        `  catch-up:        ${formatRate(projector.perSecond)}  (${projector.seconds.toFixed(1)} s, all projections)\n`,
      );
    }

    if (ONLY.has('rebuild')) {
      const rebuildUrl = await db.createDatabase('bench_rebuild');
      console.log(
        `rebuild --all over ${n(REBUILD_EVENTS)} mixed events (leads, applications, users, payments, decisions), its own process`,
      );
      const rebuild = await measureRebuild({ databaseUrl: rebuildUrl, events: REBUILD_EVENTS, batchSize: REBUILD_BATCH });
      console.log(`  seeding (SQL):   ${n(REBUILD_EVENTS)} events in ${rebuild.seedSeconds.toFixed(1)} s (setup, not measured)`);
      console.log(
        `  rebuild:         ${formatRate(rebuild.perSecond)} events through ${rebuild.projections} projections (${rebuild.seconds.toFixed(1)} s replay + swap; ${rebuild.wallSeconds.toFixed(1)} s with process start)`,
      );
      console.log(`  peak RSS:        ${mb(rebuild.peakMb)} (VmHWM of the rebuild process, batches of ${n(REBUILD_BATCH)})`);
      if (catchUpRate)
        console.log(
          `  ratio:           ${(rebuild.perSecond / catchUpRate).toFixed(2)} (rebuild events/s / live catch-up events/s above)`,
        );
      console.log('');
    }

    if (ONLY.has('leads') || ONLY.has('csv')) {
      const readsUrl = await db.createDatabase('bench_reads');
      if (ONLY.has('leads')) {
        const list = await measureLeadsList({
          databaseUrl: readsUrl,
          leads: LIST_LEADS,
          connections: CONNECTIONS,
          durationSeconds: DURATION_SECONDS,
        });
        console.log(`GET /api/admin/leads, 50 per page over ${n(LIST_LEADS)} leads (query API alone, autocannon)`);
        console.log(
          `  first page:      ${formatRate(list.firstPage.perSecond)}  p50 ${list.firstPage.p50} ms  p99 ${list.firstPage.p99} ms  (failures ${list.firstPage.failures})`,
        );
        console.log(
          `  random pages:    ${formatRate(list.anyPage.perSecond)}  p50 ${list.anyPage.p50} ms  p99 ${list.anyPage.p99} ms  (failures ${list.anyPage.failures})`,
        );
        console.log(
          `  ratio:           ${(list.anyPage.perSecond / list.firstPage.perSecond).toFixed(2)} (random pages / first page)\n`,
        );
        if (list.firstPage.failures + list.anyPage.failures > 0) process.exitCode = 1;
      }
      if (ONLY.has('csv')) {
        const small = await measureCsvExport({ databaseUrl: readsUrl, leads: CSV_SMALL });
        const large = await measureCsvExport({ databaseUrl: readsUrl, leads: CSV_LARGE });
        console.log(
          `GET /api/admin/leads/export.csv, median of 5 exports, each in a fresh query API process (VmHWM of the server)`,
        );
        for (const [count, run] of [
          [CSV_SMALL, small],
          [CSV_LARGE, large],
        ] as const) {
          console.log(
            `  ${n(count).padStart(7)} leads:  ${run.seconds.toFixed(2)} s  ${run.megabytes.toFixed(1)} MB  ${formatRate(run.rowsPerSecond)} rows  ` +
              `peak RSS ${mb(run.peakMb)} (${mb(run.baselineMb)} before; runs ${run.peaksMb.map(mb).join(', ')})`,
          );
        }
        console.log(
          `  ratio:           ${(CSV_LARGE / CSV_SMALL).toFixed(0)}x the leads: ${(large.seconds / small.seconds).toFixed(1)}x the time, ` +
            `${(large.peakMb / small.peakMb).toFixed(2)}x the peak memory (+${Math.round(large.peakMb - large.baselineMb)} MB vs +${Math.round(small.peakMb - small.baselineMb)} MB over the idle server)\n`,
        );
      }
    }
    console.log(`bench took ${((performance.now() - started) / 1000 / 60).toFixed(1)} min`);
  } finally {
    await db.stop();
  }
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
