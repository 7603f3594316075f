// Finding 8: an affiliate's account name with CR/LF and commas must not become, for a
// line-based bank importer, a second payment line to another account. Refused at
// registration (the contracts' single-line rule), and neutralised in the bank file for an
// affiliate registered before the rule (their event is already in the log).

import { randomUUID } from 'node:crypto';
import { createPostgresEventStore } from '@acres/eventstore';
import { createPool } from '@acres/platform/db';
import { SAMPLE_EVENT_DATA } from '@acres/fixtures';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { send, signUp } from '../../../tests/browser/fixtures/api.ts';
import { AFFILIATE_REGISTRATION } from '../test/fuzz/requests.ts';
import { startStandaloneForTest, TEST_ADMIN, type StandaloneTestServer } from '../test/test-server.ts';

const FORGED = 'Ada\r\n9999999999,Mallory';
const adminAuthorization = `Basic ${Buffer.from(`${TEST_ADMIN.username}:${TEST_ADMIN.password}`).toString('base64')}`;

/** Two affiliates of an older version's log, each with one verified sale; the first with the forged name. */
const OLD_AFFILIATES = [
  { accountName: FORGED, fullName: 'Ada\nObi', accountNumber: '0123456789', code: 'ADA1' },
  { accountName: 'Tunde Bakare', fullName: 'Tunde Bakare', accountNumber: '0234567891', code: 'TUNDE1' },
].map((affiliate) => ({ ...affiliate, userId: randomUUID(), affiliateId: randomUUID(), saleId: randomUUID() }));

let server: StandaloneTestServer;

const appendOldAffiliates = async (databaseUrl: string) => {
  const pool = createPool({ connectionString: databaseUrl, max: 2 });
  const store = createPostgresEventStore({ pool, connectionString: databaseUrl, pollIntervalMs: 30_000 });
  const at = new Date().toISOString();
  const metadata = { correlationId: randomUUID(), actor: { kind: 'user' as const, id: null }, schemaVersion: 1, occurredAt: at };
  for (const affiliate of OLD_AFFILIATES) {
    const events = [
      {
        type: 'AffiliateRegistered',
        data: {
          ...SAMPLE_EVENT_DATA.AffiliateRegistered,
          affiliateId: affiliate.affiliateId,
          userId: affiliate.userId,
          fullName: affiliate.fullName,
          email: `${affiliate.code.toLowerCase()}@example.com`,
          accountName: affiliate.accountName,
          accountNumber: affiliate.accountNumber,
          referralCode: affiliate.code,
          joinedAt: at,
        },
      },
      {
        type: 'SaleReported',
        data: { ...SAMPLE_EVENT_DATA.SaleReported, saleId: affiliate.saleId, affiliateId: affiliate.affiliateId, reportedAt: at },
      },
      { type: 'SaleVerified', data: { ...SAMPLE_EVENT_DATA.SaleVerified, saleId: affiliate.saleId, verifiedAt: at } },
    ];
    await store.appendToStream(
      `affiliate-${affiliate.userId}`,
      events.map((event) => ({ id: randomUUID(), ...event, metadata })),
      { expectedRevision: 'no_stream' },
    );
    // The sale's own stream names its affiliate, as the report-sale command claims it.
    const claimed = { saleId: affiliate.saleId, affiliateId: affiliate.affiliateId, userId: affiliate.userId, claimedAt: at };
    await store.appendToStream(
      `sale-${affiliate.saleId}`,
      [{ id: randomUUID(), type: 'SaleIdClaimed', data: claimed, metadata }],
      {
        expectedRevision: 'no_stream',
      },
    );
  }
  await store.close();
  await pool.end();
};

const admin = (path: string, json?: unknown, minPosition?: string) =>
  fetch(new URL(path, server.url), {
    method: json === undefined ? 'GET' : 'POST',
    headers: {
      authorization: adminAuthorization,
      origin: server.url,
      // Read-your-writes: the export waits until the projections have the batch.
      ...(minPosition === undefined ? {} : { 'x-min-position': minPosition }),
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });

beforeAll(async () => {
  server = await startStandaloneForTest({ adminUrl: inject('pgAdminUrl'), beforeStart: appendOldAffiliates });
});
afterAll(async () => server?.close());

describe('registering with a multi-line account name', () => {
  it('is a 400 naming account_name', async () => {
    const mallory = await signUp(server.url, 'Mallory', 'Forger');
    const response = await send(server.url, '/api/affiliate/register', {
      method: 'POST',
      cookie: mallory.cookie,
      json: { ...AFFILIATE_REGISTRATION, account_name: FORGED },
    });
    const text = await response.text();
    expect(response.status, text).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect((JSON.parse(text) as { errors: unknown }).errors).toEqual([
      { field: 'account_name', message: 'Account name must be a single line without control characters (line breaks, tabs)' },
    ]);
  });
});

describe('the payout bank file of affiliates registered before the rule', () => {
  it('has exactly one line per payout, the stored account name inside one field', async () => {
    const saleIds = OLD_AFFILIATES.map((affiliate) => affiliate.saleId);
    const upTo = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await expect
      .poll(async () => {
        const unpaid = (await (await admin(`/api/admin/payouts/unpaid?upTo=${upTo}`)).json()) as {
          commissions?: { saleId: string }[];
        };
        return unpaid.commissions?.length ?? 0;
      })
      .toBe(2);
    const created = await admin('/api/admin/payouts', { upTo, saleIds });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id, position } = (await created.json()) as { id: string; position: string };

    const response = await admin(`/api/admin/payouts/${id}/export.csv`, undefined, position);
    expect(response.status).toBe(200);
    const file = (await response.text()).replace(/^\uFEFF/, '');
    // A line-based importer: every CR or LF ends a line, quotes or not.
    const lines = file.split(/\r\n|\r|\n/).filter((line) => line !== '');
    expect(lines).toHaveLength(1 + OLD_AFFILIATES.length);
    // No control character anywhere but the CRLF that ends each row.
    expect(file.replaceAll('\r\n', '')).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    const header = lines[0]!.split(',');
    const forged = lines.find((line) => line.includes('Mallory'))!;
    // The account name is one quoted field: the comma stays inside it, the line keeps its columns.
    expect(forged).toContain('"Ada 9999999999,Mallory"');
    expect(forged.startsWith('Ada Obi,Zenith Bank,0123456789,"Ada 9999999999,Mallory",')).toBe(true);
    const cells = forged.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.filter((cell) => cell !== '');
    expect(cells).toHaveLength(header.length);
    expect(lines.filter((line) => line.includes('9999999999'))).toHaveLength(1);
  });
});
