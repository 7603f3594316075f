// Figure 4: the time from a command's 2xx to its row in the read model, at a sustained rate,
// under the product as shipped; against INSERT + NOTIFY + a listener copying the row on the
// same PostgreSQL, measured with the same poller.

import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { createPool } from '@acres/platform';
import { LEAD } from './product-commands.ts';
import { startStandalone } from './standalone.ts';
import { ms, percentile, record } from './report.ts';

/**
 * Fires `send` at `perSecond` for durationSeconds; each send answers an id once acknowledged,
 * and a poller looks the pending ids up in `table` back to back: lag = seen − acknowledged.
 */
const measureLag = async (options: {
  databaseUrl: string;
  table: string;
  perSecond: number;
  durationSeconds: number;
  send: () => Promise<string>;
}) => {
  // One connection, opened before the run: a pool opens one on demand with a 5 s timeout,
  // which on a loaded machine failed mid-run and took the whole bench down with it.
  const poller = new pg.Client({ connectionString: options.databaseUrl, connectionTimeoutMillis: 60_000 });
  await poller.connect();
  const pending = new Map<string, number>();
  const lags: number[] = [];
  // Why sends failed, counted by reason, so a failure says what the server answered.
  const reasons = new Map<string, number>();
  const fail = (reason: string) => void reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  let sending = true;
  const polling = (async () => {
    while (sending || pending.size > 0) {
      if (pending.size === 0) {
        await sleep(1);
        continue;
      }
      const ids = [...pending.keys()];
      const { rows } = await poller.query<{ id: string }>(
        `SELECT id::text AS id FROM ${options.table} WHERE id = ANY($1::uuid[])`,
        [ids],
      );
      const now = performance.now();
      for (const { id } of rows) {
        lags.push(now - pending.get(id)!);
        pending.delete(id);
      }
      if (!sending && pending.size > 0 && now - Math.min(...pending.values()) > 30_000) {
        for (let index = 0; index < pending.size; index += 1) fail('not in the read model after 30 s');
        pending.clear();
      }
    }
  })();
  const interval = 1000 / options.perSecond;
  const started = performance.now();
  const total = Math.round(options.perSecond * options.durationSeconds);
  const inflight: Promise<void>[] = [];
  for (let index = 0; index < total; index += 1) {
    const due = started + index * interval;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    inflight.push(
      options.send().then(
        (id) => void pending.set(id, performance.now()),
        (error: unknown) => fail(error instanceof Error ? describeError(error) : String(error)),
      ),
    );
  }
  const achieved = total / ((performance.now() - started) / 1000);
  await Promise.all(inflight);
  sending = false;
  await polling;
  await poller.end();
  const failures = [...reasons.values()].reduce((sum, count) => sum + count, 0);
  return { p50: percentile(lags, 50), p99: percentile(lags, 99), samples: lags.length, failures, reasons, achieved };
};

// fetch's own message is "fetch failed"; the socket's reason is in its cause.
const describeError = (error: Error): string =>
  error.cause instanceof Error ? `${error.message}: ${describeError(error.cause)}` : error.message;

export const measureReadModelLag = async (options: { databaseUrl: string; perSecond: number; durationSeconds: number }) => {
  const product = await startStandalone({ databaseUrl: options.databaseUrl });
  let ours;
  try {
    const agent = { keepalive: true };
    const post = async () => {
      const response = await fetch(`${product.url}/api/leads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...LEAD, email: `lag-${randomUUID()}@example.com` }),
        ...agent,
      });
      const text = await response.text();
      const id = response.ok ? (JSON.parse(text) as { id?: string }).id : undefined;
      if (!id) throw new Error(`${response.status} ${text.slice(0, 200)}`);
      return id;
    };
    for (let warm = 0; warm < 50; warm += 1) await post();
    await sleep(1000);
    ours = await measureLag({ ...options, table: 'leads', send: post });
  } finally {
    await product.stop();
  }

  // INSERT + NOTIFY, a LISTENing connection copying the row into a second table.
  const setup = createPool({ connectionString: options.databaseUrl, max: 1 });
  await setup.query('DROP TABLE IF EXISTS bench_lag_src, bench_lag_dst');
  await setup.query('CREATE TABLE bench_lag_src (id uuid PRIMARY KEY, payload jsonb NOT NULL)');
  await setup.query('CREATE TABLE bench_lag_dst (id uuid PRIMARY KEY, payload jsonb NOT NULL)');
  await setup.end();
  const listener = new pg.Client({ connectionString: options.databaseUrl });
  await listener.connect();
  // Copies what was announced in batches, one statement at a time on the listening connection.
  const announced: string[] = [];
  let copying = false;
  const copy = async () => {
    if (copying) return;
    copying = true;
    try {
      while (announced.length > 0) {
        const ids = announced.splice(0, announced.length);
        await listener.query('INSERT INTO bench_lag_dst SELECT * FROM bench_lag_src WHERE id = ANY($1::uuid[])', [ids]);
      }
    } finally {
      copying = false;
    }
  };
  listener.on('notification', (message) => {
    if (message.payload) announced.push(message.payload);
    void copy().catch(() => {});
  });
  await listener.query('LISTEN bench_lag');
  const writers = createPool({ connectionString: options.databaseUrl, max: 16 });
  const payload = JSON.stringify(LEAD);
  const insert = async () => {
    const id = randomUUID();
    await writers.query(
      `WITH inserted AS (INSERT INTO bench_lag_src (id, payload) VALUES ($1, $2) RETURNING id)
       SELECT pg_notify('bench_lag', id::text) FROM inserted`,
      [id, payload],
    );
    return id;
  };
  let raw;
  try {
    raw = await measureLag({ ...options, table: 'bench_lag_dst', send: insert });
  } finally {
    await writers.end();
    await listener.end();
  }
  console.log(
    `lag from 2xx to the read model at ${options.perSecond} commands/s for ${options.durationSeconds} s (achieved ${Math.round(ours.achieved)}/s; ${ours.samples} samples, ${ours.failures} failures)`,
  );
  console.log(
    `  product: p50 ${ms(ours.p50)} p99 ${ms(ours.p99)} | INSERT + NOTIFY + copy: p50 ${ms(raw.p50)} p99 ${ms(raw.p99)}`,
  );
  for (const [reason, count] of ours.reasons) console.log(`  ${count} failed: ${reason}`);
  if (ours.failures > 0) process.exitCode = 1;
  record({
    figure: `lag 2xx -> read model at ${options.perSecond}/s`,
    ours: `p50 ${ms(ours.p50)} p99 ${ms(ours.p99)}`,
    comparison: `INSERT+NOTIFY p99 ${ms(raw.p99)}`,
    ratio: `${(ours.p99 / raw.p99).toFixed(1)}x slower`,
    goal: 'p99 < 100 ms',
    met: ours.p99 < 100 && ours.failures === 0,
  });
};
