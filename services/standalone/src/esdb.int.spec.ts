// The product on EventStoreDB (EVENT_STORE=esdb): the server ESDB_CONNECTION_STRING names
// (`npm run test:esdb`), else one held in memory behind the client's boundary. Every feature
// that reads the log reads it through the event-store port, so an application's decision, the
// views as of a position or a day, a person's data export, the log audit and a rebuild of the
// read models answer as they do on PostgreSQL, and nothing lands in the PostgreSQL table.
// Addresses are this run's own, so a server kept between runs serves again.

import { randomBytes } from 'node:crypto';
import { validApplication } from '@acres/fixtures';
import { createEsdbEventStore, type EventStore } from '@acres/eventstore';
import { openTestEsdb, storedLog, type TestEsdb } from '@acres/eventstore/test';
import { lagosDayIso } from '@acres/contracts/lagos-time';
import { type Pool } from '@acres/platform';
import { runAuditCli } from '@acres/projector/audit-cli';
import { runProjectionsCli } from '@acres/projector/cli-run';
import { ALL_PROJECTIONS } from '@acres/projector/projections';
import { CLOCK_COLUMNS, readTableRows } from '@acres/projector/test';
import { waitForProjections } from '@acres/read-models/freshness';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makePng, send, setBusinessSettings, signUp, submitPayment, type Investor } from '../../../tests/browser/fixtures/api.ts';
import { waitFor } from '../test/spec-helpers.ts';
import { startStandaloneWithPool, stopStandaloneWithPool, TEST_ADMIN, type StandaloneTestServer } from '../test/test-server.ts';

const adminAuthorization = `Basic ${Buffer.from(`${TEST_ADMIN.username}:${TEST_ADMIN.password}`).toString('base64')}`;
const APPROVAL = { amountVerified: 87_500_000, escrowReceiptNumber: 'ESC-2026-0042', notes: 'Statement of 31 May' };
// Letters only, as names take them.
const IN_MEMORY = !process.env.ESDB_CONNECTION_STRING;
const RUN = [...randomBytes(6)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('');

let server: StandaloneTestServer;
let pool: Pool;
let esdb: TestEsdb;
// The adapter itself, unsealed: what EventStoreDB holds, read through the port.
let log: EventStore;
let ada: Investor;

const admin = (path: string, init: { method?: string; json?: unknown } = {}) =>
  fetch(new URL(path, server.url), {
    method: init.method ?? 'GET',
    headers: {
      authorization: adminAuthorization,
      origin: server.url,
      ...(init.json !== undefined && { 'content-type': 'application/json' }),
    },
    ...(init.json !== undefined && { body: JSON.stringify(init.json) }),
  });

const json = async <T>(response: Response, status = 200): Promise<T> => {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
};

/** An address of this run's own. */
const emailOf = (name: string) => `${name}.${RUN}@example.com`;

const submitApplication = async (surname: string, email: string) =>
  (
    await json<{ id: string }>(
      await send(server.url, '/api/subscriptions', {
        method: 'POST',
        json: validApplication({ surname, email }),
      }),
      201,
    )
  ).id;

/** The last event of this type in EventStoreDB. */
const lastOf = async (type: string) => {
  const [event] = await log.readAll({ direction: 'backward', maxCount: 1, filter: { types: [type] } });
  if (!event) throw new Error(`no ${type} in EventStoreDB`);
  return event;
};
const positionOf = async (type: string) => (await lastOf(type)).globalPosition;

/** The env of the operator CLIs run on this server's database and EventStoreDB. */
const cliEnv = () => ({
  DATABASE_URL: server.databaseUrl,
  DATA_DIR: server.dataDir,
  EVENT_STORE: 'esdb',
  ESDB_CONNECTION_STRING: esdb.connectionString,
  LOG_LEVEL: 'silent',
});

beforeAll(async () => {
  esdb = openTestEsdb();
  log = createEsdbEventStore({ connectionString: esdb.connectionString, client: esdb.client });
  ({ server, pool } = await startStandaloneWithPool({ adminUrl: inject('pgAdminUrl'), esdb, maxConnections: 2 }));
  await setBusinessSettings(server.url, adminAuthorization);
  ada = await signUp(server.url, 'Ada', `Obi${RUN}`, { verifiedBy: adminAuthorization });
}, 60_000);

afterAll(async () => {
  await stopStandaloneWithPool(server, pool);
  await log?.close();
});

describe('the product on EventStoreDB', () => {
  it('approves and rejects applications, each found by its id in the log', async () => {
    const approvedId = await submitApplication('Obi', emailOf('ada.esdb'));
    const rejectedId = await submitApplication('Ade', emailOf('bola.esdb'));
    const approved = await json<{ id: string; status: string; position: string }>(
      await admin(`/api/admin/subscriptions/${approvedId}/approve`, { method: 'POST', json: APPROVAL }),
    );
    expect(approved).toMatchObject({ id: approvedId, status: 'approved' });
    expect(BigInt(approved.position)).toBe(await positionOf('ApplicationApproved'));
    const rejected = await json<{ status: string }>(
      await admin(`/api/admin/subscriptions/${rejectedId}/reject`, { method: 'POST', json: { notes: 'No receipt' } }),
    );
    expect(rejected.status).toBe('rejected');
    // A second decision meets the first in the application's own stream.
    expect((await admin(`/api/admin/subscriptions/${approvedId}/reject`, { method: 'POST', json: { notes: 'x' } })).status).toBe(
      409,
    );
    expect(
      (await admin('/api/admin/subscriptions/00000000-0000-4000-8000-000000000000/approve', { method: 'POST', json: APPROVAL }))
        .status,
    ).toBe(404);
  });

  it('answers the allocation as of a position and as of a day, folded from the log', async () => {
    const payment = await submitPayment(server.url, ada, 2, makePng(6, 6, [10, 90, 40], [230, 200, 120]));
    const beforeApproval = await positionOf('PaymentProofSubmitted');
    await json(await admin(`/api/admin/payments/${payment.id}/status`, { method: 'PUT', json: { status: 'approved' } }));
    const afterApproval = await positionOf('PaymentApproved');
    type AllocationAsOf = { acresApproved: number; asOfPosition: string; asOfDate?: string };
    const at = (query: string) => admin(`/api/admin/allocation?${query}`).then((response) => json<AllocationAsOf>(response));
    // A server kept between runs holds earlier runs' approvals: this payment's 2 acres are the step.
    const before = await at(`asOf=${beforeApproval}`);
    expect(before.asOfPosition).toBe(beforeApproval.toString());
    const after = await at(`asOf=${afterApproval}`);
    expect(after).toMatchObject({ acresApproved: before.acresApproved + 2, asOfPosition: afterApproval.toString() });
    const today = lagosDayIso();
    const byDay = await at(`asOfDate=${today}`);
    expect(byDay).toMatchObject({ acresApproved: after.acresApproved, asOfDate: today });
    expect(BigInt(byDay.asOfPosition)).toBeGreaterThanOrEqual(afterApproval);
    expect(await at('asOfDate=2020-01-01')).toMatchObject({ acresApproved: 0, asOfPosition: '0' });
    // Past the head of the log: refused, naming asOf.
    expect((await admin(`/api/admin/allocation?asOf=${(await log.readHeadPosition()) + 1_000_000_000n}`)).status).toBe(400);
  });

  it('exports a person’s data with their events read from the log', async () => {
    const applicationId = await submitApplication('Eze', emailOf('chidi.esdb'));
    await json(await admin(`/api/admin/subscriptions/${applicationId}/approve`, { method: 'POST', json: APPROVAL }));
    const response = await waitFor(
      () => admin(`/api/admin/data-export?kind=application&id=${applicationId}`),
      (answer) => answer.status === 200,
      'the application projected',
    );
    const data = JSON.parse(strFromU8(unzipSync(new Uint8Array(await response.arrayBuffer()))['data.json']!)) as {
      asOfPosition: string;
      events: { type: string; data: Record<string, unknown> }[];
    };
    const types = data.events.map((event) => event.type);
    expect(types).toEqual(expect.arrayContaining(['ApplicationSubmitted', 'ConsentRecorded', 'ApplicationApproved']));
    expect(data.events.find((event) => event.type === 'ApplicationSubmitted')!.data).toMatchObject({
      applicationId,
      surname: 'Eze',
      email: emailOf('chidi.esdb'),
    });
    expect(BigInt(data.asOfPosition)).toBeGreaterThanOrEqual(await positionOf('ApplicationApproved'));
  });

  it('erases a person: the Audit log’s notes on the events sealed for them, found in the log, read "erased"', async () => {
    const applicationId = await submitApplication('Nwosu', emailOf('ngozi.esdb'));
    await json(await admin(`/api/admin/subscriptions/${applicationId}/approve`, { method: 'POST', json: APPROVAL }));
    // Its approval is the latest one.
    const approvedAt = await positionOf('ApplicationApproved');
    const notes = () =>
      pool
        .query<{ notes: string; position: string }>(
          `SELECT notes, global_position::text AS position FROM audit_log WHERE kind = 'application.approved'
            ORDER BY global_position DESC LIMIT 1`,
        )
        .then(({ rows }) => rows.map((row) => (BigInt(row.position) === approvedAt ? row.notes : '')));
    await waitFor(notes, (found) => found.includes(APPROVAL.notes), 'the approval in the Audit log');
    await json(
      await admin('/api/admin/erasures', {
        method: 'POST',
        json: { kind: 'application', id: applicationId, reason: 'The data subject asked to be erased' },
      }),
    );
    expect(await waitFor(notes, (found) => !found.includes(APPROVAL.notes), 'the notes erased')).toEqual(['erased']);
  });

  it('rebuilds every read model from the log with npm run projections -- rebuild --all, as the live ones hold them', async () => {
    const names = ALL_PROJECTIONS.map((projection) => projection.name);
    const tables = ALL_PROJECTIONS.flatMap((projection) => projection.tables ?? []);
    const caughtUp = async () =>
      expect(await waitForProjections({ pool, names, position: await log.readHeadPosition(), timeoutMs: 30_000 })).toBe(true);
    const readModels = async (upTo: bigint) => {
      const rows: Record<string, string[]> = {};
      for (const table of tables) {
        rows[table] = (await readTableRows(pool, table, { ignore: CLOCK_COLUMNS[table] ?? [] })).filter((row) => {
          const at = (JSON.parse(row) as { global_position?: number }).global_position;
          return at === undefined || BigInt(at) <= upTo;
        });
      }
      return rows;
    };
    await caughtUp();
    const upTo = await log.readHeadPosition();
    const live = await readModels(upTo);
    expect(Object.values(live).flat().length).toBeGreaterThan(0);
    const out: string[] = [];
    const code = await runProjectionsCli({
      args: ['rebuild', '--all'],
      env: cliEnv(),
      output: { out: (line) => out.push(line), err: (line) => out.push(line) },
      progressStream: null,
      esdbClient: esdb.client,
    });
    expect(code, out.join('\n')).toBe(0);
    expect(out.at(-1)).toMatch(new RegExp(`^rebuilt ${names.length} projection\\(s\\): [1-9]`));
    await caughtUp();
    // The rebuild's own events (who asked for it, what it swapped in) are the Audit log's news.
    expect(await readModels(upTo)).toEqual(live);
  });

  const audit = async () => {
    const out: string[] = [];
    const code = await runAuditCli({
      args: ['verify'],
      env: cliEnv(),
      output: { out: (line) => out.push(line), err: () => {} },
      esdbClient: esdb.client,
    });
    return { code, out: out.join('\n') };
  };

  it('verifies the chain of every stream with npm run audit -- verify', async () => {
    const held = await audit();
    expect(held.code, held.out).toBe(0);
    expect(held.out).toMatch(/^Checked [1-9]\d* events in [1-9]\d* streams/);
    expect(held.out).toContain('OK: every link holds.');
  });

  // EventStoreDB never rewrites an event: only the server held in memory can have one edited.
  it.runIf(IN_MEMORY)('names an event edited in place', async () => {
    const edited = esdb.client!.log.findLast((event) => event.type === 'PaymentApproved')!;
    const original = edited.data;
    edited.data = { ...(original as object), acres: 200 };
    try {
      const broken = await audit();
      expect(broken.code).toBe(1);
      expect(broken.out).toContain(`BROKEN: Event content does not match its hash: stream ${edited.streamId} revision`);
      expect(broken.out).toContain(`position ${edited.position} PaymentApproved event ${edited.id}`);
    } finally {
      edited.data = original;
    }
  });

  it('writes the log to EventStoreDB only', async () => {
    expect(await log.readHeadPosition()).toBeGreaterThan(0n);
    expect(await storedLog(pool).countEvents()).toBe(0);
  });
});
