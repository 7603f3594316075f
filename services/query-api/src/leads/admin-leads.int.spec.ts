import { AdminLeadsResponseSchema } from '@acres/contracts/lead';
import { type TestDatabase } from '@acres/platform/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_AUTH, insertLead } from '../../test/support.ts';
import { startQueryApp, type QueryApp } from '../../test/query-app.ts';

describe('GET /api/admin/leads', () => {
  let db: TestDatabase;
  let app: QueryApp;
  let close: () => Promise<void>;
  const ids: Record<string, string> = {};

  const getLeads = async (query = '') => {
    const response = await app.inject({ url: `/api/admin/leads${query}`, headers: ADMIN_AUTH });
    return response;
  };
  const namesOf = (body: { leads: { fullName: string }[] }) => body.leads.map((lead) => lead.fullName);

  beforeAll(async () => {
    ({ db, app, close } = await startQueryApp());
    ids.oldest = await insertLead(db.pool, {
      fullName: 'Chidi Okeke',
      company: 'Okeke & Sons',
      email: 'chidi@okeke.ng',
      phone: '0803 111 2222',
      phoneE164: '+2348031112222',
      role: 'Developer',
      intendedAcres: 50,
      commitment: '14-30 days',
      notes: 'Prefers calls after 5pm',
      referralCode: 'ABC123',
      createdAt: '2025-01-01T09:00:00.000Z',
    });
    const others = {
      middle: { fullName: 'Ngozi 100% Sure', email: 'ngozi@example.com', createdAt: '2025-01-02T09:00:00.000Z' },
      underscore: { fullName: 'Tunde_Bakare', email: 'tunde@example.com', createdAt: '2025-01-03T09:00:00.000Z' },
      plain: { fullName: 'Tunde XBakare', email: 'tunde.x@example.com', createdAt: '2025-01-04T09:00:00.000Z' },
      // Same instant as `plain`: the id breaks the tie, so paging never repeats or skips it.
      twin: { fullName: 'Amaka Twin', email: 'AMAKA@Example.com', createdAt: '2025-01-04T09:00:00.000Z' },
    };
    for (const [key, lead] of Object.entries(others)) ids[key] = await insertLead(db.pool, lead);
  });
  afterAll(() => close());

  it('lists every lead newest first with the total, in the contract shape', async () => {
    const response = await getLeads();
    expect(response.statusCode).toBe(200);
    const body = AdminLeadsResponseSchema.parse(response.json());
    expect(body.total).toBe(5);
    const [first, second] = [ids.plain, ids.twin].sort().reverse();
    expect(body.leads.map((lead) => lead.id)).toEqual([first, second, ids.underscore, ids.middle, ids.oldest]);
  });

  it('maps every column to its camelCase field with an ISO createdAt', async () => {
    const body = (await getLeads()).json();
    const chidi = body.leads.find((lead: { id: string }) => lead.id === ids.oldest);
    expect(chidi).toEqual({
      id: ids.oldest,
      fullName: 'Chidi Okeke',
      company: 'Okeke & Sons',
      email: 'chidi@okeke.ng',
      phoneE164: '+2348031112222',
      role: 'Developer',
      intendedAcres: 50,
      priceBand: '3.5M',
      commitment: '14-30 days',
      notes: 'Prefers calls after 5pm',
      consent: true,
      referralCode: 'ABC123',
      createdAt: '2025-01-01T09:00:00.000Z',
      // No pipeline event yet: new and unassigned, and long past the 24 hours the product promises.
      stage: 'new',
      ownerId: 'unassigned',
      overdue: true,
      firstContactAt: null,
      lastActivityAt: null,
    });
  });

  it('pages with limit and offset without repeating or skipping leads that share a timestamp', async () => {
    const all = (await getLeads()).json().leads.map((lead: { id: string }) => lead.id);
    const paged: string[] = [];
    for (let offset = 0; offset < 5; offset += 2) {
      const body = (await getLeads(`?limit=2&offset=${offset}`)).json();
      expect(body.total).toBe(5);
      paged.push(...body.leads.map((lead: { id: string }) => lead.id));
    }
    expect(paged).toEqual(all);
  });

  it('answers an empty page past the end, still with the total', async () => {
    const body = (await getLeads('?offset=50')).json();
    expect(body).toMatchObject({ total: 5, leads: [], nextCursor: null });
  });

  it('searches name, email, company and phone case-insensitively, total counting the matches', async () => {
    expect((await getLeads('?search=okeke')).json().total).toBe(1);
    expect(namesOf((await getLeads('?search=OKEKE%20%26')).json())).toEqual(['Chidi Okeke']);
    expect(namesOf((await getLeads('?search=amaka@example')).json())).toEqual(['Amaka Twin']);
    expect(namesOf((await getLeads('?search=0803%20111')).json())).toEqual(['Chidi Okeke']);
    expect(namesOf((await getLeads('?search=%2B2348031112222')).json())).toEqual(['Chidi Okeke']);
    expect((await getLeads('?search=tunde')).json()).toMatchObject({ total: 2 });
    expect((await getLeads('?search=nobody-has-this')).json()).toMatchObject({
      total: 0,
      leads: [],
      nextCursor: null,
      prevCursor: null,
    });
  });

  it('treats % and _ in the search as themselves, not wildcards', async () => {
    expect(namesOf((await getLeads('?search=100%25')).json())).toEqual(['Ngozi 100% Sure']);
    expect(namesOf((await getLeads('?search=%25')).json())).toEqual(['Ngozi 100% Sure']);
    expect(namesOf((await getLeads('?search=tunde_')).json())).toEqual(['Tunde_Bakare']);
    expect(namesOf((await getLeads('?search=_')).json())).toEqual(['Tunde_Bakare']);
    expect((await getLeads('?search=%5C')).json()).toMatchObject({ total: 0, leads: [], nextCursor: null, prevCursor: null });
  });

  it('treats a blank search as no search', async () => {
    expect((await getLeads('?search=%20%20')).json().total).toBe(5);
  });

  it.each([
    ['limit=abc', 'limit'],
    ['limit=0', 'limit'],
    ['limit=501', 'limit'],
    ['limit=100000', 'limit'],
    ['limit=1.5', 'limit'],
    ['limit=', 'limit'],
    ['offset=-1', 'offset'],
    ['offset=abc', 'offset'],
    ['offset=1e20', 'offset'],
    ['search=' + 'x'.repeat(201), 'search'],
    ['search=a%00b', 'search'],
    ['search=a&search=b', 'search'],
  ])('answers 400 naming the field for ?%s', async (query, field) => {
    const response = await getLeads(`?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    const problem = response.json();
    expect(problem.errors.map((error: { field: string }) => error.field)).toContain(field);
    expect(problem.detail).toContain(field);
  });

  it('never answers 500 to a strange query string', async () => {
    const strange = [
      '%',
      '%%%',
      'search=%',
      'search=%E0%A4%A',
      'search=%ED%A0%80',
      'search=%F0%9F%98%80',
      'search=\\',
      "search='; DROP TABLE leads; --",
      'search[a]=b',
      'limit[]=1',
      'limit=1&limit=2',
      'limit=Infinity',
      'limit=NaN',
      'limit=0x10',
      'offset=9007199254740993',
      'offset=99999999999999999999999',
      '__proto__[limit]=1',
      'constructor[prototype][x]=1',
      'a=b=c&&&=',
      '?'.repeat(50),
      'search=' + '%C3%A9'.repeat(150),
    ];
    for (const query of strange) {
      const response = await getLeads(`?${query}`);
      expect(response.statusCode, query).toBeLessThan(500);
      expect([200, 400], query).toContain(response.statusCode);
    }
    expect((await db.pool.query('SELECT count(*)::int AS n FROM leads')).rows[0].n).toBe(5);
  });
});
