// The payment audit's search (issue 12, item 3): GET /api/admin/payments over 100,000 payments,
// searching by a fragment of the investor's name, their email and a payment id, and with the
// filters (status, Lagos dates, investor), p99 against the goal of 100 ms.

import { randomUUID } from 'node:crypto';
import os from 'node:os';
import autocannon from 'autocannon';
import { computeAmountCheck } from '@acres/contracts/payment';
import type { RecordedEvent } from '@acres/eventstore/port';
import { createPool, withTransaction } from '@acres/platform';
import { createAdminCountersProjection, createPaymentsProjection, createUsersProjection } from '@acres/projector/projections';
import { BENCH_AUTH, startQueryApi } from './child-process.ts';
import { median, ms, rate, record } from './report.ts';

// Bench data, not product data: names to search for, spread evenly over the investors.
const FIRST_NAMES = ['Ada', 'Bola', 'Chidi', 'Dayo', 'Emeka', 'Funke', 'Gbenga', 'Halima', 'Ife', 'Jide', 'Kemi', 'Lola'];
const LAST_NAMES = ['Okafor', 'Adeyemi', 'Balogun', 'Eze', 'Nwosu', 'Okonkwo', 'Bello', 'Olawale', 'Ibrahim', 'Obi', 'Musa'];
const ADMINS = ['ops-admin', 'finance-admin', 'audit-admin'];
const BATCH = 5_000;
// One payment every 5 minutes from 1 Jan 2025: 100,000 span about a year.
const START = Date.UTC(2025, 0, 1);
const STEP_MS = 5 * 60_000;

const investorOf = (n: number) => {
  const first = FIRST_NAMES[n % FIRST_NAMES.length]!;
  const last = LAST_NAMES[Math.floor(n / FIRST_NAMES.length) % LAST_NAMES.length]!;
  return { first, last, email: `${first.toLowerCase()}.${last.toLowerCase()}${n}@example.com` };
};

let position = 0n;
const recorded = (type: string, data: unknown, actor: RecordedEvent['metadata']['actor']): RecordedEvent => {
  position += 1n;
  return {
    id: randomUUID(),
    type,
    data,
    metadata: { correlationId: randomUUID(), causationId: null, actor, schemaVersion: 1, occurredAt: new Date().toISOString() },
    streamId: `bench-${position}`,
    streamPosition: 0n,
    globalPosition: position,
    createdAt: new Date(),
  };
};

/**
 * The investors, their payments and two decisions in three: synthetic events applied by the
 * projector's own projection code (users, payments, admin counters) in batches, so the rows
 * are exactly what the projector writes, without the event log in between (measured elsewhere).
 */
export const seedPayments = async (databaseUrl: string, options: { payments: number; investors: number }) => {
  const pool = createPool({ connectionString: databaseUrl, max: 1 });
  const projections = [createUsersProjection(), createPaymentsProjection(), createAdminCountersProjection()];
  const userIds = Array.from({ length: options.investors }, () => randomUUID());
  const paymentIds: string[] = [];
  const apply = (events: RecordedEvent[]) =>
    withTransaction(pool, async (client) => {
      for (const projection of projections) {
        const handled = events.filter((event) => projection.handles.includes(event.type));
        if (handled.length > 0) await projection.applyBatch!(client, handled);
      }
    });
  try {
    await pool.query('TRUNCATE users, payments');
    await pool.query('UPDATE admin_counters SET total_payments = 0, pending_approvals = 0, approved_payments = 0');
    for (let from = 0; from < options.investors; from += BATCH) {
      const events = userIds.slice(from, from + BATCH).map((userId, index) => {
        const { first, last, email } = investorOf(from + index);
        const registeredAt = new Date(START - 86_400_000).toISOString();
        const data = { userId, email, firstName: first, lastName: last, profileImageUrl: null, registeredAt };
        return recorded('UserRegistered', data, { kind: 'user', id: userId });
      });
      await apply(events);
    }
    for (let from = 0; from < options.payments; from += BATCH) {
      const events: RecordedEvent[] = [];
      for (let n = from; n < Math.min(from + BATCH, options.payments); n += 1) {
        const paymentId = randomUUID();
        paymentIds.push(paymentId);
        const userId = userIds[n % options.investors]!;
        const acres = 1 + (n % 40);
        // One in ten paid short of the price, one in fifty over it.
        const amount = computeAmountCheck(acres, 0).expectedAmount - (n % 10 === 0 ? 500_000 : n % 50 === 1 ? -250_000 : 0);
        const submittedAt = new Date(START + n * STEP_MS).toISOString();
        const proofImagePath = `/objects/uploads/${randomUUID()}`;
        const submitted = {
          paymentId,
          userId,
          leadId: null,
          acres,
          amount,
          proofImagePath,
          submittedAt,
          ...computeAmountCheck(acres, amount),
        };
        events.push(recorded('PaymentProofSubmitted', submitted, { kind: 'user', id: userId }));
        if (n % 3 !== 2) {
          const decidedBy = ADMINS[n % ADMINS.length]!;
          const decision = {
            paymentId,
            userId,
            acres,
            amount,
            adminNotes: '',
            decidedBy,
            decidedAt: new Date(START + n * STEP_MS + 3_600_000).toISOString(),
          };
          events.push(recorded(n % 3 === 0 ? 'PaymentApproved' : 'PaymentRejected', decision, { kind: 'admin', id: decidedBy }));
        }
      }
      await apply(events);
    }
    await pool.query('VACUUM ANALYZE users');
    await pool.query('VACUUM ANALYZE payments');
    return { userIds, paymentIds };
  } finally {
    await pool.end();
  }
};

const runCannon = (options: autocannon.Options) =>
  new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });

const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;
const STATUSES = ['pending', 'approved', 'rejected'] as const;
/** A random calendar month of 2025 as from/to Lagos days. */
const monthRange = () => {
  const month = 1 + Math.floor(Math.random() * 12);
  const mm = String(month).padStart(2, '0');
  return `from=2025-${mm}-01&to=2025-${mm}-28`;
};
const fragmentOf = (text: string, length: number) => {
  const start = Math.floor(Math.random() * (text.length - length + 1));
  return text.slice(start, start + length);
};

type Kind = { name: string; path: () => string };

/**
 * Every kind of search the audit offers, each run for `durationSeconds` with autocannon. Each
 * request is a distinct URL (a `_` nonce the route ignores): the query API's page cache never
 * answers, so these are the database's figures, not the cache's.
 */
export const measurePaymentSearch = async (options: {
  databaseUrl: string;
  payments: number;
  /** Each kind runs once per entry: 1 is one search's own latency (the goal), more is searches queued on the cores. */
  connections: readonly number[];
  durationSeconds: number;
}) => {
  const investors = Math.max(1, Math.round(options.payments / 5));
  const seedStarted = performance.now();
  const { userIds, paymentIds } = await seedPayments(options.databaseUrl, { payments: options.payments, investors });
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const api = await startQueryApi({ databaseUrl: options.databaseUrl });
  let nonce = 0;
  const withNonce = (path: string) => `${path}&_=${(nonce += 1)}`;
  const kinds: Kind[] = [
    { name: 'name fragment', path: () => `/api/admin/payments?limit=50&search=${fragmentOf(pick(LAST_NAMES).toLowerCase(), 4)}` },
    {
      name: 'email',
      path: () =>
        `/api/admin/payments?limit=50&search=${encodeURIComponent(investorOf(Math.floor(Math.random() * investors)).email)}`,
    },
    { name: 'payment id fragment', path: () => `/api/admin/payments?limit=50&search=${fragmentOf(pick(paymentIds), 8)}` },
    {
      name: 'name + status + month',
      path: () =>
        `/api/admin/payments?limit=50&search=${pick(FIRST_NAMES).toLowerCase()}&status=${pick(STATUSES)}&${monthRange()}`,
    },
    { name: 'status + month', path: () => `/api/admin/payments?limit=50&status=${pick(STATUSES)}&${monthRange()}` },
    { name: 'investor + status', path: () => `/api/admin/payments?limit=50&investor=${pick(userIds)}&status=${pick(STATUSES)}` },
  ];
  try {
    const get = async (path: string) => {
      const response = await fetch(`${api.url}${path}`, { headers: { authorization: BENCH_AUTH } });
      return { status: response.status, body: (await response.json()) as { total: number; payments: { id: string }[] } };
    };
    // The answers are right before they are fast: a known id is found, a name finds its share.
    const byId = await get(`/api/admin/payments?search=${paymentIds[0]}`);
    const byName = await get(`/api/admin/payments?search=${LAST_NAMES[0]}`);
    if (byId.status !== 200 || byId.body.payments[0]?.id !== paymentIds[0] || byName.body.total < 1) {
      throw new Error(`payment search answered ${byId.status}/${byName.status}: ${JSON.stringify(byId.body).slice(0, 200)}`);
    }
    const [load] = os.loadavg();
    console.log(
      `GET /api/admin/payments search over ${options.payments.toLocaleString('en-US')} payments of ${investors.toLocaleString('en-US')} investors (seeded through the projections in ${seedSeconds.toFixed(1)} s), ${options.connections.join(' and ')} connections, ${options.durationSeconds} s per kind, every request a distinct URL (no page cache); load average ${load!.toFixed(1)} on ${os.cpus().length} cores`,
    );
    const base = { url: api.url, headers: { authorization: BENCH_AUTH } };
    const request = (kind: Kind) => [
      { method: 'GET' as const, setupRequest: (r: object) => ({ ...r, path: withNonce(kind.path()) }) },
    ];
    await runCannon({ ...base, connections: 4, duration: 2, requests: request(kinds[0]!) }); // warm-up
    const p99s: number[] = [];
    let failures = 0;
    for (const connections of options.connections) {
      for (const kind of kinds) {
        const result = await runCannon({ ...base, connections, duration: options.durationSeconds, requests: request(kind) });
        const perSecond = result['2xx'] / options.durationSeconds;
        const failed = result.non2xx + result.errors;
        failures += failed;
        p99s.push(result.latency.p99);
        console.log(
          `  ${String(connections).padStart(2)} conn. ${kind.name.padEnd(22)} ${rate(perSecond).padStart(8)}  p50 ${ms(result.latency.p50)}  p99 ${ms(result.latency.p99)}`,
        );
        record({
          figure: `payment search, ${kind.name}, ${options.payments.toLocaleString('en-US')} payments, ${connections} conn.`,
          ours: `p99 ${ms(result.latency.p99)} (${rate(perSecond)})`,
          comparison: '100 ms',
          ratio: (result.latency.p99 / 100).toFixed(2),
          goal: '< 100 ms',
          met: result.latency.p99 < 100 && failed === 0,
        });
      }
    }
    if (failures > 0) process.exitCode = 1;
    return { p99s, worstP99: Math.max(...p99s), medianP99: median(p99s), failures };
  } finally {
    await api.stop();
  }
};
