// `npm run bench`: every figure of issue 10 beside its comparison, measured in the same run
// (interleaved pairs where both sides are rates), and a closing table with the goals.
//
// Sizes default to the issue's; BENCH_SCALE=0.1 scales every size down (a quick run), and
// BENCH_ONLY=commands,store,chain,privacy,rebuild,catchup,lag,admin,csv,payments,notify,lighthouse,recovery picks parts.

import { measureCsvExport } from './admin-reads.ts';
import { measureChain } from './chain.ts';
import { measurePrivacy } from './privacy.ts';
import { measureAdminPages } from './admin-reads.ts';
import { measureCopyRate } from './copy-rate.ts';
import { measureEventStorePeer } from './event-store-peer.ts';
import { measureReadModelLag } from './lag.ts';
import { measureLighthouse } from './lighthouse.ts';
import { measurePaymentSearch } from './payments-search.ts';
import { measureProductCommands } from './product-commands.ts';
import { measureProjectorCatchUp } from './projector.ts';
import { measureRebuild } from './rebuild.ts';
import { measureRecovery } from './recovery.ts';
import { measureNotifier } from './notifier.ts';
import { mb, printSummary, rate, ratio, record } from './report.ts';
import { startBenchDatabase } from './setup.ts';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SCALE = env('BENCH_SCALE', 1);
const scaled = (name: string, fallback: number, multipleOf = 1) =>
  Math.max(multipleOf, Math.round((env(name, fallback) * (process.env[name] ? 1 : SCALE)) / multipleOf) * multipleOf);

const SECONDS = env('BENCH_SECONDS', SCALE < 1 ? 3 : 5);
const PAIRS = env('BENCH_PAIRS', 3);
const STORE_MS = env('BENCH_STORE_MS', SCALE < 1 ? 1000 : 2000);
const READ_EVENTS = scaled('BENCH_READ_EVENTS', 100_000, 100);
const REBUILD_EVENTS = scaled('BENCH_REBUILD_EVENTS', 1_000_000, 10);
const REBUILD_BATCH = env('BENCH_REBUILD_BATCH', 2_000);
const CATCHUP_EVENTS = scaled('BENCH_EVENTS', 100_000);
const LAG_RATE = env('BENCH_LAG_RATE', 500);
const LAG_SECONDS = env('BENCH_LAG_SECONDS', SCALE < 1 ? 5 : 10);
const LIST_LEADS = scaled('BENCH_LEADS', 100_000, 50);
const LIST_SMALL = env('BENCH_LEADS_SMALL', 1_000);
const CSV_SMALL = scaled('BENCH_CSV_SMALL', 10_000);
const CSV_LARGE = scaled('BENCH_CSV_LARGE', 100_000);
// Five: the server's peak RSS of one export is bimodal (the garbage collector grows the heap in some runs, not others).
const CSV_RUNS = env('BENCH_CSV_RUNS', 5);
const NOTIFY_LEADS = scaled('BENCH_NOTIFY_LEADS', 1_000);

const SEARCH_PAYMENTS = scaled('BENCH_PAYMENTS', 100_000, 50);

const SECTIONS = [
  'commands',
  'store',
  'chain',
  'privacy',
  'rebuild',
  'catchup',
  'lag',
  'admin',
  'csv',
  'payments',
  'notify',
  'lighthouse',
  'recovery',
] as const;
const ONLY = new Set((process.env.BENCH_ONLY ?? SECTIONS.join(',')).split(',').map((name) => name.trim()));
const n = (value: number) => Math.round(value).toLocaleString('en-US');

/** Runs one part of the bench when BENCH_ONLY names it, a blank line after its output. */
const part = async (name: (typeof SECTIONS)[number], run: () => Promise<unknown>) => {
  if (!ONLY.has(name)) return;
  await run();
  console.log('');
};

const main = async () => {
  const db = await startBenchDatabase();
  const started = performance.now();
  try {
    console.log(
      `bench: scale ${SCALE}, ${SECONDS} s per HTTP run, ${PAIRS} interleaved pairs; parts: ${SECTIONS.filter((s) => ONLY.has(s)).join(', ')}\n`,
    );

    await part('commands', async () =>
      measureProductCommands({
        databaseUrl: await db.createDatabase('bench_commands'),
        connections: [16, 50],
        durationSeconds: SECONDS,
        pairs: PAIRS,
      }),
    );

    await part('store', () =>
      measureEventStorePeer({
        createDatabase: db.createDatabase,
        writers: [1, 8, 32],
        sizes: [1, 100],
        durationMs: STORE_MS,
        readEvents: READ_EVENTS,
        pairs: PAIRS,
      }),
    );

    await part('chain', () =>
      measureChain({
        createDatabase: db.createDatabase,
        writers: [1, 8],
        durationMs: STORE_MS,
        pairs: PAIRS,
        verifyEvents: scaled('BENCH_VERIFY_EVENTS', 100_000, 10),
      }),
    );

    await part('privacy', () =>
      measurePrivacy({
        createDatabase: db.createDatabase,
        connections: 16,
        durationSeconds: SECONDS,
        writers: 8,
        durationMs: STORE_MS,
        pairs: PAIRS,
        rebuildEvents: scaled('BENCH_PRIVACY_REBUILD_EVENTS', 100_000, 10),
        rebuildBatch: REBUILD_BATCH,
      }),
    );

    await part('rebuild', async () => {
      const url = await db.createDatabase('bench_rebuild');
      console.log(`rebuild --all over ${n(REBUILD_EVENTS)} mixed events, its own process`);
      const rebuild = await measureRebuild({ databaseUrl: url, events: REBUILD_EVENTS, batchSize: REBUILD_BATCH });
      const copy = await measureCopyRate({ databaseUrl: url, rows: REBUILD_EVENTS });
      console.log(
        `  seeding ${rebuild.seedSeconds.toFixed(1)} s; rebuild ${rate(rebuild.perSecond)} through ${rebuild.projections} projections (${rebuild.seconds.toFixed(1)} s); COPY ${rate(copy.perSecond)} (${copy.seconds.toFixed(1)} s)`,
      );
      const r = rebuild.perSecond / copy.perSecond;
      record({
        figure: `rebuild --all, ${n(REBUILD_EVENTS)} mixed events`,
        ours: `${rate(rebuild.perSecond)} events`,
        comparison: `COPY ${rate(copy.perSecond)} rows`,
        ratio: ratio(r),
        goal: '>= 0.25 and >= 50,000/s',
        met: r >= 0.25 && rebuild.perSecond >= 50_000,
      });
      record({
        figure: 'rebuild peak RSS',
        ours: mb(rebuild.peakMb),
        comparison: '300 MB',
        ratio: ratio(rebuild.peakMb / 300),
        goal: '< 300 MB',
        met: rebuild.peakMb < 300,
      });
    });

    await part('catchup', async () => {
      const url = await db.createDatabase('bench_projector');
      const projector = await measureProjectorCatchUp({ databaseUrl: url, events: CATCHUP_EVENTS });
      const copy = await measureCopyRate({ databaseUrl: url, rows: CATCHUP_EVENTS });
      console.log(
        `live catch-up over ${n(CATCHUP_EVENTS)} SlotReserved events: ${rate(projector.perSecond)} (${projector.seconds.toFixed(1)} s, all projections); COPY ${rate(copy.perSecond)}`,
      );
      const r = projector.perSecond / copy.perSecond;
      record({
        figure: `live catch-up, ${n(CATCHUP_EVENTS)} events`,
        ours: `${rate(projector.perSecond)} events`,
        comparison: `COPY ${rate(copy.perSecond)} rows`,
        ratio: ratio(r),
        goal: '>= 0.25',
        met: r >= 0.25,
      });
    });

    await part('lag', async () =>
      measureReadModelLag({
        databaseUrl: await db.createDatabase('bench_lag'),
        perSecond: LAG_RATE,
        durationSeconds: LAG_SECONDS,
      }),
    );

    if (ONLY.has('admin') || ONLY.has('csv')) {
      const url = await db.createDatabase('bench_reads');
      await part('admin', async () => {
        await measureAdminPages({
          databaseUrl: url,
          leads: LIST_LEADS,
          smallLeads: LIST_SMALL,
          connections: 16,
          durationSeconds: SECONDS,
          pairs: PAIRS,
        });
      });
      await part('csv', async () => {
        const small = await measureCsvExport({ databaseUrl: url, leads: CSV_SMALL, runs: CSV_RUNS });
        const large = await measureCsvExport({ databaseUrl: url, leads: CSV_LARGE, runs: CSV_RUNS });
        console.log(`CSV export, median of ${CSV_RUNS} exports each in a fresh query API process (VmHWM of the server)`);
        for (const [count, run] of [
          [CSV_SMALL, small],
          [CSV_LARGE, large],
        ] as const) {
          console.log(
            `  ${n(count).padStart(7)} rows: ${run.seconds.toFixed(2)} s, ${rate(run.rowsPerSecond)} rows, peak RSS ${mb(run.peakMb)} (runs ${run.peaksMb.map(mb).join(', ')})`,
          );
        }
        const growth = large.peakMb - small.peakMb;
        record({
          figure: `CSV export server RSS, ${n(CSV_LARGE)} vs ${n(CSV_SMALL)} rows`,
          ours: mb(large.peakMb),
          comparison: mb(small.peakMb),
          ratio: `+${Math.round(growth)} MB`,
          goal: 'within 20 MB',
          met: growth <= 20,
        });
      });
    }
    await part('notify', async () => {
      await measureNotifier({ databaseUrl: await db.createDatabase('bench_notify'), leads: NOTIFY_LEADS });
    });

    await part('payments', async () =>
      measurePaymentSearch({
        databaseUrl: await db.createDatabase('bench_payments'),
        payments: SEARCH_PAYMENTS,
        // 1: one search's own latency (the goal); 16, as the admin part: searches queued on the cores.
        connections: (process.env.BENCH_SEARCH_CONNECTIONS ?? '1,16').split(',').map(Number),
        durationSeconds: SECONDS,
      }),
    );
    await part('lighthouse', async () => {
      const databaseUrl = await db.createDatabase('bench_lighthouse');
      await measureLighthouse({
        databaseUrl,
        paths: ['/', '/affiliate', '/privacy', '/signin', '/application-status'],
        runs: env('BENCH_LIGHTHOUSE_RUNS', 3),
      });
    });
    await part('recovery', () =>
      measureRecovery({
        killsEach: env('BENCH_RECOVERY_KILLS', 3),
        commandsBetweenKills: scaled('BENCH_RECOVERY_COMMANDS', 300),
      }),
    );
    console.log(`bench took ${((performance.now() - started) / 1000 / 60).toFixed(1)} min`);
    await printSummary({ scale: SCALE, only: process.env.BENCH_ONLY ?? null });
  } finally {
    await db.stop();
  }
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
