import { AdminLeadsResponseSchema, type AdminLeadsResponse } from '@acres/contracts/lead';
import { appendEach, newEvent, slotReservedData } from '../../test/projector.ts';
import { type TestDatabase } from '@acres/platform/test';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_AUTH, insertLead, insertManyLeads } from '../../test/support.ts';
import { startReadHarness, type ReadHarness } from '../../test/read-harness.ts';
import { startQueryApp, type QueryApp } from '../../test/query-app.ts';

type Page = AdminLeadsResponse;

describe('GET /api/admin/leads with keyset cursors', () => {
  let db: TestDatabase;
  let app: QueryApp;
  let close: () => Promise<void>;
  // Every lead newest first, as offset paging over the whole list gives it.
  let everyId: string[] = [];

  const getPage = async (query: string): Promise<Page> => {
    const response = await app.inject({ url: `/api/admin/leads${query}`, headers: ADMIN_AUTH });
    expect(response.statusCode, response.body).toBe(200);
    return AdminLeadsResponseSchema.parse(response.json());
  };
  const withCursor = (cursor: string, extra = '') => `?limit=7&cursor=${encodeURIComponent(cursor)}${extra}`;

  beforeAll(async () => {
    ({ db, app, close } = await startQueryApp());
    await insertManyLeads(db.pool, { count: 40, newest: '2025-06-01T12:00:00Z' });
    // Three leads in the same microsecond: only the id orders them.
    for (let n = 0; n < 3; n += 1) await insertLead(db.pool, { fullName: `Twin ${n}`, createdAt: '2025-05-31T12:00:00.123456Z' });
    everyId = (await getPage('?limit=500')).leads.map((lead) => lead.id);
    expect(everyId).toHaveLength(43);
  });
  afterAll(() => close());

  it('walks the whole list exactly once, newest first, while newer leads are inserted', async () => {
    const seen: string[] = [];
    let page = await getPage('?limit=7');
    expect(page.prevCursor).toBeNull();
    for (;;) {
      seen.push(...page.leads.map((lead) => lead.id));
      // A newer lead arriving mid-walk neither shifts the pages nor appears behind the cursor.
      await insertLead(db.pool, { fullName: 'Newcomer', createdAt: new Date().toISOString() });
      if (!page.nextCursor) break;
      page = await getPage(withCursor(page.nextCursor));
    }
    expect(seen).toEqual(everyId);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('jumps to the last page and walks back with prevCursor to the first', async () => {
    const ids = (await getPage('?limit=500')).leads.map((lead) => lead.id);
    const first = await getPage('?limit=7');
    const last = await getPage(withCursor(first.lastCursor ?? ''));
    expect(last.leads.map((lead) => lead.id)).toEqual(ids.slice(-7));
    expect(last.nextCursor).toBeNull();
    const seen: string[] = [];
    let page = last;
    for (;;) {
      seen.unshift(...page.leads.map((lead) => lead.id));
      if (!page.prevCursor) break;
      page = await getPage(withCursor(page.prevCursor));
    }
    expect(seen).toEqual(ids);
    // Next from a page reached backwards goes forwards again.
    const back = await getPage(withCursor(last.prevCursor ?? ''));
    expect((await getPage(withCursor(back.nextCursor ?? ''))).leads).toEqual(last.leads);
  });

  it('applies the search to cursor pages and counts the matches', async () => {
    const all = await getPage('?limit=500&search=twin');
    expect(all.total).toBe(3);
    const first = await getPage('?limit=2&search=twin');
    expect(first.total).toBe(3);
    const second = await getPage(`?limit=2&search=twin&cursor=${encodeURIComponent(first.nextCursor ?? '')}`);
    expect([...first.leads, ...second.leads].map((lead) => lead.id)).toEqual(all.leads.map((lead) => lead.id));
    expect(second.nextCursor).toBeNull();
  });

  it.each([
    ['not base64url', 'not a cursor!', 'cursor must be a cursor returned by this list'],
    ['an unknown kind', Buffer.from('sideways.2025-01-01T00:00:00.000000Z.x').toString('base64url'), 'cursor must be'],
    ['a bad timestamp', Buffer.from('after.2025-13-01T00:00:00.000000Z.a1b2').toString('base64url'), 'invalid timestamp'],
    ['a bad id', Buffer.from('after.2025-01-01T00:00:00.000000Z.not-a-uuid').toString('base64url'), 'cursor holds an invalid id'],
  ])('answers 400 naming the cursor for %s', async (_, cursor, reason) => {
    const response = await app.inject({ url: `/api/admin/leads?cursor=${encodeURIComponent(cursor)}`, headers: ADMIN_AUTH });
    expect(response.statusCode).toBe(400);
    const problem = response.json();
    expect(problem.errors).toContainEqual(expect.objectContaining({ field: 'cursor' }));
    expect(problem.detail).toContain(reason);
  });
});

describe('GET /api/admin/leads total after projections', () => {
  let harness: ReadHarness;
  afterAll(async () => harness.close());

  it('reads the total from the projected counter and it equals the rows', async () => {
    harness = await startReadHarness(inject('pgAdminUrl'), { readYourWritesMs: 5_000 });
    harness.startProjector();
    const head = await appendEach(
      harness.eventStore,
      Array.from({ length: 12 }, (_, n) => newEvent('SlotReserved', slotReservedData(n))),
    );
    await harness.settle(head);
    const response = await harness.app.inject({
      url: '/api/admin/leads?limit=5',
      headers: { ...ADMIN_AUTH, 'x-min-position': head.toString() },
    });
    const body = AdminLeadsResponseSchema.parse(response.json());
    const rows = (await harness.db.pool.query('SELECT count(*)::int AS n FROM leads')).rows[0].n;
    expect(rows).toBe(12);
    expect(body.total).toBe(rows);
    expect(body.leads).toHaveLength(5);
  });
});
