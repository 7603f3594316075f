import { AdminCountersSchema } from '@acres/contracts/payment';
import { AdminSubscriptionsResponseSchema } from '@acres/contracts/subscription';
import { type TestDatabase } from '@acres/platform/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_AUTH } from '../../test/support.ts';
import { startQueryApp, type QueryApp } from '../../test/query-app.ts';

const insertSubscription = async (
  db: TestDatabase,
  input: { id: string; number: string; surname: string; email: string; createdAt: string; otherName?: string },
) => {
  await db.pool.query(
    `INSERT INTO subscriptions (id, application_number, surname, first_name, other_name, date_of_birth, gender,
       nationality, marital_status, residential_address, email, phone_number, city, occupation, kin_name,
       kin_relationship, kin_address, kin_phone, kin_email, acres_subscribed, subscription_value, payment_option,
       mode_of_payment, realtor_code, created_at, updated_at, global_position)
     VALUES ($1, $2, $3, 'Ada', $4, '1990-01-31', 'female', 'Nigerian', 'married', '1 Marina, Lagos', $5,
       '+2348035550142', 'Lagos', 'Engineer', 'Obi', 'Brother', '2 Marina', '+2348030000000', 'kin@example.com',
       25, 87500000, 'outright', 'bank_transfer', NULL, $6, $6, 1)`,
    [input.id, input.number, input.surname, input.otherName ?? null, input.email, input.createdAt],
  );
  // As the admin-counters projection counts each ApplicationSubmitted beside the row.
  await db.pool.query('UPDATE admin_counters SET total_applications = total_applications + 1 WHERE id');
};

describe('GET /api/admin/subscriptions', () => {
  let db: TestDatabase;
  let app: QueryApp;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, app, close } = await startQueryApp());
    await insertSubscription(db, {
      id: '00000000-0000-4000-8000-00000000000a',
      number: 'APP-0001',
      surname: 'Okafor',
      email: 'okafor@example.com',
      createdAt: '2025-02-01T08:00:00.000Z',
    });
    await insertSubscription(db, {
      id: '00000000-0000-4000-8000-00000000000b',
      number: 'APP-0002',
      surname: 'Bello',
      otherName: 'Tobi',
      email: 'bello@example.com',
      createdAt: '2025-02-02T08:00:00.000Z',
    });
  });
  afterAll(() => close());

  it('lists applications newest first with the total, in the contract shape', async () => {
    const response = await app.inject({ url: '/api/admin/subscriptions', headers: ADMIN_AUTH });
    expect(response.statusCode).toBe(200);
    const body = AdminSubscriptionsResponseSchema.parse(response.json());
    expect(body.total).toBe(2);
    expect(body.subscriptions.map((s) => s.applicationNumber)).toEqual(['APP-0002', 'APP-0001']);
    expect(body.subscriptions[0]).toMatchObject({
      surname: 'Bello',
      otherName: 'Tobi',
      dateOfBirth: '1990-01-31',
      maritalStatus: 'married',
      subscriptionValue: 87_500_000,
      status: 'pending',
      realtorCode: null,
      amountVerified: null,
      createdAt: '2025-02-02T08:00:00.000Z',
    });
  });

  it('pages and searches like the leads', async () => {
    const page = await app.inject({ url: '/api/admin/subscriptions?limit=1&offset=1', headers: ADMIN_AUTH });
    expect(page.json().subscriptions.map((s: { surname: string }) => s.surname)).toEqual(['Okafor']);
    const found = await app.inject({ url: '/api/admin/subscriptions?search=app-0001', headers: ADMIN_AUTH });
    expect(found.json()).toMatchObject({ total: 1, subscriptions: [{ surname: 'Okafor' }] });
  });

  it('pages with keyset cursors: next, previous and the last page', async () => {
    const get = async (query: string) =>
      AdminSubscriptionsResponseSchema.parse(
        (await app.inject({ url: `/api/admin/subscriptions?limit=1${query}`, headers: ADMIN_AUTH })).json(),
      );
    const numbers = (body: { subscriptions: { applicationNumber: string }[] }) =>
      body.subscriptions.map((s) => s.applicationNumber);
    const first = await get('');
    expect(first).toMatchObject({ total: 2, prevCursor: null });
    const second = await get(`&cursor=${first.nextCursor}`);
    expect(numbers(second)).toEqual(['APP-0001']);
    expect(second.nextCursor).toBeNull();
    expect(numbers(await get(`&cursor=${second.prevCursor}`))).toEqual(['APP-0002']);
    const last = await get(`&cursor=${first.lastCursor}`);
    expect(numbers(last)).toEqual(['APP-0001']);
    expect(numbers(await get(`&cursor=${last.prevCursor}`))).toEqual(['APP-0002']);
    const bad = await app.inject({ url: '/api/admin/subscriptions?cursor=nope!', headers: ADMIN_AUTH });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContainEqual(expect.objectContaining({ field: 'cursor' }));
  });

  it('answers 400 naming the field for a bad limit', async () => {
    const response = await app.inject({ url: '/api/admin/subscriptions?limit=0', headers: ADMIN_AUTH });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].field).toBe('limit');
  });
});

describe('GET /api/admin/counters', () => {
  let db: TestDatabase;
  let app: QueryApp;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, app, close } = await startQueryApp());
  });
  afterAll(() => close());

  it('reads the projected counters', async () => {
    await db.pool.query(
      `UPDATE admin_counters SET total_leads = 7, total_applications = 3, total_payments = 5,
         pending_approvals = 2, approved_payments = 3`,
    );
    const response = await app.inject({ url: '/api/admin/counters', headers: ADMIN_AUTH });
    expect(response.statusCode).toBe(200);
    expect(AdminCountersSchema.parse(response.json())).toEqual({
      totalLeads: 7,
      totalApplications: 3,
      totalPayments: 5,
      pendingApprovals: 2,
      approvedPayments: 3,
    });
  });

  it('counts the applications waiting for a decision as the Pending list counts them', async () => {
    await insertSubscription(db, {
      id: '00000000-0000-4000-8000-00000000000c',
      number: 'APP-0003',
      surname: 'Eze',
      email: 'eze@example.com',
      createdAt: '2025-02-03T08:00:00.000Z',
    });
    await insertSubscription(db, {
      id: '00000000-0000-4000-8000-00000000000d',
      number: 'APP-0004',
      surname: 'Uche',
      email: 'uche@example.com',
      createdAt: '2025-02-04T08:00:00.000Z',
    });
    await db.pool.query(`UPDATE subscriptions SET status = 'approved' WHERE application_number = 'APP-0004'`);
    const counters = (await app.inject({ url: '/api/admin/counters', headers: ADMIN_AUTH })).json();
    const pending = AdminSubscriptionsResponseSchema.parse(
      (await app.inject({ url: '/api/admin/subscriptions?status=pending', headers: ADMIN_AUTH })).json(),
    );
    expect(pending.total).toBe(1);
    expect(counters.pendingApplications).toBe(pending.total);
  });

  it('answers zeros when the counters row is missing', async () => {
    await db.pool.query('DELETE FROM admin_counters');
    await db.pool.query('DELETE FROM subscriptions');
    const response = await app.inject({ url: '/api/admin/counters', headers: ADMIN_AUTH });
    expect(response.json()).toEqual({
      totalLeads: 0,
      totalApplications: 0,
      totalPayments: 0,
      pendingApprovals: 0,
      approvedPayments: 0,
      pendingApplications: 0,
    });
  });
});
