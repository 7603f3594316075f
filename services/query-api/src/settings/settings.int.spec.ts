import { AdminSettingsSchema, DEFAULT_BUSINESS_TERMS, PublicSettingsSchema } from '@acres/contracts/settings-reads';
import { ALL_PROJECTIONS } from '../../test/projector.ts';
import { newEvent } from '../../test/projector.ts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { silent, startReadHarness, type ReadHarness } from '../../test/read-harness.ts';
import { ADMIN, ADMIN_AUTH } from '../../test/support.ts';
import { buildQueryApp } from '../app.ts';
import { QueryApiConfigSchema } from '../config.ts';
import { deliveryChannelsFromFlags, toDeliveryChannels } from './channels.ts';
import { createTestVault } from '@acres/eventstore/test';
import { NO_PROJECT_FACTS } from '@acres/fixtures';

const SEEDED = {
  source: 'configuration',
  changedBy: null,
  changes: [
    { field: 'contactPhone', from: null, to: '+2348031234567' },
    { field: 'contactEmail', from: null, to: 'team@example.test' },
  ],
  changedAt: '2026-11-23T08:00:00.000Z',
};

const ESCROW_SET = {
  source: 'admin',
  changedBy: 'ops',
  changes: [
    { field: 'escrowBankName', from: null, to: 'Zenith Bank' },
    { field: 'escrowAccountName', from: null, to: 'Acres Escrow Trust' },
    { field: 'escrowAccountNumber', from: null, to: '0690000031' },
    { field: 'contactPhone', from: '+2348031234567', to: null },
  ],
  changedAt: '2026-11-23T09:00:00.000Z',
};

describe('business settings reads', () => {
  let h: ReadHarness;

  const append = async (data: unknown) => {
    const { position } = await h.eventStore.appendToStream('settings', [newEvent('BusinessSettingsChanged', data)], {
      expectedRevision: 'any',
    });
    await h.settle(position);
    return position;
  };

  beforeAll(async () => {
    h = await startReadHarness(inject('pgAdminUrl'), { readYourWritesMs: 2000 });
    h.startProjector();
  });
  afterAll(async () => h?.close());

  it('says "not set up yet" before any settings: every contact null and escrow null', async () => {
    const response = await h.app.inject({ url: '/api/settings' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      contact: { phone: null, whatsapp: null, email: null, address: null },
      officeHours: null,
      escrow: null,
      channels: { email: false, sms: false, whatsapp: false },
      // No due-diligence document yet: the site does not promise the package.
      packageReady: false,
      // No fact of the project shown, and SPEC's terms in force.
      project: NO_PROJECT_FACTS,
      terms: DEFAULT_BUSINESS_TERMS,
    });
  });

  it('says which notifier channels deliver: only those whose transport is configured', async () => {
    const channels = toDeliveryChannels({ SMTP_URL: 'smtp://user:pass@mail.example.test:587', WHATSAPP_TOKEN: 'token-1234' });
    const app = buildQueryApp({
      pool: h.db.pool,
      vault: createTestVault(h.db.pool),
      adminCredentials: ADMIN,
      logger: silent,
      channels,
    });
    try {
      const body = PublicSettingsSchema.parse((await app.inject({ url: '/api/settings' })).json());
      expect(body.channels).toEqual({ email: true, sms: false, whatsapp: true });
    } finally {
      await app.close();
    }
  });

  it('reads the separately deployed query API channels from its flags, none when unset', () => {
    const base = { DATABASE_URL: 'postgres://x@localhost/db', ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'long enough' };
    expect(deliveryChannelsFromFlags(QueryApiConfigSchema.parse(base))).toEqual({ email: false, sms: false, whatsapp: false });
    const flagged = QueryApiConfigSchema.parse({ ...base, NOTIFY_EMAIL_DELIVERS: '', NOTIFY_SMS_DELIVERS: 'true' });
    expect(deliveryChannelsFromFlags(flagged)).toEqual({ email: false, sms: true, whatsapp: false });
    expect(QueryApiConfigSchema.safeParse({ ...base, NOTIFY_WHATSAPP_DELIVERS: 'yes' }).success).toBe(false);
  });

  it('serves the configured contacts publicly, escrow still null until the whole account is set', async () => {
    await append(SEEDED);
    const body = PublicSettingsSchema.parse((await h.app.inject({ url: '/api/settings' })).json());
    expect(body.contact).toEqual({ phone: '+2348031234567', whatsapp: null, email: 'team@example.test', address: null });
    expect(body.escrow).toBeNull();
  });

  it('serves the escrow account once set, and a cleared contact as null (read-your-writes)', async () => {
    const position = await append(ESCROW_SET);
    const response = await h.app.inject({ url: '/api/settings', headers: { 'x-min-position': position.toString() } });
    expect(response.headers['cache-control']).toBe('no-cache');
    const body = PublicSettingsSchema.parse(response.json());
    expect(body.escrow).toEqual({ bankName: 'Zenith Bank', accountName: 'Acres Escrow Trust', accountNumber: '0690000031' });
    expect(body.contact.phone).toBeNull();
  });

  it('gives the admin the settings and every change, newest first, behind Basic auth', async () => {
    expect((await h.app.inject({ url: '/api/admin/settings' })).statusCode).toBe(401);
    const response = await h.app.inject({ url: '/api/admin/settings', headers: ADMIN_AUTH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = AdminSettingsSchema.parse(response.json());
    expect(body.settings).toMatchObject({
      escrowAccountNumber: '0690000031',
      contactEmail: 'team@example.test',
      contactPhone: null,
    });
    expect(body.history).toEqual([
      { at: ESCROW_SET.changedAt, source: 'admin', changedBy: 'ops', changes: ESCROW_SET.changes },
      { at: SEEDED.changedAt, source: 'configuration', changedBy: null, changes: SEEDED.changes },
    ]);
  });

  it('applies a replayed event once (idempotent rows)', async () => {
    const projection = ALL_PROJECTIONS.find((each) => each.name === 'business-settings')!;
    const events = await h.eventStore.readStream('settings');
    const client = await h.db.pool.connect();
    try {
      for (const event of events) await projection.apply(client, event);
      await projection.applyBatch!(client, events);
    } finally {
      client.release();
    }
    const body = AdminSettingsSchema.parse((await h.app.inject({ url: '/api/admin/settings', headers: ADMIN_AUTH })).json());
    expect(body.history).toHaveLength(2);
    expect(body.history[0]!.changes).toHaveLength(4);
  });
});
