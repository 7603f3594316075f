// The admin's reads against the query API running alone: the leads list at 50 per page,
// and the streamed CSV export with the server's peak memory.

import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { createPool, findFreePort } from '@acres/platform';
import { BENCH_AUTH, readMemory, spawnScript, startQueryApi, waitUntilListening } from './child-process.ts';
import { interleave, median as medianOf, ms, rate, ratio, record } from './report.ts';

/** Read-model rows straight in (the projector is measured elsewhere): n leads, one second apart. */
export const seedLeads = async (databaseUrl: string, count: number) => {
  const pool = createPool({ connectionString: databaseUrl, max: 1 });
  try {
    await pool.query('TRUNCATE leads');
    await pool.query(
      `INSERT INTO leads (id, full_name, company, email, phone, phone_e164, role, intended_acres, commitment, notes, consent,
                          referral_code, created_at, global_position)
       SELECT gen_random_uuid(), 'Bench Investor ' || n, CASE WHEN n % 3 = 0 THEN NULL ELSE 'Bench Capital, "Ltd"' END,
              'investor' || n || '@example.com', '+234 803 123 4567', '2348031234567', 'Investor', 1 + n % 200, '7 days',
              CASE WHEN n % 5 = 0 THEN E'Call after 5pm\nask for Ada' END, true, NULL,
              timestamptz '2025-06-01 12:00:00+00' - make_interval(secs => n), n
         FROM generate_series(1, $1::int) AS n`,
      [count],
    );
    await pool.query('VACUUM ANALYZE leads');
  } finally {
    await pool.end();
  }
};

const runCannon = (options: autocannon.Options) =>
  new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });

export const measureLeadsList = async (options: {
  databaseUrl: string;
  leads: number;
  connections: number;
  durationSeconds: number;
}) => {
  await seedLeads(options.databaseUrl, options.leads);
  const api = await startQueryApi({ databaseUrl: options.databaseUrl });
  try {
    const check = await fetch(`${api.url}/api/admin/leads?limit=50&offset=0`, { headers: { authorization: BENCH_AUTH } });
    const body = (await check.json()) as { total: number; leads: unknown[] };
    if (check.status !== 200 || body.total !== options.leads || body.leads.length !== 50) {
      throw new Error(`GET /api/admin/leads answered ${check.status} with total ${body.total} and ${body.leads?.length} leads`);
    }
    const base = { connections: options.connections, headers: { authorization: BENCH_AUTH } };
    await runCannon({ ...base, url: `${api.url}/api/admin/leads?limit=50&offset=0`, duration: 2 }); // warm-up
    const first = await runCannon({
      ...base,
      url: `${api.url}/api/admin/leads?limit=50&offset=0`,
      duration: options.durationSeconds,
    });
    const pages = Math.floor(options.leads / 50);
    const anyPage = await runCannon({
      ...base,
      url: api.url,
      duration: options.durationSeconds,
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => ({
            ...request,
            path: `/api/admin/leads?limit=50&offset=${50 * Math.floor(Math.random() * pages)}`,
          }),
        },
      ],
    });
    const figures = (result: autocannon.Result) => ({
      perSecond: result['2xx'] / options.durationSeconds,
      p50: result.latency.p50,
      p99: result.latency.p99,
      failures: result.non2xx + result.errors,
    });
    return { firstPage: figures(first), anyPage: figures(anyPage) };
  } finally {
    await api.stop();
  }
};

/** One export in a fresh server process: time, size, and the server's resident memory before and at its peak. */
const exportOnce = async (options: { databaseUrl: string; leads: number }) => {
  const api = await startQueryApi({ databaseUrl: options.databaseUrl });
  try {
    // One small admin read first, so the baseline includes a warmed-up server.
    await (await fetch(`${api.url}/api/admin/leads?limit=50&offset=0`, { headers: { authorization: BENCH_AUTH } })).arrayBuffer();
    const baselineMb = readMemory(api.pid)!.rssMb;
    const started = performance.now();
    const response = await fetch(`${api.url}/api/admin/leads/export.csv`, { headers: { authorization: BENCH_AUTH } });
    if (response.status !== 200 || !response.body) throw new Error(`export answered ${response.status}`);
    let bytes = 0;
    let records = 0;
    let quoted = false;
    // Counts CSV records, not lines: a quoted notes field carries a line break.
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const byte of chunk) {
        if (byte === 0x22) quoted = !quoted;
        else if (byte === 0x0a && !quoted) records += 1;
      }
    }
    const seconds = (performance.now() - started) / 1000;
    const memory = readMemory(api.pid)!;
    // Header row + one row per lead.
    if (records !== options.leads + 1) throw new Error(`export had ${records} records, expected ${options.leads + 1}`);
    return { seconds, megabytes: bytes / 1024 / 1024, rowsPerSecond: options.leads / seconds, baselineMb, peakMb: memory.peakMb };
  } finally {
    await api.stop();
  }
};

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * The median of `runs` exports (default 5), each in a fresh server process: the garbage collector
 * decides when the heap shrinks, so one run's peak is noisy; the median is not.
 */
export const measureCsvExport = async (options: { databaseUrl: string; leads: number; runs?: number }) => {
  await seedLeads(options.databaseUrl, options.leads);
  const results = [];
  for (let run = 0; run < (options.runs ?? 5); run += 1) results.push(await exportOnce(options));
  return {
    seconds: median(results.map((result) => result.seconds)),
    megabytes: results[0]!.megabytes,
    rowsPerSecond: median(results.map((result) => result.rowsPerSecond)),
    baselineMb: median(results.map((result) => result.baselineMb)),
    peakMb: median(results.map((result) => result.peakMb)),
    peaksMb: results.map((result) => result.peakMb),
  };
};

/** A fastify hello-world route in its own process: the yardstick of the admin reads. */
const startHelloWorld = async () => {
  const port = await findFreePort();
  const child = spawnScript('bench/hello-world.ts', { env: { PORT: String(port) } });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  try {
    await waitUntilListening(url, 30_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
};

type PageBody = { total?: number; leads: unknown[]; nextCursor?: string | null };

/**
 * The cursors of every page, when the list answers a nextCursor (keyset paging): walks from
 * the first page to the last one; null while the list only pages by offset.
 */
const walkCursors = async (url: string) => {
  const first = (await (
    await fetch(`${url}/api/admin/leads?limit=50`, { headers: { authorization: BENCH_AUTH } })
  ).json()) as PageBody;
  if (typeof first.nextCursor !== 'string') return null;
  const cursors: string[] = [];
  let next: string | null | undefined = first.nextCursor;
  while (typeof next === 'string') {
    const page = (await (
      await fetch(`${url}/api/admin/leads?limit=50&cursor=${encodeURIComponent(next)}`, {
        headers: { authorization: BENCH_AUTH },
      })
    ).json()) as PageBody;
    if (page.leads.length === 0) break;
    cursors.push(next);
    next = page.nextCursor;
  }
  return cursors;
};

const pageFigures = (result: autocannon.Result, seconds: number) => ({
  perSecond: result['2xx'] / seconds,
  p99: result.latency.p99,
  failures: result.non2xx + result.errors,
});

/**
 * Figure 5: GET /api/admin/leads, 50 per page, at the first, a random and the last page over
 * `leads` leads, each interleaved with a fastify hello-world run; and first-page p99 at
 * `smallLeads` against `leads`.
 */
export const measureAdminPages = async (options: {
  databaseUrl: string;
  leads: number;
  smallLeads: number;
  connections: number;
  durationSeconds: number;
  pairs: number;
}) => {
  const hello = await startHelloWorld();
  const seconds = options.durationSeconds;
  const base = { connections: options.connections, duration: seconds, headers: { authorization: BENCH_AUTH } };
  try {
    const helloRun = async () => pageFigures(await runCannon({ ...base, url: hello.url }), seconds);
    await runCannon({ ...base, url: hello.url, duration: 1 }); // warm-up

    const firstPageP99 = async (count: number) => {
      await seedLeads(options.databaseUrl, count);
      const api = await startQueryApi({ databaseUrl: options.databaseUrl });
      try {
        const url = `${api.url}/api/admin/leads?limit=50`;
        await runCannon({ ...base, url, duration: 2 });
        const runs = [];
        for (let pair = 0; pair < options.pairs; pair += 1) runs.push(pageFigures(await runCannon({ ...base, url }), seconds));
        return medianOf(runs.map((run) => run.p99));
      } finally {
        await sleep(500); // let autocannon's last requests finish before the server stops
        await api.stop();
      }
    };
    const smallP99 = await firstPageP99(options.smallLeads);

    await seedLeads(options.databaseUrl, options.leads);
    const api = await startQueryApi({ databaseUrl: options.databaseUrl });
    try {
      const check = await fetch(`${api.url}/api/admin/leads?limit=50&offset=0`, { headers: { authorization: BENCH_AUTH } });
      const body = (await check.json()) as PageBody;
      if (check.status !== 200 || body.leads.length !== 50) {
        throw new Error(`GET /api/admin/leads answered ${check.status} with ${body.leads?.length} leads`);
      }
      const cursors = await walkCursors(api.url);
      const pages = Math.ceil(options.leads / 50);
      const paging = cursors ? `keyset cursors (walked ${cursors.length} pages)` : 'limit/offset (no nextCursor in the answer)';
      const pathOf = (page: number) =>
        cursors && page > 0
          ? `/api/admin/leads?limit=50&cursor=${encodeURIComponent(cursors[page - 1]!)}`
          : `/api/admin/leads?limit=50&offset=${50 * page}`;
      const lastPage = cursors ? cursors.length : pages - 1;
      const listRun = async (choose: () => number) =>
        pageFigures(
          await runCannon({
            ...base,
            url: api.url,
            requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: pathOf(choose()) }) }],
          }),
          seconds,
        );
      await runCannon({ ...base, url: `${api.url}/api/admin/leads?limit=50`, duration: 2 }); // warm-up
      console.log(`GET /api/admin/leads, 50 per page over ${options.leads.toLocaleString('en-US')} leads, paging by ${paging}`);
      // The query API keeps each page until a projection it reads moves (none moves here), so
      // these are warm figures: the walk above has read every page once. A page's first read
      // after a move costs the database path (one statement and 50 rows decoded).
      console.log('  pages served from the query API page cache once read (the cursor walk reads each page once)');
      let largeFirstP99 = NaN;
      for (const [name, choose] of [
        ['first page', () => 0],
        ['random page', () => Math.floor(Math.random() * (lastPage + 1))],
        ['last page', () => lastPage],
      ] as const) {
        const { as: reads, bs: hellos } = await interleave(options.pairs, () => listRun(choose), helloRun);
        const ratios = reads.map((read, index) => read.perSecond / hellos[index]!.perSecond);
        const failures = reads.reduce((sum, read) => sum + read.failures, 0);
        if (failures > 0) process.exitCode = 1;
        const p99 = medianOf(reads.map((read) => read.p99));
        if (name === 'first page') largeFirstP99 = p99;
        const r = medianOf(ratios);
        record({
          figure: `GET /api/admin/leads, ${name}, ${options.leads.toLocaleString('en-US')} leads`,
          ours: `${rate(medianOf(reads.map((read) => read.perSecond)))} p99 ${ms(p99)}`,
          comparison: `hello-world ${rate(medianOf(hellos.map((run) => run.perSecond)))}`,
          ratio: ratio(r),
          goal: '>= 0.25',
          met: r >= 0.25 && failures === 0,
        });
      }
      const growth = largeFirstP99 / smallP99;
      record({
        figure: `first page p99, ${options.leads.toLocaleString('en-US')} vs ${options.smallLeads.toLocaleString('en-US')} leads`,
        ours: ms(largeFirstP99),
        comparison: ms(smallP99),
        ratio: `${growth.toFixed(2)}x`,
        goal: '<= 1.2x',
        met: growth <= 1.2,
      });
    } finally {
      await sleep(500);
      await api.stop();
    }
  } finally {
    await hello.stop();
  }
};
