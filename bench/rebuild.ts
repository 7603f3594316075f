import { createPostgresEventStore } from '@acres/eventstore';
import type { EventStore } from '@acres/eventstore/port';
import { createPool } from '@acres/platform';
import { spawnScript, trackPeakMemory } from './child-process.ts';
import { seedMixedEvents } from './seed-mixed.ts';

/** Position of the last event of the log before its trailing run of events of `type` (the rebuild's own records). */
const lastPositionBefore = async (log: Pick<EventStore, 'readAll'>, type: string) => {
  for (let toPosition: bigint | undefined; ;) {
    const page = await log.readAll({ direction: 'backward', maxCount: 20, ...(toPosition !== undefined && { toPosition }) });
    const other = page.find((event) => event.type !== type);
    if (other || page.length < 20) return other?.globalPosition ?? 0n;
    toPosition = page.at(-1)!.globalPosition - 1n;
  }
};

/**
 * `npm run projections -- rebuild --all` over a seeded log of mixed events, in its own
 * process: wall time, the CLI's own replay figures, and the process's peak RSS (VmHWM).
 */
export const measureRebuild = async (options: {
  databaseUrl: string;
  events: number;
  batchSize: number;
  /** false: the log is seeded already (a second rebuild of it). */
  seed?: boolean;
  env?: Record<string, string>;
}) => {
  const seeded =
    options.seed === false ? { seconds: 0 } : await seedMixedEvents({ databaseUrl: options.databaseUrl, events: options.events });
  const child = spawnScript('services/projector/src/cli.ts', {
    args: ['rebuild', '--all', '--batch-size', String(options.batchSize)],
    env: { ...options.env, DATABASE_URL: options.databaseUrl },
    output: 'pipe',
  });
  let stdout = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  // The progress lines, for whoever watches the bench.
  child.stderr!.on('data', (chunk: Buffer) =>
    process.stderr.write(`    ${chunk.toString().trimEnd().replaceAll('\n', '\n    ')}\n`),
  );
  const memory = trackPeakMemory(child);
  const started = performance.now();
  const code = await memory.exited;
  const wallSeconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`rebuild exited with ${code}:\n${stdout}`);
  // "rebuilt 9 projection(s): 1,000,000 events in 41.2 s (24,272 events/s), peak RSS 190 MB"
  const summary = /rebuilt (\d+) projection\(s\): ([\d,]+) events? in ([\d.]+) s/.exec(stdout);
  if (!summary) throw new Error(`rebuild printed no summary:\n${stdout}`);
  const replayed = Number(summary[2]!.replaceAll(',', ''));
  const seconds = Number(summary[3]);

  const pool = createPool({ connectionString: options.databaseUrl, max: 1 });
  // The CLI records the rebuild in the log; its completion events come after the swap, which
  // no projector runs here to pass over.
  try {
    const replayedTo = await lastPositionBefore(createPostgresEventStore({ pool }), 'ProjectionRebuildCompleted');
    const { rows } = await pool.query<{ leads: number; payments: number; behind: number }>(
      `SELECT (SELECT count(*) FROM leads)::int AS leads, (SELECT count(*) FROM payments)::int AS payments,
              (SELECT count(*) FROM projection_checkpoints WHERE position < $1)::int AS behind`,
      [replayedTo.toString()],
    );
    const expectedLeads = (options.events / 10) * 4;
    if (rows[0]?.leads !== expectedLeads || rows[0]?.behind !== 0) {
      throw new Error(
        `rebuilt read models look wrong: ${JSON.stringify(rows[0])}, expected ${expectedLeads} leads and every checkpoint at the head`,
      );
    }
  } finally {
    await pool.end();
  }
  return {
    seedSeconds: seeded.seconds,
    projections: Number(summary[1]),
    replayed,
    seconds,
    wallSeconds,
    perSecond: replayed / seconds,
    peakMb: memory.peakMb(),
  };
};
