// The product on EventStoreDB (EVENT_STORE=esdb), the server held in memory behind the
// client's boundary: every feature that reads the log reads it through the event-store port,
// so an application's decision, the views as of a position or a day, a person's data export
// and the log audit answer as they do on PostgreSQL, and nothing lands in the PostgreSQL table.

import { validApplication } from '@acres/fixtures';
import { createInMemoryEsdbClient, storedLog, type InMemoryEsdbClient } from '@acres/eventstore/test';
import { lagosDayIso } from '@acres/contracts/lagos-time';
import { createPool, type Pool } from '@acres/platform';
import { runAuditCli } from '@acres/projector/audit-cli';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makePng, send, setBusinessSettings, signUp, submitPayment, type Investor } from '../../../tests/browser/fixtures/api.ts';
import { waitFor } from '../test/spec-helpers.ts';
import { startStandaloneForTest, TEST_ADMIN, type StandaloneTestServer } from '../test/test-server.ts';

const adminAuthorization = `Basic ${Buffer.from(`${TEST_ADMIN.username}:${TEST_ADMIN.password}`).toString('base64')}`;
const APPROVAL = { amountVerified: 87_500_000, escrowReceiptNumber: 'ESC-2026-0042', notes: 'Statement of 31 May' };

let server: StandaloneTestServer;
let pool: Pool;
let esdb: InMemoryEsdbClient;
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

const submitApplication = async (surname: string, email: string) =>
  (
    await json<{ id: string }>(
      await send(server.url, '/api/subscriptions', { method: 'POST', json: validApplication({ surname, email }) }),
      201,
    )
  ).id;

/** Position of the last event of this type in the in-memory EventStoreDB. */
const positionOf = (type: string) => {
  const stored = esdb.log.findLast((event) => event.type === type);
  if (!stored) throw new Error(`no ${type} in EventStoreDB`);
  return stored.position;
};

beforeAll(async () => {
  esdb = createInMemoryEsdbClient();
  server = await startStandaloneForTest({ adminUrl: inject('pgAdminUrl'), esdbClient: esdb });
  pool = createPool({ connectionString: server.databaseUrl, max: 2 });
  await setBusinessSettings(server.url, adminAuthorization);
  ada = await signUp(server.url, 'Ada', 'Obi', { verifiedBy: adminAuthorization });
}, 60_000);

afterAll(async () => {
  await pool?.end();
  await server?.close();
});

describe('the product on EventStoreDB', () => {
  it('approves and rejects applications, each found by its id in the log', async () => {
    const approvedId = await submitApplication('Obi', 'ada.esdb@example.com');
    const rejectedId = await submitApplication('Ade', 'bola.esdb@example.com');
    const approved = await json<{ id: string; status: string; position: string }>(
      await admin(`/api/admin/subscriptions/${approvedId}/approve`, { method: 'POST', json: APPROVAL }),
    );
    expect(approved).toMatchObject({ id: approvedId, status: 'approved' });
    expect(BigInt(approved.position)).toBe(positionOf('ApplicationApproved'));
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
    const beforeApproval = positionOf('PaymentProofSubmitted');
    await json(await admin(`/api/admin/payments/${payment.id}/status`, { method: 'PUT', json: { status: 'approved' } }));
    const afterApproval = positionOf('PaymentApproved');
    type AllocationAsOf = { acresApproved: number; asOfPosition: string; asOfDate?: string };
    const at = (query: string) => admin(`/api/admin/allocation?${query}`).then((response) => json<AllocationAsOf>(response));
    expect(await at(`asOf=${beforeApproval}`)).toMatchObject({ acresApproved: 0, asOfPosition: beforeApproval.toString() });
    expect(await at(`asOf=${afterApproval}`)).toMatchObject({ acresApproved: 2, asOfPosition: afterApproval.toString() });
    const today = lagosDayIso();
    const byDay = await at(`asOfDate=${today}`);
    expect(byDay).toMatchObject({ acresApproved: 2, asOfDate: today });
    expect(BigInt(byDay.asOfPosition)).toBeGreaterThanOrEqual(afterApproval);
    expect(await at('asOfDate=2020-01-01')).toMatchObject({ acresApproved: 0, asOfPosition: '0' });
    // Past the head of the log: refused, naming asOf.
    expect((await admin(`/api/admin/allocation?asOf=${positionOf('PaymentApproved') + 10_000n}`)).status).toBe(400);
  });

  it('exports a person’s data with their events read from the log', async () => {
    const applicationId = await submitApplication('Eze', 'chidi.esdb@example.com');
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
      email: 'chidi.esdb@example.com',
    });
    expect(BigInt(data.asOfPosition)).toBeGreaterThanOrEqual(positionOf('ApplicationApproved'));
  });

  it('erases a person: the Audit log’s notes on the events sealed for them, found in the log, read "erased"', async () => {
    const applicationId = await submitApplication('Nwosu', 'ngozi.esdb@example.com');
    await json(await admin(`/api/admin/subscriptions/${applicationId}/approve`, { method: 'POST', json: APPROVAL }));
    // Its approval is the latest one.
    const notes = () =>
      pool
        .query<{ notes: string; position: string }>(
          `SELECT notes, global_position::text AS position FROM audit_log WHERE kind = 'application.approved'
            ORDER BY global_position DESC LIMIT 1`,
        )
        .then(({ rows }) => rows.map((row) => (BigInt(row.position) === positionOf('ApplicationApproved') ? row.notes : '')));
    await waitFor(notes, (found) => found.includes(APPROVAL.notes), 'the approval in the Audit log');
    await json(
      await admin('/api/admin/erasures', {
        method: 'POST',
        json: { kind: 'application', id: applicationId, reason: 'The data subject asked to be erased' },
      }),
    );
    expect(await waitFor(notes, (found) => !found.includes(APPROVAL.notes), 'the notes erased')).toEqual(['erased']);
  });

  it('verifies the chain of every stream with npm run audit -- verify, and names an edited event', async () => {
    const audit = async () => {
      const out: string[] = [];
      const code = await runAuditCli({
        args: ['verify'],
        env: {
          DATABASE_URL: server.databaseUrl,
          EVENT_STORE: 'esdb',
          ESDB_CONNECTION_STRING: 'esdb://in-memory:2113?tls=false',
          LOG_LEVEL: 'silent',
        },
        output: { out: (line) => out.push(line), err: () => {} },
        esdbClient: esdb,
      });
      return { code, out: out.join('\n') };
    };
    const held = await audit();
    expect(held.code, held.out).toBe(0);
    expect(held.out).toMatch(/^Checked [1-9]\d* events in [1-9]\d* streams/);
    expect(held.out).toContain('OK: every link holds.');
    const edited = esdb.log.findLast((event) => event.type === 'PaymentApproved')!;
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
    expect(esdb.log.length).toBeGreaterThan(0);
    expect(await storedLog(pool).countEvents()).toBe(0);
  });
});
