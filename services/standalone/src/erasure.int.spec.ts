// THE crypto-shredding test (issue 14 item 2), end to end through the product's own routes on
// real PostgreSQL: one person as a lead, an applicant with a passport photo, an investor with
// an approved payment and an affiliate with a verified sale, their messages in the local
// outbox. Before the erasure the whole database and DATA_DIR hold their values (so the grep
// can fail); after it, and after a rebuild of every projection, none of them anywhere, while
// every count, total, allocation figure and commission is what it was.

import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { storedLog } from '@acres/eventstore/test';
import { findLeadAdvances } from '@acres/read-models/lead-reactions';
import { validApplication, validLead, validSaleReport } from '@acres/fixtures';
import {
  type Investor,
  makePng,
  send,
  setBusinessSettings,
  signUp,
  submitPayment,
  uploadPassportPhotoAsVisitor,
} from '../../../tests/browser/fixtures/api.ts';
import { AFFILIATE_REGISTRATION } from '../test/fuzz/requests.ts';
import { uploadProof } from '../test/account-calls.ts';
import { adminFetch } from '../test/spec-helpers.ts';
import { startStandaloneForTest, TEST_ADMIN, type StandaloneTestServer } from '../test/test-server.ts';
import { findEverywhere, type Hit } from '../test/grep-everything.ts';

const authorization = `Basic ${Buffer.from(`${TEST_ADMIN.username}:${TEST_ADMIN.password}`).toString('base64')}`;
const admin = (path: string, init: { method?: string; json?: unknown } = {}) => adminFetch(server.url, path, init);

// Values nobody else in this database has, so a hit is theirs.
const PERSON = {
  firstName: 'Zainabu',
  lastName: 'Okonkwoerase',
  phone: '0803 555 0199',
  phoneE164: '+2348035550199',
  dateOfBirth: '1979-03-17',
  address: '17 Quiltmaker Close, Wuse',
  kinName: 'Obiageli Okonkwoerase',
  kinEmail: 'obiageli.kin@example.ng',
  notes: 'Prefers calls about the Quiltmaker plot',
  accountNumber: '7301946528',
  clientName: 'Ikechukwu Pumpernickel',
  clientPhone: '0809 777 4412',
};

let server: StandaloneTestServer;
let pool: pg.Pool;
let investor: Investor;
let leadId = '';
let applicationId = '';
let affiliateId = '';
let userId = '';
let secrets: string[] = [];
let figuresBefore: Record<string, unknown> = {};

const waitFor = async <T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
  explain?: () => Promise<string>,
): Promise<T> => {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(100)) {
    const value = await read();
    if (done(value)) return value;
  }
  throw new Error(`timed out waiting for ${what} ${explain ? await explain() : ''}`);
};

const one = async (sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows[0] as Record<string, unknown>;

/** Every figure the erasure must leave as it was. */
const figures = async () => ({
  counters: await one(
    'SELECT total_leads, total_applications, total_payments, approved_payments, pending_approvals FROM admin_counters',
  ),
  allocation: await one('SELECT acres_approved, approved_payments, partners FROM allocation'),
  payments: await one(
    "SELECT count(*)::int AS n, sum(amount)::bigint AS total, sum(acres)::int AS acres, count(*) FILTER (WHERE status = 'approved')::int AS approved FROM payments",
  ),
  sales: await one(
    'SELECT count(*)::int AS n, sum(amount)::bigint AS total, sum(computed_commission)::bigint AS commission FROM affiliate_sales',
  ),
  affiliates: await one(
    'SELECT count(*)::int AS n, sum(verified_sales)::int AS verified, sum(commission_rate_bps)::int AS bps FROM affiliates',
  ),
  leads: await one('SELECT count(*)::int AS n, sum(intended_acres)::int AS acres FROM leads'),
  applications: await one(
    'SELECT count(*)::int AS n, sum(acres_subscribed)::int AS acres, sum(subscription_value)::bigint AS value FROM subscriptions',
  ),
  audit: await one("SELECT count(*)::int AS n FROM audit_log WHERE kind <> 'privacy.erased' AND kind NOT LIKE 'projection%'"),
});

const uploadAsVisitor = () => uploadPassportPhotoAsVisitor(server.url);

const settle = async () => {
  // Every projection and the notifier past the log's head.
  const [last] = await storedLog(pool).readAll({ direction: 'backward', maxCount: 1, unsettled: true });
  const head = { head: (last?.globalPosition ?? 0n).toString() };
  await waitFor(
    async () =>
      (
        await pool.query<{ behind: number }>('SELECT count(*)::int AS behind FROM projection_checkpoints WHERE position < $1', [
          head.head,
        ])
      ).rows[0]!.behind,
    (behind) => behind === 0,
    'the projections',
    async () =>
      JSON.stringify(
        (
          await pool.query(
            "SELECT name, position, last_error FROM projection_checkpoints WHERE status = 'failed' OR last_error IS NOT NULL",
          )
        ).rows,
      ),
  );
  await waitFor(
    async () => (await one('SELECT position::text AS p FROM notifier_checkpoint')).p as string,
    (p) => BigInt(p) >= BigInt(head.head as string),
    'the notifier',
  );
};

const hitsOf = async (options: { ignore?: RegExp } = {}) =>
  findEverywhere({ pool, dataDir: server.dataDir, values: secrets, ...options });

beforeAll(async () => {
  server = await startStandaloneForTest({ adminUrl: inject('pgAdminUrl') });
  pool = new pg.Pool({ connectionString: server.databaseUrl, max: 2 });
  await setBusinessSettings(server.url, authorization);
  // Verified by the admin: the lead and the application below, made with this email, are then the account's.
  investor = await signUp(server.url, PERSON.firstName, PERSON.lastName, { verifiedBy: authorization });
  const me = await send(server.url, '/api/auth/user', { method: 'GET', cookie: investor.cookie });
  userId = ((await me.json()) as { id: string }).id;

  const lead = await send(server.url, '/api/leads', {
    method: 'POST',
    json: validLead({
      fullName: `${PERSON.firstName} ${PERSON.lastName}`,
      company: 'Quiltmaker Farms',
      email: investor.email,
      phone: PERSON.phone,
      phoneE164: PERSON.phoneE164.slice(1),
      notes: PERSON.notes,
    }),
  });
  expect(lead.status, await lead.clone().text()).toBe(201);
  leadId = ((await lead.json()) as { id: string }).id;

  const photo = await uploadAsVisitor();
  const application = await send(server.url, '/api/subscriptions', {
    method: 'POST',
    cookie: photo.cookie,
    json: validApplication({
      surname: PERSON.lastName,
      firstName: PERSON.firstName,
      dateOfBirth: PERSON.dateOfBirth,
      residentialAddress: PERSON.address,
      email: investor.email,
      phoneNumber: PERSON.phone,
      kinName: PERSON.kinName,
      kinEmail: PERSON.kinEmail,
      kinAddress: PERSON.address,
      passportPhotoUrl: photo.objectPath,
    }),
  });
  expect(application.status, await application.clone().text()).toBe(201);
  applicationId = ((await application.json()) as { id: string }).id;

  const payment = await submitPayment(server.url, investor, 2, makePng(8, 8, [0, 90, 0], [200, 220, 200]));
  const approved = await admin(`/api/admin/payments/${payment.id}/status`, {
    method: 'PUT',
    json: { status: 'approved', adminNotes: PERSON.notes },
  });
  expect(approved.status, await approved.clone().text()).toBe(200);

  const registered = await send(server.url, '/api/affiliate/register', {
    method: 'POST',
    cookie: investor.cookie,
    json: {
      ...AFFILIATE_REGISTRATION,
      full_name: `${PERSON.firstName} ${PERSON.lastName}`,
      phone_number: PERSON.phone,
      account_number: PERSON.accountNumber,
      account_name: `${PERSON.firstName} ${PERSON.lastName}`,
    },
  });
  expect(registered.status, await registered.clone().text()).toBe(201);
  affiliateId = ((await registered.json()) as { affiliate: { id: string } }).affiliate.id;
  const saleProof = await uploadProof(server.url, investor, makePng(8, 8, [90, 0, 0], [0, 0, 90]));
  const sale = await send(server.url, '/api/affiliate/report-sale', {
    method: 'POST',
    cookie: investor.cookie,
    json: validSaleReport({
      clientName: PERSON.clientName,
      clientPhone: PERSON.clientPhone,
      acres: 1,
      amountPaid: 3_500_000,
      proofImagePath: saleProof,
    }),
  });
  expect(sale.status, await sale.clone().text()).toBe(201);
  const saleId = ((await sale.json()) as { id: string }).id;
  await waitFor(
    async () => (await admin(`/api/admin/affiliate-sales?affiliateId=${affiliateId}`)).json() as Promise<{ total: number }>,
    (body) => body.total === 1,
    'the sale listed',
  );
  const verified = await admin(`/api/admin/affiliate-sales/${saleId}/status`, {
    method: 'PUT',
    json: { status: 'verified', notes: PERSON.notes },
  });
  expect(verified.status, await verified.clone().text()).toBe(200);
  await settle();
  // The notifier's messages about them, in the local outbox.
  await waitFor(
    async () => (await one("SELECT count(*)::int AS n FROM notifications WHERE status = 'sent'")).n as number,
    (n) => n >= 3,
    'messages sent to the outbox',
  );

  const objects = (await pool.query<{ object_path: string }>('SELECT object_path FROM uploaded_objects')).rows.map(
    (row) => row.object_path,
  );
  expect(objects).toHaveLength(3);
  // The pipeline's sweep (every 5 s) moves the lead on for the approved payment, as the system:
  // its Audit log entry must be in the figures before the erasure, not land between the two.
  await waitFor(
    async () => (await findLeadAdvances(pool)).length,
    (moves) => moves === 0,
    "the pipeline's sweep",
  );
  await settle();
  secrets = [
    `${PERSON.firstName} ${PERSON.lastName}`,
    PERSON.lastName,
    investor.email,
    PERSON.phone,
    PERSON.phoneE164,
    PERSON.phoneE164.slice(1),
    PERSON.dateOfBirth,
    PERSON.address,
    PERSON.kinName,
    PERSON.kinEmail,
    PERSON.notes,
    PERSON.accountNumber,
    PERSON.clientName,
    PERSON.clientPhone.replaceAll(' ', '').slice(1),
    ...objects,
    ...objects.map((path) => path.split('/').at(-1)!),
  ];
  figuresBefore = await figures();
}, 120_000);

afterAll(async () => {
  await pool?.end();
  await server?.close();
});

const describeHits = (hits: Hit[]) => hits.map((hit) => `${hit.where}: ${hit.value}`);

describe('erasure by crypto-shredding', () => {
  it('finds every one of the person’s values in the database and DATA_DIR before the erasure', async () => {
    const found = new Set((await hitsOf()).map((hit) => hit.value));
    expect(secrets.filter((value) => !found.has(value))).toEqual([]);
  });

  it('previews the records of the same person: the account, its affiliate record, the lead and the application by email', async () => {
    const response = await admin(`/api/admin/erasures/preview?kind=user&id=${userId}`);
    expect(response.status, await response.clone().text()).toBe(200);
    const preview = (await response.json()) as {
      records: { kind: string; id: string }[];
      counts: Record<string, number>;
      objects: number;
      alreadyErased: boolean;
    };
    expect(preview.counts).toEqual({ user: 1, payment: 1, affiliate: 1, sale: 1, lead: 1, application: 1 });
    expect(preview.records).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'lead', id: leadId }),
        expect.objectContaining({ kind: 'application', id: applicationId }),
        expect.objectContaining({ kind: 'affiliate', id: affiliateId }),
      ]),
    );
    expect(preview.objects).toBe(3);
    expect(preview.alreadyErased).toBe(false);
  });

  it('erases them: keys destroyed, images deleted, sessions ended; the rows read "erased" and every figure stays', async () => {
    const response = await admin('/api/admin/erasures', {
      method: 'POST',
      json: { kind: 'user', id: userId, reason: 'The data subject asked to be erased' },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const done = (await response.json()) as {
      subjects: string[];
      keysDestroyed: number;
      objectsDeleted: number;
      sessionsEnded: number;
      credentialsDeleted: number;
    };
    expect(done).toMatchObject({ objectsDeleted: 3, sessionsEnded: 1, credentialsDeleted: 1 });
    expect(done.subjects).toEqual(
      expect.arrayContaining([`user:${userId}`, `lead:${leadId}`, `application:${applicationId}`, `affiliate:${affiliateId}`]),
    );
    expect(done.keysDestroyed).toBeGreaterThanOrEqual(4);

    const me = await send(server.url, '/api/auth/user', { method: 'GET', cookie: investor.cookie });
    expect(me.status).toBe(401);
    const signIn = await send(server.url, '/api/auth/signin', {
      method: 'POST',
      json: { email: investor.email, password: 'acres land 2025' },
    });
    expect(signIn.status).toBe(401);

    await settle();
    expect(await one('SELECT full_name, email, phone, notes FROM leads WHERE id = $1', [leadId])).toEqual({
      full_name: 'erased',
      email: 'erased',
      phone: 'erased',
      notes: 'erased',
    });
    expect(
      await one('SELECT surname, date_of_birth, residential_address, passport_photo_url FROM subscriptions WHERE id = $1', [
        applicationId,
      ]),
    ).toEqual({ surname: 'erased', date_of_birth: 'erased', residential_address: 'erased', passport_photo_url: 'erased' });
    expect(await one('SELECT email, first_name FROM users WHERE id = $1', [userId])).toEqual({
      email: 'erased',
      first_name: 'erased',
    });
    expect(await one('SELECT full_name, account_number FROM affiliates WHERE id = $1', [affiliateId])).toEqual({
      full_name: 'erased',
      account_number: 'erased',
    });
    expect(await one('SELECT client_name, proof_image_path FROM affiliate_sales WHERE affiliate_id = $1', [affiliateId])).toEqual(
      { client_name: 'erased', proof_image_path: 'erased' },
    );
    expect(await one('SELECT proof_image_path, admin_notes, investor_email FROM payments WHERE user_id = $1', [userId])).toEqual({
      proof_image_path: 'erased',
      admin_notes: 'erased',
      investor_email: 'erased',
    });
    expect(await figures()).toEqual(figuresBefore);
    expect(await one("SELECT actor_id, notes FROM audit_log WHERE kind = 'privacy.erased'")).toEqual({
      actor_id: TEST_ADMIN.username,
      notes: 'The data subject asked to be erased',
    });
  });

  it('answers 409 to a second erasure of the same record, and 404 / 400 to an unknown or malformed one', async () => {
    const again = await admin('/api/admin/erasures', {
      method: 'POST',
      json: { kind: 'user', id: await userIdOf(), reason: 'again' },
    });
    expect(again.status).toBe(409);
    const unknown = await admin('/api/admin/erasures', {
      method: 'POST',
      json: { kind: 'lead', id: '00000000-0000-4000-8000-000000000000', reason: 'x' },
    });
    expect(unknown.status).toBe(404);
    const bad = await admin('/api/admin/erasures', { method: 'POST', json: { kind: 'person', id: 'x', reason: '' } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: { field: string }[] }).errors.map((error) => error.field).sort()).toEqual([
      'id',
      'kind',
      'reason',
    ]);
  });

  it('holds none of their values anywhere once every projection is rebuilt: the database, the objects folder, the outbox', async () => {
    const names = (await pool.query<{ name: string }>('SELECT name FROM projection_checkpoints')).rows.map((row) => row.name);
    for (const name of names.filter((name) => !name.includes('__'))) {
      const response = await admin(`/api/admin/projections/${name}/rebuild`, { method: 'POST', json: {} });
      expect([200, 201, 202], `${name}: ${await response.clone().text()}`).toContain(response.status);
      await waitFor(
        async () =>
          (
            await one(
              "SELECT count(*)::int AS n FROM projection_operations WHERE projection = $1 AND kind = 'rebuild' AND status IN ('requested', 'running')",
              [name],
            )
          ).n as number,
        (n) => n === 0,
        `the rebuild of ${name}`,
      );
      expect(
        await one(
          "SELECT status, message FROM projection_operations WHERE projection = $1 AND kind = 'rebuild' ORDER BY requested_at DESC LIMIT 1",
          [name],
        ),
      ).toMatchObject({ status: 'done' });
    }
    await settle();
    expect(await figures()).toEqual(figuresBefore);
    // Message ids name the recipient by a digest (`<position>:<channel>:<32 hex>`), so nothing is left out of the search.
    expect(describeHits(await hitsOf())).toEqual([]);
  });
});

const userIdOf = async () => userId;
