// Staff accounts (issue 27, item 1) on the whole product: the owner (Basic auth) invites a sales
// member, whose emailed link lets them set a password and a TOTP second factor; they sign in
// with both; every admin route of both APIs refuses what their role does not cover; the Audit log
// names them; removal ends their session at once; failed sign-ins slow the account and device.

import { setTimeout as sleep } from 'node:timers/promises';
import { generate } from 'otplib';
import pg from 'pg';
import { mayCallAdminPath, areasOfAdminPath } from '@acres/contracts/staff-roles';
import { endThrottleWindows } from '@acres/platform/test';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signUp } from '../../../tests/browser/fixtures/api.ts';
import { listRoutes } from '../test/fuzz/run.ts';
import { readOutboxLinkTokens } from '../test/outbox.ts';
import { startStandaloneForTest, TEST_ADMIN, type StandaloneTestServer } from '../test/test-server.ts';

const OWNER = `Basic ${Buffer.from(`${TEST_ADMIN.username}:${TEST_ADMIN.password}`).toString('base64')}`;
const SALES = { email: 'ngozi.sales@acres.example', displayName: 'Ngozi Eze', role: 'sales' };
const PASSWORD = 'sales desk 2026';
const UUID = '0f8e8a52-2c3b-4c5e-9d1a-3b2c1d0e9f8a';

let server: StandaloneTestServer;
let staffId: string;
let totpSecret: string;
let recoveryCodes: string[];

const call = (method: string, url: string, options: { authorization?: string; cookie?: string; json?: unknown } = {}) =>
  server.app.inject({
    method: method as 'GET',
    url,
    headers: {
      ...(options.authorization && { authorization: options.authorization }),
      ...(options.cookie && { cookie: options.cookie }),
      ...(options.json !== undefined && { 'content-type': 'application/json' }),
    },
    ...(options.json !== undefined && { payload: JSON.stringify(options.json) }),
  });

const codeAt = (at: Date) => generate({ secret: totpSecret, epoch: Math.floor(at.getTime() / 1000) });

const waitFor = async <T>(read: () => Promise<T | undefined>, what: string): Promise<T> => {
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; await sleep(100)) {
    const value = await read();
    if (value !== undefined) return value;
  }
  throw new Error(`timed out waiting for ${what}`);
};

const deviceCookieOf = (response: { headers: Record<string, unknown> }) =>
  [response.headers['set-cookie'] ?? []]
    .flat()
    .map(String)
    .find((cookie) => cookie.startsWith('acres.device='))
    ?.split(';')[0];

const newDevice = async () => deviceCookieOf(await call('GET', '/api/staff/device'))!;

const signIn = async (factor: { code?: string; recoveryCode?: string }) => {
  const response = await call('POST', '/api/staff/signin', { json: { email: SALES.email, password: PASSWORD, ...factor } });
  const cookie =
    [response.headers['set-cookie'] ?? []]
      .flat()
      .find((c) => c.startsWith('acres.staff='))
      ?.split(';')[0] ?? '';
  return { response, cookie };
};

beforeAll(async () => {
  server = await startStandaloneForTest({ adminUrl: inject('pgAdminUrl') });
}, 120_000);
afterAll(async () => server?.close());

describe('staff accounts', () => {
  it('invites by email, and the link sets a password and a second factor once', async () => {
    const invited = await call('POST', '/api/admin/staff', { authorization: OWNER, json: SALES });
    expect(invited.statusCode, invited.body).toBe(201);
    staffId = invited.json<{ staffId: string }>().staffId;

    const token = await waitFor(async () => {
      const tokens = await readOutboxLinkTokens({
        dataDir: server.dataDir,
        address: SALES.email,
        linkPath: 'admin/accept-invitation',
      });
      return tokens[0];
    }, 'the invitation email');
    const opened = await call('POST', '/api/staff/invitation', { json: { token } });
    expect(opened.statusCode, opened.body).toBe(200);
    const invitation = opened.json<{ email: string; role: string; totpSecret: string; otpauthUri: string }>();
    expect(invitation).toMatchObject({ email: SALES.email, role: 'sales' });
    expect(invitation.otpauthUri).toContain(`secret=${invitation.totpSecret}`);
    totpSecret = invitation.totpSecret;

    const wrongCode = await call('POST', '/api/staff/invitation/accept', {
      json: { token, password: PASSWORD, totpSecret, code: '000000' },
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json<{ errors: { field: string }[] }>().errors[0]?.field).toBe('code');

    const accepted = await call('POST', '/api/staff/invitation/accept', {
      json: { token, password: PASSWORD, totpSecret, code: await codeAt(new Date()) },
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    recoveryCodes = accepted.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);

    const again = await call('POST', '/api/staff/invitation', { json: { token } });
    expect(again.statusCode).toBe(410);
  });

  it('signs in with password and code, a code only once, and a recovery code only once', async () => {
    // The code used to enrol is spent: the next one (30 s on) signs in.
    const next = await codeAt(new Date(Date.now() + 30_000));
    expect((await signIn({ code: '123456' })).response.statusCode).toBe(401);
    const { response, cookie } = await signIn({ code: next });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: staffId,
      role: 'sales',
      areas: ['overview', 'leads', 'applications', 'documents'],
    });
    expect(cookie).toMatch(/^acres\.staff=/);
    expect((await signIn({ code: next })).response.statusCode).toBe(401);

    expect((await signIn({ recoveryCode: recoveryCodes[0]!.toLowerCase() })).response.statusCode).toBe(200);
    expect((await signIn({ recoveryCode: recoveryCodes[0]! })).response.statusCode).toBe(401);
  });

  it('enforces the role on every admin route of both APIs', async () => {
    const { cookie } = await signIn({ recoveryCode: recoveryCodes[1]! });
    const asSales = { authorization: 'Session', cookie };
    const me = await call('GET', '/api/admin/me', asSales);
    expect(me.json()).toMatchObject({ displayName: SALES.displayName, role: 'sales' });
    expect((await call('GET', '/api/admin/leads', asSales)).statusCode).toBe(200);

    const adminRoutes = listRoutes(server.app).filter((route) => route.url.startsWith('/api/admin/') && route.method !== 'HEAD');
    expect(adminRoutes.length).toBeGreaterThan(40);
    const refused: string[] = [];
    for (const route of adminRoutes) {
      // Every admin route has an area: none is left to the owner-only default by accident.
      expect(areasOfAdminPath(route.url), route.url).not.toBeNull();
      const url = route.url.replaceAll(/:[A-Za-z]+/g, UUID);
      const json = route.method === 'GET' ? undefined : {};
      const status = (await call(route.method, url, { ...asSales, json })).statusCode;
      expect(status === 403, `${route.method} ${route.url} answered ${status}`).toBe(!mayCallAdminPath('sales', route.url));
      if (status === 403) refused.push(route.url);
    }
    for (const area of ['/api/admin/payouts', '/api/admin/settings', '/api/admin/erasures', '/api/admin/staff']) {
      expect(
        refused.some((url) => url.startsWith(area)),
        area,
      ).toBe(true);
    }
    const settings = await call('PUT', '/api/admin/settings', { ...asSales, json: {} });
    expect(settings.json<{ detail: string }>().detail).toContain('Sales');
  });

  it("never takes an investor's session for a staff one", async () => {
    const investor = await signUp(server.url, 'Chika', 'Obi');
    expect((await call('GET', '/api/admin/leads', { authorization: 'Session', cookie: investor.cookie })).statusCode).toBe(401);
    const investorCookieAsStaff = investor.cookie.replace(/^acres\.sid=/, 'acres.staff=');
    expect((await call('GET', '/api/admin/leads', { authorization: 'Session', cookie: investorCookieAsStaff })).statusCode).toBe(
      401,
    );
  });

  it('names the staff member in the Audit log, and filters by them', async () => {
    const entries = await waitFor(async () => {
      const response = await call('GET', `/api/admin/audit-log?actor=${encodeURIComponent(SALES.displayName)}`, {
        authorization: OWNER,
      });
      const body = response.json<{ entries: { kind: string; actorId: string; actorName: string | null }[] }>();
      return body.entries.length > 0 ? body.entries : undefined;
    }, 'the staff entries');
    expect(entries).toEqual([expect.objectContaining({ kind: 'staff.joined', actorId: staffId, actorName: SALES.displayName })]);
    const csv = await call('GET', `/api/admin/audit-log/export.csv?actor=${encodeURIComponent(SALES.displayName)}`, {
      authorization: OWNER,
    });
    expect(csv.body.trim().split(/\r?\n/).at(-1)).toMatch(new RegExp(`,${SALES.displayName}$`));
    const invitedBy = await call('GET', '/api/admin/audit-log?kind=staff.invited', { authorization: OWNER });
    expect(invitedBy.json<{ entries: { actorId: string }[] }>().entries[0]?.actorId).toBe(TEST_ADMIN.username);
  });

  it('slows failed sign-ins per account and device, not the other accounts from the same address', async () => {
    const guess = () =>
      call('POST', '/api/staff/signin', { json: { email: 'nobody@acres.example', password: 'guess 1234', code: '123456' } });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) statuses.push((await guess()).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await signIn({ recoveryCode: recoveryCodes[2]! })).response.statusCode).toBe(200);
  });

  it('gives the sign-in page a device cookie: signed, httpOnly, kept a year, sent to the staff routes alone', async () => {
    const first = await call('GET', '/api/staff/device');
    expect(first.statusCode).toBe(204);
    expect(String(first.headers['set-cookie'])).toMatch(
      /^acres\.device=[\w-]+\.[\w-]+; Path=\/api\/staff; HttpOnly; SameSite=Strict; Max-Age=31536000$/,
    );
    const device = deviceCookieOf(first)!;
    expect((await call('GET', '/api/staff/device', { cookie: device })).headers['set-cookie']).toBeUndefined();
    const forged = `${device.slice(0, -4)}AAAA`;
    expect(deviceCookieOf(await call('GET', '/api/staff/device', { cookie: forged }))).toMatch(/^acres\.device=/);
  });

  it('counts failed sign-ins per device: another device behind the same address, and a trusted one, never wait', async () => {
    const wrongFrom = async (cookie: string) =>
      (await call('POST', '/api/staff/signin', { cookie, json: { email: SALES.email, password: 'a guess 123', code: '123456' } }))
        .statusCode;
    const signInFrom = (cookie: string, recoveryCode: string) =>
      call('POST', '/api/staff/signin', { cookie, json: { email: SALES.email, password: PASSWORD, recoveryCode } });

    // Signing in on a device makes it trusted for the account: the cookie now names it.
    const laptop = await newDevice();
    const signedIn = await signInFrom(laptop, recoveryCodes[5]!);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const trustedLaptop = deviceCookieOf(signedIn)!;
    expect(trustedLaptop).not.toBe(laptop);

    const phone = await newDevice();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) statuses.push(await wrongFrom(phone));
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect(await wrongFrom(await newDevice())).toBe(401);

    // Guesses from ever new devices (they cost nothing to mint) soon hold every untrusted device on the account...
    const fresh: number[] = [];
    while (fresh.length < 25 && fresh.at(-1) !== 429) fresh.push(await wrongFrom(await newDevice()));
    expect(fresh.at(-1)).toBe(429);
    expect(fresh.length).toBeLessThan(20);
    expect((await signInFrom(await newDevice(), recoveryCodes[6]!)).statusCode).toBe(429);
    // ...but never the device the member signs in on, behind the very same address.
    expect((await signInFrom(trustedLaptop, recoveryCodes[6]!)).statusCode).toBe(200);

    const pool = new pg.Pool({ connectionString: server.databaseUrl, max: 1 });
    await endThrottleWindows(pool).finally(() => pool.end());
  });

  it('changes a role at once, and removing a member ends their sessions', async () => {
    const { cookie } = await signIn({ recoveryCode: recoveryCodes[3]! });
    const asStaff = { authorization: 'Session', cookie };
    expect((await call('GET', '/api/admin/payouts/unpaid', asStaff)).statusCode).toBe(403);
    const changed = await call('PUT', `/api/admin/staff/${staffId}/role`, { authorization: OWNER, json: { role: 'finance' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await call('GET', '/api/admin/leads', asStaff)).statusCode).toBe(403);

    const removed = await call('POST', `/api/admin/staff/${staffId}/remove`, { authorization: OWNER, json: {} });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await call('GET', '/api/admin/me', asStaff)).statusCode).toBe(401);
    expect((await signIn({ recoveryCode: recoveryCodes[4]! })).response.statusCode).toBe(401);
  });
});
