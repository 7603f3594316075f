import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTestDatabase, type TestDatabase } from '@acres/platform/test';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LEADS_CSV_HEADER } from './routes.ts';
import { ADMIN_AUTH, insertLead, insertManyLeads, parseCsv } from '../../test/support.ts';
import { startQueryApp, buildTestQueryApp, type QueryApp } from '../../test/query-app.ts';

const EXPORT = '/api/admin/leads/export.csv';

const readCsv = (body: string) => {
  expect(body.startsWith('\uFEFF')).toBe(true);
  return parseCsv(body.slice(1));
};

describe('the leads CSV export of a few hand-made leads', () => {
  let db: TestDatabase;
  let app: QueryApp;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, app, close } = await startQueryApp({ now: () => new Date('2025-03-09T23:30:00.000Z') }));
    await insertLead(db.pool, {
      id: '00000000-0000-4000-8000-000000000001',
      fullName: 'Okafor, "Emeka"',
      company: '=HYPERLINK("http://evil.example","click")',
      email: 'emeka@example.com',
      phoneE164: '+2348035550142',
      notes: 'line one\r\nline two',
      referralCode: 'REF1',
      createdAt: '2025-01-02T10:00:00.000Z',
    });
    await insertLead(db.pool, {
      id: '00000000-0000-4000-8000-000000000002',
      fullName: '@SUM(A1:A9)',
      company: '-2+3',
      email: 'sum@example.com',
      notes: '\tTAB=1',
      consent: false,
      createdAt: '2025-01-01T10:00:00.000Z',
    });
    await insertLead(db.pool, {
      id: '00000000-0000-4000-8000-000000000003',
      fullName: 'Adébáyọ̀ Ọlá',
      notes: '\r=cmd',
      createdAt: '2025-01-03T10:00:00.000Z',
    });
  });
  afterAll(() => close());

  it('downloads as an attachment named with the Lagos date', async () => {
    const response = await app.inject({ url: EXPORT, headers: ADMIN_AUTH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="leads-2025-03-10.csv"');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('starts with a BOM and the header row, then one row per lead newest first', async () => {
    const rows = readCsv((await app.inject({ url: EXPORT, headers: ADMIN_AUTH })).body);
    expect(rows[0]).toEqual(LEADS_CSV_HEADER);
    expect(rows[0]).toEqual([
      'ID',
      'Full Name',
      'Company',
      'Email',
      'Phone',
      'Role',
      'Intended Acres',
      'Price Band',
      'Commitment',
      'Notes',
      'Consent',
      'Referral Code',
      'Created At (WAT)',
    ]);
    expect(rows.slice(1).map((row) => row[0])).toEqual([
      '00000000-0000-4000-8000-000000000003',
      '00000000-0000-4000-8000-000000000001',
      '00000000-0000-4000-8000-000000000002',
    ]);
    expect(rows[3]?.[10]).toBe('no');
    expect(rows[1]?.[1]).toBe('Adébáyọ̀ Ọlá');
  });

  it('quotes commas, quotes and line breaks the RFC 4180 way', async () => {
    const body = (await app.inject({ url: EXPORT, headers: ADMIN_AUTH })).body;
    expect(body).toContain('"Okafor, ""Emeka"""');
    expect(body).toContain('"line one\r\nline two"');
    const emeka = readCsv(body)[2];
    expect(emeka?.slice(1, 5)).toEqual([
      'Okafor, "Emeka"',
      `'=HYPERLINK("http://evil.example","click")`,
      'emeka@example.com',
      // The national form with spaces: text in Excel and Google Sheets, no apostrophe, no lost zero.
      '0803 555 0142',
    ]);
    expect(emeka?.[9]).toBe('line one\r\nline two');
    expect(emeka?.[11]).toBe('REF1');
    expect(emeka?.[12]).toBe('2025-01-02 11:00:00');
  });

  it('neutralises cells that a spreadsheet would run as formulas (= + - @ tab CR)', async () => {
    const rows = readCsv((await app.inject({ url: EXPORT, headers: ADMIN_AUTH })).body);
    const sum = rows[3];
    expect(sum?.[1]).toBe("'@SUM(A1:A9)");
    expect(sum?.[2]).toBe("'-2+3");
    expect(sum?.[9]).toBe("'\tTAB=1");
    expect(rows[1]?.[9]).toBe("'\r=cmd");
    for (const row of rows.slice(1)) {
      for (const cell of row) expect(cell, JSON.stringify(row)).not.toMatch(/^[=+\-@\t\r]/);
    }
  });

  it('exports only the matching leads when given a search', async () => {
    const rows = readCsv((await app.inject({ url: `${EXPORT}?search=okafor`, headers: ADMIN_AUTH })).body);
    expect(rows.map((row) => row[0])).toEqual(['ID', '00000000-0000-4000-8000-000000000001']);
  });

  it('answers 400 to a bad search and 401 without credentials', async () => {
    const bad = await app.inject({ url: `${EXPORT}?search=${'x'.repeat(201)}`, headers: ADMIN_AUTH });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('search');
    expect((await app.inject({ url: EXPORT })).statusCode).toBe(401);
  });
});

describe('the leads CSV export of many leads', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase({ adminUrl: inject('pgAdminUrl') });
  });
  afterAll(async () => db.drop());

  it('streams 5,000 leads across keyset pages, each exactly once and newest first', async () => {
    await insertManyLeads(db.pool, { count: 5000 });
    // Several leads in one microsecond-precise instant straddling a page boundary.
    await db.pool.query(`UPDATE leads SET created_at = '2025-06-01T11:00:00.123456Z' WHERE global_position BETWEEN 995 AND 1010`);
    const app = buildTestQueryApp(db);
    try {
      const response = await app.inject({ url: EXPORT, headers: ADMIN_AUTH });
      expect(response.statusCode).toBe(200);
      const rows = readCsv(response.body);
      expect(rows).toHaveLength(5001);
      const expected = await db.pool.query<{ id: string }>('SELECT id FROM leads ORDER BY created_at DESC, id DESC');
      expect(rows.slice(1).map((row) => row[0])).toEqual(expected.rows.map((row) => row.id));
      const firm = rows.find((row) => row[1] === 'Lead 3');
      expect(firm?.[2]).toBe('Firm, "Ltd"');
      expect(rows.find((row) => row[1] === 'Lead 5')?.[9]).toBe('line one\nline two');
    } finally {
      await app.close();
    }
  });

  it('stops querying when the client disconnects mid-download', async () => {
    await db.pool.query('TRUNCATE leads');
    await insertManyLeads(db.pool, { count: 50_000 });
    let pageQueries = 0;
    // The real pool, counting the export's page queries as they go by.
    const counting = new Proxy(db.pool, {
      get(target, property) {
        if (property === 'query') {
          return (...args: Parameters<typeof target.query>) => {
            if (String(args[0]).includes('FROM leads')) pageQueries += 1;
            return (target.query as (...a: unknown[]) => unknown)(...args);
          };
        }
        const value = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const app = buildTestQueryApp({ pool: counting }, { exportPageSize: 100 });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      await new Promise<void>((resolve, reject) => {
        const req = request({ port, host: '127.0.0.1', path: EXPORT, headers: ADMIN_AUTH }, (res) => {
          expect(res.statusCode).toBe(200);
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        });
        req.on('error', (error) => (error.message.includes('socket hang up') ? undefined : reject(error)));
        req.end();
      });
      await sleep(500);
      const afterDisconnect = pageQueries;
      await sleep(500);
      expect(pageQueries).toBe(afterDisconnect);
      // 50,000 leads at 100 a page would take 500 queries had the loop run on.
      expect(afterDisconnect).toBeLessThan(250);
      const still = await app.inject({ url: '/api/admin/counters', headers: ADMIN_AUTH });
      expect(still.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
